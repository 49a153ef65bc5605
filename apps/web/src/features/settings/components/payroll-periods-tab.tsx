import { useState } from 'react';
import { Button, Checkbox, Space, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { WorkPeriodRow } from '@tms/contracts/settings';
import { confirmDialog } from '../../../components/confirm-dialog.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatDmy } from '../../../lib/dates.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useLockPeriod, useWorkPeriods } from '../api/settings-api.ts';
import { settingsTexts } from '../i18n/index.ts';
import { CreatePeriodModal } from './create-period-modal.tsx';

/**
 * Payroll Period tab (spec 002 §2 Settings, §3 Payroll period; RULES.md §4): newest first, paged; the lock checkbox
 * asks for confirmation, since a locked period locks its dates everywhere; "Create payroll period".
 */
export function PayrollPeriodsTab() {
  const list = useWorkPeriods();
  const lock = useLockPeriod();
  const [creating, setCreating] = useState(false);
  const { t } = settingsTexts.useT();

  const toggleLock = (row: WorkPeriodRow, next: boolean) =>
    confirmDialog({
      title: next ? t('periods.lockTitle') : t('periods.unlockTitle'),
      content: next ? t('periods.lockConfirm', { name: row.name }) : t('periods.unlockConfirm', { name: row.name }),
      okText: next ? t('periods.lock') : t('periods.unlock'),
      danger: next,
      onOk: async () => {
        const envelope = await lock.mutateAsync({ id: row.id, is_lock: next, version: row.version });
        notifySuccess(envelope.message);
      },
    });

  const columns: TableColumnsType<WorkPeriodRow> = [
    { title: t('periods.dateRange'), key: 'range', width: 220, render: (_v, r) => `${formatDmy(r.from_date)} - ${formatDmy(r.to_date)}` },
    { title: t('periods.workingDays'), dataIndex: 'working_days', key: 'working_days', width: 180, align: 'right' },
    { title: t('periods.timesheetStatus'), key: 'status', width: 170, render: (_v, r) => <StatusTag kind="timesheet" status={r.status} /> },
    { title: t('periods.payroll'), dataIndex: 'name', key: 'name', width: 120 },
    {
      title: t('periods.lock'),
      key: 'is_lock',
      width: 90,
      align: 'center',
      render: (_v, r) => (
        <Checkbox checked={r.is_lock} onChange={(e) => toggleLock(r, e.target.checked)} aria-label={t('periods.lockLabel', { name: r.name })} data-testid={`period-lock-${r.name}`} />
      ),
    },
    { title: t('periods.company'), dataIndex: 'company_name', key: 'company_name', width: 180 },
  ];

  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)} data-testid="create-period">
          {t('periods.create')}
        </Button>
      </Space>
      <PagedTable<WorkPeriodRow> {...list.tableProps} columns={columns} rowKey="id" data-testid="payroll-periods-table" tableProps={{ locale: { emptyText: t('periods.empty') } }} />
      {creating ? <CreatePeriodModal onClose={() => setCreating(false)} /> : null}
    </>
  );
}
