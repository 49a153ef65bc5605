import type { RequestRecord } from '@tms/contracts/requests';
import { formatInstant, toDmy } from '../../lib/dates.ts';
import type { CellValue, XlsxColumn } from '../../lib/xlsx.ts';

/** Columns of Request_List.xlsx (spec 001 §7.2 Export; the list's columns, spec 001 §3 Request record). */
export const EXPORT_COLUMNS: XlsxColumn[] = [
  { header: 'ID', key: 'id', width: 8 },
  { header: 'Employee', key: 'employee', width: 26 },
  { header: 'Username', key: 'user_name', width: 18 },
  { header: 'Department', key: 'department', width: 22 },
  { header: 'Request Type', key: 'request_type', width: 20 },
  { header: 'Reason', key: 'reason', width: 28 },
  { header: 'Start Date', key: 'start_date', width: 12 },
  { header: 'End Date', key: 'end_date', width: 12 },
  { header: 'Start Shift', key: 'start_shift', width: 12 },
  { header: 'End Shift', key: 'end_shift', width: 12 },
  { header: 'Quantity (hours)', key: 'hours', width: 14 },
  { header: 'Status', key: 'status', width: 12 },
  { header: 'Approver', key: 'approver', width: 22 },
  { header: 'Description', key: 'description', width: 40 },
  { header: 'Reasons For Rejection', key: 'rejection', width: 30 },
  { header: 'Created By', key: 'created_by', width: 18 },
  { header: 'Created Date', key: 'created_date', width: 20 },
];

export function exportRow(r: RequestRecord, timeZone: string): Record<string, CellValue> {
  return {
    id: r.id,
    employee: r.employee.name,
    user_name: r.employee.user_name,
    department: r.employee.department_name,
    request_type: r.request_type_name,
    reason: r.reason_type_name,
    start_date: toDmy(r.start_date) ?? r.start_date,
    end_date: toDmy(r.end_date) ?? r.end_date,
    start_shift: r.start_shift,
    end_shift: r.end_shift,
    // spec 001 §9: duration to 4 decimals.
    hours: Math.round(r.quantity_in_hours * 10_000) / 10_000,
    status: r.status_type,
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
