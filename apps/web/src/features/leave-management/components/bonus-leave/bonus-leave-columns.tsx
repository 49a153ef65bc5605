import type { TableColumnsType } from 'antd';
import type { BonusLeaveRow } from '@tms/contracts/bonus-leave';
import { actionColumn, amountColumn, rowNumberColumn, staffColumn, type RecordColumnOptions } from '../../../../components/record-columns.tsx';
import { formatHours } from '../../../../lib/numbers.ts';
import { leaveManagementTexts, type LeaveManagementT } from '../../i18n/index.ts';
import { formatRoles } from './bonus-leave-format.ts';

/** The Bonus Leave table's columns (spec 000 §2, §3); dates arrive as DD/MM/YYYY. Titles by `t` (the tab's, so a switch re-renders them). */
export function bonusLeaveColumns({ page, size, mayWrite, t = leaveManagementTexts.t, ...handlers }: RecordColumnOptions<BonusLeaveRow> & { t?: LeaveManagementT }): TableColumnsType<BonusLeaveRow> {
  const columns: TableColumnsType<BonusLeaveRow> = [
    rowNumberColumn(page, size, 'left'),
    staffColumn((row) => ({ name: row.employee.name, username: row.employee.user_name })),
    { title: t('common.role'), key: 'role', width: 140, render: (_value, row) => formatRoles(row.employee.role) },
    { title: t('common.division'), key: 'division', width: 160, render: (_value, row) => row.employee.division_name.name },
    { title: t('common.department'), key: 'department', width: 160, render: (_value, row) => row.employee.department_name.name },
    amountColumn(t('bonus.leaveHours'), 'leaveHour', formatHours),
    amountColumn(t('common.used'), 'usedHours', formatHours),
    amountColumn(t('common.remaining'), 'remainHours', formatHours),
    amountColumn(t('common.expired'), 'expiredHours', formatHours),
    { title: t('common.applyDate'), dataIndex: 'applyDate', key: 'applyDate', width: 120 },
    { title: t('common.expireDate'), dataIndex: 'expireDate', key: 'expireDate', width: 120 },
    { title: t('common.note'), dataIndex: 'description', key: 'description', width: 240, ellipsis: { showTitle: true } },
    { title: t('common.createdBy'), key: 'createdBy', width: 180, render: (_value, row) => row.createdBy?.name ?? '' },
    { title: t('common.modifiedBy'), key: 'modifiedBy', width: 180, render: (_value, row) => row.modifiedBy?.name ?? '' },
  ];
  // Spec 000 §4: row actions, History included, exist only for HR, HRM and Admin; leads read the rows only.
  return mayWrite ? [...columns, actionColumn(handlers)] : columns;
}
