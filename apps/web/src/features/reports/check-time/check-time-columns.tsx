import type { TableColumnsType } from 'antd';
import { Typography } from 'antd';
import type { CheckTimeRow } from '@tms/contracts/check-time-report';
import { formatDmy } from '../../../lib/dates.ts';
import { formatCount, formatHours } from '../../../lib/numbers.ts';
import type { ReportsT } from '../i18n/index.ts';

/** Minutes shown in red when above zero (late check-in and early check-out in red, spec 001 §2.2). */
const minutes = (value: number) => (value > 0 ? <Typography.Text type="danger">{formatCount(value)}</Typography.Text> : formatCount(value));

/**
 * The table's columns, spec 001 §2.10 check-in/out rows (times HH:mm, minutes whole, working day the final value
 * with 2 decimals, written like hours). Titles by `t` (the page's, so a switch re-renders them).
 */
export const checkTimeColumns = (t: ReportsT): TableColumnsType<CheckTimeRow> => [
  { title: t('checkTime.columns.staff'), dataIndex: 'staff', key: 'staff', width: 200, fixed: 'left' },
  { title: t('checkTime.columns.user_name'), dataIndex: 'user_name', key: 'user_name', width: 140 },
  { title: t('checkTime.columns.department'), dataIndex: 'department', key: 'department', width: 180 },
  { title: t('checkTime.columns.date_of_issue'), key: 'date_of_issue', width: 120, render: (_v, r) => formatDmy(r.date_of_issue) },
  { title: t('checkTime.columns.checkin'), dataIndex: 'checkin', key: 'checkin', width: 100 },
  { title: t('checkTime.columns.checkout'), dataIndex: 'checkout', key: 'checkout', width: 100 },
  { title: t('checkTime.columns.late_time'), key: 'late_time', width: 150, align: 'right', render: (_v, r) => minutes(r.late_time) },
  { title: t('checkTime.columns.early_leave'), key: 'early_leave', width: 160, align: 'right', render: (_v, r) => minutes(r.early_leave) },
  { title: t('checkTime.columns.absent'), key: 'absent', width: 140, align: 'right', render: (_v, r) => minutes(r.absent) },
  { title: t('checkTime.columns.working_day'), key: 'working_day', width: 120, align: 'right', render: (_v, r) => formatHours(r.working_day) },
];
