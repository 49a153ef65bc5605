import type { DayEntry } from '@tms/contracts/timesheet-grid';
import { timesheetTexts } from '../i18n/index.ts';
import { hoverCardRows } from './cell-format.ts';

/** The cell's hover card body (spec 001 §2.1; rows and texts from cell-format.ts). */
export function HoverCard({ entry }: { entry: DayEntry }) {
  const { t } = timesheetTexts.useT();
  return (
    <table className="ts-hover-card" data-testid="ts-hover-card">
      <tbody>
        {hoverCardRows(entry, t).map((row) => (
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
