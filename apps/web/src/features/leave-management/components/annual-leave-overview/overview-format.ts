import type { ExplainLine, LeaveOverviewRow, MonthLeave } from '@tms/contracts/leave-overview';
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

const CAUSES = ['GRANT', 'ADJUST', 'REMOVE', 'USE', 'RETURN', 'EXPIRE', 'CARRYOVER'] as const;
type Cause = (typeof CAUSES)[number];
const causeName = (cause: string) => ((CAUSES as readonly string[]).includes(cause) ? t(`overview.causes.${cause as Cause}`) : cause);

export type LedgerSource = { text: string; requestId: number | null };

/**
 * A ledger line's source as a reader understands it (issue 26 §11: it read 'USE (request:37)'): the cause by its
 * name and what caused it — the request by its reason and first day ('Used: Annual leave request 03/12/2026', with
 * the request's id for a link), the employee form's adjustment, the year end. Internal references (accrual keys,
 * row ids, demo data) are not shown.
 */
export function ledgerSource(line: Pick<ExplainLine, 'cause' | 'causeRef' | 'scheduled' | 'request'>): LedgerSource {
  if (line.scheduled) return { text: t('overview.scheduledExpiry'), requestId: null };
  const cause = causeName(line.cause);
  const ref = line.causeRef ?? '';
  const withSource = (source: string) => t('overview.causeWithSource', { cause, source });
  if (line.request) {
    const source = t('overview.requestSource', { reason: line.request.reasonName ?? t('overview.leaveRequest'), date: line.request.startDate });
    return { text: withSource(source), requestId: line.request.id };
  }
  if (ref.startsWith('employee:')) return { text: withSource(t('overview.adjustmentSource')), requestId: null };
  const yearEnd = ref.match(/^year-end:(\d{4})$/);
  if (yearEnd) return { text: withSource(t('overview.yearEndSource', { year: yearEnd[1]! })), requestId: null };
  const carryover = ref.match(/^carryover:(\d{4})$/);
  if (carryover) return { text: withSource(t('overview.carryoverSource', { year: carryover[1]! })), requestId: null };
  return { text: cause, requestId: null };
}

/** The fund row a line moved, by its dates ('01/01/2026 – 31/12/2026'), not its internal id. */
export function fundRowText(line: Pick<ExplainLine, 'applyDate' | 'expireDate'>): string {
  return t('overview.fundRowDates', { apply: line.applyDate, expire: line.expireDate });
}
