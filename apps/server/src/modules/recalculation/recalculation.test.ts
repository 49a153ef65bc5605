import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEVICE_KEYS_PATH, PUNCHES_PATH } from '@tms/contracts/punches';
import { queryRows } from '../../db/client.ts';
import { runWorkerTasks } from '../../lib/jobs.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertWeekdaySchedule } from '../../test/schedules.ts';
import { insertOvertime } from '../overtime-pay/ot-pay.test-support.ts';
import { newRecalcScope, queueRecalculation, runInRecalcScope, SYNC_RECALCULATION_MAX_EMPLOYEES, type RecalcScope } from '../timesheet/recalc-queue.ts';
import { claimRows, finishClaims, queuedRows, queueRanges } from '../timesheet/recalc-queue.repository.ts';
import { drainAll, drainOnce, drainScope, type DrainDeps } from './drain.ts';

/**
 * The recalculation queue (docs/recalculation.md): writes record their affected employee-days in their own
 * transaction; the request that wrote them drains them before it answers; the job worker drains the rest; two
 * drainers never compute one change twice; a failure or a dead drainer loses nothing. Clock pinned: Wednesday
 * 18 March 2026, 10:00 in the company; the days used are the weekdays of the week before.
 */
const NOW = '2026-03-18T10:00:00+07:00';
const DAYS = ['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13'];
const at = (date: string, hm: string) => `${date}T${hm}:00+07:00`;

let t: TestApp;
let deviceKey = '';
const id = (username: string) => t.fixture.employeeIds[username]!;
const deps = (): DrainDeps => ({ db: t.db, clock: t.clock });

type Day = { check_in: string | null; check_out: string | null; value: string | null };
const dayOf = async (username: string, date: string) =>
  (await queryRows<Day>(t.db, sql`select check_in, check_out, value::text as value from timesheet_days where employee_id = ${id(username)} and date = ${date}`))[0];

/** Punches stored directly: a committed change nobody has recomputed yet. */
async function storePunches(username: string, date: string, ...hms: string[]) {
  for (const hm of hms) {
    await t.db.execute(sql`insert into punches (system, attendance_check_id, employee_id, punched_at, source)
                           values ('TEST', ${username}, ${id(username)}, ${at(date, hm)}::timestamptz, 'test') on conflict do nothing`);
  }
}

async function sendPunches(items: { account: string; at: string }[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${PUNCHES_PATH}`,
    headers: { 'x-device-key': deviceKey },
    payload: { punches: items.map((p) => ({ system: 'SPEEDGATE', attendance_check_id: p.account, timestamp: p.at })) },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** DDL as the schema owner: on a PostgreSQL server the tests serve as a role that owns nothing. */
async function asOwner(statement: string) {
  const ownerUrl = (t.database as { ownerUrl?: string }).ownerUrl;
  if (!ownerUrl) {
    await t.db.execute(sql.raw(statement));
    return;
  }
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  const res = await t.app.inject({ method: 'POST', url: `/api${DEVICE_KEYS_PATH}`, headers: await t.as('admin'), payload: { system: 'SPEEDGATE', description: 'Gate' } });
  deviceKey = res.json().data.key;
  await insertWeekdaySchedule(t.db, { code: 'HCM', start: '08:30', end: '17:30', breakStart: '12:00', breakEnd: '13:00', minutes: 480 });
  await t.db.execute(sql`
    insert into staff_policies (employee_id, work_schedule_code, rule_type, lack_of_time_allowed, ot_type, apply_date, expire_date)
    select id, 'HCM', 'DAY', 15, 'OT_FIXED', '2020-01-06', '9999-12-30' from employees`);
  await t.db.execute(sql`
    insert into attendance_check_configs (employee_id, attendance_check_id, attendance_check_system, start_date, end_date)
    select id, 'SG-' || user_name, 'SPEEDGATE', '2020-01-06', '9999-12-30' from employees`);
  await t.db.execute(sql`insert into payroll_periods (company_id, name, from_date, to_date, working_days, status)
                         values (${t.fixture.companyId}, 'T03-2026', '2026-02-26', '2026-03-25', 20, 0)`);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.execute(sql`delete from recalc_queue`);
});

describe('a write and its recalculation', () => {
  it('a punch batch is recomputed before the call answers, and leaves nothing queued', async () => {
    await sendPunches([
      { account: 'SG-staff', at: at(DAYS[0]!, '08:20') },
      { account: 'SG-staff', at: at(DAYS[0]!, '17:40') },
    ]);
    expect(await dayOf('staff', DAYS[0]!)).toMatchObject({ check_in: '08:20', check_out: '17:40', value: '1.00' });
    expect(await queuedRows(t.db)).toEqual([]);
  });

  it('a rolled-back write leaves nothing queued', async () => {
    const failed = t.db.transaction(async (tx) => {
      await queueRecalculation(tx, [{ employeeId: id('staff2'), date: DAYS[1]! }]);
      throw new Error('the write failed after queueing');
    });
    await expect(failed).rejects.toThrow('the write failed after queueing');
    expect(await queuedRows(t.db)).toEqual([]);
  });

  it('the queue holds one row per employee, widened by a second change and given a new version', async () => {
    await t.db.transaction(async (tx) => {
      await queueRecalculation(tx, [{ employeeId: id('gl'), date: DAYS[2]! }, { employeeId: id('gl'), date: DAYS[1]! }]);
      await queueRecalculation(tx, { ranges: [{ employeeId: id('gl'), from: DAYS[3]!, to: DAYS[4]! }] });
    });
    expect(await queuedRows(t.db)).toEqual([
      { kind: 'days', subject_id: id('gl'), from_date: DAYS[1], to_date: DAYS[4], version: 2, claimed_by: null, attempts: 0 },
    ]);
  });

  it(`a change of more than ${SYNC_RECALCULATION_MAX_EMPLOYEES} employees is left to the job worker, which drains it`, async () => {
    await storePunches('pm', DAYS[2]!, '08:00', '17:31');
    const scope = newRecalcScope();
    // Ids without an employee are skipped by the recalculation; they only make the change large.
    const days = [{ employeeId: id('pm'), date: DAYS[2]! }];
    for (let i = 1; i <= SYNC_RECALCULATION_MAX_EMPLOYEES; i++) days.push({ employeeId: 1_000_000 + i, date: DAYS[2]! });
    const outcome = await new Promise((resolve, reject) => runInRecalcScope(scope, () => void t.db.transaction((tx) => queueRecalculation(tx, days)).then(resolve, reject)));
    expect(outcome).toBe('queued');
    expect(await drainScope(deps(), scope)).toMatchObject({ claimed: 0 });
    expect(await dayOf('pm', DAYS[2]!)).toBeUndefined();
    await runWorkerTasks(t.app);
    expect(await dayOf('pm', DAYS[2]!)).toMatchObject({ check_in: '08:00', check_out: '17:31', value: '1.00' });
    expect(await queuedRows(t.db)).toEqual([]);
  });

  it('a punch reaches the OT pay lines of the overtime around it through the same drain', async () => {
    const requestId = await insertOvertime(t, {
      kind: 'FLEXIBLE',
      status: 1,
      start: `${DAYS[3]} 19:00`,
      end: `${DAYS[3]} 22:00`,
      staff: [{ employeeId: id('staff4'), status: 1 }],
      createdByUserId: t.fixture.userIds.pm,
    });
    await sendPunches([
      { account: 'SG-staff4', at: at(DAYS[3]!, '08:30') },
      { account: 'SG-staff4', at: at(DAYS[3]!, '21:30') },
    ]);
    const lines = async () => queryRows<{ shift: string; actual: string }>(t.db, sql`select shift, duration_actual::text as actual from overtime_pay_lines where overtime_request_id = ${requestId}`);
    expect(await lines()).toEqual([{ shift: 'workday', actual: '2.50' }]);
    await sendPunches([{ account: 'SG-staff4', at: at(DAYS[3]!, '22:30') }]);
    expect(await lines()).toEqual([{ shift: 'workday', actual: '3.00' }]);
  });
});

describe('drainers', () => {
  it('two drainers draining one queue at once compute each employee-day once', async () => {
    const people = ['staff', 'staff2', 'staff3', 'staff4', 'gl', 'dl', 'pm', 'hr', 'hrm', 'other'];
    for (const u of people) await storePunches(u, DAYS[4]!, '08:25', '17:35');
    await t.db.transaction((tx) => queueRecalculation(tx, { ranges: people.map((u) => ({ employeeId: id(u), from: DAYS[0]!, to: DAYS[4]! })) }));
    // Small claims, so the two interleave.
    const drain = async (token: string) => {
      const total = { claimed: 0, days: 0 };
      for (;;) {
        const s = await drainOnce(deps(), { token, limit: 2 });
        if (s.claimed === 0) return total;
        total.claimed += s.claimed;
        total.days += s.days;
      }
    };
    const [a, b] = await Promise.all([drain('drainer-a'), drain('drainer-b')]);
    expect(a.claimed + b.claimed).toBe(people.length);
    expect(a.days + b.days).toBe(people.length * DAYS.length);
    expect(a.claimed).toBeGreaterThan(0);
    expect(b.claimed).toBeGreaterThan(0);
    for (const u of people) expect(await dayOf(u, DAYS[4]!)).toMatchObject({ check_in: '08:25', check_out: '17:35', value: '1.00' });
    expect(await queuedRows(t.db)).toEqual([]);
  });

  it('a change queued while its row is being computed is computed again', async () => {
    await storePunches('staff3', DAYS[0]!, '08:30', '17:30');
    await queueRanges(t.db, [{ employeeId: id('staff3'), from: DAYS[0]!, to: DAYS[0]! }], null);
    const claimed = await claimRows(t.db, { kind: 'days', token: 'slow-drainer', leaseMs: 60_000, limit: 10 });
    expect(claimed.map((r) => r.subject_id)).toEqual([id('staff3')]);
    // Meanwhile a writer changes the same employee: the row widens and gets a new version.
    await storePunches('staff3', DAYS[1]!, '08:30', '17:30');
    await queueRanges(t.db, [{ employeeId: id('staff3'), from: DAYS[1]!, to: DAYS[1]! }], null);
    // The slow drainer finishes the version it computed: the row stays, released, for the newer change.
    await finishClaims(t.db, 'slow-drainer', 'days', claimed.map((r) => ({ subjectId: r.subject_id, version: r.version })));
    expect(await queuedRows(t.db)).toMatchObject([{ subject_id: id('staff3'), from_date: DAYS[0], to_date: DAYS[1], version: 2, claimed_by: null }]);
    expect(await drainAll(deps())).toMatchObject({ claimed: 1, days: 2 });
    expect(await dayOf('staff3', DAYS[1]!)).toMatchObject({ value: '1.00' });
    expect(await queuedRows(t.db)).toEqual([]);
  });

  it('a claim whose drainer died is taken over once its lease has passed', async () => {
    await storePunches('hrm', DAYS[2]!, '08:30', '17:30');
    await queueRanges(t.db, [{ employeeId: id('hrm'), from: DAYS[2]!, to: DAYS[2]! }], null);
    expect(await claimRows(t.db, { kind: 'days', token: 'dead-drainer', leaseMs: 60_000, limit: 10 })).toHaveLength(1);
    // Held: nobody else takes it.
    expect(await drainAll(deps())).toMatchObject({ claimed: 0 });
    await t.db.execute(sql`update recalc_queue set claimed_until = clock_timestamp() - interval '1 second'`);
    expect(await drainAll(deps())).toMatchObject({ claimed: 1 });
    expect(await dayOf('hrm', DAYS[2]!)).toMatchObject({ check_in: '08:30', value: '1.00' });
  });

  it('a failing recomputation keeps its row queued with a delay and holds nobody else back', async () => {
    await storePunches('dl', DAYS[1]!, '08:30', '17:30');
    await storePunches('other', DAYS[1]!, '08:30', '17:30');
    await asOwner(`create or replace function test_refuse_day() returns trigger language plpgsql as $$
                   begin if new.employee_id = ${id('dl')} then raise exception 'injected failure'; end if; return new; end $$`);
    await asOwner('create trigger test_refuse_day before insert or update on timesheet_days for each row execute function test_refuse_day()');
    try {
      await queueRanges(t.db, [{ employeeId: id('dl'), from: DAYS[1]!, to: DAYS[1]! }, { employeeId: id('other'), from: DAYS[1]!, to: DAYS[1]! }], null);
      expect(await drainAll(deps())).toMatchObject({ failed: 1 });
      expect(await dayOf('other', DAYS[1]!)).toMatchObject({ value: '1.00' });
      const [row] = await queryRows<{ subject_id: number; attempts: number; waits: boolean; last_error: string }>(
        t.db,
        sql`select subject_id, attempts, not_before > clock_timestamp() as waits, last_error from recalc_queue`,
      );
      expect(row).toMatchObject({ subject_id: id('dl'), attempts: 1, waits: true });
      expect(row!.last_error).toContain('injected failure');
      // A new change to the employee is tried at once again.
      await queueRanges(t.db, [{ employeeId: id('dl'), from: DAYS[1]!, to: DAYS[1]! }], null);
      expect((await queuedRows(t.db))[0]).toMatchObject({ attempts: 0 });
    } finally {
      await asOwner('drop trigger test_refuse_day on timesheet_days');
      await asOwner('drop function test_refuse_day()');
    }
    expect(await drainAll(deps())).toMatchObject({ claimed: 1, failed: 0 });
    expect(await dayOf('dl', DAYS[1]!)).toMatchObject({ value: '1.00' });
  });

  it('a request waits for its own change when another drainer holds it', async () => {
    await storePunches('staff2', DAYS[3]!, '08:30', '17:30');
    const scope: RecalcScope = newRecalcScope();
    await new Promise((resolve, reject) =>
      runInRecalcScope(scope, () => void t.db.transaction((tx) => queueRecalculation(tx, [{ employeeId: id('staff2'), date: DAYS[3]! }])).then(resolve, reject)),
    );
    const held = await claimRows(t.db, { kind: 'days', token: 'worker', leaseMs: 60_000, limit: 10 });
    const waiting = drainScope(deps(), scope);
    // The holder lets go a moment later (here without computing it); the waiting request then drains it itself.
    await new Promise((resolve) => setTimeout(resolve, 120));
    await finishClaims(t.db, 'worker', 'days', []);
    expect(await waiting).toMatchObject({ claimed: 1 });
    expect(held).toHaveLength(1);
    expect(await dayOf('staff2', DAYS[3]!)).toMatchObject({ value: '1.00' });
  });
});
