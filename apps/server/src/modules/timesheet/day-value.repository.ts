import { sql, type SQL } from 'drizzle-orm';

/**
 * The one decision of a day's final value (RULES.md §4), in SQL pieces every repository that reads or writes
 * `timesheet_days.value` uses — recalculation, HR edits, the grid, the exports:
 * - the computed value is the day engine's (attendance and shifts credited by approved requests);
 * - an HR override replaces it, and of several overrides of one employee-day the latest wins (`latestOverrides`);
 * - the stored `value` is `finalValue(...)` of those, written by recalculation and by an HR edit alike;
 * - a working day whose final value is below 1 is a violation (`violationDays`); a day without a value (not ended,
 *   outside the employment) is none.
 */

/**
 * The latest override per employee-day, as rows (employee_id, date, value) of `timesheet_overrides o`; `join` joins
 * further relations to `o` (e.g. the employees or the ranges to read) and `where` is a condition over them.
 */
export const latestOverrides = (join: SQL, where: SQL) => sql`
  select distinct on (o.employee_id, o.date) o.employee_id, o.date, o.value
    from timesheet_overrides o ${join}
   where ${where}
   order by o.employee_id, o.date, o.created_at desc, o.id desc`;

/** The value a day shows: the latest override when the day is overridden, else the computed value. */
export const finalValue = (day: { overridden: SQL; override: SQL; computed: SQL }) =>
  sql`(case when ${day.overridden} then ${day.override} else ${day.computed} end)`;

/** A stored day `td` that counts as a violation (countDaysNotEnoughWorkingTime): a working day valued below 1. */
export const isViolation = (td: string = 'td') => sql`(${sql.raw(td)}.day_type = 'WORKING' and ${sql.raw(td)}.value < 1)`;

/** The number of violation days of an employee in [from, to] (RULES.md §4 Violation), as an int subquery. */
export const violationDays = (employeeId: SQL, from: string, to: string) => sql`(
  select count(*)::int from timesheet_days vd
   where vd.employee_id = ${employeeId} and vd.date between ${from}::date and ${to}::date and ${isViolation('vd')})`;
