import type { HTMLAttributes } from 'react';
import { Table, type TableColumnsType } from 'antd';
import type { DayRowView } from './my-timesheet-format.ts';

/**
 * My Timesheet's day table at desktop width. A module of its own, loaded only when the window is wider than a phone:
 * a phone shows the days as cards (TableCards), so antd's Table (with its filter tree, virtual list and pagination,
 * about 55 KB gzip) stays out of the first load of the page a staff member opens on a phone (issue 26 §5).
 */
export function MyTimesheetDesktopTable(props: {
  columns: TableColumnsType<DayRowView>;
  rows: DayRowView[];
  rowClassName: (row: DayRowView) => string;
  rowAttributes: (row: DayRowView) => HTMLAttributes<HTMLElement>;
  emptyText: string;
  label: string;
}) {
  return (
    // The wrapper scrolls sideways on a narrow screen and takes focus, so the keyboard can scroll it too (WCAG 2.1.1).
    <div data-testid="my-ts-table" className="my-ts-table-scroll" tabIndex={0} role="region" aria-label={props.label}>
      <Table<DayRowView>
        className="my-ts-table"
        size="small"
        bordered
        rowKey="key"
        columns={props.columns}
        dataSource={props.rows}
        pagination={false}
        rowClassName={props.rowClassName}
        onRow={props.rowAttributes}
        locale={{ emptyText: props.emptyText }}
      />
    </div>
  );
}
