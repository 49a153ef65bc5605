import { Descriptions, Modal, Table, type TableColumnsType } from 'antd';
import {
  EXPLAIN_FUND_TYPES,
  FIGURE_LABELS,
  FUND_LABELS,
  LEAVE_OVERVIEW_MESSAGES as M,
  OVERVIEW_FIGURES,
  TOTAL_FUND,
  type ExplainFundType,
  type FundFigures,
  type LeaveOverviewRow,
  type MonthLeave,
} from '@tms/contracts/leave-overview';
import { FigureLink, type ExplainTarget } from './figure-link.tsx';
import { formatSeniority, monthLeaveText } from './overview-format.ts';

type FundLine = { fundType: ExplainFundType; figures: FundFigures };

type LeaveDetailModalProps = { row: LeaveOverviewRow; onExplain: (target: ExplainTarget) => void; onClose: () => void };

const fundLines = (row: LeaveOverviewRow): FundLine[] =>
  EXPLAIN_FUND_TYPES.map((fundType) => ({ fundType, figures: fundType === TOTAL_FUND ? row.total_leave_detail : row.annual_leave[fundType] }));

const monthColumns: TableColumnsType<MonthLeave> = [
  { title: 'Month', dataIndex: 'month', key: 'month', width: 120 },
  { title: 'Total Leave', key: 'totalLeave', align: 'right', render: (_value, month) => monthLeaveText(month) },
];

/**
 * 'Annual leave detail' (spec 000 §2): the six figures of each fund and their total for the period, every one a link
 * to its ledger lines, and the accrual of each month of the financial year (0 → 'Not allowed', spec 000 §3).
 */
export function LeaveDetailModal({ row, onExplain, onClose }: LeaveDetailModalProps) {
  const columns: TableColumnsType<FundLine> = [
    { title: 'Fund', key: 'fund', width: 180, fixed: 'left', render: (_value, line) => <strong>{FUND_LABELS[line.fundType]}</strong> },
    ...OVERVIEW_FIGURES.map(
      (figure): TableColumnsType<FundLine>[number] => ({
        title: FIGURE_LABELS[figure],
        key: figure,
        width: 130,
        align: 'right',
        render: (_value, line) => (
          <FigureLink
            fundType={line.fundType}
            figure={figure}
            shown={line.figures[figure]}
            onExplain={onExplain}
            data-testid={`leave-detail-figure-${line.fundType}-${figure}`}
          />
        ),
      }),
    ),
  ];
  return (
    <Modal title={M.detailTitle} open onCancel={onClose} footer={null} width={1100} destroyOnHidden>
      <div data-testid="leave-detail-modal">
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          items={[
            { key: 'staff', label: 'Staff', children: `${row.fullName} (${row.employee.user_name})` },
            { key: 'range', label: 'Range Timesheet', children: row.rangeTimesheet },
            { key: 'hired', label: 'Hired Date', children: row.hired_date },
            { key: 'seniorityDate', label: 'Seniority Date', children: row.seniorityDate ?? '' },
            { key: 'seniority', label: 'Seniority', children: formatSeniority(row) },
          ]}
        />
        <Table<FundLine> columns={columns} dataSource={fundLines(row)} rowKey="fundType" pagination={false} size="small" scroll={{ x: 'max-content' }} />
        <Table<MonthLeave>
          style={{ marginTop: 16, maxWidth: 360 }}
          columns={monthColumns}
          dataSource={row.month_leave_list}
          rowKey="month"
          pagination={false}
          size="small"
          data-testid="leave-month-list"
        />
      </div>
    </Modal>
  );
}
