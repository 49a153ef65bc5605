import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { employeeScope } from '../../lib/scope.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { departmentName, reasonTypeName } from '../../lib/localized-name.ts';

/** The SQL of special explanations (spec 001 §2.7): every statement set-based; scope (RULES.md §3) in SQL. */

export const SPECIAL_EXPLANATIONS_TABLE = 'special_explanations';

export type SpecialRow = {
  id: number;
  employee_id: number;
  employee_name: string;
  user_name: string;
  department_employee: string | null;
  date: string;
  time_hours: string;
  type: string;
  type_name: string | null;
  request_type: string;
  description: string | null;
  create_by: string | null;
  create_by_name: string | null;
  department_creator: string | null;
  cc: { employeeId: number; username: string }[] | null;
  is_from_sf4c: boolean;
  version: number;
  total: number;
};

export type ListFilter = { employeeIds?: number[]; from?: string; to?: string; limit: number; offset: number };

const idIn = (column: SQL, ids: readonly number[]) => sql`${column} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`;

/** The list's conditions: not deleted, in the caller's scope (RULES.md §3), the employees and dates asked for. */
function listWhere(user: SessionUser, f: Omit<ListFilter, 'limit' | 'offset'>): SQL[] {
  const where: SQL[] = [sql`se.deleted_at is null`, employeeScope(user, sql`se.employee_id`)];
  if (f.employeeIds && f.employeeIds.length > 0) where.push(idIn(sql`se.employee_id`, f.employeeIds));
  if (f.from) where.push(sql`se.date >= ${f.from}`);
  if (f.to) where.push(sql`se.date <= ${f.to}`);
  return where;
}

/** One page of rows in the caller's scope, newest date first, with the total (one statement). */
export async function listPage(db: DbOrTx, user: SessionUser, f: ListFilter): Promise<SpecialRow[]> {
  const where = listWhere(user, f);
  return queryRows<SpecialRow>(
    db,
    sql`select se.id, se.employee_id, e.name as employee_name, e.user_name, ${departmentName(sql`d`)} as department_employee,
               se.date::text as date, se.time_hours::text as time_hours, se.type, ${reasonTypeName(sql`rt`)} as type_name,
               se.request_type, se.description, cu.username as create_by, ce2.name as create_by_name, ${departmentName(sql`cd`)} as department_creator,
               (select json_agg(json_build_object('employeeId', ce.id, 'username', ce.user_name) order by ce.user_name)
                  from employees ce where ce.id = any(se.cc_employee_ids)) as cc,
               se.is_from_sf4c, se.version, count(*) over ()::int as total
          from special_explanations se
          join employees e on e.id = se.employee_id
          left join departments d on d.id = e.department_id
          left join reason_types rt on rt.code = se.type
          left join users cu on cu.id = se.created_by_user_id
          left join employees ce2 on ce2.id = cu.employee_id
          left join departments cd on cd.id = ce2.department_id
         where ${sql.join(where, sql` and `)}
         order by se.date desc, se.id desc
         limit ${f.limit} offset ${f.offset}`,
  );
}

/** The total when the page is past the end (no row carries it). */
export async function countRows(db: DbOrTx, user: SessionUser, f: Omit<ListFilter, 'limit' | 'offset'>): Promise<number> {
  const where = listWhere(user, f);
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from special_explanations se where ${sql.join(where, sql` and `)}`);
  return row?.n ?? 0;
}

/** `name` in the request's language. */
export type ReasonTypeRow = { code: string; request_type: string; request_code: string; name: string };

/** Active reason types, in their order; optionally of one request type. */
export async function reasonTypes(db: DbOrTx, requestType?: string): Promise<ReasonTypeRow[]> {
  return queryRows<ReasonTypeRow>(
    db,
    sql`select code, request_type, request_code, ${reasonTypeName(sql`reason_types`)} as name from reason_types
         where active ${requestType ? sql`and request_type = ${requestType}` : sql``}
         order by sort_order, code`,
  );
}

export type StaffRef = { id: number; user_name: string; name: string };

/** Employees by id (any company the caller sees; RULES.md §3). */
export async function employeesByIds(db: DbOrTx, user: SessionUser, ids: readonly number[]): Promise<StaffRef[]> {
  if (ids.length === 0) return [];
  return queryRows<StaffRef>(db, sql`select e.id, e.user_name, e.name from employees e where ${idIn(sql`e.id`, ids)} and ${employeeScope(user, sql`e.id`)}`);
}

/** Employees by user name, case-insensitive. */
export async function employeesByUsernames(db: DbOrTx, user: SessionUser, names: readonly string[]): Promise<StaffRef[]> {
  if (names.length === 0) return [];
  const lowered = [...new Set(names.map((n) => n.toLowerCase()))];
  return queryRows<StaffRef>(
    db,
    sql`select e.id, e.user_name, e.name from employees e
         where lower(e.user_name) in (${sql.join(lowered.map((n) => sql`${n}`), sql`, `)}) and ${employeeScope(user, sql`e.id`)}`,
  );
}

export type NewSpecial = {
  employeeId: number;
  date: string;
  type: string;
  requestType: string;
  timeHours: number;
  description: string | null;
  ccEmployeeIds: number[];
};

export type StoredSpecial = {
  id: number;
  employee_id: number;
  date: string;
  type: string;
  request_type: string;
  time_hours: string;
  description: string | null;
  cc_employee_ids: number[];
  version: number;
};

const STORED = sql.raw(`id, employee_id, date::text as date, type, request_type, time_hours::text as time_hours, description, cc_employee_ids, version`);

/** Inserts every row in one statement. */
export async function insertMany(tx: DbOrTx, rows: readonly NewSpecial[], userId: number): Promise<StoredSpecial[]> {
  if (rows.length === 0) return [];
  const values = rows.map(
    (r) =>
      sql`(${r.employeeId}, ${r.date}::date, ${r.type}, ${r.requestType}, ${r.timeHours}, ${r.description},
           ${sql.raw(`'{${r.ccEmployeeIds.map((n) => Math.trunc(n)).join(',')}}'`)}::int[], ${userId})`,
  );
  return queryRows<StoredSpecial>(
    tx,
    sql`insert into special_explanations (employee_id, date, type, request_type, time_hours, description, cc_employee_ids, created_by_user_id)
        values ${sql.join(values, sql`, `)}
        returning ${STORED}`,
  );
}

/** A live row in the caller's scope, locked for an edit. */
export async function findForUpdate(tx: DbOrTx, user: SessionUser, id: number): Promise<StoredSpecial | undefined> {
  const [row] = await queryRows<StoredSpecial>(
    tx,
    sql`select ${STORED} from special_explanations se
         where se.id = ${id} and se.deleted_at is null and ${employeeScope(user, sql`se.employee_id`)}
         for update`,
  );
  return row;
}

/** The edit, when the version still matches; undefined when someone else changed it first. */
export async function updateRow(
  tx: DbOrTx,
  id: number,
  version: number,
  v: { date: string; type: string; requestType: string; timeHours: number; description: string | null; ccEmployeeIds: number[] },
): Promise<StoredSpecial | undefined> {
  const cc = sql.raw(`'{${v.ccEmployeeIds.map((n) => Math.trunc(n)).join(',')}}'`);
  const [row] = await queryRows<StoredSpecial>(
    tx,
    sql`update special_explanations
           set date = ${v.date}::date, type = ${v.type}, request_type = ${v.requestType}, time_hours = ${v.timeHours},
               description = ${v.description}, cc_employee_ids = ${cc}::int[], updated_at = now(), version = version + 1
         where id = ${id} and version = ${version} and deleted_at is null
     returning ${STORED}`,
  );
  return row;
}

/** Names and mail addresses of employees (the mail to the staff and the CC list after a save). */
export async function employeeMails(db: DbOrTx, ids: readonly number[]): Promise<{ id: number; name: string; email: string | null }[]> {
  if (ids.length === 0) return [];
  return queryRows(db, sql`select e.id, e.name, e.email from employees e where ${idIn(sql`e.id`, [...new Set(ids)])}`);
}
