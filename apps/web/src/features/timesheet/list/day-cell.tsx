import { Popover } from 'antd';
import type { DayEntry } from '@tms/contracts/timesheet-grid';
import { formatDmy } from '../../../lib/dates.ts';
import { cellClassNames, cellText } from './cell-format.ts';
import { HoverCard } from './hover-card.tsx';

export type DayCellProps = {
  employeeId: number;
  date: string;
  entry: DayEntry | undefined;
  weekend: boolean;
  /** Click → Modify Cell; undefined when the cell may not be modified. */
  onModify?: () => void;
};

/** Spec 001 §9: tooltip width 350 px. */
const HOVER_CARD_WIDTH = 350;

/** One day of one employee: the value (or 'H'), styled by cell-format.ts, with the hover card. */
export function DayCell({ employeeId, date, entry, weekend, onModify }: DayCellProps) {
  const classes = cellClassNames(entry, weekend);
  if (onModify) classes.push('ts-cell--editable');
  const text = cellText(entry);
  // Issue 26 §4, every action by keyboard: a cell with a hover card or Modify Cell takes focus; focus shows the card,
  // Enter or Space opens Modify Cell, and the context-menu key (Shift+F10) reaches the row's Modify Row.
  const cell = (
    <div
      className={classes.join(' ')}
      data-testid={`ts-cell-${employeeId}-${date}`}
      onClick={onModify}
      role={onModify ? 'button' : undefined}
      tabIndex={entry || onModify ? 0 : undefined}
      aria-label={onModify && !text ? formatDmy(date) : undefined}
      onKeyDown={
        onModify
          ? (event) => {
              if (event.key !== 'Enter' && event.key !== ' ') return;
              event.preventDefault();
              onModify();
            }
          : undefined
      }
    >
      {text}
    </div>
  );
  if (!entry) return cell;
  return (
    <Popover
      content={<HoverCard entry={entry} />}
      trigger={['hover', 'focus']}
      mouseEnterDelay={0.3}
      destroyOnHidden
      placement="top"
      styles={{ root: { width: HOVER_CARD_WIDTH } }}
    >
      {cell}
    </Popover>
  );
}
