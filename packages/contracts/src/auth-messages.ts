/** Sign-in and password texts (spec 002 §5, RULES.md §2), without zod so the login page can import them. */
export const AUTH_MESSAGES = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  loginFailed: 'Username or password is incorrect',
  newPasswordRequired: 'New Password is required',
  confirmPasswordRequired: 'Confirm Password is required',
  passwordIncorrect: 'Password is incorrect',
  confirmPasswordMismatch: 'Confirm Password does not match New Password',
  newPasswordTooShort: 'New Password must be at least 8 characters',
  passwordChanged: 'Password changed successfully',
  loggedOut: 'Logged out',
  languageInvalid: 'Language must be en or vi',
} as const;
