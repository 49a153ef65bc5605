import { createHash } from 'node:crypto';
import type { Language } from '@tms/contracts/language';
import type { Actor, Role } from '@tms/contracts/roles';

/**
 * The signed-in user of a request, as plugins/auth.ts resolves it from the session: the one request-context type that
 * lib/ (history authors, the data scope), the plugins and the modules share, so none of them reaches up a layer for it.
 */
export type SessionUser = {
  sessionId: number;
  userId: number;
  username: string;
  employeeId: number | null;
  name: string;
  roles: Role[];
  /** Manages at least one project (RULES.md §2: PM is a relation). */
  isPm: boolean;
  /** roles plus 'PM' when isPm: what route access lists are matched against. */
  actors: Actor[];
  /** The language the user chose (issue 25), null when never chosen; absent where a user is built without the session lookup. */
  language?: Language | null;
};

/** Idle expiry of a session (RULES.md §2). */
export const SESSION_IDLE_HOURS = 8;

/** What is stored of a secret token (sessions, device keys): its SHA-256, never the token itself. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
