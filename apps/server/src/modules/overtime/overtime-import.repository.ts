import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { intArray, textArray } from '../../db/sql-fragments.ts';

/** SQL of Import Overtime (spec 001 §7.3): set-based lookups, overlap checks and writes. */

export type ImportEmployee = { id: number; user_name: string; name: string; company_id: number | null };
export type ImportProject = { id: number; project_code: string };

export async function employeesByUsernames(db: DbOrTx, names: readonly string[]): Promise<ImportEmployee[]> {
  if (names.length === 0) return [];
  return queryRows<ImportEmployee>(
    db,
    sql`select e.id, e.user_name, e.name, e.company_id from employees e where lower(e.user_name) = any(${textArray(names.map((n) => n.toLowerCase()))})`,
  );
}

export async function projectsByCodes(db: DbOrTx, codes: readonly string[]): Promise<ImportProject[]> {
  if (codes.length === 0) return [];
  return queryRows<ImportProject>(db, sql`select p.id, p.project_code from projects p where lower(p.project_code) = any(${textArray(codes.map((c) => c.toLowerCase()))})`);
}

export type NewImportRequest = {
  title: string;
  projectId: number;
  otDate: string;
  start: string;
  end: string;
  otType: string;
  dateType: string;
  description: string | null;
};

/** Inserts IMPORT requests (FIXED, decided by the importer); ids in the given order. */
export async function insertRequests(tx: DbOrTx, rows: readonly NewImportRequest[], importerUserId: number, timeZone: string): Promise<number[]> {
  if (rows.length === 0) return [];
  const texts = (pick: (r: NewImportRequest) => string | null) => textArray(rows.map(pick) as string[]);
  const out = await queryRows<{ id: number; n: number }>(
    tx,
    sql`insert into overtime_requests (kind, title, project_id, ot_date, start_at, end_at, ot_type, date_type, description, source,
                                        assignee_user_id, created_by_user_id)
        select 'FIXED', r.title, r.project_id, r.ot_date::date, r.ls::timestamp at time zone ${timeZone}, r.le::timestamp at time zone ${timeZone},
               r.ot_type, r.date_type, r.description, 'IMPORT', ${importerUserId}, ${importerUserId}
          from unnest(${texts((r) => r.title)}, ${intArray(rows.map((r) => r.projectId))}, ${texts((r) => r.otDate)}, ${texts((r) => r.start)},
                      ${texts((r) => r.end)}, ${texts((r) => r.otType)}, ${texts((r) => r.dateType)}, ${texts((r) => r.description)})
               with ordinality as r(title, project_id, ot_date, ls, le, ot_type, date_type, description, n)
         order by r.n
        returning id`,
  );
  return out.map((r) => r.id);
}

/** Staff rows approved (3) by the importer. */
export async function insertApprovedStaff(tx: DbOrTx, rows: readonly { requestId: number; employeeId: number }[], importerUserId: number, now: Date): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into overtime_request_staff (overtime_request_id, employee_id, status, approver_user_id, decided_by_user_id, decided_at)
    select r, e, 3, ${importerUserId}, ${importerUserId}, ${now.toISOString()}::timestamptz
      from unnest(${intArray(rows.map((r) => r.requestId))}, ${intArray(rows.map((r) => r.employeeId))}) as x(r, e)`);
}

/**
 * Removes overwritten staff rows (and their pay lines) of IMPORT requests; a request left without staff is deleted.
 * Answers the requests deleted and those that keep other staff.
 */
export async function removeImportedStaff(tx: DbOrTx, staffIds: readonly number[]): Promise<{ deleted: number[]; kept: number[] }> {
  if (staffIds.length === 0) return { deleted: [], kept: [] };
  const removed = await queryRows<{ request_id: number; employee_id: number }>(
    tx,
    sql`delete from overtime_request_staff s using overtime_requests o
         where s.id = any(${intArray(staffIds)}) and o.id = s.overtime_request_id and o.source = 'IMPORT'
        returning s.overtime_request_id as request_id, s.employee_id`,
  );
  if (removed.length === 0) return { deleted: [], kept: [] };
  await tx.execute(sql`
    delete from overtime_pay_lines l using unnest(${intArray(removed.map((r) => r.request_id))}, ${intArray(removed.map((r) => r.employee_id))}) as x(r, e)
     where l.overtime_request_id = x.r and l.employee_id = x.e`);
  const touched = [...new Set(removed.map((r) => r.request_id))];
  const deleted = await queryRows<{ id: number }>(
    tx,
    sql`delete from overtime_requests o where o.id = any(${intArray(touched)})
          and not exists (select 1 from overtime_request_staff s where s.overtime_request_id = o.id) returning o.id`,
  );
  const gone = new Set(deleted.map((d) => d.id));
  return { deleted: [...gone], kept: touched.filter((id) => !gone.has(id)) };
}
