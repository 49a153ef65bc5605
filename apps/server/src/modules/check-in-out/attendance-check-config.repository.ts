import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { containsPattern, employeeByRef, employeeNameContains } from '../../db/sql-fragments.ts';
import { employeeScope } from '../../lib/scope.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { departmentName } from '../../lib/localized-name.ts';

/** All SQL of the attendance-check config screens (spec 002 §3): every statement set-based, scope in SQL. */
export const ATTENDANCE_CHECK_CONFIGS_TABLE = 'attendance_check_configs';

export type StoredConfig = {
  id: number;
  employee_id: number;
  hrms_username: string;
  hrms_name: string;
  department_name: string | null;
  account_number: number | null;
  attendance_check_id: string;
  attendance_check_name: string | null;
  project: string | null;
  position: string | null;
  attendance_check_system: string;
  start_date: string;
  end_date: string;
  version: number;
};

const columns = () => sql`c.id, c.employee_id, e.user_name as hrms_username, e.name as hrms_name, ${departmentName(sql`d`)} as department_name,
  c.account_number, c.attendance_check_id, c.attendance_check_name, c.project, c.position, c.attendance_check_system,
  c.start_date::text as start_date, c.end_date::text as end_date, c.version`;
const joins = sql`join employees e on e.id = c.employee_id left join departments d on d.id = e.department_id`;

export type ConfigFilter = { keyword?: string; system?: string; attendanceCheckId?: string; date?: string };

function where(user: SessionUser, f: ConfigFilter): SQL {
  const parts: SQL[] = [employeeScope(user, sql`c.employee_id`)];
  // Vietnamese search: with and without diacritics (tms_fold, migration 0011).
  if (f.keyword) parts.push(employeeNameContains(f.keyword));
  if (f.system) parts.push(sql`c.attendance_check_system = ${f.system}`);
  if (f.attendanceCheckId) parts.push(sql`c.attendance_check_id ilike ${containsPattern(f.attendanceCheckId)}`);
  if (f.date) parts.push(sql`c.start_date <= ${f.date}::date and c.end_date >= ${f.date}::date`);
  return sql.join(parts, sql` and `);
}

/** One page, employee name then newest start first, with the total on every row. */
export async function listPage(db: DbOrTx, user: SessionUser, f: ConfigFilter & { limit: number; offset: number }): Promise<(StoredConfig & { total: number })[]> {
  return queryRows(
    db,
    sql`select ${columns()}, count(*) over ()::int as total
          from attendance_check_configs c ${joins}
         where ${where(user, f)}
         order by e.name, c.start_date desc, c.id desc
         limit ${f.limit} offset ${f.offset}`,
  );
}

/** The total when the page is past the end (no row carries it). */
export async function countRows(db: DbOrTx, user: SessionUser, f: ConfigFilter): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from attendance_check_configs c ${joins} where ${where(user, f)}`);
  return row?.n ?? 0;
}

export async function findConfig(db: DbOrTx, user: SessionUser, id: number, opts: { forUpdate?: boolean } = {}): Promise<StoredConfig | undefined> {
  const [row] = await queryRows<StoredConfig>(
    db,
    sql`select ${columns()} from attendance_check_configs c ${joins}
         where c.id = ${id} and ${employeeScope(user, sql`c.employee_id`)}
         ${opts.forUpdate ? sql`for update of c` : sql``}`,
  );
  return row;
}

/** The employee named by id or user name (case-insensitive), in the caller's scope. */
export async function findEmployee(db: DbOrTx, user: SessionUser, ref: { id: number | null; username: string | null }): Promise<{ id: number } | undefined> {
  const [row] = await queryRows<{ id: number }>(db, sql`select e.id from employees e where ${employeeByRef(ref)} and ${employeeScope(user, sql`e.id`)} limit 1`);
  return row;
}

/**
 * Serialises config changes of one account until the transaction ends, so two concurrent saves cannot both pass the
 * overlap check.
 */
export async function lockAccount(tx: DbOrTx, system: string, attendanceCheckId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`attendance-check:${system}:${attendanceCheckId}`}))`);
}

/** Another config of the same (system, id) whose date range meets [start, end]. */
export async function findOverlap(
  db: DbOrTx,
  c: { system: string; attendanceCheckId: string; startDate: string; endDate: string; exceptId?: number },
): Promise<StoredConfig | undefined> {
  const [row] = await queryRows<StoredConfig>(
    db,
    sql`select ${columns()} from attendance_check_configs c ${joins}
         where c.attendance_check_system = ${c.system} and c.attendance_check_id = ${c.attendanceCheckId}
           and c.start_date <= ${c.endDate}::date and c.end_date >= ${c.startDate}::date
           ${c.exceptId === undefined ? sql`` : sql`and c.id <> ${c.exceptId}`}
         order by c.start_date
         limit 1`,
  );
  return row;
}

export type ConfigValues = {
  employeeId: number;
  accountNumber: number | null;
  attendanceCheckId: string;
  attendanceCheckName: string | null;
  project: string | null;
  position: string | null;
  system: string;
  startDate: string;
  endDate: string;
};

export async function insertConfig(tx: DbOrTx, v: ConfigValues): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into attendance_check_configs
          (employee_id, account_number, attendance_check_id, attendance_check_name, project, position, attendance_check_system, start_date, end_date)
        values (${v.employeeId}, ${v.accountNumber}, ${v.attendanceCheckId}, ${v.attendanceCheckName}, ${v.project}, ${v.position}, ${v.system},
                ${v.startDate}::date, ${v.endDate}::date)
        returning id`,
  );
  if (!row) throw new Error('attendance_check_configs insert returned no row');
  return row.id;
}

/** The edit when the version still matches; false when someone else changed the row first. */
export async function updateConfig(tx: DbOrTx, id: number, version: number, v: ConfigValues): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update attendance_check_configs
           set employee_id = ${v.employeeId}, account_number = ${v.accountNumber}, attendance_check_id = ${v.attendanceCheckId},
               attendance_check_name = ${v.attendanceCheckName}, project = ${v.project}, position = ${v.position},
               attendance_check_system = ${v.system}, start_date = ${v.startDate}::date, end_date = ${v.endDate}::date,
               version = version + 1
         where id = ${id} and version = ${version}
        returning id`,
  );
  return rows.length > 0;
}

export async function deleteConfig(tx: DbOrTx, id: number, version?: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`delete from attendance_check_configs where id = ${id} ${version === undefined ? sql`` : sql`and version = ${version}`} returning id`,
  );
  return rows.length > 0;
}
