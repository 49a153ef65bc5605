import { hasAnyRole, PRIVILEGED_ROLES } from '@tms/contracts/roles';
import {
  MY_WORK_RECENT_DAYS,
  MY_WORK_WAITING_LIMIT,
  type MyBalances,
  type MyRequest,
  type MyToday,
  type PeriodState,
  type ToDoItem,
  type Waiting,
  type WaitingItem,
} from '@tms/contracts/my-work';
import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { addDays } from '../../lib/dates.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { allowanceLeft } from '../leave/allowance.ts';
import { annualBalance, hours2 } from '../leave/annual-balance.ts';
import { employeeBalance } from '../leave/leave.service.ts';
import { FUND_TYPE } from '../leave/leave.types.ts';
import { findPeriodContaining, isRequestForbidden, lockDateFor, type PayrollPeriod } from '../payroll-periods/payroll-periods.service.ts';
import { fundQueryKey, fundsAvailable, type FundQuery } from '../request-days/request-effects.ts';
import type { FundEffect } from '../request-days/request-form.ts';
import { scheduleDays } from '../request-days/request.repository.ts';
import { shownStatus } from '../request-days/request-rules.ts';
import * as repo from './my-work.repository.ts';

/**
 * My Work (issue 26 §2): each block answers from its owners — who approves (the assignee columns the workflows set
 * through the approver rule), the leave core's balances, the payroll-period core's lock date and closing rule, the
 * request core's schedule and shown status. docs/my-work.md says what each block counts.
 */
export type MyWorkDeps = { db: DbOrTx; clock: Clock };

async function waitingFilter(db: DbOrTx, user: SessionUser): Promise<repo.WaitingFilter> {
  return { userId: user.userId, employeeId: user.employeeId, roles: user.roles, cbDecider: hasAnyRole(user.roles, PRIVILEGED_ROLES), lockDate: await lockDateFor(db, user.employeeId) };
}

export async function waitingCount({ db }: MyWorkDeps, user: SessionUser): Promise<number> {
  return repo.waitingCount(db, await waitingFilter(db, user));
}

/**
 * The waiting list. A leave request's balance after is the fund its approval checks (`fundAvailable`, the figure the
 * request form shows, on the request's first date) minus what it draws, read for the whole list at once
 * (`fundsAvailable`, without the leave lock an approval takes).
 */
export async function waiting({ db }: MyWorkDeps, user: SessionUser): Promise<Waiting> {
  const rows = await repo.waitingItems(db, await waitingFilter(db, user), MY_WORK_WAITING_LIMIT);
  const queryOf = (r: repo.WaitingRow): FundQuery | null =>
    r.kind === 'REQUEST' && r.effect !== null && r.effect !== 'NONE' ? { employeeId: r.requester_id, effect: r.effect as FundEffect, date: r.from_date } : null;
  const funds = await fundsAvailable(db, rows.map(queryOf).filter((q): q is FundQuery => q !== null));
  const fundsOfRows = rows.map((r) => {
    const q = queryOf(r);
    return q === null ? null : (funds.get(fundQueryKey(q)) ?? null);
  });
  const items: WaitingItem[] = rows.map((r, i) => {
    const amount = r.amount === null ? null : hours2(Number(r.amount));
    const fund = fundsOfRows[i] ?? null;
    return {
      key: `${r.kind}:${r.id}${r.employee_id === null ? '' : `:${r.employee_id}`}`,
      kind: r.kind as WaitingItem['kind'],
      id: r.id,
      employee_id: r.employee_id,
      requester: { id: r.requester_id, name: r.requester_name, user_name: r.requester_user_name, department_name: r.department_name },
      title: r.title,
      from_date: r.from_date,
      to_date: r.to_date,
      amount,
      unit: r.unit,
      balance_after: fund === null || amount === null ? null : hours2(fund - amount),
      stage: r.stage as WaitingItem['stage'],
      approval_step: r.approval_step === null || r.approval_step_count === null ? null : { step: Number(r.approval_step), count: Number(r.approval_step_count) },
      created_at: r.created_at,
      version: r.version,
    };
  });
  return { total: rows[0]?.total ?? 0, items };
}

/** The caller's balances today: get-balance's annual figures, offset hours, birthday days and project leave days. */
export async function balances({ db, clock }: MyWorkDeps, user: SessionUser): Promise<MyBalances | null> {
  if (user.employeeId === null) return null;
  const date = clock.today();
  const employeeId = user.employeeId;
  const [annual, offset, birthday, project] = await Promise.all([
    annualBalance(db, { employeeId, date }),
    allowanceLeft(db, employeeId, 'OFFSET'),
    allowanceLeft(db, employeeId, 'BIRTHDAY'),
    employeeBalance(db, { employeeId, date, fundTypes: [FUND_TYPE.project] }),
  ]);
  return {
    date,
    annual_usable_hours: annual.usableHours,
    annual_advance_hours: annual.advanceHours,
    annual_balance_hours: annual.balanceHours,
    offset_hours: hours2(offset),
    birthday_days: hours2(birthday),
    project_leave_days: hours2(project.totalHours),
  };
}

/** Today's schedule (the request core's reading of the policy in force) and punches. */
export async function today({ db, clock }: MyWorkDeps, user: SessionUser): Promise<MyToday> {
  const date = clock.today();
  if (user.employeeId === null) return { date, schedule: null, punches: [] };
  const [day] = await scheduleDays(db, user.employeeId, [date]);
  const punches = await repo.punchesOn(db, user.employeeId, date, clock.timeZone);
  const schedule =
    day && day.code !== null
      ? { name: day.name ?? day.code, start_time: day.start_time, end_time: day.end_time, working: !day.holiday && (day.working ?? day.isodow <= 5), holiday: day.holiday }
      : null;
  return { date, schedule, punches: punches.map((p) => p.at) };
}

/** The caller's requests and explanations about the last 30 days and ahead, with the status the lists show (Expired derived). */
export async function myRequests({ db, clock }: MyWorkDeps, user: SessionUser): Promise<MyRequest[]> {
  if (user.employeeId === null) return [];
  const since = addDays(clock.today(), -(MY_WORK_RECENT_DAYS - 1));
  const [rows, lockDate] = [await repo.recentRequests(db, user.employeeId, since), await lockDateFor(db, user.employeeId)];
  return rows.map((r) => ({ ...r, status: shownStatus(r.status, r.from_date, lockDate) }));
}

/** Periods by date, looked up once each: a list's dates fall in one or two open periods. */
function periodLookup(db: DbOrTx, user: SessionUser) {
  const found: PayrollPeriod[] = [];
  return async (date: string): Promise<PayrollPeriod | undefined> => {
    const known = found.find((p) => p.from_date <= date && date <= p.to_date);
    if (known) return known;
    const period = await findPeriodContaining(db, date, { callerEmployeeId: user.employeeId });
    if (period) found.push(period);
    return period;
  };
}

/** What the caller must do: their unexplained cases after the lock date, each with its period's closing (the deadline). */
export async function toDo({ db }: MyWorkDeps, user: SessionUser): Promise<ToDoItem[]> {
  if (user.employeeId === null) return [];
  const cases = await repo.unexplainedCases(db, user.employeeId, await lockDateFor(db, user.employeeId));
  const periodOf = periodLookup(db, user);
  const items: ToDoItem[] = [];
  for (const c of cases) {
    const period = await periodOf(c.date);
    if (!period) continue;
    items.push({ abnormal_case_id: c.id, date: c.date, reason: c.reason, minute_violation: c.minute_violation, deadline_date: period.forbidden_request_date, deadline_hour: period.forbidden_request_time_in_hour });
  }
  return items;
}

const localTime = (clock: Clock) => new Intl.DateTimeFormat('en-GB', { timeZone: clock.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(clock.now());

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * HR's period state: the period still open for requests and explanations — the previous one until its closing (the
 * 3rd of the next month at 12:00 by default, RULES.md §5) if it is not locked yet, else today's — with the days
 * left to its closing, its unexplained cases and its pending requests per department.
 */
export async function periodState({ db, clock }: MyWorkDeps, user: SessionUser): Promise<PeriodState> {
  const date = clock.today();
  const scope = { callerEmployeeId: user.employeeId };
  const lockDate = await lockDateFor(db, user.employeeId);
  const current = await findPeriodContaining(db, date, scope);
  const previous = current ? await findPeriodContaining(db, addDays(current.from_date, -1), scope) : undefined;
  const now = { date, time: localTime(clock) };
  const open = (p: PayrollPeriod | undefined) =>
    p !== undefined && (lockDate === null || p.to_date > lockDate) && !isRequestForbidden({ date: p.forbidden_request_date, hour: p.forbidden_request_time_in_hour }, now);
  const period = open(previous) ? previous! : current;
  if (!period) return { period: null, unexplained_cases: 0, pending_requests: 0, pending_by_department: [] };
  const counts = await repo.periodCounts(db, user, { from: period.from_date, to: period.to_date }, lockDate);
  return {
    period: {
      name: period.name,
      from_date: period.from_date,
      to_date: period.to_date,
      status: period.status,
      closing_date: period.forbidden_request_date,
      closing_hour: period.forbidden_request_time_in_hour,
      days_left: Math.max(0, daysBetween(date, period.forbidden_request_date)),
    },
    unexplained_cases: counts.unexplained,
    pending_requests: counts.byDepartment.reduce((s, d) => s + d.pending, 0),
    pending_by_department: counts.byDepartment,
  };
}
