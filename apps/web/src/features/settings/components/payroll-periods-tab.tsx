import { useState } from 'react';
import { Button, Checkbox, Space, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { SETTINGS_MESSAGES as M, type WorkPeriodRow } from '@tms/contracts/settings';
import { confirmDialog } from '../../../components/confirm-dialog.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatDmy } from '../../../lib/dates.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useLockPeriod, useWorkPeriods } from '../api/settings-api.ts';
import { CreatePeriodModal } from './create-period-modal.tsx';

/**
 * Payroll Period tab (spec 002 §2 Settings, §3 Payroll period; RULES.md §4): newest first, paged; the lock checkbox
 * asks for confirmation, since a locked period locks its dates everywhere; "Create payroll period".
 */
export function PayrollPeriodsTab() {
  const list = useWorkPeriods();
  const lock = useLockPeriod();
  const [creating, setCreating] = useState(false);

  const toggleLock = (row: WorkPeriodRow, next: boolean) =>
    confirmDialog({
      title: next ? 'Lock payroll period' : 'Unlock payroll period',
      content: next ? M.lockConfirm(row.name) : M.unlockConfirm(row.name),
      okText: next ? 'Lock' : 'Unlock',
      danger: next,
      onOk: async () => {
        const envelope = await lock.mutateAsync({ id: row.id, is_lock: next, version: row.version });
        notifySuccess(envelope.message);
      },
    });

  const columns: TableColumnsType<WorkPeriodRow> = [
    { title: 'Date range', key: 'range', width: 220, render: (_v, r) => `${formatDmy(r.from_date)} - ${formatDmy(r.to_date)}` },
    { title: 'Standard working days', dataIndex: 'working_days', key: 'working_days', width: 180, align: 'right' },
    { title: 'Timesheet status', key: 'status', width: 170, render: (_v, r) => <StatusTag kind="timesheet" status={r.status} /> },
    { title: 'Payroll', dataIndex: 'name', key: 'name', width: 120 },
    {
      title: 'Lock',
      key: 'is_lock',
      width: 90,
      align: 'center',
      render: (_v, r) => (
        <Checkbox checked={r.is_lock} onChange={(e) => toggleLock(r, e.target.checked)} aria-label={`Lock ${r.name}`} data-testid={`period-lock-${r.name}`} />
      ),
    },
    { title: 'Company', dataIndex: 'company_name', key: 'company_name', width: 180 },
  ];

  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)} data-testid="create-period">
          {M.createTitle}
        </Button>
      </Space>
      <PagedTable<WorkPeriodRow> {...list.tableProps} columns={columns} rowKey="id" data-testid="payroll-periods-table" tableProps={{ locale: { emptyText: 'No payroll periods' } }} />
      {creating ? <CreatePeriodModal onClose={() => setCreating(false)} /> : null}
    </>
  );
}
