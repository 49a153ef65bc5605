import { headroomOf, type OtUsage } from '@tms/contracts/overtime-limits';
import { formatCount, formatHours } from '../../lib/numbers.ts';
import { localizedText } from '../../lib/server-messages.ts';

/** The figures of one staff member for the form's line (issue 27 §2): with this request, and the hours left. */
export function usageLine(u: OtUsage) {
  return {
    name: u.name,
    month: formatHours(u.month.after),
    monthLimit: formatCount(u.month.limit),
    year: formatHours(u.year_total.after),
    yearLimit: formatCount(u.year_total.limit),
    headroom: formatHours(headroomOf(u)),
  };
}

/** The limit messages of the staff a request takes over a limit, in the reader's language. */
export function overMessages(usage: readonly OtUsage[] | undefined): string[] {
  return (usage ?? []).flatMap((u) =>
    u.over.map((o) => `${u.name}: ${localizedText(o.message, o.messageKey ? { key: o.messageKey, params: o.params ?? {} } : null)}`),
  );
}
