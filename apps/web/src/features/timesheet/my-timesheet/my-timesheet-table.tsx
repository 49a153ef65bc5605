import { useState, type HTMLAttributes } from 'react';
import { Button, Table, Tooltip, type TableColumnsType } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { MyDay } from '@tms/contracts/timesheet-grid';
import { CreateRequestModal } from '../../../components/requests/create-request-modal.tsx';
import { myTimesheetKeys } from './api/get-my-timesheet.ts';
import { NO_TIMESHEET_DATA } from './my-timesheet-load.ts';
import {
  CREATE_REQUEST_LABEL,
  DAY_COLUMN_TITLES as T,
  dayColumnKeys,
  dayRowViews,
  EMPTY_CELL,
  type DayColumnKey,
  type DayRowView,
} from './my-timesheet-format.ts';

type Column = TableColumnsType<DayRowView>[number];

const COLUMNS: Record<Exclude<DayColumnKey, 'action'>, Column> = {
  no: { title: T.no, dataIndex: 'no', width: 56, align: 'center' },
  date: {
    title: T.date,
    width: 150,
    render: (_, row) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        {row.date}
        <span className="my-ts-weekday">{row.weekday}</span>
      </span>
    ),
  },
  // One line: 'Flexible hours 07:00-19:00' must not wrap.
  workSchedule: { title: T.workSchedule, dataIndex: 'workSchedule', width: 200, className: 'my-ts-nowrap' },
  shift: { title: T.shift, dataIndex: 'shift', width: 120 },
  // Spec 001 §2.2: late check-in and early check-out in red (classes `late` / `early`, my-timesheet.css).
  checkIn: { title: T.checkIn, dataIndex: 'checkIn', width: 110, onCell: (row) => ({ className: row.checkInClass }) },
  checkOut: { title: T.checkOut, dataIndex: 'checkOut', width: 120, onCell: (row) => ({ className: row.checkOutClass }) },
  workingDay: { title: T.workingDay, dataIndex: 'workingDay', width: 110, align: 'center' },
  absentTime: { title: T.absentTime, dataIndex: 'absentTime', width: 150, align: 'center', className: 'my-ts-nowrap' },
  request: {
    title: T.request,
    width: 120,
    render: (_, row) =>
      row.requestLines.length === 0 ? (
        EMPTY_CELL
      ) : (
        <Tooltip styles={{ root: { maxWidth: 350 } }} title={row.requestLines.map((line, i) => <div key={i}>{line}</div>)}>
          <span>{row.requestText}</span>
        </Tooltip>
      ),
  },
  // The Create request button (hour-based staff) is added per render (it opens the modal).
};

/** Whose period it is: the Create Request modal files the request for them (My Timesheet: the signed-in user). */
export type TimesheetOwner = { id: number; user_name: string; name: string };

/** The per-day table of spec 001 §2.2; weekend rows shaded. */
export function MyTimesheetTable({ days, hourBased, owner }: { days: readonly MyDay[]; hourBased: boolean; owner?: TimesheetOwner }) {
  const client = useQueryClient();
  /** The row date the Create Request modal is open for (null: closed). */
  const [createDate, setCreateDate] = useState<string | null>(null);
  const action: Column = {
    title: T.action,
    width: 140,
    render: (_, row) =>
      row.showAction ? (
        // Spec 001 §2.2 / issue 9: hour-based staff open the Create Request modal in place with the row's date.
        <Button size="small" onClick={() => setCreateDate(row.key)} data-testid={`my-ts-create-request-${row.key}`}>
          {CREATE_REQUEST_LABEL}
        </Button>
      ) : null,
  };
  const columns = dayColumnKeys(hourBased).map((key) => ({ ...(key === 'action' ? action : COLUMNS[key]), key }));
  return (
    <>
      {/* The wrapper scrolls sideways on a narrow screen and takes focus, so the keyboard can scroll it too (WCAG 2.1.1). */}
      <div data-testid="my-ts-table" className="my-ts-table-scroll" tabIndex={0} role="region" aria-label="Days of the period">
        <Table<DayRowView>
          className="my-ts-table"
          size="small"
          bordered
          rowKey="key"
          columns={columns}
          dataSource={dayRowViews(days)}
          pagination={false}
          rowClassName={(row) => (row.weekend ? 'my-ts-weekend' : '')}
          onRow={(row) => ({ 'data-testid': `my-ts-day-${row.key}`, 'data-weekend': String(row.weekend) }) as HTMLAttributes<HTMLElement>}
          locale={{ emptyText: NO_TIMESHEET_DATA }}
        />
      </div>
      {createDate !== null ? (
        // Mounted per date so the form starts from the clicked row; the modal notifies success and closes itself.
        <CreateRequestModal
          key={createDate}
          open
          initialDate={createDate}
          employee={owner ?? null}
          onClose={() => setCreateDate(null)}
          onSaved={() => void client.invalidateQueries({ queryKey: myTimesheetKeys.all })}
        />
      ) : null}
    </>
  );
}
