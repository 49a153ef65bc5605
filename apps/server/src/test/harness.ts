import { randomBytes } from 'node:crypto';
import type { RouteOptions } from 'fastify';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import { sessions } from '../db/schema/identity.ts';
import { hashToken } from '../plugins/auth.ts';
import { createTestDatabase } from './database.ts';
import { seedFixture, type Fixture } from './fixture.ts';

export type TestApp = {
  app: App;
  db: Db;
  database: Database;
  fixture: Fixture;
  /** A real session row for the fixture user; the token is what a sign-in would have returned. */
  tokenFor(username: string): Promise<string>;
  /** Headers with the bearer token of the fixture user. */
  as(username: string): Promise<{ authorization: string }>;
  close(): Promise<void>;
};

export async function createTestApp(opts: { onRoute?: (route: RouteOptions) => void } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = { ...loadConfig({}), seedDemo: false };
  const app = await buildApp({ database, config, onRoute: opts.onRoute });
  await app.ready();
  const fixture = await seedFixture(database.db);
  const tokens = new Map<string, string>();
  const tokenFor = async (username: string) => {
    const cached = tokens.get(username);
    if (cached) return cached;
    const userId = fixture.userIds[username];
    if (!userId) throw new Error(`no fixture user ${username}`);
    const token = randomBytes(32).toString('base64url');
    await database.db.insert(sessions).values({ tokenHash: hashToken(token), userId });
    tokens.set(username, token);
    return token;
  };
  return {
    app,
    db: database.db,
    database,
    fixture,
    tokenFor,
    as: async (username) => ({ authorization: `Bearer ${await tokenFor(username)}` }),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
