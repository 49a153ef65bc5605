import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';

/** Lookups of the two time-off imports (spec 001 §7.2 Imports), each one statement for the whole file. */

export type ImportEmployee = { id: number; user_name: string; name: string; user_id: number | null; username: string | null };

/** Employees by user name (case-insensitive), with their first user account (the owner who withdraws). */
export async function employeesByUsernames(db: DbOrTx, usernames: readonly string[]): Promise<ImportEmployee[]> {
  if (usernames.length === 0) return [];
  const lower = usernames.map((u) => u.toLowerCase());
  return queryRows<ImportEmployee>(
    db,
    sql`select e.id, e.user_name, e.name, u.id as user_id, u.username
          from employees e
          left join lateral (select x.id, x.username from users x where x.employee_id = e.id order by x.id limit 1) u on true
         where lower(e.user_name) = any(${`{${lower.map((u) => `"${u.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[])`,
  );
}

export type ImportReason = { code: string; request_type: string; request_code: string };

/** Every reason type (a few dozen rows). */
export async function reasonCodes(db: DbOrTx): Promise<ImportReason[]> {
  return queryRows<ImportReason>(db, sql`select code, request_type, request_code from reason_types`);
}

export type ApprovedMatch = {
  employee_id: number;
  date: string;
  reason_type: string;
  id: number;
  status: number;
  request_type: string;
  assignee_user_id: number | null;
  created_by_role: string | null;
  start_date: string;
  end_date: string;
  company_id: number;
};

/**
 * The approved leave requests covering each (employee, date, reason) of the revoke file, in one statement:
 * `keys` as parallel arrays.
 */
export async function approvedCovering(db: DbOrTx, keys: readonly { employeeId: number; date: string; reason: string }[]): Promise<ApprovedMatch[]> {
  if (keys.length === 0) return [];
  const emp = `{${keys.map((k) => k.employeeId).join(',')}}`;
  const dates = `{${keys.map((k) => k.date).join(',')}}`;
  const reasons = `{${keys.map((k) => `"${k.reason.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
  return queryRows<ApprovedMatch>(
    db,
    sql`select k.employee_id, k.date::text as date, k.reason as reason_type, r.id, r.status, r.request_type, r.assignee_user_id,
               r.created_by_role, r.start_date::text as start_date, r.end_date::text as end_date, e.company_id
          from unnest(${emp}::int[], ${dates}::date[], ${reasons}::text[]) as k(employee_id, date, reason)
          join request_dates d on d.employee_id = k.employee_id and d.date = k.date
          join requests r on r.id = d.request_id and r.status = 3 and r.reason_type = k.reason and not r.is_explanation
          join employees e on e.id = r.employee_id
         order by r.id`,
  );
}
