import type { RequestRecord } from '@tms/contracts/requests';
import { formatCount } from '../../../lib/numbers.ts';
import { requestsTexts } from '../i18n/index.ts';

type RequestsT = typeof requestsTexts.t;

/** The actions of a row's menu, as the server computed them for the caller (RULES.md §5; spec 001 §4.2). */
export type RequestAction = 'detail' | 'approve' | 'reject' | 'withdraw' | 'edit' | 'delegate';

/** The text of an action (menu item, drawer button); `t` is the caller's, else the language at call time. */
export const actionLabel = (action: RequestAction, t: RequestsT = requestsTexts.t) => t(`actions.${action}`);

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
export function dateSpan(row: Pick<RequestRecord, 'start_date' | 'end_date' | 'start_shift' | 'end_shift'>, dmy: (iso: string) => string, t: RequestsT = requestsTexts.t): string {
  const start = `${dmy(row.start_date)}${row.start_shift && row.start_shift !== 'FULL_DAY' ? ` (${shiftLabel(row.start_shift, t)})` : ''}`;
  if (row.start_date === row.end_date && row.start_shift === row.end_shift) return start;
  const end = `${dmy(row.end_date)}${row.end_shift && row.end_shift !== 'FULL_DAY' ? ` (${shiftLabel(row.end_shift, t)})` : ''}`;
  return row.start_date === row.end_date && !row.start_shift ? start : `${start} - ${end}`;
}

export function shiftLabel(shift: string | null | undefined, t: RequestsT = requestsTexts.t): string {
  return shift === 'MORNING' || shift === 'AFTERNOON' || shift === 'FULL_DAY' ? t(`shifts.${shift}`) : '';
}

/** Hours and minutes of a request: '4h', '1h 30m'. */
export function quantityText(row: Pick<RequestRecord, 'quantity_in_hours' | 'quantity_in_minutes'>, t: RequestsT = requestsTexts.t): string {
  const minutes = row.quantity_in_minutes || Math.round((Number(row.quantity_in_hours) || 0) * 60);
  const hours = formatCount(Math.floor(minutes / 60));
  const m = minutes % 60;
  return m ? t('quantity.hoursMinutes', { hours, minutes: formatCount(m) }) : t('quantity.hours', { hours });
}
