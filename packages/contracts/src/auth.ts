import { z } from 'zod';
import { AUTH_MESSAGES } from './auth-messages.ts';
import { envelope, messageKeyFields, safeText, textSchema } from './schemas.ts';
import { ROLES } from './roles.ts';
import { LANGUAGES } from './language.ts';

/** Texts of spec 002 §5 (Login, Change password) and RULES.md §2, kept once for server and web. */

/** RULES.md §2: passwords of at least 8 characters. */
export const PASSWORD_MIN_LENGTH = 8;

/** RSA-OAEP with SHA-256 over the UTF-8 text, sent as base64 (RULES.md §2). */
export const LOGIN_ENCRYPTION = { algorithm: 'RSA-OAEP', hash: 'SHA-256', modulusLength: 2048 } as const;

// GET /api/auth/public-key
export const publicKeySchema = z.object({ publicKey: z.string() });
export const publicKeyResponseSchema = envelope(publicKeySchema);

/** The login form as the user types it (plain text), for the web's form rules. */
export const loginFormSchema = z.object({
  username: z.string({ error: AUTH_MESSAGES.usernameRequired }).trim().min(1, AUTH_MESSAGES.usernameRequired),
  password: z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, AUTH_MESSAGES.passwordRequired),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

// POST /api/login: each field is base64 of the RSA-OAEP ciphertext of the plain text.
export const loginRequestSchema = z.object({
  username: safeText(AUTH_MESSAGES.usernameRequired).min(1, AUTH_MESSAGES.usernameRequired),
  password: safeText(AUTH_MESSAGES.passwordRequired).min(1, AUTH_MESSAGES.passwordRequired),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResultSchema = z.object({ access_token: z.string(), userName: z.string() });
export type LoginResult = z.infer<typeof loginResultSchema>;
export const loginResponseSchema = envelope(loginResultSchema);

/** Every failed sign-in answers this body; `errorMessage` is what the login page shows (spec 002 §8). */
export const loginErrorSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  messages: z.array(z.string()).optional(),
  // `errorMessage` is `message`: `messageKey`/`params` name both (issue 25).
  ...messageKeyFields,
  errorMessage: z.string(),
  data: z.null(),
});
export type LoginError = z.infer<typeof loginErrorSchema>;

// POST /api/auth/logout
export const logoutResponseSchema = envelope(z.null());

// POST /api/auth/change-password (plain text over the signed-in session)
export const changePasswordRequestSchema = z
  .object({
    password: safeText(AUTH_MESSAGES.passwordRequired).min(1, { error: AUTH_MESSAGES.passwordRequired, abort: true }),
    newPassword: safeText(AUTH_MESSAGES.newPasswordRequired)
      .min(1, { error: AUTH_MESSAGES.newPasswordRequired, abort: true })
      .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.newPasswordTooShort),
    confirmPassword: safeText(AUTH_MESSAGES.confirmPasswordRequired).min(1, { error: AUTH_MESSAGES.confirmPasswordRequired, abort: true }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { error: AUTH_MESSAGES.confirmPasswordMismatch, path: ['confirmPassword'] });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;
export const changePasswordResponseSchema = envelope(z.null());

// PUT /api/auth/language: the caller's own language (issue 25); their mails and notifications follow it.
export const LANGUAGE_PATH = '/auth/language';
export const languageRequestSchema = z.object({ language: z.enum(LANGUAGES, { error: AUTH_MESSAGES.languageInvalid }) });
export type LanguageRequest = z.infer<typeof languageRequestSchema>;
export const languageResponseSchema = envelope(z.null());

// GET /api/tms/user/detail?username=
export const userDetailQuerySchema = z.object({ username: textSchema.trim().max(100).optional() });

export const menuTabSchema = z.object({
  key: z.string(),
  title: z.string(),
  path: z.string(),
  children: z.array(z.object({ name: z.string(), title: z.string(), path: z.string() })),
});

/** 'hour' for FLEXIBLE (hour-based) employees, 'day' otherwise (RULES.md §4). */
export const REQUEST_TYPES = ['day', 'hour'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

export const userDetailSchema = z.object({
  userName: z.string(),
  userId: z.number().int(),
  employeeId: z.number().int().nullable(),
  name: z.string(),
  /** Short role names (STAFF, HR, ...): what the web's role rules compare with. */
  roles: z.array(z.enum(ROLES)),
  /** The same roles as stored by the identity system (TMS_Staff_1, ...). */
  roleCodes: z.array(z.string()),
  /** Manages at least one active project (RULES.md §2: PM is a relation). */
  isPm: z.boolean(),
  permissions: z.array(z.string()),
  menuTabs: z.array(menuTabSchema),
  defaultPath: z.string(),
  requestType: z.enum(REQUEST_TYPES),
  /** rule_type of the staff policy in force today, null without one. */
  explanationType: z.string().nullable(),
  /** ot_type of the staff policy in force today, null without one. */
  overtimeType: z.string().nullable(),
  /** The language the user chose (issue 25), null when never chosen (the web then follows the browser). */
  language: z.enum(LANGUAGES).nullable(),
});
export type UserDetail = z.infer<typeof userDetailSchema>;
export const userDetailResponseSchema = envelope(userDetailSchema);
