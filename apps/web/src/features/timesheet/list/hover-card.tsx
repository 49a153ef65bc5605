import type { DayEntry } from '@tms/contracts/timesheet-grid';
import { punchSourceTexts } from '../../../components/punch-source/i18n/index.ts';
import { evidenceRows } from '../../../components/punch-source/punch-source.tsx';
import { timesheetTexts } from '../i18n/index.ts';
import { hoverCardRows } from './cell-format.ts';

/** The cell's hover card body (spec 001 §2.1; rows and texts from cell-format.ts). */
export function HoverCard({ entry }: { entry: DayEntry }) {
  const { t } = timesheetTexts.useT();
  const places = punchSourceTexts.useT().t;
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
