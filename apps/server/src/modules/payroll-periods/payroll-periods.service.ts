import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { forbiddenRequestOf, isRequestForbidden } from './forbidden-request.ts';
import * as repo from './payroll-periods.repository.ts';

/**
 * The payroll-period core (RULES.md §4–§5): every area finds periods, locks them and reads the lock date through
 * these functions, never with its own SQL. Scope: `{ callerEmployeeId }` limits to the caller's company (another
 * company's period is simply not found, RULES.md §3), `{ companyId }` to one company, null to none.
 */
export type { PeriodScope } from './payroll-periods.repository.ts';
export { PERIODS_TABLE } from './payroll-periods.repository.ts';

export type PayrollPeriod = Omit<repo.PeriodRow, 'forbidden_request_date' | 'forbidden_request_time_in_hour' | 'forbidden_request_day'> & {
  /** When requests for its dates close (RULES.md §5), the default already applied. */
  forbidden_request_date: string;
  forbidden_request_time_in_hour: string;
};

function toPeriod(row: repo.PeriodRow): PayrollPeriod {
  const { forbidden_request_day: daySetting, ...rest } = row;
  const closing = forbiddenRequestOf({
    toDate: row.to_date,
    forbiddenRequestDate: row.forbidden_request_date,
    forbiddenRequestTimeInHour: row.forbidden_request_time_in_hour,
    daySetting,
  });
  return {
    ...rest,
    id: Number(row.id),
    company_id: Number(row.company_id),
    status: Number(row.status),
    working_days: Number(row.working_days),
    version: Number(row.version),
    forbidden_request_date: closing.date,
    forbidden_request_time_in_hour: closing.hour,
  };
}

const mapped = (row: repo.PeriodRow | undefined) => (row ? toPeriod(row) : undefined);

export async function findPeriod(db: DbOrTx, id: number, scope: repo.PeriodScope): Promise<PayrollPeriod | undefined> {
  return mapped(await repo.findPeriod(db, id, scope));
}

export async function findPeriodContaining(db: DbOrTx, date: string, scope: repo.PeriodScope): Promise<PayrollPeriod | undefined> {
  return mapped(await repo.findPeriodContaining(db, date, scope));
}

/** The period containing `date`, its row held until the transaction ends (an edit against a concurrent review). */
export async function lockPeriodContaining(tx: DbOrTx, date: string, scope: repo.PeriodScope): Promise<PayrollPeriod | undefined> {
  return mapped(await repo.findPeriodContaining(tx, date, scope, { forUpdate: true }));
}

export async function changePeriodStatus(tx: DbOrTx, id: number, change: Parameters<typeof repo.changeStatus>[2]): Promise<PayrollPeriod | undefined> {
  return mapped(await repo.changeStatus(tx, id, change));
}

export const listPeriodsNewestFirst = repo.listNewestFirst;
export const lastEndedPeriodEnd = repo.lastEndedPeriodEnd;
export const latestPeriodEnd = repo.latestPeriodEnd;
/** SQL fragments for another repository's statement (a list page in one query): see payroll-periods.repository.ts. */
export { lockDateOfEmployeeSql, latestPeriodEndOfEmployeeSql } from './payroll-periods.repository.ts';

/**
 * The lock date (RULES.md §4): the end date of the most recent approved timesheet, or of a period marked `is_lock`,
 * whichever is later. Nothing dated on or before it changes. null when nothing is locked. With a company, that
 * company's; without one (a bare admin account, a job over all employees) the latest of every company.
 */
export async function getLockDate(db: DbOrTx, companyId: number | null = null): Promise<string | null> {
  return repo.lockDate(db, companyId);
}

/** The lock date of the caller's company (every company for a user without an employee). */
export async function lockDateFor(db: DbOrTx, callerEmployeeId: number | null): Promise<string | null> {
  const companyId = callerEmployeeId === null ? null : await repo.companyOfEmployee(db, callerEmployeeId);
  return repo.lockDate(db, companyId);
}

/** Whether `date` is in an approved timesheet: on or before the lock date. */
export async function isDateApproved(db: DbOrTx, date: string, callerEmployeeId: number | null): Promise<boolean> {
  const lock = await lockDateFor(db, callerEmployeeId);
  return lock !== null && date <= lock;
}

/**
 * RULES.md §5: whether requests (explanations) for `date` are closed now — its period's closing date and hour have
 * passed in company time. A date in no period is not closed by this rule (the lock date still applies).
 */
export async function isRequestDateForbidden(db: DbOrTx, date: string, scope: repo.PeriodScope, clock: Clock): Promise<boolean> {
  const period = await findPeriodContaining(db, date, scope);
  if (!period) return false;
  const now = clock.now();
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: clock.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(now);
  return isRequestForbidden({ date: period.forbidden_request_date, hour: period.forbidden_request_time_in_hour }, { date: clock.today(), time });
}

export { forbiddenRequestOf, isRequestForbidden };
