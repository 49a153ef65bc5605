import { useState } from 'react';
import { Descriptions, Popover, Spin } from 'antd';
import type { Query } from '../../../lib/api-client.ts';
import { formatDmy } from '../../../lib/dates.ts';
import { formatCount } from '../../../lib/numbers.ts';
import { useDayTotal } from '../api/get-day-total.ts';
import { timesheetTexts } from '../i18n/index.ts';
import type { DaySlot } from './day-slots.ts';

type DaySlotDay = Extract<DaySlot, { kind: 'day' }>;

export type DayHeaderProps = {
  slot: DaySlotDay;
  /** The grid filter as query parameters (day totals count the employees it selects). */
  filterQuery: Query;
  /** Right-click → Modify Column; undefined when the column may not be modified. */
  onModifyColumn?: () => void;
};

function DayTotalContent({ date, filterQuery }: { date: string; filterQuery: Query }) {
  const total = useDayTotal(date, filterQuery, true);
  const { t } = timesheetTexts.useT();
  if (total.isLoading) return <Spin size="small" />;
  // A failure shows the error text as a 5 s notice (spec 001 §8) from the query cache.
  if (!total.data) return null;
  return (
    <Descriptions size="small" column={1} data-testid="ts-day-total">
      <Descriptions.Item label={t('grid.dayTotal.normal')}>{formatCount(total.data.total_normal)}</Descriptions.Item>
      <Descriptions.Item label={t('grid.dayTotal.authorized')}>{formatCount(total.data.total_authorized)}</Descriptions.Item>
      <Descriptions.Item label={t('grid.dayTotal.halfDayUnauthorized')}>{formatCount(total.data.total_halfday_unauthorized)}</Descriptions.Item>
    </Descriptions>
  );
}

/**
 * A day column's header: day number over the weekday letter. Click shows that day's totals (spec 001 §2.1);
 * right-click opens Modify Column when allowed. The test id sits on the header cell (grid-columns.tsx): antd also
 * renders titles in a hidden measure row, which would duplicate an id placed here.
 */
export function DayHeader({ slot, filterQuery, onModifyColumn }: DayHeaderProps) {
  const [open, setOpen] = useState(false);
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      destroyOnHidden
      title={formatDmy(slot.date)}
      content={<DayTotalContent date={slot.date} filterQuery={filterQuery} />}
    >
      {/* Issue 26 §4: the totals open by keyboard too (Enter or Space), and Modify Column by the context-menu key. */}
      <div
        className="ts-day-header"
        role="button"
        tabIndex={0}
        aria-expanded={open}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' && event.key !== ' ') return;
          event.preventDefault();
          setOpen(!open);
        }}
        onContextMenu={(event) => {
          event.preventDefault();
          if (onModifyColumn) {
            setOpen(false);
            onModifyColumn();
          }
        }}
      >
        <div>{slot.dayOfMonth}</div>
        <div className="ts-day-header__weekday">{slot.weekdayLetter}</div>
      </div>
    </Popover>
  );
}
