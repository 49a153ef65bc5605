import { Alert, Descriptions, Drawer, Empty, Spin, Table, type TableColumnsType } from 'antd';
import { FIGURE_LABELS, FUND_LABELS, LEAVE_OVERVIEW_MESSAGES as M, type ExplainLine } from '@tms/contracts/leave-overview';
import { formatDateTime } from '../../../../lib/dates.ts';
import { formatHours } from '../../../../lib/numbers.ts';
import { useLeaveExplain } from '../../api/get-leave-explain.ts';
import type { ExplainTarget } from './figure-link.tsx';
import { signedHours, sourceText } from './overview-format.ts';

export type ExplainRequest = ExplainTarget & { employeeId: number; employeeName: string; timesheetId: number };

const columns: TableColumnsType<ExplainLine> = [
  { title: 'Date', dataIndex: 'entryDate', key: 'entryDate', width: 110 },
  { title: 'Fund', key: 'fund', width: 160, render: (_value, line) => FUND_LABELS[line.fundType] },
  { title: 'Fund row', key: 'row', width: 200, render: (_value, line) => `#${line.fundRowId}: ${line.applyDate} - ${line.expireDate}` },
  { title: 'Hours', key: 'hours', width: 100, align: 'right', render: (_value, line) => signedHours(line.hours) },
  { title: 'Source', key: 'source', width: 220, render: (_value, line) => sourceText(line.cause, line.causeRef, line.scheduled) },
  {
    title: 'By',
    key: 'by',
    width: 200,
    render: (_value, line) => [line.createdBy?.name ?? line.createdBy?.username, formatDateTime(line.createdDate)].filter(Boolean).join(', '),
  },
];

/**
 * Explain (issue 8 §3): the ledger lines behind one figure, each with its sign as it counts in the figure, and their
 * sum beside the figure shown, so any balance can be checked line by line (RULES.md §7).
 */
export function LeaveExplainDrawer({ request, onClose }: { request: ExplainRequest; onClose: () => void }) {
  const { employeeId, timesheetId, figure, fundType } = request;
  const explain = useLeaveExplain({ employeeId, timesheetId, figure, fundType });
  const data = explain.data;
  return (
    <Drawer title={`${M.explainTitle}: ${FIGURE_LABELS[figure]}`} open onClose={onClose} size="large" destroyOnHidden>
      <div data-testid="leave-explain-drawer">
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'staff', label: 'Staff', children: request.employeeName },
            { key: 'fund', label: 'Fund', children: FUND_LABELS[fundType] },
            { key: 'figure', label: FIGURE_LABELS[figure], children: <span data-testid="leave-explain-shown">{formatHours(request.shown)}</span> },
            { key: 'range', label: 'Range Timesheet', children: data?.rangeTimesheet ?? '' },
          ]}
        />
        {explain.isLoading ? <Spin /> : null}
        {data ? (
          <>
            {data.sign < 0 ? <Alert type="info" showIcon title="Ledger amounts count with the opposite sign here: a use of −2.00 h is 2.00 used hours." /> : null}
            <Table<ExplainLine>
              style={{ marginTop: 12 }}
              columns={columns}
              dataSource={data.lines}
              rowKey={(line) => (line.scheduled ? `scheduled-${line.fundRowId}` : String(line.id))}
              pagination={false}
              size="small"
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: <Empty description={M.noLines} /> }}
              summary={() => (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} colSpan={3}>
                    <strong>Total</strong>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3} align="right">
                    <strong data-testid="leave-explain-total">{formatHours(data.total)}</strong>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={4} colSpan={2} />
                </Table.Summary.Row>
              )}
            />
          </>
        ) : null}
      </div>
    </Drawer>
  );
}
