import type { HTMLAttributes } from 'react';
import { Button, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { GridRow } from '@tms/contracts/timesheet-grid';
import type { Query } from '../../../lib/api-client.ts';
import type { ModifyTarget } from '../modify/modify-form.ts';
import { formatCount, formatDays } from '../../../lib/numbers.ts';
import { timesheetTexts, type TimesheetT } from '../i18n/index.ts';
import { entriesByDate } from './cell-format.ts';
import { DayCell } from './day-cell.tsx';
import { DayHeader } from './day-header.tsx';
import { FROZEN_WIDTHS, slotKey, type DaySlot, type GridLayout } from './day-slots.ts';

export type GridColumnOptions = {
  slots: readonly DaySlot[];
  compact: boolean;
  /** Widths of the columns before the days; by `compact` when not given. */
  layout?: GridLayout;
  /** The grid filter as query parameters (day totals). */
  filterQuery: Query;
  /** Status Draft or Pending update and the user may modify (spec 001 §2.1 context actions). */
  editable: boolean;
  /** Modify Column needs data present (spec 001 §2.1). */
  hasRows: boolean;
  onStaffClick: (row: GridRow) => void;
  onModify: (target: ModifyTarget) => void;
  /** The texts' language (the grid's `useT()`); the current one when not given. */
  t?: TimesheetT;
};

type Column = TableColumnsType<GridRow>[number];

const WEEKEND_CLASS = 'ts-col--weekend';

/** Header cell attributes with a test id (on the th, which antd renders once; titles are also measured hidden). */
const headerCell = (className: string, testId: string) => ({ className, 'data-testid': testId }) as HTMLAttributes<HTMLElement>;

function dayColumn(slot: Extract<DaySlot, { kind: 'day' }>, o: GridColumnOptions): Column {
  const mayModifyColumn = o.editable && o.hasRows && !slot.weekend;
  const cellClass = slot.weekend ? `ts-col-day ${WEEKEND_CLASS}` : 'ts-col-day';
  return {
    key: slotKey(slot),
    width: slot.width,
    align: 'center',
    title: <DayHeader slot={slot} filterQuery={o.filterQuery} onModifyColumn={mayModifyColumn ? () => o.onModify({ type: 'column', date: slot.date }) : undefined} />,
    onHeaderCell: () => headerCell(cellClass, `ts-day-header-${slot.date}`),
    onCell: () => ({ className: cellClass }),
    render: (_value, row) => {
      const entry = entriesByDate(row.timesheets).get(slot.date);
      // A day with no value and no punch (a future day, a day outside employment: RULES.md §4) has no data to modify.
      const mayModify = o.editable && !slot.weekend && entry !== undefined && (entry.value !== null || entry.check_in_time !== null || entry.check_out_time !== null);
      return (
        <DayCell
          employeeId={row.id}
          date={slot.date}
          entry={entry}
          weekend={slot.weekend}
          onModify={mayModify ? () => o.onModify({ type: 'cell', employeeId: row.id, employeeName: row.name, date: slot.date }) : undefined}
        />
      );
    },
  };
}

/** A compact run of weekend dates: one narrow shaded column without values (spec 001 §2.1, §9). */
function mergedWeekendColumn(slot: Extract<DaySlot, { kind: 'weekend' }>, t: TimesheetT): Column {
  const className = `ts-col-merged ${WEEKEND_CLASS}`;
  const label = t('grid.weekend', { dates: slot.dates.join(', ') });
  return {
    key: slotKey(slot),
    width: slot.width,
    title: <span role="img" aria-label={label} title={label} />,
    onHeaderCell: () => headerCell(className, `ts-weekend-${slot.dates[0] ?? ''}`),
    onCell: () => ({ className }),
    render: () => null,
  };
}

/**
 * The HR grid's columns (spec 001 §2.1): Staff (opens the detail drawer), Role/Department, Total (total_workday),
 * Violation (countDaysNotEnoughWorkingTime), then the period's day slots.
 */
export function gridColumns(o: GridColumnOptions): TableColumnsType<GridRow> {
  const widths = FROZEN_WIDTHS[o.layout ?? (o.compact ? 'compact' : 'wide')];
  const t = o.t ?? timesheetTexts.t;
  return [
    {
      title: t('grid.staff'),
      key: 'name',
      width: widths.staff,
      fixed: 'left',
      render: (_value, row) => (
        <>
          <Button type="link" size="small" className="ts-staff-link" onClick={() => o.onStaffClick(row)} data-testid={`ts-staff-${row.id}`}>
            {row.name}
          </Button>
          <Typography.Text type="secondary" className="ts-staff-user">
            {row.user_name}
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('grid.department'),
      key: 'department',
      width: widths.department,
      render: (_value, row) => (
        <>
          <div>{row.role ?? ''}</div>
          <Typography.Text type="secondary">{row.department ?? ''}</Typography.Text>
        </>
      ),
    },
    { title: t('grid.total'), key: 'total_workday', width: widths.total, align: 'center', render: (_value, row) => formatDays(row.total_workday) },
    { title: t('grid.violation'), key: 'violation', width: widths.violation, align: 'center', render: (_value, row) => formatCount(row.violationWorkingTime.countDaysNotEnoughWorkingTime) },
    ...o.slots.map((slot) => (slot.kind === 'day' ? dayColumn(slot, o) : mergedWeekendColumn(slot, t))),
  ];
}
