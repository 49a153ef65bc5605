import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { intArray, textArray } from '../../db/sql-fragments.ts';

/**
 * The one overlap query of overtime (common decisions: two live requests of one person may not overlap), used by the
 * fixed and flexible forms and by Import Overtime.
 */

/** One staff member's window [start, end): ISO instants, or company-local 'YYYY-MM-DD HH:mm' texts with `localTimeZone`. */
export type OvertimeWindow = { key: number; employeeId: number; start: string; end: string };

export type OvertimeOverlap = { key: number; source: 'FORM' | 'IMPORT'; request_id: number; staff_id: number; employee_id: number; name: string };

/**
 * Stored overtime of each window's staff member whose window overlaps it — both kinds, FORM and IMPORT — that is
 * still live: a fixed staff row not rejected, withdrawn or cancelled (4, 5, 6), a flexible request not rejected by the
 * PM or the manager or cancelled (2, 4, 6; a request without a status counts as pending). `exceptRequestId` leaves
 * out the request being edited. Import Overtime decides by `source` what an overlap means (FORM refuses the row,
 * IMPORT is overwritten or refused). Rows by window key, then staff name, then request id.
 */
export async function overlappingOvertime(
  db: DbOrTx,
  windows: readonly OvertimeWindow[],
  opts: { exceptRequestId?: number | null; localTimeZone?: string } = {},
): Promise<OvertimeOverlap[]> {
  if (windows.length === 0) return [];
  const instant = (column: string) =>
    opts.localTimeZone === undefined ? sql`${sql.raw(column)}::timestamptz` : sql`(${sql.raw(column)}::timestamp at time zone ${opts.localTimeZone})`;
  return queryRows<OvertimeOverlap>(
    db,
    sql`select w.key, o.source, o.id as request_id, s.id as staff_id, s.employee_id, e.name
          from unnest(${intArray(windows.map((w) => w.key))}, ${intArray(windows.map((w) => w.employeeId))},
                      ${textArray(windows.map((w) => w.start))}, ${textArray(windows.map((w) => w.end))}) as w(key, employee_id, ws, we)
          join overtime_request_staff s on s.employee_id = w.employee_id
          join overtime_requests o on o.id = s.overtime_request_id
          join employees e on e.id = s.employee_id
         where o.start_at < ${instant('w.we')} and o.end_at > ${instant('w.ws')}
           and o.id <> ${opts.exceptRequestId ?? 0}
           and case when o.kind = 'FIXED' then s.status not in (4, 5, 6) else coalesce(o.status, 0) not in (2, 4, 6) end
         order by w.key, e.name, o.id`,
  );
}
