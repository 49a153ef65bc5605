import type { DayEntry } from '@tms/contracts/timesheet-grid';
import type { PunchEvidence } from '@tms/contracts/self-check-in';
import { checkInPlacesTexts } from '../../check-in-places/i18n/index.ts';
import { punchSourceText } from '../../check-in-places/punch-source.tsx';
import { timesheetTexts } from '../i18n/index.ts';
import { hoverCardRows } from './cell-format.ts';

type Evidence = Partial<PunchEvidence> & { source?: string | null };
/** Issue 28 §4: the first-in and last-out punches' evidence, when the grid sends it (check_in_evidence / check_out_evidence). */
function evidenceRows(entry: DayEntry, t: typeof checkInPlacesTexts.t): { label: string; value: string | string[]; warn?: boolean }[] {
  const e = entry as DayEntry & { check_in_evidence?: Evidence | null; check_out_evidence?: Evidence | null };
  const lines = [
    e.check_in_evidence?.source ? t('punch.checkIn', { text: punchSourceText(e.check_in_evidence, t) }) : null,
    e.check_out_evidence?.source ? t('punch.checkOut', { text: punchSourceText(e.check_out_evidence, t) }) : null,
  ].filter((l): l is string => l !== null);
  return lines.length > 0 ? [{ label: t('punch.label'), value: lines, warn: Boolean(e.check_in_evidence?.sent_late || e.check_out_evidence?.sent_late) }] : [];
}

/** The cell's hover card body (spec 001 §2.1; rows and texts from cell-format.ts). */
export function HoverCard({ entry }: { entry: DayEntry }) {
  const { t } = timesheetTexts.useT();
  const places = checkInPlacesTexts.useT().t;
  return (
    <table className="ts-hover-card" data-testid="ts-hover-card">
      <tbody>
        {[...hoverCardRows(entry, t).slice(0, 1), ...evidenceRows(entry, places), ...hoverCardRows(entry, t).slice(1)].map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <td className={row.warn ? 'ts-hover-card__warn' : undefined}>
              {Array.isArray(row.value) ? row.value.map((line, i) => <div key={i}>{line}</div>) : row.value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
