import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { accessAllows, type RouteAccess } from '@tms/contracts/routes';
import type { Role } from '@tms/contracts/roles';
import { isLanguage, LANGUAGE_HEADER } from '@tms/contracts/language';
import { AppError, forbidden, unauthorized } from '../lib/errors.ts';
import { enterLanguage } from '../lib/request-language.ts';
import { hashToken, SESSION_IDLE_HOURS, type SessionUser } from '../lib/session-user.ts';
import { findLiveSession, touchSession } from './session.repository.ts';

// Routes and services read the signed-in user through requireUser below; the type is lib/session-user.ts's, named
// here too so a module needs one import for both.
export { hashToken, type SessionUser };

/** last_seen_at is refreshed at most this often, so a busy user does not write on every call. */
const TOUCH_EVERY_SECONDS = 60;

/** What a route declares about who may call it and which rows it shows (RULES.md §2, §3). */
export type DataScope = 'none' | 'own' | 'employee-scope' | 'all';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    /** Required on every /api route: 'public', 'signed-in' or the actors allowed. */
    access?: RouteAccess;
    /** Informational: how the route limits rows to the caller's scope (enforced in SQL by the repository). */
    scope?: DataScope;
    /**
     * 'worker': the request does not drain the recalculation it queued before answering; the job worker drains it on
     * its next poll (within about a second). For high-rate intakes whose callers need a fast answer, not the cell
     * (self check-in: docs/self-check-in.md). Default: drained before the answer.
     */
    recalculation?: 'worker';
  }
}

export async function loadSessionUser(app: FastifyInstance, token: string): Promise<SessionUser | null> {
  const row = await findLiveSession(app.db, hashToken(token), { idleHours: SESSION_IDLE_HOURS, touchEverySeconds: TOUCH_EVERY_SECONDS, today: app.clock.today() });
  if (!row) return null;
  if (row.touch) await touchSession(app.db, row.session_id);
  const roles = (row.roles ?? []) as Role[];
  return {
    sessionId: row.session_id,
    userId: row.user_id,
    username: row.username,
    employeeId: row.employee_id,
    name: row.name ?? row.username,
    roles,
    isPm: row.is_pm,
    actors: row.is_pm ? [...roles, 'PM'] : roles,
    language: isLanguage(row.language) ? row.language : null,
  };
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  const token = header.slice(7).trim();
  return token.length > 0 && token.length <= 200 ? token : undefined;
}

/**
 * Resolves the session and enforces each /api route's declared access before the body is read, so a caller
 * without the right gets 401/403 whatever they sent. A route with no declaration is refused (and fails the
 * access-matrix test).
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    // The web app, its assets and the OpenAPI pages are public; every other /api route declares its access.
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return;
    if (request.routeOptions.url === undefined) return; // unknown path: the not-found handler answers 404
    const access = request.routeOptions.config?.access;
    if (access === undefined) throw new AppError(500, 'Route has no access declaration');
    const token = bearerToken(request);
    request.user = token ? await loadSessionUser(app, token) : null;
    // Issue 25: a call without Accept-Language (a script, a link opened outside the web) answers in the user's stored
    // language; the web always sends the header, the language its user reads now, and that wins.
    if (request.user?.language && request.headers[LANGUAGE_HEADER] === undefined) enterLanguage(request.user.language);
    if (access === 'public') return;
    if (!request.user) throw unauthorized();
    if (!accessAllows(access, request.user.actors, true)) throw forbidden();
  });
});

/**
 * The caller of a route whose access is not 'public'. The auth hook has already answered 401 when there is no
 * session, so a missing user here is a programming error (a public route asking for a user).
 */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
