import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { containsPattern, intArray, isoInstant, textArray } from '../../db/sql-fragments.ts';
import { departmentName, workScheduleName } from '../../lib/localized-name.ts';

/** The SQL of the Logs page (RULES.md §8): history as one row per changed field, connection history, the mail outbox. */

/** A [from, to] range of company-local dates (YYYY-MM-DD) as a condition on an instant column. */
function localDateRange(column: SQL, timeZone: string, from?: string, to?: string): SQL[] {
  const parts: SQL[] = [];
  if (from) parts.push(sql`${column} >= (${from}::date::timestamp at time zone ${timeZone})`);
  if (to) parts.push(sql`${column} < ((${to}::date + 1)::timestamp at time zone ${timeZone})`);
  return parts;
}

export type LogFilter = {
  tables: readonly string[];
  /** Author user names (lower case). */
  staff?: readonly string[];
  employeeIds?: readonly number[];
  /** History actions (CREATE, UPDATE, STATUS, DELETE). */
  actions?: readonly string[];
  from?: string;
  to?: string;
  timeZone: string;
};

export type LogRecord = {
  history_id: number;
  ord: number;
  action: string;
  table_name: string;
  created_at: string;
  created_by_name: string | null;
  created_by_username: string | null;
  employee_id: number | null;
  employee_name: string | null;
  employee_user_name: string | null;
  workday: string | null;
  field: string;
  new_value: string | null;
  old_value: string | null;
  /** The name of what the value points to (an id or a code of another record), in the reader's language; else null. */
  new_value_name: string | null;
  old_value_name: string | null;
};

/** A stored id as an integer, or null for anything else (so a bad value never fails the cast). */
const idOf = (value: SQL) => sql`case when ${value} ~ '^[0-9]{1,9}$' then (${value})::int end`;

/**
 * The name a logged value points to (issue 26 §6: the log shows names, not ids): the fields of the logged tables
 * that hold another record's id or code. Names of departments and work schedules in the reader's language.
 */
function referencedName(table: SQL, field: SQL, value: SQL): SQL {
  return sql`case
    when ${table} = 'employees' and ${field} = 'company_id' then (select c.name from companies c where c.id = ${idOf(value)})
    when ${table} = 'employees' and ${field} = 'division_id' then (select ${departmentName(sql`d`)} from departments d where d.id = ${idOf(value)})
    when ${table} = 'employees' and ${field} = 'department' then (select ${departmentName(sql`d`)} from departments d where d.department_code = ${value})
    when ${table} = 'attendance_check_configs' and ${field} = 'employee_id' then (select e2.name from employees e2 where e2.id = ${idOf(value)})
    when ${table} in ('staff_policies', 'department_policies') and ${field} = 'work_schedule_code'
      then (select ${workScheduleName(sql`ws`)} from work_schedules ws where ws.work_schedule_code = ${value})
  end`;
}

/** Entries of the listed tables with at least one changed field, in the filter. */
function logWhere(f: LogFilter): SQL {
  const parts: SQL[] = [
    sql`h.table_name = any(${textArray([...f.tables])})`,
    sql`jsonb_array_length(case when jsonb_typeof(h.changes) = 'array' then h.changes else '[]'::jsonb end) > 0`,
  ];
  if (f.staff && f.staff.length > 0) parts.push(sql`lower(h.created_by_username) = any(${textArray([...f.staff])})`);
  if (f.employeeIds && f.employeeIds.length > 0) parts.push(sql`h.employee_id = any(${intArray(f.employeeIds)})`);
  if (f.actions && f.actions.length > 0) parts.push(sql`h.action = any(${textArray([...f.actions])})`);
  parts.push(...localDateRange(sql`h.created_at`, f.timeZone, f.from, f.to));
  return sql.join(parts, sql` and `);
}

/**
 * One page of changed fields, newest change first, in one statement. Every entry taken has at least one changed
 * field, so the newest `offset + limit` entries (read newest first through history_created_idx, or
 * history_employee_created_idx with the employee filter, and cut there) hold the page; `jsonb_array_elements` then
 * makes a row per changed field with its position. Values come as text: a JSON string without quotes, a number or
 * boolean as written, an object or list as JSON.
 */
export async function listLogs(db: DbOrTx, f: LogFilter & { limit: number; offset: number }): Promise<LogRecord[]> {
  return queryRows<LogRecord>(
    db,
    sql`with entries as (
          select h.id, h.action, h.table_name, h.created_at, h.created_by_name, h.created_by_username, h.employee_id, h.changes,
                 case when h.table_name = 'timesheet_days' then h.new_record ->> 'date' end as workday
            from history h
           where ${logWhere(f)}
           order by h.created_at desc, h.id desc
           limit ${f.offset + f.limit}
        )
        , page as (
        select en.id as history_id, ch.ord::int as ord, en.action, en.table_name, ${isoInstant(sql`en.created_at`)} as created_at,
               en.created_by_name, en.created_by_username, en.employee_id, e.name as employee_name, e.user_name as employee_user_name,
               en.workday,
               coalesce(ch.value ->> 'field', '') as field,
               ch.value #>> '{newValue}' as new_value,
               ch.value #>> '{oldValue}' as old_value,
               en.created_at as created_order
          from entries en
         cross join lateral jsonb_array_elements(en.changes) with ordinality as ch(value, ord)
          left join employees e on e.id = en.employee_id
         order by en.created_at desc, en.id desc, ch.ord
         limit ${f.limit} offset ${f.offset}
        )
        select p.history_id, p.ord, p.action, p.table_name, p.created_at, p.created_by_name, p.created_by_username, p.employee_id,
               p.employee_name, p.employee_user_name, p.workday, p.field, p.new_value, p.old_value,
               ${referencedName(sql`p.table_name`, sql`p.field`, sql`p.new_value`)} as new_value_name,
               ${referencedName(sql`p.table_name`, sql`p.field`, sql`p.old_value`)} as old_value_name
          from page p
         order by p.created_order desc, p.history_id desc, p.ord`,
  );
}

/** How many changed fields the filter finds (the page's total). */
export async function countLogs(db: DbOrTx, f: LogFilter): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select coalesce(sum(jsonb_array_length(h.changes)), 0)::int as n from history h where ${logWhere(f)}`);
  return row?.n ?? 0;
}

export type ConnectionRecord = { id: number; date_time: string; source: string; code: string; error_details: string; total: number };
export type ConnectionFilter = { from?: string; to?: string; text?: string; timeZone: string };

function connectionWhere(f: ConnectionFilter): SQL {
  const parts: SQL[] = [sql`true`, ...localDateRange(sql`c.date_time`, f.timeZone, f.from, f.to)];
  if (f.text) {
    const p = containsPattern(f.text);
    parts.push(sql`(c.code ilike ${p} or c.source ilike ${p} or c.error_details ilike ${p})`);
  }
  return sql.join(parts, sql` and `);
}

/** Integration errors, newest first (connection_history_time_idx). */
export async function listConnections(db: DbOrTx, f: ConnectionFilter & { limit: number; offset: number }): Promise<ConnectionRecord[]> {
  return queryRows<ConnectionRecord>(
    db,
    sql`select c.id, ${isoInstant(sql`c.date_time`)} as date_time, c.source, c.code, c.error_details, count(*) over ()::int as total
          from connection_history c
         where ${connectionWhere(f)}
         order by c.date_time desc, c.id desc
         limit ${f.limit} offset ${f.offset}`,
  );
}

export async function countConnections(db: DbOrTx, f: ConnectionFilter): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from connection_history c where ${connectionWhere(f)}`);
  return row?.n ?? 0;
}

export type MailRecord = {
  id: number;
  to: string;
  cc: string | null;
  subject: string;
  status: string;
  created: string;
  sent: string | null;
  error: string | null;
  text: string;
  total: number;
};
export type MailFilter = { status?: string; text?: string };

function mailWhere(f: MailFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.status) parts.push(sql`m.status = ${f.status}`);
  if (f.text) {
    const p = containsPattern(f.text);
    parts.push(sql`(m."to" ilike ${p} or m.subject ilike ${p} or coalesce(m.cc, '') ilike ${p})`);
  }
  return sql.join(parts, sql` and `);
}

/** The mail outbox, newest first (mail_outbox_created_idx). */
export async function listMail(db: DbOrTx, f: MailFilter & { limit: number; offset: number }): Promise<MailRecord[]> {
  return queryRows<MailRecord>(
    db,
    sql`select m.id, m."to", m.cc, m.subject, m.status, ${isoInstant(sql`m.created_at`)} as created, ${isoInstant(sql`m.sent_at`)} as sent,
               m.error, m.text, count(*) over ()::int as total
          from mail_outbox m
         where ${mailWhere(f)}
         order by m.created_at desc, m.id desc
         limit ${f.limit} offset ${f.offset}`,
  );
}

export async function countMail(db: DbOrTx, f: MailFilter): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from mail_outbox m where ${mailWhere(f)}`);
  return row?.n ?? 0;
}
