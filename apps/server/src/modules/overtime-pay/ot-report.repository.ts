import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { APPROVED_OT } from '../../db/sql-fragments.ts';
import { departmentName } from '../../lib/localized-name.ts';

/**
 * The OT report's rows (spec 001 §7.3 report-ot): one per approved (request, staff) — fixed staff rows at 3, flexible
 * requests at 5 — with ot_date in range, read from the stored pay lines (never recomputed here). Keyset pages of
 * `limit` rows so a long range streams with bounded memory; one statement a page.
 */
export type OtReportRow = {
  k_date: string;
  k_req: number;
  k_staff: number;
  staff_id: string;
  name: string;
  department: string | null;
  project: string;
  kind: string;
  ot_type: string;
  date_type: string;
  /** Instants as epoch milliseconds (formatted in the company zone by the service). */
  start_at: number;
  end_at: number;
  check_in: number | null;
  check_out: number | null;
  offset: boolean;
  hours: Record<string, number> | null;
  actual: number | null;
  final: number | null;
  pay: number | null;
  non_tax: number | null;
};

export type OtReportKey = { date: string; req: number; staff: number };

export async function otReportPage(db: DbOrTx, q: { from: string; to: string; after: OtReportKey | null; limit: number }): Promise<OtReportRow[]> {
  const ms = (col: string) => sql`(extract(epoch from ${sql.raw(col)}) * 1000)::float8`;
  // One JSON value a row: the driver decodes one field instead of twenty (about half the time on PGlite).
  const rows = await queryRows<{ r: OtReportRow }>(
    db,
    sql`
    select row_to_json(x) as r from (
    select q.ot_date::text as k_date, q.id as k_req, s.id as k_staff,
           e.user_name as staff_id, e.name, ${departmentName(sql`d`)} as department, pr.project_name as project, q.kind, q.ot_type,
           q.date_type, ${ms('q.start_at')} as start_at, ${ms('q.end_at')} as end_at, ${ms('s.check_in')} as check_in, ${ms('s.check_out')} as check_out,
           q.is_ot_paid_by_offset_day as "offset", l.hours, l.actual, l.final, l.pay, l.non_tax
      from overtime_requests q
      join overtime_request_staff s on s.overtime_request_id = q.id
      join employees e on e.id = s.employee_id
      left join departments d on d.id = e.department_id
      join projects pr on pr.id = q.project_id
      left join lateral (
        select jsonb_object_agg(l.shift, coalesce(l.duration_confirm, l.duration_actual)::float8) as hours,
               sum(l.duration_actual)::float8 as actual, sum(coalesce(l.duration_confirm, l.duration_actual))::float8 as final,
               sum(l.pay_hours)::float8 as pay, sum(l.non_tax_hours)::float8 as non_tax
          from overtime_pay_lines l
         where l.overtime_request_id = q.id and l.employee_id = s.employee_id
      ) l on true
     where q.ot_date between ${q.from}::date and ${q.to}::date
       and ${APPROVED_OT}
       ${q.after ? sql`and (q.ot_date, q.id, s.id) > (${q.after.date}::date, ${q.after.req}, ${q.after.staff})` : sql``}
     order by q.ot_date, q.id, s.id
     limit ${q.limit}) x`,
  );
  return rows.map((row) => (typeof row.r === 'string' ? (JSON.parse(row.r) as OtReportRow) : row.r));
}
