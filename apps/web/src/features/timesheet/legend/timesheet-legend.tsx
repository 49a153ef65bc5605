import { formatDays } from '../../../lib/numbers.ts';
import { timesheetTexts } from '../i18n/index.ts';
import '../list/timesheet-grid.css';
import '../my-timesheet/my-timesheet.css';
import './timesheet-legend.css';

/**
 * What the timesheet's colours and marks mean (issue 26 §4; WCAG 1.4.1 Use of Color): each sample is drawn with the
 * class the cell itself gets (list/cell-format.ts for the HR grid, my-timesheet-table.tsx for My Timesheet), so the
 * legend changes with the cells.
 */
const GRID_ITEMS = [
  { key: 'legend.grid.full', sample: 'ts-cell ts-cell--full', text: 1 },
  { key: 'legend.grid.lack', sample: 'ts-cell ts-cell--lack', text: 0.5 },
  { key: 'legend.grid.holiday', sample: 'ts-cell ts-cell--holiday', text: 'H' },
  { key: 'legend.grid.weekend', sample: 'ts-cell ts-legend__weekend', text: '' },
  { key: 'legend.grid.requestPending', sample: 'ts-cell ts-cell--requested ts-cell--request-pending', text: '' },
  { key: 'legend.grid.requestApproved', sample: 'ts-cell ts-cell--requested ts-cell--request-approved', text: '' },
  { key: 'legend.grid.requestRejected', sample: 'ts-cell ts-cell--requested ts-cell--request-rejected', text: '' },
  { key: 'legend.grid.late', sample: 'ts-cell ts-cell--late', text: '' },
  { key: 'legend.grid.early', sample: 'ts-cell ts-cell--early', text: '' },
  { key: 'legend.grid.edited', sample: 'ts-cell ts-cell--edited', text: 1 },
] as const;

const MY_ITEMS = [
  { key: 'legend.my.weekend', sample: 'ts-legend__weekend', text: '' },
  { key: 'legend.my.lateEarly', sample: 'my-ts-late-early', text: '08:45' },
  { key: 'legend.my.leave', sample: 'my-ts-leave', text: 'P' },
  { key: 'legend.my.requested', sample: 'my-ts-requested', text: 1 },
] as const;

/** The legend under a timesheet's heading: `grid` for the HR grid (Timesheet List), `my` for My Timesheet's days. */
export function TimesheetLegend({ of }: { of: 'grid' | 'my' }) {
  const { t } = timesheetTexts.useT();
  const items = of === 'grid' ? GRID_ITEMS : MY_ITEMS;
  return (
    <ul className={`ts-legend ts-legend--${of}`} aria-label={t('legend.title')} data-testid={`ts-legend-${of}`}>
      {items.map((item) => (
        <li key={item.key} className="ts-legend__item">
          <span className={`ts-legend__sample ${item.sample}`} aria-hidden>
            {typeof item.text === 'number' ? formatDays(item.text) : item.text}
          </span>
          {t(item.key)}
        </li>
      ))}
    </ul>
  );
}
