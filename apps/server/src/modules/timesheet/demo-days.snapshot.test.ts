import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../config.ts';
import { queryRows, type Database, type Db } from '../../db/client.ts';
import { prepareData } from '../../seed/prepare.ts';
import { createTestDatabase } from '../../test/database.ts';
import { silentLogger } from '../../test/silent-logger.ts';
import { recalculate } from './recalculate.ts';

/**
 * "The same numbers come out" (issue 23 §4): every stored day and abnormal case of the demo company, seeded with a
 * fixed clock, against a snapshot taken from the code before the recalculation was reshaped. Each employee's rows
 * are one line of text (every column but computed_at, timestamps as epoch seconds) hashed per employee; the snapshot
 * holds the hash, the row count and the sum of the values, so a difference names the employee.
 * Regenerate only when a rule change is meant to change the figures: UPDATE_DEMO_DAYS=1 npx vitest run demo-days.
 */

/** 11:00 on Tuesday 10 March 2026 in Ho Chi Minh City (seed.test.ts's clock): three locked periods and an open one. */
const NOW = new Date('2026-03-10T04:00:00Z');
const TZ = 'Asia/Ho_Chi_Minh';
const SNAPSHOT = new URL('./demo-days.snapshot.json', import.meta.url);

/** `night`: Σ night_minutes (Labour Code Art. 98.2), apart from the hash so the other columns' hashes stay as they were. */
type EmployeeDigest = { user: string; days: number; value: string; night: number; daysHash: string; cases: number; casesHash: string };

const ts = (column: string) => `coalesce(extract(epoch from td.${column})::bigint::text, '-')`;
const DAY_TEXT = [
  'td.date::text', "coalesce(td.period_id::text, '-')", 'td.day_type', "coalesce(td.schedule_code, '-')", "coalesce(td.mode, '-')",
  ts('check_in_at'), ts('check_out_at'), "coalesce(td.check_in, '-')", "coalesce(td.check_out, '-')", 'td.punch_count::text',
  ts('punches_from'), ts('punches_to'), "coalesce(td.morning_credit, '-')", "coalesce(td.afternoon_credit, '-')",
  "coalesce(td.computed_value::text, '-')", "coalesce(td.value::text, '-')", 'td.overridden::text', 'td.late_minutes::text',
  'td.early_minutes::text', 'td.absent_minutes::text', 'td.worked_minutes::text', 'td.request_minutes::text',
  'td.explanation_refund_minutes::text', 'td.explanation_uses::text', 'td.is_late_coming::text', 'td.is_early_leaving::text',
  "coalesce(td.abnormal_reason, '-')", "coalesce(td.notation, '-')",
].join(` || '|' || `);
const CASE_TEXT = [
  'a.abnormal_date::text', 'a.reason', 'a.minute_violation::text', "coalesce(a.check_in, '-')", "coalesce(a.check_out, '-')",
  "coalesce(a.start_time, '-')", "coalesce(a.end_time, '-')", 'a.status::text',
].join(` || '|' || `);

async function digest(db: Db): Promise<EmployeeDigest[]> {
  return queryRows<EmployeeDigest>(
    db,
    sql.raw(`
    select e.user_name as "user",
           (select count(*)::int from timesheet_days td where td.employee_id = e.id) as days,
           (select coalesce(sum(td.value), 0)::text from timesheet_days td where td.employee_id = e.id) as value,
           (select coalesce(sum(td.night_minutes), 0)::int from timesheet_days td where td.employee_id = e.id) as night,
           (select coalesce(md5(string_agg(${DAY_TEXT}, ',' order by td.date)), '-') from timesheet_days td where td.employee_id = e.id) as "daysHash",
           (select count(*)::int from abnormal_cases a where a.employee_id = e.id) as cases,
           (select coalesce(md5(string_agg(${CASE_TEXT}, ',' order by a.abnormal_date)), '-') from abnormal_cases a where a.employee_id = e.id) as "casesHash"
      from employees e order by e.user_name`),
  );
}

describe('the stored days of the demo company', () => {
  let database: Database;
  let db: Db;
  let period: { from: string; to: string };
  const config: Config = { ...loadConfig({}), seedDemo: true, companyTimeZone: TZ };
  const everything = () => recalculate(db, { ...period, timeZone: TZ, now: NOW, includeLocked: true });

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await prepareData(db, config, silentLogger, { now: NOW });
    const [row] = await queryRows<{ from: string; to: string }>(db, sql`select min(from_date)::text as "from", max(to_date)::text as "to" from payroll_periods`);
    period = row!;
  }, 120_000);
  afterAll(() => database.close());

  it('are the snapshot as seeded (a first computation of every day)', async () => {
    const now = await digest(db);
    if (process.env.UPDATE_DEMO_DAYS === '1') fs.writeFileSync(SNAPSHOT, `${JSON.stringify(now, null, 0).replaceAll('},{', '},\n{')}\n`);
    const expected = JSON.parse(fs.readFileSync(SNAPSHOT, 'utf8')) as EmployeeDigest[];
    expect(now.reduce((n, e) => n + e.days, 0)).toBeGreaterThan(1_000);
    expect(now).toEqual(expected);
  });

  it('change nothing when everything is recomputed over unchanged data', async () => {
    const before = await digest(db);
    const summary = await everything();
    expect(summary.days).toBeGreaterThan(1_000);
    expect(summary.changedDays).toBe(0);
    expect(await digest(db)).toEqual(before);
  });

  it('come back the same when every stored row is wrong (the update path) or gone (the insert path)', async () => {
    const before = await digest(db);
    await db.execute(sql`update timesheet_days set worked_minutes = worked_minutes + 1, night_minutes = night_minutes + 1, notation = null, check_in = '00:00'`);
    const rewritten = await everything();
    expect(rewritten.changedDays).toBe(rewritten.days);
    expect(await digest(db)).toEqual(before);
    await db.execute(sql`delete from timesheet_days`);
    const inserted = await everything();
    expect(inserted.changedDays).toBe(inserted.days);
    expect(await digest(db)).toEqual(before);
  });

  it('a rerun rewrites only the days changed by hand since, and finds nothing to do the next time', async () => {
    // 150 employees: one chunk above the small-chunk size, so the rerun reads the stored digests and sends only the
    // employees whose rows differ (day-row.repository.ts).
    const before = await digest(db);
    const [day] = await queryRows<{ e: number; d: string }>(db, sql`select employee_id as e, date::text as d from timesheet_days where day_type = 'WORKING' order by employee_id, date limit 1`);
    await db.execute(sql`update timesheet_days set value = 0.13, overridden = true where employee_id = ${day!.e} and date = ${day!.d}`);
    expect((await everything()).changedDays).toBe(1);
    expect(await digest(db)).toEqual(before);
    expect((await everything()).changedDays).toBe(0);
  });

  it('a rerun restores any mix of hand edits, each edited day counted once', async () => {
    const before = await digest(db);
    const days = await queryRows<{ e: number; d: string }>(db, sql`select employee_id as e, date::text as d from timesheet_days order by employee_id, date`);
    // Edits that each change the stored row, whatever its value was (a seeded walk over the days and the columns).
    const edits = [
      sql`worked_minutes = worked_minutes + 7`, sql`is_late_coming = not is_late_coming`, sql`notation = coalesce(notation, '') || 'x'`,
      sql`check_in = '00:01'`, sql`value = coalesce(value, 0) + 0.01, overridden = not overridden`, sql`period_id = coalesce(period_id, 0) + 1000`,
      sql`schedule_code = coalesce(schedule_code, '') || '~'`, sql`night_minutes = night_minutes + 1`, sql`abnormal_reason = 'Z'`, sql`punches_to = punches_to + interval '1 minute'`,
    ];
    let seed = 23;
    const next = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648), seed % n);
    // One edit per day: two toggles of one column would cancel out.
    const touched = new Set<string>();
    while (touched.size < 40) {
      const day = days[next(days.length)]!;
      if (touched.has(`${day.e}:${day.d}`)) continue;
      touched.add(`${day.e}:${day.d}`);
      await db.execute(sql`update timesheet_days set ${edits[next(edits.length)]!} where employee_id = ${day.e} and date = ${day.d}`);
    }
    expect((await everything()).changedDays).toBe(touched.size);
    expect(await digest(db)).toEqual(before);
    expect((await everything()).changedDays).toBe(0);
  });
});
