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

/** The policy view as migration 0014 made it, before 0028 added the self check-in columns. */
const VIEW_BEFORE_0028 = sql.raw(`CREATE VIEW employee_policies AS
SELECT sp.id, sp.employee_id, sp.work_schedule_code, sp.rule_type, sp.explanation_number,
       sp.refund_hours_per_explanation, sp.explanation_time_per_days, sp.lack_of_time_allowed, sp.ot_type,
       sp.url_policy, sp.apply_date, sp.expire_date, sp.work_start_time, sp.work_end_time, sp.is_from,
       'staff'::varchar(10) AS source
  FROM staff_policies sp
UNION ALL
SELECT dp.id, e.id AS employee_id, dp.work_schedule_code, dp.rule_type, dp.explanation_number,
       dp.refund_hours_per_explanation, dp.explanation_time_per_days, dp.lack_of_time_allowed, dp.ot_type,
       dp.url_policy, lower(part)::date AS apply_date, (upper(part) - 1)::date AS expire_date,
       NULL::time AS work_start_time, NULL::time AS work_end_time, NULL::varchar(30) AS is_from,
       'department'::varchar(10) AS source
  FROM department_policies dp
  JOIN employees e ON e.department_id = dp.department_id
  CROSS JOIN LATERAL unnest(
         datemultirange(daterange(dp.apply_date, dp.expire_date, '[]'))
         - coalesce((SELECT range_agg(daterange(s.apply_date, s.expire_date, '[]'))
                       FROM staff_policies s WHERE s.employee_id = e.id), '{}'::datemultirange)
       ) AS part`);

/** An embedded database as the previous version left it: the last migration (0028, self check-in) undone. */
async function previousVersionDatabase() {
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.db.execute(sql`drop view employee_policies`);
  await database.db.execute(VIEW_BEFORE_0028);
  await database.db.execute(sql`alter table staff_policies drop column self_check_in_mode, drop column self_check_in_place_ids`);
  await database.db.execute(sql`alter table department_policies drop column self_check_in_mode, drop column self_check_in_place_ids`);
  await database.db.execute(sql`drop table self_punches, check_in_attempts, kiosk_pin_failures, check_in_pins, kiosks, check_in_places`);
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
      // The migration ran on the restored data: the self check-in tables, and the policy field in the view of the policy in force.
      const tables = await queryRows<{ name: string }>(restored.db, sql`select table_name as name from information_schema.tables where table_name in ('check_in_places', 'self_punches', 'kiosks') order by 1`);
      expect(tables.map((c) => c.name)).toEqual(['check_in_places', 'kiosks', 'self_punches']);
      const column = await queryRows<{ name: string }>(restored.db, sql`select column_name as name from information_schema.columns where table_name = 'employee_policies' and column_name = 'self_check_in_mode'`);
      expect(column.map((c) => c.name)).toEqual(['self_check_in_mode']);
    } finally {
      await restored.close();
    }
  }, 120_000);
});
