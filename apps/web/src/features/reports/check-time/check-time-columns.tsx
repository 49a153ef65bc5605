import type { TableColumnsType } from 'antd';
import { Typography } from 'antd';
import { CHECK_TIME_COLUMNS as C, type CheckTimeRow } from '@tms/contracts/check-time-report';
import { formatDmy } from '../../../lib/dates.ts';

/** Minutes shown in red when above zero (late check-in and early check-out in red, spec 001 §2.2). */
const minutes = (value: number) => (value > 0 ? <Typography.Text type="danger">{value}</Typography.Text> : value);

/** The table's columns, spec 001 §2.10 check-in/out rows (times HH:mm, minutes whole, working day the final value). */
export const CHECK_TIME_TABLE_COLUMNS: TableColumnsType<CheckTimeRow> = [
  { title: C.staff, dataIndex: 'staff', key: 'staff', width: 200, fixed: 'left' },
  { title: C.user_name, dataIndex: 'user_name', key: 'user_name', width: 140 },
  { title: C.department, dataIndex: 'department', key: 'department', width: 180 },
  { title: C.date_of_issue, key: 'date_of_issue', width: 120, render: (_v, r) => formatDmy(r.date_of_issue) },
  { title: C.checkin, dataIndex: 'checkin', key: 'checkin', width: 100 },
  { title: C.checkout, dataIndex: 'checkout', key: 'checkout', width: 100 },
  { title: C.late_time, key: 'late_time', width: 150, align: 'right', render: (_v, r) => minutes(r.late_time) },
  { title: C.early_leave, key: 'early_leave', width: 160, align: 'right', render: (_v, r) => minutes(r.early_leave) },
  { title: C.absent, key: 'absent', width: 140, align: 'right', render: (_v, r) => minutes(r.absent) },
  { title: C.working_day, key: 'working_day', width: 120, align: 'right', render: (_v, r) => (r.working_day === null ? '' : r.working_day.toFixed(2)) },
];
