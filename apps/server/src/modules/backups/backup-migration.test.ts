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

/** An embedded database as the previous version left it: the last migration (0032, the day rows' recalculation keys) undone. */
async function previousVersionDatabase() {
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.db.execute(sql`drop trigger timesheet_days_forget_recalc_key on timesheet_days`);
  await database.db.execute(sql`drop function timesheet_days_forget_recalc_key()`);
  await database.db.execute(sql`alter table timesheet_days drop column recalc_key`);
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
      // The migration ran on the restored data: the day rows have their key column and its trigger again.
      const columns = await queryRows<{ name: string }>(restored.db, sql`select column_name as name from information_schema.columns where table_name = 'timesheet_days' and column_name = 'recalc_key'`);
      expect(columns.map((c) => c.name)).toEqual(['recalc_key']);
      const triggers = await queryRows<{ name: string }>(restored.db, sql`select tgname as name from pg_trigger where tgrelid = 'timesheet_days'::regclass and not tgisinternal`);
      expect(triggers.map((t) => t.name)).toEqual(['timesheet_days_forget_recalc_key']);
    } finally {
      await restored.close();
    }
  }, 120_000);
});
