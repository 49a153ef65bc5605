import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/identity.ts';
import { hashToken } from '../plugins/auth.ts';
import { EXPECTED_ACCESS, MATRIX_USERS, type ExpectedAccess, type MatrixUser } from './access-expectations.ts';
import { createTestApp } from './harness.ts';
import { createRouteCollector, type CollectedRoute } from './route-collector.ts';

/**
 * ARCHITECTURE.md Tests: walks every registered API route for anonymous callers and each role's fixture user and
 * checks allow and deny against the hand-written table in access-expectations.ts (RULES.md §2).
 * The app is built while the file is collected, so each route becomes its own test.
 */
const collector = createRouteCollector();
const t = await createTestApp({ onRoute: collector.onRoute });
afterAll(() => t.close());

const apiRoutes = collector
  .routes()
  .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
  .sort((a, b) => key(a).localeCompare(key(b)));

function key(route: Pick<CollectedRoute, 'method' | 'url'>): string {
  return `${route.method} ${route.url}`;
}

/** A session of its own for every call, so a route that ends sessions (logout, password change) affects nothing else. */
async function freshToken(username: MatrixUser): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await t.db.insert(sessions).values({ tokenHash: hashToken(token), userId: t.fixture.userIds[username]! });
  return token;
}

async function call(route: CollectedRoute, username: MatrixUser | undefined): Promise<number> {
  const url = route.url.replace(/:[^/]+/g, '1').replace(/\*/g, '1');
  const headers = username ? { authorization: `Bearer ${await freshToken(username)}` } : {};
  const withBody = !['GET', 'DELETE', 'OPTIONS'].includes(route.method);
  const res = await t.app.inject({
    method: route.method as 'GET',
    url,
    headers,
    ...(withBody ? { payload: {} } : {}),
  });
  return res.statusCode;
}

function describeExpectation(expected: ExpectedAccess): string {
  return typeof expected === 'string' ? expected : `[${expected.join(', ')}]`;
}

describe('API access matrix', () => {
  it('finds the API routes', () => {
    expect(apiRoutes.length).toBeGreaterThan(0);
  });

  it('every API route declares config.access', () => {
    const undeclared = apiRoutes.filter((r) => r.access === undefined).map(key);
    expect(undeclared, 'add config: { access } to these routes (RULES.md §2)').toEqual([]);
  });

  it('every API route has a row in access-expectations.ts', () => {
    const missing = apiRoutes.filter((r) => !(key(r) in EXPECTED_ACCESS)).map(key);
    expect(missing, 'add these routes to apps/server/src/test/access-expectations.ts with who may call them').toEqual([]);
  });

  it('every row of access-expectations.ts names a registered route', () => {
    const registered = new Set(apiRoutes.map(key));
    const stale = Object.keys(EXPECTED_ACCESS).filter((k) => !registered.has(k));
    expect(stale, 'remove or correct these rows of apps/server/src/test/access-expectations.ts').toEqual([]);
  });

  it.each(apiRoutes.filter((r) => key(r) in EXPECTED_ACCESS).map((r) => [key(r), r] as const))('%s', async (_name, route) => {
    const expected = EXPECTED_ACCESS[key(route)]!;
    const problems: string[] = [];
    const anonymous = await call(route, undefined);
    if (expected === 'public' ? anonymous === 401 || anonymous === 403 : anonymous !== 401) {
      problems.push(`anonymous → ${anonymous}`);
    }
    for (const user of MATRIX_USERS) {
      const status = await call(route, user);
      // A session is no device key (issue 7 §3).
      if (expected === 'device-key') {
        if (status !== 401) problems.push(`${user} → ${status}`);
        continue;
      }
      const allowed = typeof expected === 'string' || expected.includes(user);
      if (allowed ? status === 401 || status === 403 : status !== 403) problems.push(`${user} → ${status}`);
      // An allowed call with an empty body must be refused by validation, never crash.
      if (status >= 500) problems.push(`${user} → ${status} (server error on an empty request)`);
    }
    expect(problems, `expected ${describeExpectation(expected)}; route declares ${JSON.stringify(route.access)}`).toEqual([]);
  });
});
