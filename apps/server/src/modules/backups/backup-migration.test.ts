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

/** An embedded database as the previous version left it: the last migration (0030, onsite and overtime flows) undone. */
async function previousVersionDatabase() {
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.db.execute(sql`drop table onsite_approval_steps, overtime_approval_steps`);
  for (const table of ['onsite_requests', 'overtime_request_staff']) {
    await database.db.execute(sql.raw(`alter table ${table} drop column approval_flow_id, drop column approval_flow_name, drop column approval_step, drop column approval_step_count`));
  }
  await database.db.execute(sql`alter table approval_flow_steps drop column role`);
  await database.db.execute(sql`alter table request_approval_steps drop column approver_role`);
  await database.db.execute(sql`alter table requests drop column assignee_role`);
  await database.db.execute(sql`alter table onsite_requests drop column approver_role`);
  await database.db.execute(sql`alter table overtime_request_staff drop column approver_role`);
  await database.db.execute(sql`alter table overtime_requests drop column assignee_role`);
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
      // The migration ran on the restored data: the steps tables of onsite and overtime, and their step columns.
      const tables = await queryRows<{ name: string }>(restored.db, sql`select table_name as name from information_schema.tables where table_name like '%approval%' order by 1`);
      expect(tables.map((c) => c.name)).toEqual(['approval_flow_steps', 'approval_flows', 'onsite_approval_steps', 'overtime_approval_steps', 'request_approval_steps']);
      const columns = await queryRows<{ name: string }>(restored.db, sql`select column_name as name from information_schema.columns where table_name = 'onsite_requests' and column_name like 'approval%' order by 1`);
      expect(columns.map((c) => c.name)).toEqual(['approval_flow_id', 'approval_flow_name', 'approval_step', 'approval_step_count']);
    } finally {
      await restored.close();
    }
  }, 120_000);
});
