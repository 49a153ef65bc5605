import { Button, Space, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { FLEXIBLE_STATUS_COLORS, type FixedListRow, type FlexibleListRow } from '@tms/contracts/overtime-list';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatHours } from '../../../lib/numbers.ts';
import { dateTypeLabel, fixedTypeLabel, flexibleStatusLabel, flexibleTypeLabel, type OvertimeT } from '../overtime-labels.ts';
import { FixedStatusTag } from './overtime-status-tag.tsx';
import { FlexibleStepLabel } from '../flexible/flexible-detail-blocks.tsx';
import { personText } from '../../../lib/person-text.ts';

const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const hm = (dateTime: string) => dateTime.slice(11, 16);
const person = (p: { name: string; user_name: string } | null) => (p ? personText(p.name, p.user_name) : '');
const hours = (n: number | null) => formatHours(n, '—');

/** The Title column and the Actions column (View) both lists share. */
const titleColumn = <T extends { title: string }>(t: OvertimeT, width: number): TableColumnsType<T>[number] => ({
  title: t('columns.title'),
  dataIndex: 'title',
  key: 'title',
  width,
  render: (title: string) => <Typography.Text ellipsis={{ tooltip: title }}>{title}</Typography.Text>,
});
const actionsColumn = <T extends { id: number }>(t: OvertimeT, onOpen: (row: T) => void): TableColumnsType<T>[number] => ({
  title: t('columns.actions'),
  key: 'actions',
  width: 90,
  render: (_v, r) => (
    <Button size="small" onClick={() => onOpen(r)} data-testid={`ot-open-${r.id}`}>
      {t('columns.view')}
    </Button>
  ),
});

/**
 * spec 001 §2.4 fixed columns: Title, Project, OT Date, OT Time, OT Type, Approver, Created By, Status, Actions.
 * Built with the page's `t`, so a language switch re-renders them. `ownEmployeeId` (the staff view): the Status column
 * shows the caller's own row's status.
 */
export function fixedColumns({ onOpen, t, ownEmployeeId }: { onOpen: (row: FixedListRow) => void; t: OvertimeT; ownEmployeeId?: number | null }): TableColumnsType<FixedListRow> {
  return [
    titleColumn(t, 240),
    { title: t('columns.project'), key: 'project', width: 200, render: (_v, r) => `${r.project.code} - ${r.project.name}` },
    { title: t('columns.otDate'), key: 'ot_date', width: 110, render: (_v, r) => dmy(r.ot_date) },
    { title: t('columns.otTime'), key: 'ot_time', width: 120, render: (_v, r) => `${hm(r.start_time)} - ${hm(r.end_time)}${r.end_time.slice(0, 10) !== r.start_time.slice(0, 10) ? ' (+1)' : ''}` },
    { title: t('columns.otType'), key: 'ot_type', width: 130, render: (_v, r) => fixedTypeLabel(t, r.ot_type) },
    { title: t('columns.approver'), key: 'approver', width: 180, render: (_v, r) => person(r.approver) },
    { title: t('columns.createdBy'), key: 'createdBy', width: 180, render: (_v, r) => person(r.createdBy) },
    { title: t('columns.status'), key: 'status', width: 130, render: (_v, r) => <FixedStatusTag row={r} ownEmployeeId={ownEmployeeId} /> },
    actionsColumn(t, onOpen),
  ];
}

/**
 * spec 001 §2.4 flexible columns: Title, Staff, Project, OT Plan (date, day type, start-end time, request type),
 * OTpay Hours, OTpay Confirmation, Project Manager, Manager, Status, Actions.
 */
export function flexibleColumns({ onOpen, t }: { onOpen: (row: FlexibleListRow) => void; t: OvertimeT }): TableColumnsType<FlexibleListRow> {
  return [
    titleColumn(t, 220),
    { title: t('columns.staff'), key: 'staff', width: 180, render: (_v, r) => person(r.staff) },
    { title: t('columns.project'), key: 'project', width: 180, render: (_v, r) => `${r.project.code} - ${r.project.name}` },
    {
      title: t('columns.otPlan'),
      key: 'plan',
      width: 200,
      render: (_v, r) => (
        <Space direction="vertical" size={0}>
          <span>
            {r.overtimeDate} · {dateTypeLabel(t, r.dateType)}
          </span>
          <span>
            {r.startTime} - {r.endTime} · {flexibleTypeLabel(t, r.requestType)}
          </span>
        </Space>
      ),
    },
    { title: t('columns.otPayHours'), key: 'actual', width: 110, align: 'right', render: (_v, r) => hours(r.totalTimeActual) },
    { title: t('columns.otPayConfirmation'), key: 'confirm', width: 150, align: 'right', render: (_v, r) => hours(r.totalTimeConfirm) },
    { title: t('columns.projectManager'), key: 'pm', width: 180, render: (_v, r) => person(r.projectManager) },
    { title: t('columns.manager'), key: 'manager', width: 180, render: (_v, r) => person(r.manager) },
    {
      title: t('columns.status'),
      key: 'status',
      width: 170,
      render: (_v, r) => (
        <>
          <StatusTag label={flexibleStatusLabel(t, r.status, r.statusText)} color={FLEXIBLE_STATUS_COLORS[r.status] ?? 'default'} />
          <FlexibleStepLabel approval_step={r.approval_step} status={r.status} approverUserName={r.manager?.user_name} />
        </>
      ),
    },
    actionsColumn(t, onOpen),
  ];
}
