import {
  LEAVE_OVERVIEW_MESSAGES as M,
  TOTAL_FUND,
  monthLabel,
  type LeaveExplain,
  type LeaveExplainQuery,
  type LeaveFundExportQuery,
  type LeaveOverviewQuery,
  type LeaveOverviewRow,
} from '@tms/contracts/leave-overview';
import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { toDmy } from '../../lib/dates.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { accrualByMonth, emptyPeriodFigures, explainPeriodFigure, periodFigures, PERIOD_FUND_TYPES, type EmployeePeriodFigures } from '../leave/period-figures.ts';
import { findPeriod, findPeriodContaining, listPeriodsNewestFirst, type PayrollPeriod } from '../payroll-periods/payroll-periods.service.ts';
import type { EmployeeFilter } from '../timesheet/employee-filter.repository.ts';
import * as repo from './leave-overview.repository.ts';
import { seniorityOn } from './seniority.ts';

/**
 * Annual Leave Overview (spec 000 §2, §3, §7; RULES.md §7): per payroll period, each employee's six figures per fund
 * and in total, the accrual of each month of the financial year, the Explain view and the export. Figures come from
 * the leave core's ledger sums (modules/leave/period-figures.ts); this area picks the period and the employees.
 */

type Deps = { db: DbOrTx; clock: Clock };
type Filters = Pick<LeaveOverviewQuery, 'timesheetId' | 'employee' | 'division' | 'department' | 'role'>;

/** Employees per export chunk: what the export holds at once (twice, with the read ahead), whatever the company's size. */
export const EXPORT_CHUNK = 2000;

/**
 * The period asked for in the caller's company (another company's is not found, RULES.md §3), or by default the one
 * containing the company's today, else the latest one that has started.
 */
export async function resolvePeriod(deps: Deps, user: SessionUser, timesheetId: number | undefined): Promise<PayrollPeriod> {
  const scope = { callerEmployeeId: user.employeeId };
  if (timesheetId !== undefined) {
    const period = await findPeriod(deps.db, timesheetId, scope);
    if (!period) throw notFound(M.periodNotFound);
    return period;
  }
  const today = deps.clock.today();
  const current = await findPeriodContaining(deps.db, today, scope);
  if (current) return current;
  const started = (await listPeriodsNewestFirst(deps.db, scope, today)).find((p) => p.from_date <= today);
  const period = started ? await findPeriod(deps.db, started.timesheet_id, scope) : undefined;
  if (!period) throw notFound(M.periodNotFound);
  return period;
}

const toEmployeeFilter = (q: Filters): EmployeeFilter => ({ employeeIds: q.employee, divisionIds: q.division, departmentIds: q.department, roles: q.role });

const rangeOf = (period: PayrollPeriod) => `${toDmy(period.from_date)} - ${toDmy(period.to_date)}`;

/** The financial year of a period: the calendar year of its end (T01, 26 Dec – 25 Jan, is the new year's). */
const financialYearOf = (period: PayrollPeriod) => Number(period.to_date.slice(0, 4));

function monthList(year: number, accrued: Map<string, number> | undefined) {
  return Array.from({ length: 12 }, (_, i) => {
    const key = `${year}-${String(i + 1).padStart(2, '0')}`;
    return { month: monthLabel(key), totalLeave: accrued?.get(key) ?? 0 };
  });
}

function toRow(e: repo.OverviewEmployeeRow, period: PayrollPeriod, figures: EmployeePeriodFigures, months: LeaveOverviewRow['month_leave_list']): LeaveOverviewRow {
  const seniority = seniorityOn(e.seniority_date, period.to_date);
  return {
    employeeId: e.id,
    employee: { id: e.id, name: e.name, user_name: e.user_name },
    fullName: e.name,
    role: e.role ?? '',
    department_name: e.department_name,
    division_name: e.division_name,
    seniorityDate: toDmy(e.seniority_date),
    years_seniority: seniority?.years ?? null,
    months_seniority: seniority?.months ?? null,
    days_seniority: seniority?.days ?? null,
    hired_date: toDmy(e.start_working_day)!,
    rangeTimesheet: rangeOf(period),
    timesheetId: period.id,
    timesheet_detail: { from_date: toDmy(period.from_date)!, to_date: toDmy(period.to_date)! },
    ...figures.total,
    annual_leave: figures.byFund,
    total_leave_detail: figures.total,
    month_leave_list: months,
  };
}

/** The rows of a set of employees: one aggregate for the figures, one for the months, whatever their number. */
async function rowsOf(deps: Deps, period: PayrollPeriod, employees: repo.OverviewEmployeeRow[], withMonths: boolean): Promise<LeaveOverviewRow[]> {
  const employeeIds = employees.map((e) => e.id);
  const year = financialYearOf(period);
  const [figures, months] = await Promise.all([
    periodFigures(deps.db, { employeeIds, from: period.from_date, to: period.to_date, today: deps.clock.today() }),
    withMonths ? accrualByMonth(deps.db, { employeeIds, year }) : Promise.resolve(new Map<number, Map<string, number>>()),
  ]);
  return employees.map((e) => toRow(e, period, figures.get(e.id) ?? emptyPeriodFigures(), withMonths ? monthList(year, months.get(e.id)) : []));
}

export async function listOverview(deps: Deps, user: SessionUser, query: LeaveOverviewQuery) {
  const period = await resolvePeriod(deps, user, query.timesheetId);
  const where = repo.overviewEmployees(toEmployeeFilter(query), period, user);
  const { rows, total } = await repo.employeePage(deps.db, { where, limit: query.size, offset: (query.page - 1) * query.size });
  return { data: await rowsOf(deps, period, rows, true), page: { page: query.page, size: query.size, total_element: total } };
}

/** The request id of a ledger line's source (`request:<id>`, request-days `sourceOf`), else null. */
const requestIdOf = (causeRef: string | null): number | null => {
  const match = causeRef?.match(/^request:(\d{1,9})$/);
  return match ? Number(match[1]) : null;
};

/** The ledger lines behind one figure of one employee (404 outside the caller's scope or company). */
export async function explainFigure(deps: Deps, user: SessionUser, query: LeaveExplainQuery): Promise<LeaveExplain> {
  const period = await resolvePeriod(deps, user, query.timesheetId);
  const employee = await repo.findEmployee(deps.db, { employeeId: query.employeeId, companyId: period.company_id, user });
  if (!employee) throw notFound(M.employeeNotFound);
  const explained = await explainPeriodFigure(deps.db, {
    employeeId: employee.id,
    from: period.from_date,
    to: period.to_date,
    today: deps.clock.today(),
    figure: query.figure,
    fundTypes: query.fundType === TOTAL_FUND ? PERIOD_FUND_TYPES : [query.fundType],
  });
  const requestIds = [...new Set(explained.lines.map((l) => requestIdOf(l.causeRef)).filter((id) => id !== null))];
  const requests = new Map((await repo.requestSources(deps.db, requestIds)).map((r) => [r.id, r]));
  const requestOf = (causeRef: string | null) => {
    const found = requests.get(requestIdOf(causeRef) ?? -1);
    return found ? { id: found.id, reasonName: found.reason_name, startDate: toDmy(found.start_date)! } : null;
  };
  return {
    figure: query.figure,
    fundType: query.fundType,
    employeeId: employee.id,
    timesheetId: period.id,
    rangeTimesheet: rangeOf(period),
    sign: explained.sign,
    total: explained.total,
    lines: explained.lines.map((l) => ({
      id: l.id,
      entryDate: toDmy(l.entryDate)!,
      fundRowId: l.fundRowId,
      fundType: l.fundType,
      applyDate: toDmy(l.applyDate)!,
      expireDate: toDmy(l.expireDate)!,
      amount: l.amount,
      hours: l.hours,
      cause: l.cause,
      causeRef: l.causeRef,
      request: requestOf(l.causeRef),
      scheduled: l.scheduled,
      createdBy: l.createdBy,
      createdDate: l.createdAt,
    })),
  };
}

/**
 * Every matching employee's row for the export, in chunks of EXPORT_CHUNK employees (keyset on name, id), so the
 * export holds at most two chunks at a time whatever the company's size: the next chunk is read while the current one
 * is written (on a PostgreSQL server the two overlap). The period is resolved first, so a bad one answers JSON.
 */
export async function exportOverview(deps: Deps, user: SessionUser, query: LeaveFundExportQuery, chunk = EXPORT_CHUNK) {
  const period = await resolvePeriod(deps, user, query.timesheetId);
  const where = repo.overviewEmployees(toEmployeeFilter(query), period, user);
  type Chunk = { employees: repo.OverviewEmployeeRow[]; rows: LeaveOverviewRow[] };
  const read = (after: { name: string; id: number } | null): Promise<Chunk> => {
    const pending = (async () => {
      const employees = await repo.employeesAfter(deps.db, { where, after, limit: chunk });
      return { employees, rows: await rowsOf(deps, period, employees, false) };
    })();
    // A read ahead the export no longer waits for (client gone) must not fail as an unhandled rejection.
    pending.catch(() => undefined);
    return pending;
  };
  async function* batches(): AsyncGenerator<LeaveOverviewRow[]> {
    let next: Promise<Chunk> | null = read(null);
    while (next) {
      const { employees, rows }: Chunk = await next;
      const last = employees[employees.length - 1];
      next = employees.length === chunk && last ? read({ name: last.name, id: last.id }) : null;
      if (rows.length > 0) yield rows;
    }
  }
  return { period, batches: batches() };
}
