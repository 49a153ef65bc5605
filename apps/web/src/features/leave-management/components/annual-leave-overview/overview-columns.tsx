import { Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { OVERVIEW_FIGURES, TOTAL_FUND, type LeaveOverviewRow } from '@tms/contracts/leave-overview';
import type { LeaveManagementT } from '../../i18n/index.ts';
import { formatRoles } from '../bonus-leave/bonus-leave-format.ts';
import { FigureLink, type ExplainTarget } from './figure-link.tsx';
import { formatSeniority } from './overview-format.ts';

type ColumnOptions = {
  /** Current page and size, for the running row number. */
  page: number;
  size: number;
  onExplain: (row: LeaveOverviewRow, target: ExplainTarget) => void;
  t: LeaveManagementT;
};

/** The overview table's columns (spec 000 §3 row fields); hours with 2 decimals, each figure explainable. */
export function overviewColumns({ page, size, onExplain, t }: ColumnOptions): TableColumnsType<LeaveOverviewRow> {
  return [
    { title: t('overview.no'), key: 'no', width: 64, fixed: 'left', align: 'center', render: (_value, _row, index) => (page - 1) * size + index + 1 },
    {
      title: t('common.staff'),
      key: 'fullName',
      width: 220,
      fixed: 'left',
      render: (_value, row) => (
        <>
          <div>{row.fullName}</div>
          <Typography.Text type="secondary">{row.employee.user_name}</Typography.Text>
        </>
      ),
    },
    { title: t('common.role'), key: 'role', width: 140, render: (_value, row) => formatRoles(row.role) },
    { title: t('overview.seniorityDate'), dataIndex: 'seniorityDate', key: 'seniorityDate', width: 120 },
    { title: t('overview.seniority'), key: 'seniority', width: 200, render: (_value, row) => formatSeniority(row) },
    { title: t('overview.hiredDate'), dataIndex: 'hired_date', key: 'hired_date', width: 120 },
    { title: t('overview.rangeTimesheet'), dataIndex: 'rangeTimesheet', key: 'rangeTimesheet', width: 210 },
    ...OVERVIEW_FIGURES.map(
      (figure): TableColumnsType<LeaveOverviewRow>[number] => ({
        title: t(`overview.figures.${figure}`),
        key: figure,
        width: 140,
        align: 'right',
        render: (_value, row) => (
          <FigureLink
            fundType={TOTAL_FUND}
            figure={figure}
            shown={row[figure]}
            onExplain={(target) => onExplain(row, target)}
            data-testid={`leave-overview-figure-${row.employeeId}-${figure}`}
          />
        ),
      }),
    ),
  ];
}
