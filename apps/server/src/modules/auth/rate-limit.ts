import type { DbOrTx } from '../../db/client.ts';
import { countRecentFailures, insertLoginAttempt } from './auth.repository.ts';

/**
 * RULES.md §2: more than 5 failures per username or 20 per client address within 15 minutes → 429.
 * Counted in PostgreSQL, so every replica sees the same attempts.
 */
export const LOGIN_RATE_LIMIT = { windowMinutes: 15, maxFailuresPerUsername: 5, maxFailuresPerAddress: 20 } as const;

/** Attempts are keyed by the normalised username, at most the column's length. */
export function attemptKey(username: string): string {
  return username.trim().toLowerCase().slice(0, 200);
}

/**
 * Whether a further attempt is refused: once the limit of failures is reached, the next attempt would be one
 * too many, so it is not checked at all. `username` undefined (undecryptable) counts only the address.
 */
export async function loginBlocked(db: DbOrTx, username: string | undefined, ip: string): Promise<boolean> {
  const failures = await countRecentFailures(db, attemptKey(username ?? ''), ip, LOGIN_RATE_LIMIT.windowMinutes);
  if (failures.byIp >= LOGIN_RATE_LIMIT.maxFailuresPerAddress) return true;
  return username !== undefined && failures.byUsername >= LOGIN_RATE_LIMIT.maxFailuresPerUsername;
}

export async function recordLoginAttempt(db: DbOrTx, username: string | undefined, ip: string, success: boolean): Promise<void> {
  await insertLoginAttempt(db, attemptKey(username ?? ''), ip, success);
}
