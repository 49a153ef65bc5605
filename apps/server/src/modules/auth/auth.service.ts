import { randomBytes } from 'node:crypto';
import { AUTH_MESSAGES } from '@tms/contracts/auth-messages';
import type { ChangePasswordRequest, LoginResult, UserDetail } from '@tms/contracts/auth';
import { MESSAGES_COMMON } from '@tms/contracts/api';
import { isLanguage, type Language } from '@tms/contracts/language';
import { hasAnyRole, PRIVILEGED_ROLES, ROLE_CODES, ROLES, type Actor, type Role } from '@tms/contracts/roles';
import { defaultPathFor, menuTabsFor, permissionsFor } from '@tms/contracts/routes';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { hashToken, type SessionUser } from '../../plugins/auth.ts';
import {
  endOtherSessions,
  endSession,
  findPasswordHash,
  findUserDetail,
  findUserForLogin,
  insertSession,
  lockLoginAttempts,
  updatePasswordHash,
  updateUserLanguage,
} from './auth.repository.ts';
import { decryptField, hashPassword, loginKey, spendVerifyTime, verifyPassword } from './crypto.ts';
import { attemptKey, changePasswordRetryAfter, loginRetryAfter, recordAttempt } from './rate-limit.ts';

/** A failed sign-in; the route answers it with the login error body (with `errorMessage`). */
export class LoginError extends AppError {}

/** 429 of a password check refused by a rate limit; the route sends `Retry-After` (issue 7 §3). */
export class TooManyAttemptsError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, MESSAGES_COMMON.tooManyRequests);
  }
}

export async function publicKey(db: Db): Promise<string> {
  return (await loginKey(db)).publicPem;
}

/**
 * RULES.md §2 sign-in. An unknown user, a wrong password, a disabled user and an undecryptable field all
 * answer the same 401 after the same argon2 work; the rate limits (rate-limit.ts) are checked before any password.
 */
export async function login(
  db: Db,
  body: { username: string; password: string },
  client: { ip: string; userAgent: string | undefined; today: string },
): Promise<LoginResult> {
  const { privateKey } = await loginKey(db);
  const rawUsername = decryptField(privateKey, body.username);
  const password = decryptField(privateKey, body.password);
  const username = rawUsername?.trim();
  // spec 002 §5: required fields, judged on the decrypted text.
  if (username === '') throw new LoginError(400, AUTH_MESSAGES.usernameRequired, [AUTH_MESSAGES.usernameRequired]);
  if (password === '') throw new LoginError(400, AUTH_MESSAGES.passwordRequired, [AUTH_MESSAGES.passwordRequired]);

  // One attempt per username at a time: parallel guesses cannot all pass the limit check before any is counted.
  const outcome = await db.transaction(async (tx) => {
    if (username !== undefined) await lockLoginAttempts(tx, 'login', attemptKey(username));
    const retryAfter = await loginRetryAfter(tx, username, client.ip);
    if (retryAfter !== undefined) return { status: 429 as const, retryAfter };

    const user = username === undefined ? undefined : await findUserForLogin(tx, username, client.today);
    let ok = false;
    if (user && password !== undefined) {
      ok = (await verifyPassword(user.passwordHash, password)) && !user.disabled;
    } else {
      await spendVerifyTime(password ?? '');
    }
    await recordAttempt(tx, 'login', username, client.ip, ok);
    if (!ok || !user) return { status: 401 as const };

    // RULES.md §2: an opaque token of ≥ 128 bits; only its hash is stored.
    const token = randomBytes(32).toString('base64url');
    await insertSession(tx, { userId: user.id, tokenHash: hashToken(token), ip: client.ip, userAgent: client.userAgent?.slice(0, 500) });
    return { status: 200 as const, result: { access_token: token, userName: user.username } };
  });
  if (outcome.status === 429) throw new TooManyAttemptsError(outcome.retryAfter);
  if (outcome.status === 401) throw new LoginError(401, AUTH_MESSAGES.loginFailed);
  return outcome.result;
}

export async function logout(db: Db, user: SessionUser): Promise<void> {
  await endSession(db, user.sessionId);
}

/**
 * RULES.md §2: the old password must match; other sessions of the user end; the current one stays. Wrong old
 * passwords are limited as sign-in failures are (issue 7 §3), so a borrowed session cannot guess the password.
 */
export async function changePassword(db: Db, user: SessionUser, body: ChangePasswordRequest, client: { ip: string }): Promise<void> {
  // The failure is recorded in the same transaction that then commits, so a wrong old password is not thrown inside it.
  const outcome = await db.transaction(async (tx) => {
    await lockLoginAttempts(tx, 'change-password', attemptKey(user.username));
    const retryAfter = await changePasswordRetryAfter(tx, user.username, client.ip);
    if (retryAfter !== undefined) return { status: 429 as const, retryAfter };
    const current = await findPasswordHash(tx, user.userId);
    const ok = current !== undefined && (await verifyPassword(current, body.password));
    await recordAttempt(tx, 'change-password', user.username, client.ip, ok);
    if (!ok) return { status: 400 as const };
    await updatePasswordHash(tx, user.userId, await hashPassword(body.newPassword));
    await endOtherSessions(tx, user.userId, user.sessionId);
    return { status: 200 as const };
  });
  if (outcome.status === 429) throw new TooManyAttemptsError(outcome.retryAfter);
  if (outcome.status === 400) throw badRequest(AUTH_MESSAGES.passwordIncorrect);
}

/**
 * GET /api/tms/user/detail (RULES.md §2): anyone reads their own; HR, HRM and Admin anyone's. Another user's
 * name asked by anyone else answers 404, as anything outside the caller's scope (RULES.md §3).
 */
export async function userDetail(db: Db, caller: SessionUser, username: string | undefined, today: string): Promise<UserDetail> {
  const wanted = username ? username : caller.username;
  const own = wanted.toLowerCase() === caller.username.toLowerCase();
  if (!own && !hasAnyRole(caller.roles, PRIVILEGED_ROLES)) throw notFound();
  const row = await findUserDetail(db, wanted, today);
  if (!row) throw notFound();

  const roles = (row.roles ?? []).filter((r): r is Role => (ROLES as string[]).includes(r));
  const actors: Actor[] = row.is_pm ? [...roles, 'PM'] : roles;
  const permissions = permissionsFor(actors);
  const isGuest = actors.length > 0 && actors.every((a) => a === 'GUEST');
  return {
    userName: row.username,
    userId: row.user_id,
    employeeId: row.employee_id,
    name: row.name ?? row.username,
    roles,
    roleCodes: roles.map((r) => ROLE_CODES[r]),
    isPm: row.is_pm,
    permissions,
    menuTabs: menuTabsFor(permissions),
    defaultPath: defaultPathFor(permissions, isGuest),
    requestType: row.work_schedule_type === 'FLEXIBLE' ? 'hour' : 'day',
    explanationType: row.rule_type,
    overtimeType: row.ot_type,
    language: isLanguage(row.language) ? row.language : null,
  };
}

/**
 * PUT /api/auth/language (issue 25): the caller sets their own language. It is a preference, like the password not a
 * business record, so no history entry; the next request's session lookup reads it.
 */
export async function setLanguage(db: Db, user: SessionUser, language: Language): Promise<void> {
  await updateUserLanguage(db, user.userId, language);
}
