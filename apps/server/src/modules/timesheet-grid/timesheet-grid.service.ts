import {
  TIMESHEET_GRID_MESSAGES as M,
  type DayTotal,
  type GridFilter,
  type GridListQuery,
  type GridRow,
  type GridStatistic,
  type MyDay,
  type MyTimesheet,
  type RuleValue,
  type StaffSummary,
} from '@tms/contracts/timesheet-grid';
import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { datesOf, dayEntries, totalOf, withCalendarHolidays } from './day-entries.ts';
import { fromGridFilter } from '../timesheet/employee-filter.repository.ts';
import { staffSummary } from './staff-summary.ts';
import { findPeriod, findPeriodContaining } from '../payroll-periods/payroll-periods.service.ts';
import * as repo from './timesheet-grid.repository.ts';
import { annualLeaveOfYear } from '../leave/annual-balance.ts';
import { financialYearOf } from '../leave/accrual-engine.ts';

/**
 * The Modify modal always offers a full day, a half day and nothing (spec 001 §2.1), under these notations when the
 * notations table has no value of that amount.
 */
const DEFAULT_RULE_VALUES: readonly { value: number; notation: string }[] = [
  { value: 1, notation: 'X' },
  { value: 0.5, notation: 'X/2' },
  { value: 0, notation: 'V' },
];

/** What the grid's reads need: the database and the app's business clock (lib/clock.ts), which decides "today". */
export type TimesheetGridDeps = { db: DbOrTx; clock: Clock };

/**
 * My Timesheet "Annual Leave" (docs/leave-balances.md), from the leave ledger through the leave core — the owner of
 * get-balance too: the hours granted for the period's financial year (the year of its end date, as the accrual
 * engine counts it) and the hours usable on the period's last day, or today when the period has not ended.
 */
async function annualLeave({ db, clock }: TimesheetGridDeps, employeeId: number, p: repo.Period) {
  const today = clock.today();
  const date = today < p.to_date ? today : p.to_date;
  return annualLeaveOfYear(db, { employeeId, financialYear: financialYearOf(p.to_date), date });
}

async function visiblePeriod(db: DbOrTx, user: SessionUser, id: number): Promise<repo.Period> {
  const found = await findPeriod(db, id, { callerEmployeeId: user.employeeId });
  if (!found) throw notFound(M.timesheetNotFound);
  return found;
}

/** The employee (in the caller's scope, RULES.md §3) and the days of one period: shared by both My Timesheet calls. */
async function employeePeriod(deps: TimesheetGridDeps, user: SessionUser, periodId: number, employeeId: number) {
  const { db } = deps;
  // A staff member reads a period of their own company; the employee then has to be in it as well.
  const p = await findPeriod(db, periodId, { companyId: null });
  if (!p) throw notFound(M.timesheetNotFound);
  const staff = await repo.findStaff(db, user, employeeId, p);
  if (!staff || staff.company_id !== p.company_id) throw notFound(M.employeeNotFound);
  const [{ days, edits, requests, holidays }, leave] = await Promise.all([repo.employeeDays(db, employeeId, p.from_date, p.to_date), annualLeave(deps, employeeId, p)]);
  const stored = dayEntries(datesOf(p.from_date, p.to_date), days, edits, requests);
  let explanationUses = 0;
  let nightMinutes = 0;
  for (const d of days) {
    explanationUses += d.explanation_uses;
    nightMinutes += d.night_minutes;
  }
  const summary = staffSummary(stored, {
    violationDays: staff.violation_days,
    approvedLateEarly: staff.approved_late_early,
    unapprovedLateEarly: staff.unapproved_late_early,
    totalAnnualLeave: leave.totalHours,
    remainAnnualLeave: leave.remainingHours,
    explanationUses,
    nightMinutes,
    explanationNumber: staff.explanation_number ?? 0,
    requests: {
      paidLeave: staff.paid_leave_days,
      unpaidLeave: staff.unpaid_leave_days,
      socialInsurance: staff.social_insurance_days,
      birthday: staff.birthday_leave_days,
      offset: staff.offset_leave_days,
      annual: staff.annual_leave_days,
      onsite: staff.onsite_days,
    },
  });
  return { period: p, staff, entries: withCalendarHolidays(stored, days, holidays), summary };
}

/** GET /tms/timesheets: one page of employees with every day of the period (spec 001 §2.1 HR grid). */
export async function gridList({ db }: TimesheetGridDeps, user: SessionUser, query: GridListQuery): Promise<{ rows: GridRow[]; total: number }> {
  const p = await visiblePeriod(db, user, query.timesheetId);
  const filter = fromGridFilter(query);
  const total = await repo.gridCount(db, p, filter);
  const page = await repo.gridPage(db, p, filter, query, total);
  const dates = datesOf(p.from_date, p.to_date);
  const rows = page.map((e): GridRow => {
    const timesheets = withCalendarHolidays(dayEntries(dates, e.days, e.edits, e.requests), e.days, e.holidays);
    return {
      id: e.id,
      name: e.name,
      user_name: e.user_name,
      employmentID: String(e.id),
      sf4c_id: e.sf4c_id,
      role: e.role,
      department: e.department,
      rule_type: e.rule_type,
      total_workday: totalOf(timesheets),
      violationWorkingTime: { countDaysNotEnoughWorkingTime: e.violation },
      timesheets,
    };
  });
  return { rows, total };
}

/** GET /tms/timesheets/{id}/statistic: the figures above the grid for the filtered employees. */
export async function gridStatistic({ db }: TimesheetGridDeps, user: SessionUser, id: number, filter: GridFilter): Promise<GridStatistic> {
  const p = await visiblePeriod(db, user, id);
  const s = await repo.gridStatistic(db, p, fromGridFilter(filter));
  return { ...s, total_workday: Math.round((s.total_workday ?? 0) * 100) / 100 };
}

/** GET /tms/timesheets/total/{date}: the day-header tooltip (spec 001 §2.1), over the period containing the date. */
export async function dayTotal({ db }: TimesheetGridDeps, user: SessionUser, date: string, filter: GridFilter): Promise<DayTotal> {
  const p = await findPeriodContaining(db, date, { callerEmployeeId: user.employeeId });
  if (!p) throw notFound(M.dateOutsideTimesheet);
  return repo.dayTotals(db, p, fromGridFilter(filter), date);
}

/** My Timesheet (spec 001 §2.2): the staff card, every day with its shift, and the summary. */
export async function myTimesheet(deps: TimesheetGridDeps, user: SessionUser, periodId: number, employeeId: number): Promise<MyTimesheet> {
  const { period: p, staff, entries, summary } = await employeePeriod(deps, user, periodId, employeeId);
  const schedule = await repo.scheduleDays(deps.db, employeeId, p.from_date, p.to_date);
  const byDate = new Map(schedule.map((s) => [s.date, s]));
  const days = entries.map((d): MyDay => {
    const s = byDate.get(d.date_of_issue);
    const works = d.day_type === 'WORKING' && s?.working_day === true && s.start_time !== null && s.end_time !== null;
    return { ...d, shift: works ? `${s.start_time}–${s.end_time}` : null, work_schedule_name: s?.work_schedule_name ?? null };
  });
  return {
    timesheet: { timesheet_id: p.id, name: p.name, from_date: p.from_date, to_date: p.to_date, status: p.status, working_days: p.working_days },
    staff: {
      id: staff.id,
      name: staff.name,
      user_name: staff.user_name,
      employmentID: String(staff.id),
      sf4c_id: staff.sf4c_id,
      role: staff.role,
      department: staff.department,
      rule_type: staff.rule_type,
      work_schedule_code: staff.work_schedule_code,
      work_schedule_name: staff.work_schedule_name,
      work_start_time: staff.work_start_time,
      work_end_time: staff.work_end_time,
      url_policy: staff.url_policy,
    },
    days,
    summary,
  };
}

/** My Timesheet's summary alone (spec 001 §2.2 "Calculate"). */
export async function calculateMyTimesheet(deps: TimesheetGridDeps, user: SessionUser, periodId: number, employeeId: number): Promise<StaffSummary> {
  return (await employeePeriod(deps, user, periodId, employeeId)).summary;
}

/** The Note drawer: the notations table. */
export const gridNotes = ({ db }: Pick<TimesheetGridDeps, 'db'>) => repo.notations(db);

/**
 * The Modify modal's values: numeric notations in [0, 1], the first notation (by id) per value, the defaults
 * above for a missing 1, 0.5 or 0, highest value first.
 */
export async function ruleValues({ db }: Pick<TimesheetGridDeps, 'db'>): Promise<RuleValue[]> {
  const byValue = new Map<number, string>();
  for (const n of await repo.numericNotations(db)) if (!byValue.has(n.value)) byValue.set(n.value, n.notation);
  for (const d of DEFAULT_RULE_VALUES) if (!byValue.has(d.value)) byValue.set(d.value, d.notation);
  return [...byValue.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([value, notation]) => ({ value, notation, label: `${notation} (${value})` }));
}
