import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TIMESHEETS_PATH } from '@tms/contracts/timesheet-review';
import { queryRows } from '../../db/client.ts';
import { enqueueJob, getJob, runDueJobs } from '../../lib/jobs.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { periodOfMonth } from '../payroll-periods/period-calendar.ts';
import { LEAVE_ACCRUAL_JOB, leaveAccrualJob, type LeaveAccrualSummary } from './accrual.job.ts';
import { LEAVE_DAILY_SETTLE_JOB, scheduleLeaveDailySettle } from './leave-schedule.ts';

/**
 * The leave jobs through the app: a period's approval queues the accrual in its transaction; the job accrues,
 * settles the previous year and sweeps expiries, reporting progress; the hourly chain is queued once and requeues
 * itself. The clock is pinned: 10 March 2026, T02-2026 (26 Jan – 25 Feb) ended.
 */

let t: TestApp;
const T02 = periodOfMonth('2026-02');

beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-10T10:00:00+07:00' });
  await t.db.execute(sql`insert into leave_general_configs (seniority_leave_hour, seniority_leave_year, conditional_month, leave_hour_in_month, advance_leave, apply_date, expire_date)
                         values (8, 5, 80, 12, 2, '2025-01-01', '2026-12-31')`);
  const staff = t.fixture.employeeIds.staff!;
  await t.db.execute(sql`insert into timesheet_days (employee_id, date, day_type, computed_value, value)
                         select ${staff}, d::date, 'WORKING', 1, 1 from generate_series(${T02.from}::date, ${T02.from}::date + 19, interval '1 day') d`);
});
afterAll(() => t.close());

const jobsNamed = (name: string) =>
  queryRows<{ id: number; status: string; payload: unknown; created_by: number | null }>(t.db, sql`select id, status, payload, created_by from jobs where name = ${name} order by id`);

describe('leave accrual job', () => {
  it('approving a period queues the accrual for everyone; the job accrues, reports progress and a summary', async () => {
    const [period] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into payroll_periods (company_id, name, from_date, to_date, working_days, status) values (${t.fixture.companyId}, ${T02.name}, ${T02.from}, ${T02.to}, 20, 3) returning id`,
    );
    const res = await t.app.inject({ method: 'PUT', url: `/api${TIMESHEETS_PATH}/${period!.id}/review`, headers: await t.as('hr'), payload: { status: 4 } });
    expect(res.statusCode, res.body).toBe(200);
    const queued = await jobsNamed(LEAVE_ACCRUAL_JOB);
    expect(queued).toEqual([{ id: expect.any(Number), status: 'queued', payload: { employeeIds: null, reason: 'period-close' }, created_by: t.fixture.userIds.hr }]);

    // A reject does not queue one.
    await t.db.execute(sql`update payroll_periods set status = 3 where id = ${period!.id}`);
    await t.app.inject({ method: 'PUT', url: `/api${TIMESHEETS_PATH}/${period!.id}/review`, headers: await t.as('hr'), payload: { status: 2, content: 'recheck' } });
    expect(await jobsNamed(LEAVE_ACCRUAL_JOB)).toHaveLength(1);

    await runDueJobs(t.app);
    const job = await getJob(t.db, queued[0]!.id);
    expect(job).toMatchObject({ status: 'done', progress: { done: 12, total: 12 } });
    const summary = job!.result as LeaveAccrualSummary;
    // staff alone was paid in T02: default and seniority of February.
    expect(summary).toMatchObject({ employees: 12, granted: 2, adjusted: 0, removed: 0, conflicts: 0, expiredEntries: 0, conflictList: [] });
    expect(summary.ms).toBeGreaterThanOrEqual(0);
    const [rows] = await queryRows<{ n: number; by: number }>(t.db, sql`select count(*)::int as n, max(created_by) as by from leave_ledger where employee_id = ${t.fixture.employeeIds.staff!}`);
    expect(rows).toEqual({ n: 2, by: t.fixture.userIds.hr });

    // Again with nothing changed: nothing written.
    const again = await enqueueJob(t.db, { job: leaveAccrualJob, payload: { employeeIds: [t.fixture.employeeIds.staff!], reason: 'update-leave' } });
    await runDueJobs(t.app);
    expect((await getJob(t.db, again))!.result).toMatchObject({ employees: 1, granted: 0, adjusted: 0, removed: 0 });
  });

  it('sending an ended period for review queues the accrual too: its months are granted in the period, before the approval locks it', async () => {
    const T03 = periodOfMonth('2026-03');
    const staff = t.fixture.employeeIds.staff3!;
    await t.db.execute(sql`insert into timesheet_days (employee_id, date, day_type, computed_value, value)
                           select ${staff}, d::date, 'WORKING', 1, 1 from generate_series(${T03.from}::date, ${T03.from}::date + 19, interval '1 day') d`);
    const [period] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into payroll_periods (company_id, name, from_date, to_date, working_days, status) values (${t.fixture.companyId}, ${T03.name}, ${T03.from}, ${T03.to}, 20, 0) returning id`,
    );
    const before = (await jobsNamed(LEAVE_ACCRUAL_JOB)).length;
    t.clock.set('2026-03-27T10:00:00+07:00');
    try {
      const res = await t.app.inject({ method: 'PUT', url: `/api${TIMESHEETS_PATH}/${period!.id}/request-review`, headers: await t.as('hr'), payload: {} });
      expect(res.statusCode, res.body).toBe(200);
      const queued = await jobsNamed(LEAVE_ACCRUAL_JOB);
      expect(queued).toHaveLength(before + 1);
      expect(queued.at(-1)).toMatchObject({ status: 'queued', payload: { employeeIds: null, reason: 'period-review' } });
      await runDueJobs(t.app);
    } finally {
      t.clock.set('2026-03-10T10:00:00+07:00');
    }
    const granted = await queryRows<{ key: string; entry_date: string }>(
      t.db,
      sql`select f.source_key as key, l.entry_date::text as entry_date from leave_ledger l join leave_fund_rows f on f.id = l.fund_row_id
           where l.employee_id = ${staff} order by f.source_key`,
    );
    // The lock date is 25 Feb (T02 approved above): T03's months are dated on its own end.
    expect(granted).toEqual([
      { key: 'default:2026-03', entry_date: '2026-03-25' },
      { key: 'seniority:2026-03', entry_date: '2026-03-25' },
    ]);
  });

  it('the hourly chain is queued once, sweeps expiries and queues its next link', async () => {
    await scheduleLeaveDailySettle(t.db);
    await scheduleLeaveDailySettle(t.db);
    expect(await jobsNamed(LEAVE_DAILY_SETTLE_JOB)).toHaveLength(1);
    await t.db.execute(sql`insert into leave_fund_rows (employee_id, fund_type, amount, apply_date, expire_date) values (${t.fixture.employeeIds.staff2!}, 'prioritize_leave', 4, '2026-01-01', '2026-03-01')`);
    await t.db.execute(sql`insert into leave_ledger (employee_id, fund_row_id, amount, cause, entry_date)
                           select employee_id, id, 4, 'GRANT', apply_date from leave_fund_rows where fund_type = 'prioritize_leave'`);
    const [first] = await jobsNamed(LEAVE_DAILY_SETTLE_JOB);
    await runDueJobs(t.app);
    expect((await getJob(t.db, first!.id))!.result).toMatchObject({ today: '2026-03-10', expiredEntries: 1, yearEnd: { entries: 0 } });
    const chain = await jobsNamed(LEAVE_DAILY_SETTLE_JOB);
    expect(chain.map((j) => j.status)).toEqual(['done', 'queued']);
  });
});
