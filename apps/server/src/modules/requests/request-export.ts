import { REQUEST_EXPORT_COLUMNS, REQUEST_EXPORT_COLUMNS_VI } from '@tms/contracts/request-list';
import type { RequestRecord } from '@tms/contracts/requests';
import { formatInstant, toDmy } from '../../lib/dates.ts';
import { cellLabel, columnsIn } from '../../lib/file-headers.ts';
import type { CellValue, XlsxColumn } from '../../lib/xlsx.ts';

const EXPORT_WIDTHS = [
  { key: 'id', width: 8 },
  { key: 'employee', width: 26 },
  { key: 'user_name', width: 18 },
  { key: 'department', width: 22 },
  { key: 'request_type', width: 20 },
  { key: 'reason', width: 28 },
  { key: 'start_date', width: 12 },
  { key: 'end_date', width: 12 },
  { key: 'start_shift', width: 12 },
  { key: 'end_shift', width: 12 },
  { key: 'hours', width: 14 },
  { key: 'status', width: 12 },
  { key: 'approver', width: 22 },
  { key: 'description', width: 40 },
  { key: 'rejection', width: 30 },
  { key: 'created_by', width: 18 },
  { key: 'created_date', width: 20 },
] as const;

/** Columns of Request_List.xlsx (spec 001 §7.2 Export; the list's columns, spec 001 §3 Request record), headed in the requester's language. */
export const exportColumns = (): XlsxColumn[] => columnsIn({ en: REQUEST_EXPORT_COLUMNS, vi: REQUEST_EXPORT_COLUMNS_VI }, EXPORT_WIDTHS);

export function exportRow(r: RequestRecord, timeZone: string): Record<string, CellValue> {
  return {
    id: r.id,
    employee: r.employee.name,
    user_name: r.employee.user_name,
    department: r.employee.department_name,
    request_type: cellLabel(r.request_type_name),
    reason: r.reason_type_name,
    start_date: toDmy(r.start_date) ?? r.start_date,
    end_date: toDmy(r.end_date) ?? r.end_date,
    start_shift: r.start_shift === null ? null : cellLabel(r.start_shift),
    end_shift: r.end_shift === null ? null : cellLabel(r.end_shift),
    // spec 001 §9: duration to 4 decimals.
    hours: Math.round(r.quantity_in_hours * 10_000) / 10_000,
    status: cellLabel(r.status_type),
    approver: r.approver.name,
    description: r.description,
    rejection: r.reasons_for_rejection,
    created_by: r.created_by.user_name,
    created_date: formatInstant(new Date(r.created_date), timeZone) ?? r.created_date,
  };
}

/** The export's rows, batch by batch, as the streaming writer takes them. */
export async function* exportRows(batches: AsyncIterable<RequestRecord[]>, timeZone: string): AsyncGenerator<Record<string, CellValue>> {
  for await (const batch of batches) for (const r of batch) yield exportRow(r, timeZone);
}
