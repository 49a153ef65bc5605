import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { RouteOptions } from 'fastify';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import { sessions } from '../db/schema/identity.ts';
import { fixedClock, type TestClock } from '../lib/clock.ts';
import { hashToken } from '../plugins/auth.ts';
import { createTestDatabase } from './database.ts';
import { seedFixture, type Fixture } from './fixture.ts';

export type TestApp = {
  app: App;
  db: Db;
  database: Database;
  fixture: Fixture;
  /** The app's business clock (app.clock): set or advance it to move the server in time. */
  clock: TestClock;
  /** A real session row for the fixture user; the token is what a sign-in would have returned. */
  tokenFor(username: string): Promise<string>;
  /** Headers with the bearer token of the fixture user. */
  as(username: string): Promise<{ authorization: string }>;
  close(): Promise<void>;
};

export type TestAppOptions = {
  onRoute?: (route: RouteOptions) => void;
  /**
   * The instant the app's clock starts at, e.g. '2026-11-23T10:00:00+07:00'. Default: TEST_NOW when set (the
   * six-date run of scripts/test-dates.mjs), else the real time at start. A test whose outcome depends on the
   * weekday, the day of the month or the hour sets it (issue 7 §1).
   */
  now?: string | Date;
};

/** The default start instant of every test clock: TEST_NOW, else the real time. */
export function defaultTestNow(): Date {
  const env = process.env.TEST_NOW;
  if (!env) return new Date();
  const ms = Date.parse(env);
  if (!Number.isFinite(ms)) throw new Error(`TEST_NOW is not an instant: ${env}`);
  return new Date(ms);
}

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const defaults = loadConfig({});
  // Backups go to a folder of this app's own, never the repository's data/.
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tms-test-backups-'));
  const config = { ...defaults, seedDemo: false, backup: { ...defaults.backup, dir: backupDir } };
  const clock = fixedClock(opts.now ?? defaultTestNow(), config.companyTimeZone);
  const app = await buildApp({ database, config, clock, onRoute: opts.onRoute });
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
    clock,
    tokenFor,
    as: async (username) => ({ authorization: `Bearer ${await tokenFor(username)}` }),
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(backupDir, { recursive: true, force: true });
    },
  };
}
