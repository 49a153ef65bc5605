import type { DbOrTx } from '../../db/client.ts';
import { insertLoginAttempt, secondsBlocked, type AttemptKind, type AttemptScope } from './auth.repository.ts';

/**
 * RULES.md §2 and issue 7 §3: failed password checks are counted so that an attacker cannot turn the limit against
 * a user. 5 failures of one username from one client address refuse that pair only; 20 from one address refuse the
 * address; a username is refused for every address only after 100, which takes 20 addresses (each pair stops at
 * 5), so a stranger typing a colleague's name does not lock the colleague out of their own desk.
 * Counted in PostgreSQL, so every replica sees the same attempts.
 */
export const LOGIN_RATE_LIMIT = {
  windowMinutes: 15,
  maxFailuresPerUsernameAndAddress: 5,
  maxFailuresPerAddress: 20,
  maxFailuresPerUsername: 100,
} as const;

/**
 * The old password of `POST /api/auth/change-password`: the caller already holds a session of that user, so only
 * the user's own sessions can be refused; no per-address bound, which would reach colleagues behind one proxy.
 */
export const CHANGE_PASSWORD_RATE_LIMIT = {
  windowMinutes: 15,
  maxFailuresPerUsernameAndAddress: 5,
  maxFailuresPerUsername: 20,
} as const;

/** Attempts are keyed by the normalised username, at most the column's length. */
export function attemptKey(username: string): string {
  return username.trim().toLowerCase().slice(0, 200);
}

/**
 * Seconds the caller must wait (the `Retry-After` of the 429), or undefined when the password may be checked.
 * Once a limit is reached the next attempt would be one too many, so it is not checked at all. `username`
 * undefined (an undecryptable field) counts only against the address.
 */
export async function loginRetryAfter(db: DbOrTx, username: string | undefined, ip: string): Promise<number | undefined> {
  const L = LOGIN_RATE_LIMIT;
  const checks: Array<[AttemptScope, number]> = [[{ kind: 'login', ip }, L.maxFailuresPerAddress]];
  if (username !== undefined) {
    const key = attemptKey(username);
    checks.push([{ kind: 'login', username: key, ip }, L.maxFailuresPerUsernameAndAddress]);
    checks.push([{ kind: 'login', username: key }, L.maxFailuresPerUsername]);
  }
  return longestWait(db, checks, L.windowMinutes);
}

/** As `loginRetryAfter`, for the old password of a password change (per user and address, and per user). */
export async function changePasswordRetryAfter(db: DbOrTx, username: string, ip: string): Promise<number | undefined> {
  const L = CHANGE_PASSWORD_RATE_LIMIT;
  const key = attemptKey(username);
  return longestWait(
    db,
    [
      [{ kind: 'change-password', username: key, ip }, L.maxFailuresPerUsernameAndAddress],
      [{ kind: 'change-password', username: key }, L.maxFailuresPerUsername],
    ],
    L.windowMinutes,
  );
}

async function longestWait(db: DbOrTx, checks: Array<[AttemptScope, number]>, windowMinutes: number): Promise<number | undefined> {
  let wait: number | undefined;
  for (const [scope, limit] of checks) {
    const seconds = await secondsBlocked(db, scope, windowMinutes, limit);
    if (seconds !== undefined) wait = Math.max(wait ?? 0, seconds);
  }
  return wait;
}

export async function recordAttempt(db: DbOrTx, kind: AttemptKind, username: string | undefined, ip: string, success: boolean): Promise<void> {
  await insertLoginAttempt(db, kind, attemptKey(username ?? ''), ip, success);
}
