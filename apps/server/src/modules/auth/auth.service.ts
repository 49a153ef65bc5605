import { randomBytes } from 'node:crypto';
import { AUTH_MESSAGES } from '@tms/contracts/auth-messages';
import type { ChangePasswordRequest, LoginResult, UserDetail } from '@tms/contracts/auth';
import { MESSAGES_COMMON } from '@tms/contracts/api';
import { hasAnyRole, PRIVILEGED_ROLES, ROLE_CODES, ROLES, type Actor, type Role } from '@tms/contracts/roles';
import { defaultPathFor, menuTabsFor, permissionsFor } from '@tms/contracts/routes';
import type { Db } from '../../db/client.ts';
import { companyToday } from '../../lib/dates.ts';
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
} from './auth.repository.ts';
import { decryptField, hashPassword, loginKey, spendVerifyTime, verifyPassword } from './crypto.ts';
import { attemptKey, loginBlocked, recordLoginAttempt } from './rate-limit.ts';

/** A failed sign-in; the route answers it with the login error body (with `errorMessage`). */
export class LoginError extends AppError {}

export async function publicKey(db: Db): Promise<string> {
  return (await loginKey(db)).publicPem;
}

/**
 * RULES.md §2 sign-in. An unknown user, a wrong password, a disabled user and an undecryptable field all
 * answer the same 401 after the same argon2 work; the rate limit is checked before any password.
 */
export async function login(
  db: Db,
  body: { username: string; password: string },
  client: { ip: string; userAgent: string | undefined },
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
    if (username !== undefined) await lockLoginAttempts(tx, attemptKey(username));
    if (await loginBlocked(tx, username, client.ip)) return { status: 429 as const };

    const user = username === undefined ? undefined : await findUserForLogin(tx, username);
    let ok = false;
    if (user && password !== undefined) {
      ok = (await verifyPassword(user.passwordHash, password)) && !user.disabled;
    } else {
      await spendVerifyTime(password ?? '');
    }
    await recordLoginAttempt(tx, username, client.ip, ok);
    if (!ok || !user) return { status: 401 as const };

    // RULES.md §2: an opaque token of ≥ 128 bits; only its hash is stored.
    const token = randomBytes(32).toString('base64url');
    await insertSession(tx, { userId: user.id, tokenHash: hashToken(token), ip: client.ip, userAgent: client.userAgent?.slice(0, 500) });
    return { status: 200 as const, result: { access_token: token, userName: user.username } };
  });
  if (outcome.status === 429) throw new LoginError(429, MESSAGES_COMMON.tooManyRequests);
  if (outcome.status === 401) throw new LoginError(401, AUTH_MESSAGES.loginFailed);
  return outcome.result;
}

export async function logout(db: Db, user: SessionUser): Promise<void> {
  await endSession(db, user.sessionId);
}

/** RULES.md §2: the old password must match; other sessions of the user end; the current one stays. */
export async function changePassword(db: Db, user: SessionUser, body: ChangePasswordRequest): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findPasswordHash(tx, user.userId);
    if (!current || !(await verifyPassword(current, body.password))) throw badRequest(AUTH_MESSAGES.passwordIncorrect);
    await updatePasswordHash(tx, user.userId, await hashPassword(body.newPassword));
    await endOtherSessions(tx, user.userId, user.sessionId);
  });
}

/**
 * GET /api/tms/user/detail (RULES.md §2): anyone reads their own; HR, HRM and Admin anyone's. Another user's
 * name asked by anyone else answers 404, as anything outside the caller's scope (RULES.md §3).
 */
export async function userDetail(db: Db, caller: SessionUser, username: string | undefined, timeZone: string): Promise<UserDetail> {
  const wanted = username ? username : caller.username;
  const own = wanted.toLowerCase() === caller.username.toLowerCase();
  if (!own && !hasAnyRole(caller.roles, PRIVILEGED_ROLES)) throw notFound();
  const row = await findUserDetail(db, wanted, companyToday(timeZone));
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
  };
}
