import { Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { BonusLeaveRow } from '@tms/contracts/bonus-leave';
import { formatHours } from '../../../../lib/numbers.ts';
import { formatRoles } from './bonus-leave-format.ts';
import { BonusLeaveRowActions, type BonusLeaveRowHandlers } from './bonus-leave-row-actions.tsx';

type ColumnOptions = BonusLeaveRowHandlers & {
  /** Current page and size, for the running row number. */
  page: number;
  size: number;
  mayWrite: boolean;
};

const hoursColumn = (title: string, key: 'leaveHour' | 'usedHours' | 'remainHours' | 'expiredHours'): TableColumnsType<BonusLeaveRow>[number] => ({
  title,
  dataIndex: key,
  key,
  width: 110,
  align: 'right',
  render: (hours: number) => formatHours(hours),
});

/** The Bonus Leave table's columns (spec 000 §2, §3); dates arrive as DD/MM/YYYY. */
export function bonusLeaveColumns({ page, size, mayWrite, ...handlers }: ColumnOptions): TableColumnsType<BonusLeaveRow> {
  const columns: TableColumnsType<BonusLeaveRow> = [
    { title: 'No.', key: 'no', width: 64, fixed: 'left', align: 'center', render: (_value, _row, index) => (page - 1) * size + index + 1 },
    {
      title: 'Staff',
      key: 'staff',
      width: 220,
      fixed: 'left',
      render: (_value, row) => (
        <>
          <div>{row.employee.name}</div>
          <Typography.Text type="secondary">{row.employee.user_name}</Typography.Text>
        </>
      ),
    },
    { title: 'Role', key: 'role', width: 140, render: (_value, row) => formatRoles(row.employee.role) },
    { title: 'Division', key: 'division', width: 160, render: (_value, row) => row.employee.division_name.name },
    { title: 'Department', key: 'department', width: 160, render: (_value, row) => row.employee.department_name.name },
    hoursColumn('Leave Hour(s)', 'leaveHour'),
    hoursColumn('Used', 'usedHours'),
    hoursColumn('Remaining', 'remainHours'),
    hoursColumn('Expired', 'expiredHours'),
    { title: 'Apply Date', dataIndex: 'applyDate', key: 'applyDate', width: 120 },
    { title: 'Expire Date', dataIndex: 'expireDate', key: 'expireDate', width: 120 },
    { title: 'Note', dataIndex: 'description', key: 'description', width: 240, ellipsis: { showTitle: true } },
    { title: 'Created By', key: 'createdBy', width: 180, render: (_value, row) => row.createdBy?.name ?? '' },
    { title: 'Modified By', key: 'modifiedBy', width: 180, render: (_value, row) => row.modifiedBy?.name ?? '' },
  ];
  // Spec 000 §4: row actions, History included, exist only for HR, HRM and Admin; leads read the rows only.
  if (!mayWrite) return columns;
  return [
    ...columns,
    {
      title: 'Action',
      key: 'action',
      width: 120,
      fixed: 'right',
      align: 'center',
      render: (_value, row) => <BonusLeaveRowActions row={row} {...handlers} />,
    },
  ];
}
