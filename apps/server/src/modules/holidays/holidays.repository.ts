import { sql } from 'drizzle-orm';
import type { HolidayCalendarRow, HolidayFields, HolidayRow } from '@tms/contracts/holidays';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import type { EmployeeDay } from '../timesheet/employee-days.ts';

/** All SQL of holiday calendars (issue 27 §1): `holiday_calendars`, `holidays`, and who follows a calendar. */

export const HOLIDAYS_TABLE = 'holidays';
export const HOLIDAY_CALENDARS_TABLE = 'holiday_calendars';

const columns = sql`h.id, h.calendar_code, h.date::text as date, h.name as name_en, h.name_vi, h.kind, h.note, h.version`;
const dateArray = (dates: readonly string[]) => sql`cast(${`{${dates.join(',')}}`} as date[])`;

export async function listCalendars(db: DbOrTx): Promise<HolidayCalendarRow[]> {
  return queryRows<HolidayCalendarRow>(
    db,
    sql`select c.code, c.name,
               (select count(*)::int from employees e where e.holiday_calendar_code = c.code) as employees,
               (select count(*)::int from holidays h where h.calendar_code = c.code) as holidays
          from holiday_calendars c order by c.code`,
  );
}

export async function findCalendar(db: DbOrTx, code: string): Promise<{ code: string; name: string } | undefined> {
  const [row] = await queryRows<{ code: string; name: string }>(db, sql`select code, name from holiday_calendars where code = ${code}`);
  return row;
}

/** Inserts a calendar; false when the code exists already. */
export async function insertCalendar(tx: DbOrTx, code: string, name: string): Promise<boolean> {
  const rows = await queryRows(tx, sql`insert into holiday_calendars (code, name) values (${code}, ${name}) on conflict do nothing returning code`);
  return rows.length > 0;
}

/**
 * Serialises the changes of one calendar until the transaction ends, so two concurrent writers cannot both pass the
 * duplicate or lock checks.
 */
export async function lockCalendar(tx: DbOrTx, code: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`holidays:${code}`}))`);
}

export async function listHolidays(db: DbOrTx, code: string, from: string, to: string): Promise<HolidayRow[]> {
  return queryRows<HolidayRow>(
    db,
    sql`select ${columns} from holidays h where h.calendar_code = ${code} and h.date between ${from}::date and ${to}::date order by h.date`,
  );
}

export async function findHoliday(db: DbOrTx, id: number): Promise<HolidayRow | undefined> {
  const [row] = await queryRows<HolidayRow>(db, sql`select ${columns} from holidays h where h.id = ${id}`);
  return row;
}

export async function findHolidaysOn(db: DbOrTx, code: string, dates: readonly string[]): Promise<HolidayRow[]> {
  if (dates.length === 0) return [];
  return queryRows<HolidayRow>(db, sql`select ${columns} from holidays h where h.calendar_code = ${code} and h.date = any(${dateArray(dates)}) order by h.date`);
}

export async function insertHolidays(tx: DbOrTx, code: string, items: readonly HolidayFields[]): Promise<HolidayRow[]> {
  if (items.length === 0) return [];
  const values = items.map((f) => sql`(${code}, ${f.date}::date, ${f.name_en}, ${f.name_vi}, ${f.kind}, ${f.note})`);
  return queryRows<HolidayRow>(
    tx,
    sql`with h as (insert into holidays (calendar_code, date, name, name_vi, kind, note) values ${sql.join(values, sql`, `)} returning *)
        select ${columns} from h order by h.date`,
  );
}

/** A version-checked update; undefined when the version is stale. */
export async function updateHoliday(tx: DbOrTx, id: number, version: number, f: HolidayFields): Promise<HolidayRow | undefined> {
  const [row] = await queryRows<HolidayRow>(
    tx,
    sql`with h as (update holidays set date = ${f.date}::date, name = ${f.name_en}, name_vi = ${f.name_vi}, kind = ${f.kind}, note = ${f.note},
                          version = version + 1
                    where id = ${id} and version = ${version} returning *)
        select ${columns} from h`,
  );
  return row;
}

export async function deleteHolidays(tx: DbOrTx, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await queryRows(tx, sql`delete from holidays where id = any(cast(${`{${ids.join(',')}}`} as int[])) returning id`);
  return rows.length;
}

/** A version-checked delete; false when the version is stale. */
export async function deleteHoliday(tx: DbOrTx, id: number, version: number): Promise<boolean> {
  const rows = await queryRows(tx, sql`delete from holidays where id = ${id} and version = ${version} returning id`);
  return rows.length > 0;
}

/** The employee-days a change of `code` on `dates` affects: every employee following the calendar, employed that day. */
export async function employeeDaysOf(tx: DbOrTx, code: string, dates: readonly string[]): Promise<EmployeeDay[]> {
  if (dates.length === 0) return [];
  const rows = await queryRows<{ employee_id: number; date: string }>(
    tx,
    sql`select e.id as employee_id, d.d::text as date
          from employees e cross join unnest(${dateArray(dates)}) d(d)
         where e.holiday_calendar_code = ${code} and e.start_working_day <= d.d
           and (e.last_working_day is null or e.last_working_day >= d.d)
         order by e.id, d.d`,
  );
  return rows.map((r) => ({ employeeId: r.employee_id, date: r.date }));
}
