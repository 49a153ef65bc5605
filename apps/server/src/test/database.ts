import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { TEST_SERVING_ROLE, testDatabaseName } from './global-setup.ts';

/**
 * A fresh, migrated database for one test file: PGlite from the template dump, or a copy of the template database
 * that the test connects to as the serving role (global-setup.ts), while `ownerUrl` (the DATABASE_URL role) owns it.
 */
export async function createTestDatabase(): Promise<Database & { ownerUrl?: string; servingUrl?: string }> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = testDatabaseName(randomUUID().replaceAll('-', '').slice(0, 12));
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
    await admin.end();
    const owner = new URL(serverUrl);
    owner.pathname = `/${name}`;
    const serving = new URL(owner);
    serving.username = TEST_SERVING_ROLE;
    const database = await openDatabase({ databaseUrl: serving.toString(), migrate: false, poolMax: 5, onIdleError: () => {} });
    return {
      ...database,
      // Backups dump as the owner, as a two-role deployment does (the serving role cannot read drizzle's schema).
      urls: { serving: serving.toString(), owner: owner.toString() },
      ownerUrl: owner.toString(),
      servingUrl: serving.toString(),
      close: async () => {
        await database.close();
        const dropper = new pg.Client({ connectionString: serverUrl });
        await dropper.connect();
        // pool.end() resolves before every socket is gone; dropping with (force) then would kill live backends.
        for (let i = 0; i < 50; i++) {
          const { rows } = await dropper.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = $1', [name]);
          if (Number(rows[0]!.n) === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    };
  }
  const template = inject('pgliteTemplate');
  if (!template) return openDatabase({ dataDir: 'memory://' });
  return openDatabase({ dataDir: 'memory://', pgliteLoadDataDir: new Blob([fs.readFileSync(template)]), migrate: false });
}
