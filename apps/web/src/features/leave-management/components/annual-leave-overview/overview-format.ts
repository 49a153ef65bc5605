import { LEAVE_OVERVIEW_MESSAGES as M, type LeaveOverviewRow, type MonthLeave } from '@tms/contracts/leave-overview';
import { formatHours } from '../../../../lib/numbers.ts';

/** Seniority as 'Y year(s) M month(s) D day(s)' (spec 000 §3 years/months/days_seniority); '' without a date. */
export function formatSeniority(row: Pick<LeaveOverviewRow, 'years_seniority' | 'months_seniority' | 'days_seniority'>): string {
  if (row.years_seniority === null || row.months_seniority === null || row.days_seniority === null) return '';
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  return [part(row.years_seniority, 'year'), part(row.months_seniority, 'month'), part(row.days_seniority, 'day')].join(' ');
}

/** A month of the list as shown: its hours with 2 decimals, or 'Not allowed' when nothing accrued (spec 000 §3). */
export function monthLeaveText(month: MonthLeave): string {
  return month.totalLeave === 0 ? M.notAllowed : formatHours(month.totalLeave);
}

/** An Explain line's hours with their sign as they count in the figure (+8.00, −2.00). */
export function signedHours(hours: number): string {
  const text = formatHours(Math.abs(hours));
  if (hours > 0) return `+${text}`;
  return hours < 0 ? `−${text}` : text;
}

/** A ledger line's source as a reader understands it: the cause and what caused it. */
export function sourceText(cause: string, causeRef: string | null, scheduled = false): string {
  if (scheduled) return 'Scheduled expiry (on the expire date)';
  return causeRef ? `${cause} (${causeRef})` : cause;
}
