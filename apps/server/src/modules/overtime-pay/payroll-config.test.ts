import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { jobStatusPath } from '@tms/contracts/jobs';
import { PAYROLL_CONFIG_MESSAGES as M } from '@tms/contracts/overtime-pay';
import { queryRows } from '../../db/client.ts';
import { overtimePayLines, overtimeRequests, overtimeRequestStaff } from '../../db/schema/overtime.ts';
import { punches } from '../../db/schema/schedules.ts';
import { runDueJobs } from '../../lib/jobs.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { eq } from 'drizzle-orm';

/**
 * Payroll Configuration API (spec 002 "Payroll Configuration", §3, §5, §7; RULES.md §2, §6) and Recalculate Salary.
 */
let t: TestApp;
const base = '/api/payroll/config-table';
type Table = { id: number; table_code: string; table_config: { key: string; value: number }[]; version: number };

async function all(user = 'hr'): Promise<Table[]> {
  const res = await t.app.inject({ method: 'GET', url: `${base}/all`, headers: await t.as(user) });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}
async function update(body: unknown, user = 'hr', headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: `${base}/update`, headers: { ...(await t.as(user)), ...headers }, payload: body as object });
}
const valueOf = (tables: Table[], code: string, key: string) => tables.find((x) => x.table_code === code)!.table_config.find((c) => c.key === key)!.value;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-05-10T10:00:00+07:00' });
});
afterAll(async () => t?.close());

describe('GET /api/payroll/config-table/all', () => {
  it('lists the tables with id, table_code and table_config (the defaults of RULES.md §6; the overtime limits of issue 27 §2)', async () => {
    const tables = await all();
    expect(tables.map((x) => x.table_code)).toEqual(['payroll_overtime', 'bonus', 'overtime_limits']);
    expect(tables[0]!.table_config).toHaveLength(13);
    expect(valueOf(tables, 'payroll_overtime', 'coefficient_night_holiday')).toBe(390);
    // spec 002 "Payroll Configuration": the Bonus In Month keys are Staff and Management (migration 0022 renamed 0015's).
    expect(tables[1]!.table_config).toEqual([
      { key: 'Staff', value: 0 },
      { key: 'Management', value: 0 },
    ]);
  });

  it('reads a table stored with the old lower-case bonus keys under the spec keys, accepts the old keys and writes the spec ones', async () => {
    await t.db.execute(sql`update payroll_config_tables set table_config = '[{"key":"staff","value":7},{"key":"management","value":9}]'::jsonb where table_code = 'bonus'`);
    const bonus = (await all()).find((x) => x.table_code === 'bonus')!;
    expect(bonus.table_config).toEqual([
      { key: 'Staff', value: 7 },
      { key: 'Management', value: 9 },
    ]);
    const res = await update([{ id: bonus.id, version: bonus.version, table_config: [{ key: 'management', value: 10 }] }]);
    expect(res.statusCode, res.body).toBe(200);
    const [stored] = await queryRows<{ table_config: unknown }>(t.db, sql`select table_config from payroll_config_tables where table_code = 'bonus'`);
    expect(stored!.table_config).toEqual([
      { key: 'Staff', value: 7 },
      { key: 'Management', value: 10 },
    ]);
    const [entry] = await queryRows<{ changes: unknown }>(t.db, sql`select changes from history where table_name = 'payroll_config_tables' and record_id = ${bonus.id} order by id desc limit 1`);
    expect(entry!.changes).toEqual([{ field: 'Management', oldValue: 9, newValue: 10 }]);
    await update([{ id: bonus.id, table_config: [{ key: 'Staff', value: 0 }, { key: 'Management', value: 0 }] }]);
  });

  it('is HR, HRM and ADMIN only', async () => {
    for (const user of ['hrm', 'admin']) await all(user);
    for (const user of ['staff', 'pm', 'gl', 'dl']) {
      const res = await t.app.inject({ method: 'GET', url: `${base}/all`, headers: await t.as(user) });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('POST /api/payroll/config-table/update', () => {
  it('saves the changed table: success code 0 with HTTP 200, integers, a history entry, the version moves', async () => {
    const [ot] = await all();
    const res = await update([{ id: ot!.id, table_code: 'payroll_overtime', version: ot!.version, table_config: [{ key: 'coefficient_workday', value: '160' }] }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0 });
    const after = await all();
    expect(valueOf(after, 'payroll_overtime', 'coefficient_workday')).toBe(160);
    expect(valueOf(after, 'payroll_overtime', 'coefficient_holiday')).toBe(300);
    expect(after[0]!.version).toBe(ot!.version + 1);
    const [h] = await queryRows<{ changes: { field: string; oldValue: number; newValue: number }[] }>(
      t.db,
      sql`select changes from history where table_name = 'payroll_config_tables' and record_id = ${ot!.id} order by id desc limit 1`,
    );
    expect(h!.changes).toEqual([{ field: 'coefficient_workday', oldValue: 150, newValue: 160 }]);
    // Back to the default (sent whole, as the page may): only the changed key is recorded.
    const back = await update([{ id: ot!.id, table_config: after[0]!.table_config.map((c) => (c.key === 'coefficient_workday' ? { ...c, value: 150 } : c)) }]);
    expect(back.json()).toMatchObject({ code: 0 });
  });

  it("'Update Fail' for an empty array and for a save without any change", async () => {
    const empty = await update([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(M.updateFail);
    const tables = await all();
    const same = await update(tables.map((x) => ({ id: x.id, table_config: x.table_config })));
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('Update Fail');
  });

  it("'Value is not a number'; empty → 0; fractions and out-of-range values refused; unknown keys and tables refused", async () => {
    const [ot, bonus] = await all();
    const nan = await update([{ id: ot!.id, table_config: [{ key: 'coefficient_workday', value: '15a' }] }]);
    expect(nan.statusCode).toBe(400);
    expect(nan.json().message).toBe('Value is not a number');
    const fraction = await update([{ id: ot!.id, table_config: [{ key: 'coefficient_workday', value: 150.5 }] }]);
    expect(fraction.json().message).toBe(M.notInteger);
    const big = await update([{ id: ot!.id, table_config: [{ key: 'coefficient_workday', value: 1001 }] }]);
    expect(big.json().message).toBe(M.outOfRange);
    const unknown = await update([{ id: ot!.id, table_config: [{ key: 'coefficient_moon', value: 1 }] }]);
    expect(unknown.json().message).toBe(M.unknownKey('coefficient_moon'));
    const table = await update([{ id: 99_999, table_config: [{ key: 'Staff', value: 1 }] }]);
    expect(table.statusCode).toBe(400);
    // Empty becomes 0 (bonus by code).
    await update([{ table_code: 'bonus', table_config: [{ key: 'Staff', value: '500' }] }]);
    const emptied = await update([{ id: bonus!.id, table_config: [{ key: 'Staff', value: '' }] }]);
    expect(emptied.json()).toMatchObject({ code: 0 });
    expect(valueOf(await all(), 'bonus', 'Staff')).toBe(0);
  });

  it('a stale version (body or If-Match) is a 409; only HR, HRM and ADMIN may save', async () => {
    const [ot] = await all();
    const stale = await update([{ id: ot!.id, version: ot!.version - 1, table_config: [{ key: 'coefficient_workday', value: 151 }] }]);
    expect(stale.statusCode).toBe(409);
    const staleHeader = await update([{ id: ot!.id, table_config: [{ key: 'coefficient_workday', value: 151 }] }], 'hr', { 'if-match': String(ot!.version - 1) });
    expect(staleHeader.statusCode).toBe(409);
    const staff = await update([{ id: ot!.id, table_config: [{ key: 'coefficient_workday', value: 151 }] }], 'staff');
    expect(staff.statusCode).toBe(403);
    expect(valueOf(await all(), 'payroll_overtime', 'coefficient_workday')).toBe(150);
  });
});

describe('POST /api/payroll/config-table/recalculate-salary', () => {
  it('queues a job that recomputes the OT after the lock date with the current coefficients, with progress, and notifies the caller', async () => {
    const [req] = await t.db
      .insert(overtimeRequests)
      .values({
        kind: 'FIXED',
        title: 'OT',
        projectId: t.fixture.projectId,
        otDate: '2026-05-06',
        startAt: new Date('2026-05-06T19:00:00+07:00'),
        endAt: new Date('2026-05-06T21:00:00+07:00'),
        otType: 'OT_AT_OFFICE',
        dateType: 'WORKDAY',
      })
      .returning();
    await t.db.insert(overtimeRequestStaff).values({ overtimeRequestId: req!.id, employeeId: t.fixture.employeeIds.staff!, status: 3 });
    await t.db.insert(punches).values([
      { system: 'T', attendanceCheckId: 's1', employeeId: t.fixture.employeeIds.staff!, punchedAt: new Date('2026-05-06T19:00:00+07:00') },
      { system: 'T', attendanceCheckId: 's2', employeeId: t.fixture.employeeIds.staff!, punchedAt: new Date('2026-05-06T21:00:00+07:00') },
    ]);
    const [ot] = await all();
    expect((await update([{ id: ot!.id, table_config: [{ key: 'coefficient_workday', value: 200 }] }])).json()).toMatchObject({ code: 0 });

    const res = await t.app.inject({ method: 'POST', url: `${base}/recalculate-salary`, headers: await t.as('hr') });
    expect(res.statusCode).toBe(200);
    const jobId = res.json().data.jobId as number;
    expect(await runDueJobs(t.app)).toBeGreaterThanOrEqual(1);
    const job = await t.app.inject({ method: 'GET', url: `/api${jobStatusPath(jobId)}`, headers: await t.as('hr') });
    expect(job.json().data).toMatchObject({ status: 'done', percent: 100, progress: { done: 1, total: 1 }, result: { requests: 1, lines: 1 } });
    const [line] = await t.db.select().from(overtimePayLines).where(eq(overtimePayLines.overtimeRequestId, req!.id));
    expect(Number(line!.payHours)).toBe(4);
    expect(line!.coefficient).toBe(200);
    const [n] = await queryRows<{ title: string }>(t.db, sql`select title from notifications where user_id = ${t.fixture.userIds.hr} order by id desc limit 1`);
    expect(n!.title).toBe(M.recalculateDone);
    await update([{ id: ot!.id, table_config: [{ key: 'coefficient_workday', value: 150 }] }]);

    const staff = await t.app.inject({ method: 'POST', url: `${base}/recalculate-salary`, headers: await t.as('staff') });
    expect(staff.statusCode).toBe(403);
  });
});
