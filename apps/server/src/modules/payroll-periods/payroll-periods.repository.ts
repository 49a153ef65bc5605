import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { inCallerCompany, isoInstant } from '../../db/sql-fragments.ts';

/**
 * All SQL of payroll periods (RULES.md §4): finding one, the one containing a date, locking it for an edit, its status
 * change, the lock date. Other areas call payroll-periods.service.ts; recalculation, which reads periods inside one
 * statement of its own, takes `periodsOverlapping`.
 */
export const PERIODS_TABLE = 'payroll_periods';

export type PeriodRow = {
  id: number;
  company_id: number;
  name: string;
  from_date: string;
  to_date: string;
  status: number;
  working_days: number;
  is_lock: boolean;
  review_comment: string | null;
  /** The period's own closing date when set; the default is decided by forbidden-request.ts. */
  forbidden_request_date: string | null;
  forbidden_request_time_in_hour: string | null;
  /** The `forbidden_request_day` setting as stored. */
  forbidden_request_day: string | null;
  approved_at: string | null;
  last_timesheet_period_end_date: string | null;
  version: number;
};

const columns = sql`
  p.id, p.company_id, p.name, p.from_date::text as from_date, p.to_date::text as to_date, p.status, p.working_days,
  p.is_lock, p.review_comment, p.forbidden_request_date::text as forbidden_request_date, p.forbidden_request_time_in_hour,
  (select s.value from settings s where s.key = 'forbidden_request_day') as forbidden_request_day,
  ${isoInstant(sql`p.approved_at`)} as approved_at,
  (select max(q.to_date)::text from payroll_periods q where q.company_id = p.company_id and q.to_date < p.from_date)
    as last_timesheet_period_end_date,
  p.version`;

/** Which periods a lookup may see: those of the caller's company (RULES.md §3), or of one company; null = any. */
export type PeriodScope = { callerEmployeeId: number | null } | { companyId: number | null };

const inScope = (scope: PeriodScope): SQL =>
  'callerEmployeeId' in scope ? inCallerCompany(scope.callerEmployeeId) : scope.companyId === null ? sql`true` : sql`p.company_id = ${scope.companyId}`;

export async function findPeriod(db: DbOrTx, id: number, scope: PeriodScope): Promise<PeriodRow | undefined> {
  const [row] = await queryRows<PeriodRow>(db, sql`select ${columns} from payroll_periods p where p.id = ${id} and ${inScope(scope)}`);
  return row;
}

/**
 * The period containing `date` (the first by company when the scope spans several). `forUpdate` holds its row until
 * the transaction ends: a review that changes its status (`changeStatus`, an UPDATE of this row) either waits for the
 * holder to commit or, having committed first, is what this read returns (READ COMMITTED re-reads a row it waited for).
 */
export async function findPeriodContaining(db: DbOrTx, date: string, scope: PeriodScope, opts: { forUpdate?: boolean } = {}): Promise<PeriodRow | undefined> {
  const [row] = await queryRows<PeriodRow>(
    db,
    sql`select ${columns} from payroll_periods p
         where p.from_date <= ${date}::date and p.to_date >= ${date}::date and ${inScope(scope)}
         order by p.company_id, p.from_date desc, p.id
         limit 1
         ${opts.forUpdate ? sql`for update of p` : sql``}`,
  );
  return row;
}

/** The periods of the scope, newest first, each with whether it contains `today`. */
export async function listNewestFirst(db: DbOrTx, scope: PeriodScope, today: string) {
  return queryRows<{ timesheet_id: number; name: string; from_date: string; to_date: string; is_current_timesheet: boolean; status: number; is_lock: boolean; working_days: number }>(
    db,
    sql`select p.id as timesheet_id, p.name, p.from_date::text as from_date, p.to_date::text as to_date,
               (${today}::date between p.from_date and p.to_date) as is_current_timesheet,
               p.status, p.is_lock, p.working_days
          from payroll_periods p
         where ${inScope(scope)}
         order by p.from_date desc, p.id desc`,
  );
}

/** RULES.md §4: a period whose dates are locked — its timesheet approved (4) or marked `is_lock` in settings. */
const LOCKS_ITS_DATES = sql`(p.status = 4 or p.is_lock)`;

/**
 * The lock date (RULES.md §4): the end date of the most recent approved period, or of a period marked `is_lock`,
 * whichever is later; of one company, or of all (`companyId` null). null when nothing is locked.
 */
export async function lockDate(db: DbOrTx, companyId: number | null): Promise<string | null> {
  const company = companyId === null ? sql`` : sql`and p.company_id = ${companyId}`;
  const [row] = await queryRows<{ lock_date: string | null }>(
    db,
    sql`select max(p.to_date)::text as lock_date from payroll_periods p where ${LOCKS_ITS_DATES} ${company}`,
  );
  return row?.lock_date ?? null;
}

/** The company of an employee (null when there is none). */
export async function companyOfEmployee(db: DbOrTx, employeeId: number): Promise<number | null> {
  const [row] = await queryRows<{ company_id: number }>(db, sql`select company_id from employees where id = ${employeeId}`);
  return row ? Number(row.company_id) : null;
}

/** End date of the latest period of the scope whose end date is before `today`. */
export async function lastEndedPeriodEnd(db: DbOrTx, scope: PeriodScope, today: string): Promise<string | null> {
  const [row] = await queryRows<{ to_date: string | null }>(
    db,
    sql`select max(p.to_date)::text as to_date from payroll_periods p where p.to_date < ${today}::date and ${inScope(scope)}`,
  );
  return row?.to_date ?? null;
}

/** The end of the scope's latest period. */
export async function latestPeriodEnd(db: DbOrTx, scope: PeriodScope): Promise<string | null> {
  const [row] = await queryRows<{ to_date: string | null }>(db, sql`select max(p.to_date)::text as to_date from payroll_periods p where ${inScope(scope)}`);
  return row?.to_date ?? null;
}

/**
 * The status change as one conditional statement: it succeeds only while the period is still in one of `from`
 * (and at `version` when given), so of two concurrent reviews exactly one changes the row; the other's UPDATE
 * waits for the first to commit, re-checks the condition on the new row and matches nothing.
 */
export async function changeStatus(
  tx: DbOrTx,
  id: number,
  change: { from: readonly number[]; to: number; version?: number; reviewComment?: string | null; approved: boolean },
): Promise<PeriodRow | undefined> {
  const setComment = change.reviewComment === undefined ? sql`` : sql`, review_comment = ${change.reviewComment}`;
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`update payroll_periods
           set status = ${change.to},
               approved_at = ${change.approved ? sql`now()` : sql`null`},
               version = version + 1
               ${setComment}
         where id = ${id}
           and status in (${sql.join(change.from.map((s) => sql`${s}`), sql`, `)})
           ${change.version === undefined ? sql`` : sql`and version = ${change.version}`}
        returning id`,
  );
  if (!row) return undefined;
  return findPeriod(tx, id, { companyId: null });
}

/**
 * For a statement of another repository (recalculation): the periods of the companies `companies` (a subquery of
 * company ids) that overlap [from, to], as rows (id, company, from_date, to_date).
 */
export const periodsOverlapping = (companies: SQL, from: SQL, to: SQL) => sql`
  select p.id, p.company_id as company, p.from_date, p.to_date
    from payroll_periods p
   where p.company_id in (${companies})
     and p.to_date >= ${from} and p.from_date <= ${to}`;

/** `p.company_id` in the company of employee `employeeId` — every company when null or when no such employee (as `lockDateFor`). */
const employeeCompany = (employeeId: number | null | SQL): SQL =>
  employeeId === null
    ? sql`true`
    : sql`(p.company_id = (select ce.company_id from employees ce where ce.id = ${employeeId}) or not exists (select 1 from employees ce where ce.id = ${employeeId}))`;

/**
 * For a statement of another repository (a list page in one query): the lock date (RULES.md §4) of the company of
 * employee `employeeId`, as a scalar `date` expression (null when nothing is locked) — the same value as the service's
 * `lockDateFor(db, employeeId)`. Uncorrelated, so PostgreSQL evaluates it once per statement; given a column (issue 30's
 * approver digest: `u.employee_id`), the lock date of each row's employee.
 */
export const lockDateOfEmployeeSql = (employeeId: number | null | SQL): SQL =>
  sql`(select max(p.to_date) from payroll_periods p where ${LOCKS_ITS_DATES} and ${employeeCompany(employeeId)})`;

/** The same for `latestPeriodEnd(db, { callerEmployeeId })`: the end of the latest period of the caller's company. */
export const latestPeriodEndOfEmployeeSql = (employeeId: number | null): SQL =>
  sql`(select max(p.to_date) from payroll_periods p where ${inCallerCompany(employeeId)})`;
