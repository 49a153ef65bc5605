import type { LeaveOverviewRow, MonthLeave } from '@tms/contracts/leave-overview';
import { formatHours } from '../../../../lib/numbers.ts';
import { leaveManagementTexts } from '../../i18n/index.ts';

/** These read the language when called: the components that call them re-render on a switch. */
const { t } = leaveManagementTexts;

/** Seniority as 'Y year(s) M month(s) D day(s)' (spec 000 §3 years/months/days_seniority); '' without a date. */
export function formatSeniority(row: Pick<LeaveOverviewRow, 'years_seniority' | 'months_seniority' | 'days_seniority'>): string {
  if (row.years_seniority === null || row.months_seniority === null || row.days_seniority === null) return '';
  return [
    t('overview.years', { count: row.years_seniority }),
    t('overview.months', { count: row.months_seniority }),
    t('overview.days', { count: row.days_seniority }),
  ].join(' ');
}

/** A month of the list as shown: its hours with 2 decimals, or 'Not allowed' when nothing accrued (spec 000 §3). */
export function monthLeaveText(month: MonthLeave): string {
  return month.totalLeave === 0 ? t('overview.notAllowed') : formatHours(month.totalLeave);
}

/** An Explain line's hours with their sign as they count in the figure (+8.00, −2.00). */
export function signedHours(hours: number): string {
  const text = formatHours(Math.abs(hours));
  if (hours > 0) return `+${text}`;
  return hours < 0 ? `−${text}` : text;
}

/** A ledger line's source as a reader understands it: the cause and what caused it. */
export function sourceText(cause: string, causeRef: string | null, scheduled = false): string {
  if (scheduled) return t('overview.scheduledExpiry');
  return causeRef ? `${cause} (${causeRef})` : cause;
}
