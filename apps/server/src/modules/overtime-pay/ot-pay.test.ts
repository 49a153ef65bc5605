import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { overtimePayLines, overtimeRequestStaff } from '../../db/schema/overtime.ts';
import { employees, holidays } from '../../db/schema/organisation.ts';
import { punches } from '../../db/schema/schedules.ts';
import { queryRows } from '../../db/client.ts';
import { approvePeriodEnding } from '../../test/fixture.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { overtimeCoefficients } from './payroll-config.repository.ts';
import { recomputeOvertimePay } from './ot-pay.service.ts';
import { at, insertOvertime } from './ot-pay.test-support.ts';

/**
 * The OT pay core against the real database (RULES.md §6): lines per shift from punches, the staff rows' figures,
 * eligibility by status, confirmations kept and capped, offset credits, the lock date, the punch hook.
 * Clock pinned to 2026-05-10 (Sunday); 2026-04-29 is a Wednesday, 2026-04-30 a holiday (Thursday).
 */
let t: TestApp;
let punchSeq = 0;
const opts = () => ({ timeZone: t.app.clock.timeZone, now: t.app.clock.now() });

async function addPunches(username: string, ...locals: string[]) {
  await t.db.insert(punches).values(
    locals.map((l) => ({ system: 'TEST', attendanceCheckId: `${username}-${++punchSeq}`, employeeId: t.fixture.employeeIds[username]!, punchedAt: at(l) })),
  );
}

async function addRequest(r: {
  kind: 'FIXED' | 'FLEXIBLE';
  start: string;
  end: string;
  staff: { username: string; status?: number }[];
  status?: number | null;
  otType?: string;
  offset?: boolean;
}) {
  return insertOvertime(t, {
    ...r,
    status: r.status ?? 0,
    createdByUserId: t.fixture.userIds.pm,
    staff: r.staff.map((s) => ({ employeeId: t.fixture.employeeIds[s.username]!, status: s.status ?? 1 })),
  });
}

async function linesOf(requestId: number, username?: string) {
  const rows = await t.db
    .select()
    .from(overtimePayLines)
    .where(
      username
        ? and(eq(overtimePayLines.overtimeRequestId, requestId), eq(overtimePayLines.employeeId, t.fixture.employeeIds[username]!))
        : eq(overtimePayLines.overtimeRequestId, requestId),
    );
  return Object.fromEntries(rows.map((l) => [l.shift, { actual: Number(l.durationActual), confirm: l.durationConfirm === null ? null : Number(l.durationConfirm), pay: Number(l.payHours), nonTax: Number(l.nonTaxHours), reason: l.reason, workDate: l.workDate }]));
}

async function staffRow(requestId: number, username: string) {
  const [row] = await t.db
    .select()
    .from(overtimeRequestStaff)
    .where(and(eq(overtimeRequestStaff.overtimeRequestId, requestId), eq(overtimeRequestStaff.employeeId, t.fixture.employeeIds[username]!)));
  return row!;
}

const offsetLeft = async (username: string) =>
  Number((await t.db.select({ v: employees.remainOffsetLeave }).from(employees).where(eq(employees.id, t.fixture.employeeIds[username]!)))[0]!.v);

beforeAll(async () => {
  t = await createTestApp({ now: '2026-05-10T10:00:00+07:00' });
  await t.db.insert(holidays).values({ calendarCode: 'VNM_NPH', date: '2026-04-30', name: 'Reunification Day' });
});
afterAll(async () => t?.close());

describe('the default coefficients in the database', () => {
  it('are the statutory rates: 150/200/300 %, night +30 %, night OT +20 % of the day rate; taxable part 100 %', async () => {
    const c = await overtimeCoefficients(t.db);
    // Workday OT 150 %; day off 200 %; holiday 300 % (Labour Code 2019 art. 98.1).
    expect(c.coefficient_workday).toBe(150);
    expect(c.coefficient_day_off).toBe(200);
    expect(c.coefficient_holiday).toBe(300);
    // Night OT = day OT rate + 30 % night premium + 20 % of the daytime rate of that day (art. 98.2, 98.3; Decree
    // 145/2020 art. 57): a workday without daytime OT has a 100 % daytime rate, with daytime OT 150 %.
    expect(c.coefficient_night_workday).toBe(150 + 30 + 20 * 1.0); // 200
    expect(c.coefficient_night_workday_has_day_time).toBe(150 + 30 + 20 * 1.5); // 210
    expect(c.coefficient_night_day_off).toBe(200 + 30 + 20 * 2); // 270
    expect(c.coefficient_night_holiday).toBe(300 + 30 + 20 * 3); // 390
    // The taxable part is the normal 100 % wage; the rest is free of personal income tax.
    for (const k of ['workday', 'night_workday', 'day_off', 'night_day_off', 'holiday', 'night_holiday']) expect(c[`tax_coefficient_${k}`]).toBe(100);
  });
});

describe('recomputeOvertimePay', () => {
  it('a fixed request across midnight into a holiday: lines for the pending and approved rows, none for the rejected', async () => {
    const id = await addRequest({
      kind: 'FIXED',
      start: '2026-04-29 20:00',
      end: '2026-04-30 02:00',
      staff: [{ username: 'staff', status: 3 }, { username: 'staff4', status: 1 }, { username: 'staff2', status: 4 }],
    });
    await addPunches('staff', '2026-04-29 08:00', '2026-04-29 17:30', '2026-04-29 19:55', '2026-04-30 02:05');
    await addPunches('staff4', '2026-04-29 21:00', '2026-04-29 23:30');
    await addPunches('staff2', '2026-04-29 19:00', '2026-04-30 03:00');
    const summary = await recomputeOvertimePay(t.db, { requestIds: [id] }, opts());
    expect(summary).toEqual({ requests: 1, lines: 5 });
    expect(await linesOf(id, 'staff')).toEqual({
      workday: { actual: 2, confirm: null, pay: 3, nonTax: 1, reason: null, workDate: '2026-04-29' },
      night_workday_has_day_time: { actual: 2, confirm: null, pay: 4.2, nonTax: 2.2, reason: null, workDate: '2026-04-29' },
      night_holiday: { actual: 1, confirm: null, pay: 3.9, nonTax: 2.9, reason: null, workDate: '2026-04-30' },
    });
    // staff4: 21:00–23:30 inside the window, no break (2.5 h): 1 h day + 1.5 h night after daytime.
    expect(Object.keys(await linesOf(id, 'staff4')).sort()).toEqual(['night_workday_has_day_time', 'workday']);
    expect(await linesOf(id, 'staff2')).toEqual({});
    const row = await staffRow(id, 'staff');
    expect(row.checkIn?.toISOString()).toBe(at('2026-04-29 08:00').toISOString());
    expect(row.checkOut?.toISOString()).toBe(at('2026-04-30 02:05').toISOString());
    expect(Number(row.totalTimeActual)).toBe(5);
    expect(row.totalTimeConfirm).toBeNull();
    expect(row.payComputedAt).not.toBeNull();

    // The row is rejected later: its lines go.
    await t.db.update(overtimeRequestStaff).set({ status: 4 }).where(eq(overtimeRequestStaff.id, row.id));
    await recomputeOvertimePay(t.db, { requestIds: [id] }, opts());
    expect(await linesOf(id, 'staff')).toEqual({});
    expect(Object.keys(await linesOf(id, 'staff4'))).toHaveLength(2);
  });

  it('a flexible request: stored confirmations are kept with their reason and capped at the new actual', async () => {
    const id = await addRequest({ kind: 'FLEXIBLE', status: 3, start: '2026-05-04 18:00', end: '2026-05-04 21:00', staff: [{ username: 'staff3' }] });
    await addPunches('staff3', '2026-05-04 17:50', '2026-05-04 21:10');
    await recomputeOvertimePay(t.db, { requestIds: [id] }, opts());
    expect((await linesOf(id)).workday).toMatchObject({ actual: 3, pay: 4.5 });
    // The PM confirms 2 hours (what the flexible confirm action writes), then the pay core recomputes.
    await t.db.update(overtimePayLines).set({ durationConfirm: '2', reason: 'left early' }).where(eq(overtimePayLines.overtimeRequestId, id));
    await recomputeOvertimePay(t.db, { requestIds: [id] }, opts());
    expect((await linesOf(id)).workday).toMatchObject({ actual: 3, confirm: 2, pay: 3, nonTax: 1, reason: 'left early' });
    expect(Number((await staffRow(id, 'staff3')).totalTimeConfirm)).toBe(2);
    // A confirmation above the actual (punches corrected afterwards) is capped.
    await t.db.update(overtimePayLines).set({ durationConfirm: '2.9' }).where(eq(overtimePayLines.overtimeRequestId, id));
    await t.db.delete(punches).where(and(eq(punches.employeeId, t.fixture.employeeIds.staff3!), eq(punches.punchedAt, at('2026-05-04 21:10'))));
    await addPunches('staff3', '2026-05-04 20:30');
    await recomputeOvertimePay(t.db, { requestIds: [id] }, opts());
    expect((await linesOf(id)).workday).toMatchObject({ actual: 2.5, confirm: 2.5, pay: 3.75 });
    expect(Number((await staffRow(id, 'staff3')).totalTimeConfirm)).toBe(2.5);
  });

  it('Không OT (OT_FLEXIBLE_IGNORE) records the hours with 0 pay; rejected and cancelled flexible requests get no lines', async () => {
    const unpaid = await addRequest({ kind: 'FLEXIBLE', status: 5, otType: 'OT_FLEXIBLE_IGNORE', start: '2026-05-05 18:00', end: '2026-05-05 20:00', staff: [{ username: 'gl' }] });
    const rejected = await addRequest({ kind: 'FLEXIBLE', status: 2, start: '2026-05-06 18:00', end: '2026-05-06 20:00', staff: [{ username: 'gl' }] });
    await addPunches('gl', '2026-05-05 18:00', '2026-05-05 20:00', '2026-05-06 18:00', '2026-05-06 20:00');
    await recomputeOvertimePay(t.db, { requestIds: [unpaid, rejected] }, opts());
    expect(await linesOf(unpaid)).toMatchObject({ workday: { actual: 2, pay: 0, nonTax: 0 } });
    expect(await linesOf(rejected)).toEqual({});
  });

  it('paid by offset days: approved hours go to offset leave, the difference on a recompute, taken back when withdrawn', async () => {
    const before = await offsetLeft('staff2');
    const id = await addRequest({ kind: 'FIXED', offset: true, start: '2026-05-07 18:00', end: '2026-05-07 21:00', staff: [{ username: 'staff2', status: 3 }] });
    await addPunches('staff2', '2026-05-07 18:00', '2026-05-07 21:00');
    await recomputeOvertimePay(t.db, { requestIds: [id] }, { ...opts(), createdBy: t.fixture.userIds.hr });
    expect(await offsetLeft('staff2')).toBe(before + 3);
    expect(Number((await staffRow(id, 'staff2')).offsetHoursCredited)).toBe(3);
    expect(await linesOf(id)).toMatchObject({ workday: { actual: 3, pay: 0, nonTax: 0 } });
    // Recomputing again posts nothing.
    await recomputeOvertimePay(t.db, { requestIds: [id] }, opts());
    expect(await offsetLeft('staff2')).toBe(before + 3);
    // A punch earlier in the window: +1 hour, only the difference is posted.
    await addPunches('staff2', '2026-05-07 17:00');
    await recomputeOvertimePay(t.db, { requestIds: [id] }, opts());
    expect(await offsetLeft('staff2')).toBe(before + 3);
    // (the window starts at 18:00: the earlier punch changes check-in, not the hours)
    expect(Number((await staffRow(id, 'staff2')).totalTimeActual)).toBe(3);
    // Withdrawn: the credit is taken back, history on the request records each movement.
    await t.db.update(overtimeRequestStaff).set({ status: 5 }).where(eq(overtimeRequestStaff.overtimeRequestId, id));
    await recomputeOvertimePay(t.db, { requestIds: [id] }, opts());
    expect(await offsetLeft('staff2')).toBe(before);
    expect(Number((await staffRow(id, 'staff2')).offsetHoursCredited)).toBe(0);
    const entries = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from history where table_name = 'overtime_requests' and record_id = ${id}`);
    expect(entries[0]!.n).toBe(2);
  });

  it('a credit already used is taken back as far as it goes (never below zero), the shortfall recorded', async () => {
    const id = await addRequest({ kind: 'FIXED', offset: true, start: '2026-05-08 18:00', end: '2026-05-08 20:00', staff: [{ username: 'dl', status: 3 }] });
    await addPunches('dl', '2026-05-08 18:00', '2026-05-08 20:00');
    await recomputeOvertimePay(t.db, { requestIds: [id] }, opts());
    expect(await offsetLeft('dl')).toBe(2);
    await t.db.update(employees).set({ remainOffsetLeave: '0.5' }).where(eq(employees.id, t.fixture.employeeIds.dl!));
    await t.db.update(overtimeRequestStaff).set({ status: 5 }).where(eq(overtimeRequestStaff.overtimeRequestId, id));
    await recomputeOvertimePay(t.db, { requestIds: [id] }, opts());
    expect(await offsetLeft('dl')).toBe(0);
    const [entry] = await queryRows<{ r: { alreadyUsedHours?: number } }>(
      t.db,
      sql`select new_record as r from history where table_name = 'overtime_requests' and record_id = ${id} order by id desc limit 1`,
    );
    expect(entry!.r.alreadyUsedHours).toBe(1.5);
  });

  // A punch reaching the pay lines through the recalculation queue is tested in modules/recalculation.
  it('an employee range recomputes the OT of the requests around its days (the drain\'s target after a punch)', async () => {
    const id = await addRequest({ kind: 'FLEXIBLE', status: 1, start: '2026-05-06 19:00', end: '2026-05-06 22:00', staff: [{ username: 'staff4' }] });
    const ranges = [{ employeeId: t.fixture.employeeIds.staff4!, from: '2026-05-06', to: '2026-05-06' }];
    await addPunches('staff4', '2026-05-06 08:30', '2026-05-06 21:30');
    await recomputeOvertimePay(t.db, { ranges }, opts());
    expect(await linesOf(id)).toMatchObject({ workday: { actual: 2.5 } });
    await addPunches('staff4', '2026-05-06 22:30');
    await recomputeOvertimePay(t.db, { ranges }, opts());
    expect(await linesOf(id)).toMatchObject({ workday: { actual: 3 } });
  });

  it('a date range recomputes with the current coefficients, and never touches requests on or before the lock date', async () => {
    const open = await addRequest({ kind: 'FIXED', start: '2026-05-04 19:00', end: '2026-05-04 21:00', staff: [{ username: 'hr', status: 3 }] });
    const locked = await addRequest({ kind: 'FIXED', start: '2026-04-28 19:00', end: '2026-04-28 21:00', staff: [{ username: 'hr', status: 3 }] });
    await addPunches('hr', '2026-05-04 19:00', '2026-05-04 21:00', '2026-04-28 19:00', '2026-04-28 21:00');
    await recomputeOvertimePay(t.db, { requestIds: [open, locked] }, opts());
    expect((await linesOf(locked)).workday!.pay).toBe(3);
    await approvePeriodEnding(t.db, t.fixture.companyId, '2026-04-01', '2026-04-28');
    await t.db.execute(
      sql`update payroll_config_tables set table_config = jsonb_set(table_config, '{0,value}', '160'::jsonb) where table_code = 'payroll_overtime'`,
    );
    try {
      const summary = await recomputeOvertimePay(t.db, { from: '2026-04-01', to: '2026-05-31' }, opts());
      expect(summary.requests).toBeGreaterThan(0);
      expect((await linesOf(open)).workday!.pay).toBe(3.2);
      expect((await linesOf(locked)).workday!.pay).toBe(3);
      // A ranges target over the locked date leaves it too.
      await recomputeOvertimePay(t.db, { ranges: [{ employeeId: t.fixture.employeeIds.hr!, from: '2026-04-28', to: '2026-05-04' }] }, opts());
      expect((await linesOf(locked)).workday!.pay).toBe(3);
    } finally {
      await t.db.execute(
        sql`update payroll_config_tables set table_config = jsonb_set(table_config, '{0,value}', '150'::jsonb) where table_code = 'payroll_overtime'`,
      );
    }
  });

  it('nothing to do costs one query and answers zeros', async () => {
    expect(await recomputeOvertimePay(t.db, { ranges: [{ employeeId: t.fixture.employeeIds.admin!, from: '2026-05-01', to: '2026-05-09' }] }, opts())).toEqual({ requests: 0, lines: 0 });
    expect(await recomputeOvertimePay(t.db, { requestIds: [] }, opts())).toEqual({ requests: 0, lines: 0 });
  });
});
