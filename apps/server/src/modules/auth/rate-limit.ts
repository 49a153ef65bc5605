import type { DbOrTx } from '../../db/client.ts';
import { insertLoginAttempt, pairFailures, secondsBlocked, type AttemptKind, type AttemptScope } from './auth.repository.ts';

/**
 * RULES.md §2 sign-in limits, built so that an attacker cannot turn them against a user (issue 7 §3, issue 22 §4).
 * Failures are counted in PostgreSQL over 15 minutes, so every replica sees the same attempts.
 * - A client address with 20 failures (any usernames) is refused until the oldest of them leaves the window.
 * - A username has 5 failures free (from wherever they come). Past them it is not locked: an attempt from an address
 *   that has no failure of that username in the window is let through to the password check, so a colleague at their
 *   own desk signs in whatever strangers typed elsewhere. An address that has failed that username waits after its
 *   last failure a delay that doubles with its own failures of it: 30 s after the first, 60 s, 2, 4, 8 minutes, then
 *   15 minutes. Only the address's own failures set its wait, so nobody else's guesses can lengthen it. One address
 *   guessing a password gets its 5 tries, then one after 8 minutes, then one every 15 minutes; many addresses get
 *   about as many each, which the per-address limit and the password hashing bound.
 */
export const LOGIN_RATE_LIMIT = {
  windowMinutes: 15,
  maxFailuresPerAddress: 20,
  freeFailuresPerUsername: 5,
  firstDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
} as const;

/** The wait after an address's `failures`-th failure of a username once the username is past its free failures. */
export function usernameDelaySeconds(failures: number): number {
  const L = LOGIN_RATE_LIMIT;
  if (failures <= 0) return 0;
  return Math.min(L.maxDelaySeconds, L.firstDelaySeconds * 2 ** Math.min(failures - 1, 30));
}

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
 * `username` undefined (an undecryptable field) counts only against the address.
 */
export async function loginRetryAfter(db: DbOrTx, username: string | undefined, ip: string): Promise<number | undefined> {
  const L = LOGIN_RATE_LIMIT;
  const addressWait = await secondsBlocked(db, { kind: 'login', ip }, L.windowMinutes, L.maxFailuresPerAddress);
  const usernameWait = username === undefined ? undefined : await usernameWaitSeconds(db, attemptKey(username), ip);
  if (addressWait === undefined) return usernameWait;
  return Math.max(addressWait, usernameWait ?? 0);
}

/** The growing delay of LOGIN_RATE_LIMIT for this username at this address; undefined when there is none to wait. */
async function usernameWaitSeconds(db: DbOrTx, key: string, ip: string): Promise<number | undefined> {
  const L = LOGIN_RATE_LIMIT;
  const f = await pairFailures(db, 'login', key, ip, L.windowMinutes, L.freeFailuresPerUsername);
  if (f.usernameFailures < L.freeFailuresPerUsername || f.pairFailures === 0 || f.secondsSinceLastPairFailure === null) return undefined;
  const wait = Math.ceil(usernameDelaySeconds(f.pairFailures) - f.secondsSinceLastPairFailure);
  return wait > 0 ? wait : undefined;
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
