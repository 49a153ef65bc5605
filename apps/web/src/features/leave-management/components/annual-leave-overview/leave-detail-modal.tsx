import { Descriptions, Modal, Table, type TableColumnsType } from 'antd';
import {
  EXPLAIN_FUND_TYPES,
  OVERVIEW_FIGURES,
  TOTAL_FUND,
  type ExplainFundType,
  type FundFigures,
  type LeaveOverviewRow,
  type MonthLeave,
} from '@tms/contracts/leave-overview';
import { leaveManagementTexts, type LeaveManagementT } from '../../i18n/index.ts';
import { FigureLink, type ExplainTarget } from './figure-link.tsx';
import { formatSeniority, monthLeaveText } from './overview-format.ts';

type FundLine = { fundType: ExplainFundType; figures: FundFigures };

type LeaveDetailModalProps = { row: LeaveOverviewRow; onExplain: (target: ExplainTarget) => void; onClose: () => void };

const fundLines = (row: LeaveOverviewRow): FundLine[] =>
  EXPLAIN_FUND_TYPES.map((fundType) => ({ fundType, figures: fundType === TOTAL_FUND ? row.total_leave_detail : row.annual_leave[fundType] }));

const monthColumns = (t: LeaveManagementT): TableColumnsType<MonthLeave> => [
  { title: t('overview.month'), dataIndex: 'month', key: 'month', width: 120 },
  { title: t('overview.totalLeave'), key: 'totalLeave', align: 'right', render: (_value, month) => monthLeaveText(month) },
];

/**
 * 'Annual leave detail' (spec 000 §2): the six figures of each fund and their total for the period, every one a link
 * to its ledger lines, and the accrual of each month of the financial year (0 → 'Not allowed', spec 000 §3).
 */
export function LeaveDetailModal({ row, onExplain, onClose }: LeaveDetailModalProps) {
  const { t } = leaveManagementTexts.useT();
  const columns: TableColumnsType<FundLine> = [
    { title: t('overview.fund'), key: 'fund', width: 180, fixed: 'left', render: (_value, line) => <strong>{t(`overview.funds.${line.fundType}`)}</strong> },
    ...OVERVIEW_FIGURES.map(
      (figure): TableColumnsType<FundLine>[number] => ({
        title: t(`overview.figures.${figure}`),
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
    <Modal title={t('overview.detailTitle')} open onCancel={onClose} footer={null} width={1100} destroyOnHidden>
      <div data-testid="leave-detail-modal">
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          items={[
            { key: 'staff', label: t('common.staff'), children: `${row.fullName} (${row.employee.user_name})` },
            { key: 'range', label: t('overview.rangeTimesheet'), children: row.rangeTimesheet },
            { key: 'hired', label: t('overview.hiredDate'), children: row.hired_date },
            { key: 'seniorityDate', label: t('overview.seniorityDate'), children: row.seniorityDate ?? '' },
            { key: 'seniority', label: t('overview.seniority'), children: formatSeniority(row) },
          ]}
        />
        <Table<FundLine> columns={columns} dataSource={fundLines(row)} rowKey="fundType" pagination={false} size="small" scroll={{ x: 'max-content' }} />
        <Table<MonthLeave>
          style={{ marginTop: 16, maxWidth: 360 }}
          columns={monthColumns(t)}
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
