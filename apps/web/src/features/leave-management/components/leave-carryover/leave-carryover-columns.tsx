import type { TableColumnsType } from 'antd';
import type { LeaveCarryoverRow } from '@tms/contracts/leave-carryover';
import { actionColumn, amountColumn, rowNumberColumn, staffColumn, type RecordColumnOptions } from '../../../../components/record-columns.tsx';
import { formatHours } from '../../../../lib/numbers.ts';
import { leaveManagementTexts, type LeaveManagementT } from '../../i18n/index.ts';

/** The Leave Carryover table's columns (spec 000 §2, §3); dates arrive as DD/MM/YYYY. Titles by `t` (the tab's). */
export function carryoverColumns({
  page,
  size,
  mayWrite,
  t = leaveManagementTexts.t,
  ...handlers
}: RecordColumnOptions<LeaveCarryoverRow> & { t?: LeaveManagementT }): TableColumnsType<LeaveCarryoverRow> {
  const columns: TableColumnsType<LeaveCarryoverRow> = [
    rowNumberColumn(page, size, 'left'),
    staffColumn((row) => ({ name: row.fullName, username: row.username })),
    { title: t('common.division'), dataIndex: 'division', key: 'division', width: 160 },
    { title: t('carryover.financialYear'), dataIndex: 'financialYear', key: 'financialYear', width: 120, align: 'center' },
    amountColumn(t('carryover.leaveHours'), 'leaveHours', formatHours),
    amountColumn(t('common.used'), 'usedHours', formatHours),
    amountColumn(t('common.remaining'), 'remainHours', formatHours),
    amountColumn(t('common.expired'), 'expiredHours', formatHours),
    { title: t('carryover.dateApplied'), dataIndex: 'applyDateFormat', key: 'applyDate', width: 120 },
    { title: t('carryover.dateExpired'), dataIndex: 'expireDateFormat', key: 'expireDate', width: 120 },
    { title: t('common.note'), dataIndex: 'description', key: 'description', width: 240, ellipsis: { showTitle: true } },
  ];
  // Spec 000 §4: row actions, History included, exist only for HR, HRM and Admin; leads read the rows only.
  // Edit while the expire date is today or later, Remove while nothing is used and not expired: the server decides.
  return mayWrite ? [...columns, actionColumn(handlers, 'carryover')] : columns;
}
