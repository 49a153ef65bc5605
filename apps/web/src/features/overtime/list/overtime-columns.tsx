import { Button, Space, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DATE_TYPE_LABELS, FIXED_OT_TYPES, FLEXIBLE_OT_TYPES, type DateType } from '@tms/contracts/overtime';
import { FLEXIBLE_STATUS_COLORS, type FixedListRow, type FlexibleListRow } from '@tms/contracts/overtime-list';
import { StatusTag } from '../../../components/status-tag.tsx';
import { FixedStatusTag } from './overtime-status-tag.tsx';

const label = (list: readonly { value: string; label: string }[], v: string) => list.find((t) => t.value === v)?.label ?? v;
const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const hm = (dateTime: string) => dateTime.slice(11, 16);
const person = (p: { name: string; user_name: string } | null) => (p ? `${p.name} (${p.user_name})` : '');
const hours = (n: number | null) => (n === null ? '—' : n.toFixed(2));

/** The Title column and the Actions column (View) both lists share. */
const titleColumn = <T extends { title: string }>(width: number): TableColumnsType<T>[number] => ({
  title: 'Title',
  dataIndex: 'title',
  key: 'title',
  width,
  render: (t: string) => <Typography.Text ellipsis={{ tooltip: t }}>{t}</Typography.Text>,
});
const actionsColumn = <T extends { id: number }>(onOpen: (row: T) => void): TableColumnsType<T>[number] => ({
  title: 'Actions',
  key: 'actions',
  width: 90,
  render: (_v, r) => (
    <Button size="small" onClick={() => onOpen(r)} data-testid={`ot-open-${r.id}`}>
      View
    </Button>
  ),
});

/** spec 001 §2.4 fixed columns: Title, Project, OT Date, OT Time, OT Type, Approver, Created By, Status, Actions. */
export function fixedColumns(opts: { onOpen: (row: FixedListRow) => void }): TableColumnsType<FixedListRow> {
  return [
    titleColumn(240),
    { title: 'Project', key: 'project', width: 200, render: (_v, r) => `${r.project.code} - ${r.project.name}` },
    { title: 'OT Date', key: 'ot_date', width: 110, render: (_v, r) => dmy(r.ot_date) },
    { title: 'OT Time', key: 'ot_time', width: 120, render: (_v, r) => `${hm(r.start_time)} - ${hm(r.end_time)}${r.end_time.slice(0, 10) !== r.start_time.slice(0, 10) ? ' (+1)' : ''}` },
    { title: 'OT Type', key: 'ot_type', width: 130, render: (_v, r) => label(FIXED_OT_TYPES, r.ot_type) },
    { title: 'Approver', key: 'approver', width: 180, render: (_v, r) => person(r.approver) },
    { title: 'Created By', key: 'createdBy', width: 180, render: (_v, r) => person(r.createdBy) },
    { title: 'Status', key: 'status', width: 130, render: (_v, r) => <FixedStatusTag row={r} /> },
    actionsColumn(opts.onOpen),
  ];
}

/**
 * spec 001 §2.4 flexible columns: Title, Staff, Project, OT Plan (date, day type, start-end time, request type),
 * OTpay Hours, OTpay Confirmation, Project Manager, Manager, Status, Actions.
 */
export function flexibleColumns(opts: { onOpen: (row: FlexibleListRow) => void }): TableColumnsType<FlexibleListRow> {
  return [
    titleColumn(220),
    { title: 'Staff', key: 'staff', width: 180, render: (_v, r) => person(r.staff) },
    { title: 'Project', key: 'project', width: 180, render: (_v, r) => `${r.project.code} - ${r.project.name}` },
    {
      title: 'OT Plan',
      key: 'plan',
      width: 200,
      render: (_v, r) => (
        <Space direction="vertical" size={0}>
          <span>
            {r.overtimeDate} · {DATE_TYPE_LABELS[r.dateType as DateType] ?? r.dateType}
          </span>
          <span>
            {r.startTime} - {r.endTime} · {label(FLEXIBLE_OT_TYPES, r.requestType)}
          </span>
        </Space>
      ),
    },
    { title: 'OTpay Hours', key: 'actual', width: 110, align: 'right', render: (_v, r) => hours(r.totalTimeActual) },
    { title: 'OTpay Confirmation', key: 'confirm', width: 150, align: 'right', render: (_v, r) => hours(r.totalTimeConfirm) },
    { title: 'Project Manager', key: 'pm', width: 180, render: (_v, r) => person(r.projectManager) },
    { title: 'Manager', key: 'manager', width: 180, render: (_v, r) => person(r.manager) },
    { title: 'Status', key: 'status', width: 170, render: (_v, r) => <StatusTag label={r.statusText} color={FLEXIBLE_STATUS_COLORS[r.status] ?? 'default'} /> },
    actionsColumn(opts.onOpen),
  ];
}
