import { sql, type SQL } from 'drizzle-orm';

/**
 * SQL pieces more than one repository needs, kept once so their meaning cannot drift apart.
 */

/** A timestamptz as an ISO instant text ('2026-11-21T01:34:00.000Z'), the same on PGlite and a server. */
export const isoInstant = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The user's role short names, sorted (null when none). */
export const userRolesArray = (userId: SQL) => sql`(select array_agg(r.role order by r.role) from user_roles r where r.user_id = ${userId})`;

/** RULES.md §2: PM is the relation "manages at least one active project". */
export const managesActiveProject = (employeeId: SQL) =>
  sql`exists (select 1 from projects p where p.pm_employee_id = ${employeeId} and p.status = 'Active')`;

/**
 * A payroll period column in the caller's company (periods of another company answer 404, RULES.md §3); a user
 * without an employee (a bare admin account) sees every company.
 */
export const inCallerCompany = (callerEmployeeId: number | null, column: SQL = sql`p.company_id`) =>
  callerEmployeeId === null ? sql`true` : sql`${column} = (select e.company_id from employees e where e.id = ${callerEmployeeId})`;

/**
 * Paid OT, over an overtime request `q` and its staff row `s` (RULES.md §6): a fixed staff row approved (3), a flexible
 * request approved (5). The OT pay engine credits offset leave on it, the day's recalculation reads its windows, and the
 * OT report and the Timesheets Summary count only these rows' lines.
 */
export const APPROVED_OT = sql`(case when q.kind = 'FIXED' then s.status = 3 else q.status = 5 end)`;

/** `%text%` for LIKE with the caller's wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Remote search (issue 7 §8): `column` contains `text` ignoring case and diacritics, so 'son' finds Sơn and 'dang van'
 * finds Đặng Văn. `tms_fold` (migration 0011) folds both sides; its expression indexes serve this condition.
 */
export const foldedContains = (column: SQL, text: string) => sql`tms_fold(${column}) like tms_fold(${containsPattern(text)})`;

/** An employee row (alias `e` unless given) whose name or user name contains `text`, folded as `foldedContains`. */
export const employeeNameContains = (text: string, employee: SQL = sql`e`) =>
  sql`(${foldedContains(sql`${employee}.name`, text)} or ${foldedContains(sql`${employee}.user_name`, text)})`;

/**
 * Integers as one bound `int[]` parameter: one placeholder however many ids (a VALUES or IN list of 10,000 ids would
 * use 10,000 of PostgreSQL's 65,535). Use as `x = any(${intArray(ids)})` or `unnest(${intArray(ids)})`.
 */
export const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** Values as a bound IN list: `x in (${inList(values)})`, for short lists of known values (fund types, causes). */
export const inList = <T extends string | number>(values: readonly T[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/**
 * A PostgreSQL array literal of texts ('{"a","b",NULL}'): each text quoted with its quotes and backslashes escaped, a
 * null as NULL. Bind it as one parameter and cast it (`${textArrayLiteral(v)}::text[]`), as `intArray` does for ids.
 */
export const textArrayLiteral = (values: readonly (string | null)[]): string =>
  `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;

/** Texts as one bound `text[]` parameter: `x = any(${textArray(codes)})`. */
export const textArray = (values: readonly string[]) => sql`${textArrayLiteral(values)}::text[]`;

/** The employee (alias `e`) named by its id when given, else by its user name in any case. */
export const employeeByRef = (ref: { id?: number | null; username?: string | null }) =>
  ref.id !== undefined && ref.id !== null ? sql`e.id = ${ref.id}` : sql`lower(e.user_name) = lower(${ref.username ?? ''})`;

/** The employees (alias `e`) named by any of `ids` or any of `usernames` (any case). */
export const employeeByRefs = (ids: readonly number[], usernames: readonly string[]) =>
  sql`(e.id = any(${intArray(ids)}) or lower(e.user_name) = any(${textArray(usernames.map((u) => u.toLowerCase()))}))`;

/**
 * A project membership row (alias given, e.g. sql`m`) that holds on `date`: a membership with dates counts only inside
 * them, one without dates always. "A project member on a date" for flexible overtime and the check-time report alike.
 */
export const projectMembershipOn = (member: SQL, date: SQL) =>
  sql`((${member}.from_date is null or ${member}.from_date <= ${date}) and (${member}.to_date is null or ${member}.to_date >= ${date}))`;

/** An int array literal ('{1,NULL,3}') for one bound parameter: a fixed parameter count whatever the list's length. */
export const intArrayLiteral = (values: readonly (number | null)[]): string =>
  // join alone when there is no null (it would write one as an empty element): the recalculation sends 300,000-element arrays.
  `{${values.includes(null) ? values.map((x) => (x === null ? 'NULL' : String(x))).join(',') : values.join(',')}}`;
