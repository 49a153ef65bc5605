import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../db/client.ts';
import { knownMigrations, schemaVersionOf } from '../../db/migration-state.ts';
import { backupBeforeMigration } from './backup.service.ts';
import { restoreBackup } from './restore.ts';

/** Issue 24: the backup a start takes before migrating the embedded database, and a restore of an older version. */
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tms-backup-migration-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const known = knownMigrations();
const previous = known[known.length - 2]!.tag;
const latest = known[known.length - 1]!.tag;

/** An embedded database as the previous version left it: the last migration (0031, integrations) undone. */
async function previousVersionDatabase() {
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.db.execute(sql`drop table calendar_feeds, webhook_deliveries, webhook_events, webhook_endpoints, reminder_runs, reminder_sends`);
  await database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`);
  return database;
}

describe('before a start that migrates', () => {
  it('takes nothing when no migration is pending', async () => {
    const current = await openDatabase({ dataDir: 'memory://' });
    try {
      expect(await backupBeforeMigration(current, scratch)).toBeNull();
    } finally {
      await current.close();
    }
  });

  it('takes a verified pre-migration backup of the older schema, which restores and migrates forward', async () => {
    const old = await previousVersionDatabase();
    let file: string;
    try {
      expect(await schemaVersionOf(old.db)).toEqual({ applied: known.length - 1, tag: previous, newer: false });
      const taken = (await backupBeforeMigration(old, scratch))!;
      expect(taken.name).toMatch(/-pre-migration\.tmsbak$/);
      expect(taken.manifest.schema).toEqual({ applied: known.length - 1, tag: previous });
      expect(JSON.parse(fs.readFileSync(`${taken.file}.json`, 'utf8')).verification.status).toBe('passed');
      file = taken.file;
    } finally {
      await old.close();
    }
    const dataDir = path.join(scratch, 'restored');
    await restoreBackup(file, { kind: 'pglite', dataDir });
    const restored = await openDatabase({ dataDir, migrate: false });
    try {
      expect(await schemaVersionOf(restored.db)).toEqual({ applied: known.length, tag: latest, newer: false });
      const indexes = await queryRows<{ name: string }>(restored.db, sql`select indexname as name from pg_indexes where tablename = 'requests' and indexname like 'requests_created%'`);
      expect(indexes.map((i) => i.name)).toEqual(['requests_created_id_idx']);
      // The migration ran on the restored data: the integrations' tables exist again.
      const tables = await queryRows<{ name: string }>(restored.db, sql`select table_name as name from information_schema.tables where table_name like 'webhook%' or table_name like 'reminder%' or table_name = 'calendar_feeds' order by 1`);
      expect(tables.map((c) => c.name)).toEqual(['calendar_feeds', 'reminder_runs', 'reminder_sends', 'webhook_deliveries', 'webhook_endpoints', 'webhook_events']);
    } finally {
      await restored.close();
    }
  }, 120_000);
});
