import type { TableColumnsType } from 'antd';
import type { LeaveCarryoverRow } from '@tms/contracts/leave-carryover';
import { actionColumn, amountColumn, rowNumberColumn, staffColumn, type RecordColumnOptions } from '../../../../components/record-columns.tsx';
import { formatHours } from '../../../../lib/numbers.ts';

/** The Leave Carryover table's columns (spec 000 §2, §3); dates arrive as DD/MM/YYYY. */
export function carryoverColumns({ page, size, mayWrite, ...handlers }: RecordColumnOptions<LeaveCarryoverRow>): TableColumnsType<LeaveCarryoverRow> {
  const columns: TableColumnsType<LeaveCarryoverRow> = [
    rowNumberColumn(page, size, 'left'),
    staffColumn((row) => ({ name: row.fullName, username: row.username })),
    { title: 'Division', dataIndex: 'division', key: 'division', width: 160 },
    { title: 'Financial Year', dataIndex: 'financialYear', key: 'financialYear', width: 120, align: 'center' },
    amountColumn('Leave Hours', 'leaveHours', formatHours),
    amountColumn('Used', 'usedHours', formatHours),
    amountColumn('Remaining', 'remainHours', formatHours),
    amountColumn('Expired', 'expiredHours', formatHours),
    { title: 'Date applied', dataIndex: 'applyDateFormat', key: 'applyDate', width: 120 },
    { title: 'Date expired', dataIndex: 'expireDateFormat', key: 'expireDate', width: 120 },
    { title: 'Note', dataIndex: 'description', key: 'description', width: 240, ellipsis: { showTitle: true } },
  ];
  // Spec 000 §4: row actions, History included, exist only for HR, HRM and Admin; leads read the rows only.
  // Edit while the expire date is today or later, Remove while nothing is used and not expired: the server decides.
  return mayWrite ? [...columns, actionColumn(handlers, 'carryover')] : columns;
}
