import type { TableColumnsType } from 'antd';
import type { BonusLeaveRow } from '@tms/contracts/bonus-leave';
import { actionColumn, amountColumn, rowNumberColumn, staffColumn, type RecordColumnOptions } from '../../../../components/record-columns.tsx';
import { formatHours } from '../../../../lib/numbers.ts';
import { formatRoles } from './bonus-leave-format.ts';

/** The Bonus Leave table's columns (spec 000 §2, §3); dates arrive as DD/MM/YYYY. */
export function bonusLeaveColumns({ page, size, mayWrite, ...handlers }: RecordColumnOptions<BonusLeaveRow>): TableColumnsType<BonusLeaveRow> {
  const columns: TableColumnsType<BonusLeaveRow> = [
    rowNumberColumn(page, size, 'left'),
    staffColumn((row) => ({ name: row.employee.name, username: row.employee.user_name })),
    { title: 'Role', key: 'role', width: 140, render: (_value, row) => formatRoles(row.employee.role) },
    { title: 'Division', key: 'division', width: 160, render: (_value, row) => row.employee.division_name.name },
    { title: 'Department', key: 'department', width: 160, render: (_value, row) => row.employee.department_name.name },
    amountColumn('Leave Hour(s)', 'leaveHour', formatHours),
    amountColumn('Used', 'usedHours', formatHours),
    amountColumn('Remaining', 'remainHours', formatHours),
    amountColumn('Expired', 'expiredHours', formatHours),
    { title: 'Apply Date', dataIndex: 'applyDate', key: 'applyDate', width: 120 },
    { title: 'Expire Date', dataIndex: 'expireDate', key: 'expireDate', width: 120 },
    { title: 'Note', dataIndex: 'description', key: 'description', width: 240, ellipsis: { showTitle: true } },
    { title: 'Created By', key: 'createdBy', width: 180, render: (_value, row) => row.createdBy?.name ?? '' },
    { title: 'Modified By', key: 'modifiedBy', width: 180, render: (_value, row) => row.modifiedBy?.name ?? '' },
  ];
  // Spec 000 §4: row actions, History included, exist only for HR, HRM and Admin; leads read the rows only.
  return mayWrite ? [...columns, actionColumn(handlers)] : columns;
}
