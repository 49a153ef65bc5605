import { Alert, Descriptions, Drawer, Empty, Spin, Table, type TableColumnsType } from 'antd';
import type { ExplainLine } from '@tms/contracts/leave-overview';
import { REQUEST_PAGE } from '@tms/contracts/requests';
import { formatDateTime } from '../../../../lib/dates.ts';
import { formatHours } from '../../../../lib/numbers.ts';
import { useLeaveExplain } from '../../api/get-leave-explain.ts';
import { leaveManagementTexts, type LeaveManagementT } from '../../i18n/index.ts';
import type { ExplainTarget } from './figure-link.tsx';
import { fundRowText, ledgerSource, signedHours } from './overview-format.ts';

export type ExplainRequest = ExplainTarget & { employeeId: number; employeeName: string; timesheetId: number };

const explainColumns = (t: LeaveManagementT): TableColumnsType<ExplainLine> => [
  { title: t('overview.date'), dataIndex: 'entryDate', key: 'entryDate', width: 110 },
  { title: t('overview.fund'), key: 'fund', width: 160, render: (_value, line) => t(`overview.funds.${line.fundType}`) },
  { title: t('overview.fundRow'), key: 'row', width: 200, render: (_value, line) => fundRowText(line) },
  { title: t('overview.hours'), key: 'hours', width: 100, align: 'right', render: (_value, line) => signedHours(line.hours) },
  {
    title: t('overview.source'),
    key: 'source',
    width: 260,
    render: (_value, line) => {
      const source = ledgerSource(line);
      // The request opens in Request Management, in a new tab so the Explain stays.
      return source.requestId === null ? source.text : (
        <a href={`${REQUEST_PAGE}?id=${source.requestId}`} target="_blank" rel="noopener noreferrer" data-testid={`leave-explain-request-${source.requestId}`}>
          {source.text}
        </a>
      );
    },
  },
  {
    title: t('overview.by'),
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
  const { t } = leaveManagementTexts.useT();
  const figureLabel = t(`overview.figures.${figure}`);
  return (
    <Drawer title={t('overview.explainTitle', { figure: figureLabel })} open onClose={onClose} size="large" destroyOnHidden>
      <div data-testid="leave-explain-drawer">
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'staff', label: t('common.staff'), children: request.employeeName },
            { key: 'fund', label: t('overview.fund'), children: t(`overview.funds.${fundType}`) },
            { key: 'figure', label: figureLabel, children: <span data-testid="leave-explain-shown">{formatHours(request.shown)}</span> },
            { key: 'range', label: t('overview.rangeTimesheet'), children: data?.rangeTimesheet ?? '' },
          ]}
        />
        {explain.isLoading ? <Spin /> : null}
        {data ? (
          <>
            {data.sign < 0 ? <Alert type="info" showIcon title={t('overview.oppositeSign')} /> : null}
            <Table<ExplainLine>
              style={{ marginTop: 12 }}
              columns={explainColumns(t)}
              dataSource={data.lines}
              rowKey={(line) => (line.scheduled ? `scheduled-${line.fundRowId}` : String(line.id))}
              pagination={false}
              size="small"
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: <Empty description={t('overview.noLines')} /> }}
              summary={() => (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} colSpan={3}>
                    <strong>{t('overview.total')}</strong>
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
