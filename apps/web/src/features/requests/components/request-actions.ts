import type { RequestRecord } from '@tms/contracts/requests';

/** The actions of a row's menu, as the server computed them for the caller (RULES.md §5; spec 001 §4.2). */
export type RequestAction = 'detail' | 'approve' | 'reject' | 'withdraw' | 'edit' | 'delegate';

export const ACTION_LABELS: Record<RequestAction, string> = {
  detail: 'View detail',
  approve: 'Approve',
  reject: 'Reject',
  withdraw: 'Withdraw',
  edit: 'Edit',
  delegate: 'Delegate',
};

/** The menu items of a row: detail always, then what `actions` allows. */
export function rowActions(row: Pick<RequestRecord, 'actions'>): RequestAction[] {
  const a = row.actions ?? { approve: false, reject: false, withdraw: false, edit: false, delegate: false };
  const list: RequestAction[] = ['detail'];
  if (a.approve) list.push('approve');
  if (a.reject) list.push('reject');
  if (a.withdraw) list.push('withdraw');
  if (a.edit) list.push('edit');
  if (a.delegate) list.push('delegate');
  return list;
}

/** The date span of a request as shown: 'DD/MM/YYYY' or 'DD/MM/YYYY - DD/MM/YYYY', shifts when set. */
export function dateSpan(row: Pick<RequestRecord, 'start_date' | 'end_date' | 'start_shift' | 'end_shift'>, dmy: (iso: string) => string): string {
  const start = `${dmy(row.start_date)}${row.start_shift && row.start_shift !== 'FULL_DAY' ? ` (${shiftLabel(row.start_shift)})` : ''}`;
  if (row.start_date === row.end_date && row.start_shift === row.end_shift) return start;
  const end = `${dmy(row.end_date)}${row.end_shift && row.end_shift !== 'FULL_DAY' ? ` (${shiftLabel(row.end_shift)})` : ''}`;
  return row.start_date === row.end_date && !row.start_shift ? start : `${start} - ${end}`;
}

export function shiftLabel(shift: string | null | undefined): string {
  return shift === 'MORNING' ? 'Morning' : shift === 'AFTERNOON' ? 'Afternoon' : shift === 'FULL_DAY' ? 'Full day' : '';
}

/** Hours and minutes of a request: '4h', '1h 30m'. */
export function quantityText(row: Pick<RequestRecord, 'quantity_in_hours' | 'quantity_in_minutes'>): string {
  const minutes = row.quantity_in_minutes || Math.round((Number(row.quantity_in_hours) || 0) * 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h}h ${m}m` : `${h}h`;
}
