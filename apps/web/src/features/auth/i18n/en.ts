import { AUTH_MESSAGES } from '@tms/contracts/auth-messages';

/** Sign-in and password texts (English, the source; spec 002 §2, §5: the spec's messages verbatim). */
export const en = {
  tagline: 'Time and Attendance Management',
  intro: 'Timesheets, requests, leave and overtime in one place.',
  title: 'Sign in',
  language: 'Language',
  username: 'Username',
  password: 'Password',
  submit: 'Sign in',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  usernameRequired: AUTH_MESSAGES.usernameRequired,
  passwordRequired: AUTH_MESSAGES.passwordRequired,
  change: {
    title: 'Change Password',
    password: 'Password',
    newPassword: 'New Password',
    confirmPassword: 'Confirm Password',
    submit: 'Reset Password',
    backToLogin: 'Back to Login form',
    home: 'Go to homepage',
    newPasswordRequired: AUTH_MESSAGES.newPasswordRequired,
    confirmPasswordRequired: AUTH_MESSAGES.confirmPasswordRequired,
    changed: AUTH_MESSAGES.passwordChanged,
  },
};
