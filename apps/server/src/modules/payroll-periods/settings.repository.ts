import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { inCallerCompany } from '../../db/sql-fragments.ts';

/** The SQL of the Settings page (spec 002 §2 Settings): working types and the payroll periods of the caller's company. */

/** The holiday calendar used when a company has no employee yet (the seed's and the fixture's default). */
const DEFAULT_CALENDAR = 'VNM_NPH';

export type WorkTypeRecord = { id: number; hr_registration_type: string; definition: string; hr_notation: string; payroll_notation: string; total: number };

export async function listWorkTypes(db: DbOrTx, page: { limit: number; offset: number }): Promise<WorkTypeRecord[]> {
  return queryRows(
    db,
    sql`select id, hr_registration_type, definition, hr_notation, payroll_notation, count(*) over ()::int as total
          from work_types order by id limit ${page.limit} offset ${page.offset}`,
  );
}

export async function countWorkTypes(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from work_types`);
  return row?.n ?? 0;
}

export type PeriodRecord = {
  id: number;
  name: string;
  from_date: string;
  to_date: string;
  working_days: number;
  status: number;
  is_lock: boolean;
  company_id: number;
  company_name: string;
  version: number;
};

const periodColumns = sql`p.id, p.name, p.from_date::text as from_date, p.to_date::text as to_date, p.working_days, p.status, p.is_lock,
  p.company_id, c.name as company_name, p.version`;

/** The periods of the caller's company (every company for a caller without one), newest first. */
export async function listPeriods(db: DbOrTx, callerEmployeeId: number | null, page: { limit: number; offset: number }): Promise<(PeriodRecord & { total: number })[]> {
  return queryRows(
    db,
    sql`select ${periodColumns}, count(*) over ()::int as total
          from payroll_periods p join companies c on c.id = p.company_id
         where ${inCallerCompany(callerEmployeeId)}
         order by p.from_date desc, p.id desc
         limit ${page.limit} offset ${page.offset}`,
  );
}

export async function countPeriods(db: DbOrTx, callerEmployeeId: number | null): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from payroll_periods p where ${inCallerCompany(callerEmployeeId)}`);
  return row?.n ?? 0;
}

/** One period of the caller's company, optionally locked for an edit. */
export async function findPeriodRecord(db: DbOrTx, id: number, callerEmployeeId: number | null, opts: { forUpdate?: boolean } = {}): Promise<PeriodRecord | undefined> {
  const [row] = await queryRows<PeriodRecord>(
    db,
    sql`select ${periodColumns} from payroll_periods p join companies c on c.id = p.company_id
         where p.id = ${id} and ${inCallerCompany(callerEmployeeId)}
         ${opts.forUpdate ? sql`for update of p` : sql``}`,
  );
  return row;
}

/**
 * The company a new period belongs to: `companyId` when the caller may see it (a caller with a company sees only
 * their own), else the caller's company; for a caller without one, the only (first) company.
 */
export async function companyFor(db: DbOrTx, callerEmployeeId: number | null, companyId: number | null): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select c.id from companies c
         where ${inCallerCompany(callerEmployeeId, sql`c.id`)} ${companyId === null ? sql`` : sql`and c.id = ${companyId}`}
         order by c.id limit 1`,
  );
  return row?.id;
}

/**
 * Serialises period creation per company until the transaction ends, so two concurrent creates cannot both pass the
 * overlap check.
 */
export async function lockCompanyPeriods(tx: DbOrTx, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payroll-periods:${companyId}`}))`);
}

/** A period of the company meeting [from, to]. */
export async function findOverlappingPeriod(db: DbOrTx, companyId: number, from: string, to: string): Promise<PeriodRecord | undefined> {
  const [row] = await queryRows<PeriodRecord>(
    db,
    sql`select ${periodColumns} from payroll_periods p join companies c on c.id = p.company_id
         where p.company_id = ${companyId} and p.from_date <= ${to}::date and p.to_date >= ${from}::date
         order by p.from_date limit 1`,
  );
  return row;
}

/** The company calendar of a company (the column or value `companyId`): the one most of its employees follow. */
const companyCalendar = (companyId: SQL) =>
  sql`coalesce(
    (select e.holiday_calendar_code from employees e where e.company_id = ${companyId}
      group by e.holiday_calendar_code order by count(*) desc, e.holiday_calendar_code limit 1),
    ${DEFAULT_CALENDAR})`;

/**
 * The open periods (not approved, not locked) holding one of `dates`, of the companies whose company calendar is
 * `calendarCode`, locked for an update: the periods whose working days a holiday change moves.
 */
export async function openPeriodsOfCalendarDates(tx: DbOrTx, calendarCode: string, dates: readonly string[]): Promise<PeriodRecord[]> {
  if (dates.length === 0) return [];
  return queryRows<PeriodRecord>(
    tx,
    sql`select ${periodColumns} from payroll_periods p join companies c on c.id = p.company_id
         where p.status <> 4 and not p.is_lock
           and exists (select 1 from unnest(cast(${`{${dates.join(',')}}`} as date[])) d(d) where d.d between p.from_date and p.to_date)
           and ${companyCalendar(sql`p.company_id`)} = ${calendarCode}
         order by p.id for update of p`,
  );
}

/** The open periods meeting [from, to] of the companies whose company calendar is `calendarCode`, oldest first. */
export async function openPeriodsOfCalendarBetween(db: DbOrTx, calendarCode: string, from: string, to: string): Promise<PeriodRecord[]> {
  return queryRows<PeriodRecord>(
    db,
    sql`select ${periodColumns} from payroll_periods p join companies c on c.id = p.company_id
         where p.status <> 4 and not p.is_lock and p.from_date <= ${to}::date and p.to_date >= ${from}::date
           and ${companyCalendar(sql`p.company_id`)} = ${calendarCode}
         order by p.from_date, p.id`,
  );
}

export async function setWorkingDays(tx: DbOrTx, id: number, workingDays: number): Promise<void> {
  await tx.execute(sql`update payroll_periods set working_days = ${workingDays}, version = version + 1 where id = ${id}`);
}

/**
 * RULES.md §4: Monday–Friday in [from, to] minus the public holidays of the company calendar — the holiday calendar
 * most of the company's employees follow (the default calendar when it has none).
 */
export async function computeWorkingDays(db: DbOrTx, companyId: number, from: string, to: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with cal as (select ${companyCalendar(sql`${companyId}`)} as code)
        select count(*)::int as n
          from generate_series(${from}::date, ${to}::date, interval '1 day') g(d)
         where extract(isodow from g.d) < 6
           and not exists (select 1 from holidays h, cal where h.calendar_code = cal.code and h.date = g.d::date)`,
  );
  return row?.n ?? 0;
}

/**
 * The same working days (RULES.md §4: Monday–Friday minus the company calendar's holidays) as dates, for every company
 * at once: issue 30's reminders count working days back and forth from today.
 */
export async function companyWorkingDates(db: DbOrTx, from: string, to: string): Promise<{ company_id: number; day: string }[]> {
  return queryRows(
    db,
    sql`with cal as (select c.id, ${companyCalendar(sql`c.id`)} as code from companies c)
        select cal.id as company_id, g.d::date::text as day
          from cal cross join generate_series(${from}::date, ${to}::date, interval '1 day') g(d)
         where extract(isodow from g.d) < 6
           and not exists (select 1 from holidays h where h.calendar_code = cal.code and h.date = g.d::date)
         order by 1, 2`,
  );
}

export async function insertPeriod(
  tx: DbOrTx,
  p: { companyId: number; name: string; fromDate: string; toDate: string; workingDays: number },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    // No forbidden_request_date: the core's default (the forbidden_request_day setting of the next month) applies.
    sql`insert into payroll_periods (company_id, name, from_date, to_date, working_days, status, is_lock)
        values (${p.companyId}, ${p.name}, ${p.fromDate}::date, ${p.toDate}::date, ${p.workingDays}, 0, false)
        returning id`,
  );
  if (!row) throw new Error('payroll_periods insert returned no row');
  return row.id;
}

/** The lock checkbox as a conditional update: false when the version is stale. */
export async function setLock(tx: DbOrTx, id: number, isLock: boolean, version: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update payroll_periods set is_lock = ${isLock}, version = version + 1 where id = ${id} and version = ${version} returning id`,
  );
  return rows.length > 0;
}
