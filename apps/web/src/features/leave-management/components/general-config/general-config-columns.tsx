import { Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { GeneralConfigRow } from '@tms/contracts/general-config';
import { formatCount, formatHours } from '../../../../lib/numbers.ts';
import { formatPercent, formatYears } from './general-config-format.ts';
import { actionColumn, rowNumberColumn, type RecordColumnOptions } from '../../../../components/record-columns.tsx';
import { leaveManagementTexts, type LeaveManagementT } from '../../i18n/index.ts';

/** The tab is for HR, HRM and Admin only, so the Action column is always there. Titles by `t` (the tab's). */
type ColumnOptions = Omit<RecordColumnOptions<GeneralConfigRow>, 'mayWrite'> & { t?: LeaveManagementT };

/**
 * The General Configuration table (spec 000 §2, §3): the rules of each configuration, its dates (DD/MM/YYYY as sent),
 * the 'In force today' tag on the one the accrual engine uses today, and the row actions. The tab is for HR, HRM
 * and Admin only, so the Action column is always there.
 */
export function generalConfigColumns({ page, size, t = leaveManagementTexts.t, ...handlers }: ColumnOptions): TableColumnsType<GeneralConfigRow> {
  return [
    rowNumberColumn(page, size),
    { title: t('config.columns.seniorityLeaveHour'), dataIndex: 'seniorityLeaveHour', key: 'seniorityLeaveHour', width: 130, align: 'right', render: (v: number) => formatHours(v) },
    { title: t('config.columns.seniorityLeaveYear'), dataIndex: 'seniorityLeaveYear', key: 'seniorityLeaveYear', width: 170, align: 'right', render: (v: number) => formatYears(v) },
    { title: t('config.columns.conditionalMonth'), dataIndex: 'conditionalMonth', key: 'conditionalMonth', width: 140, align: 'right', render: (v: number) => formatPercent(v) },
    { title: t('config.columns.leaveHourInMonth'), dataIndex: 'leaveHourInMonth', key: 'leaveHourInMonth', width: 170, align: 'right', render: (v: number) => formatHours(v) },
    { title: t('config.columns.advanceLeave'), dataIndex: 'advanceLeave', key: 'advanceLeave', width: 180, align: 'right', render: (v: number) => formatCount(v) },
    { title: t('config.columns.applyDate'), dataIndex: 'applyDate', key: 'applyDate', width: 120 },
    { title: t('config.columns.expireDate'), dataIndex: 'expireDate', key: 'expireDate', width: 120 },
    {
      title: t('common.status'),
      key: 'status',
      width: 130,
      render: (_value, row) => (row.inForceToday ? <Tag color="green">{t('config.inForceToday')}</Tag> : null),
    },
    // Spec 000 §4: Edit while the expire date is today or later, Remove while the apply date is not before today.
    actionColumn(handlers, 'general-config'),
  ];
}
