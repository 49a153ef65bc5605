import { Button, Dropdown, Space, Tooltip, type TableColumnsType } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import type { OnsiteRow } from '@tms/contracts/onsite';
import { StatusTag } from '../../../components/status-tag.tsx';
import { approvalTimelineTexts } from '../../../components/approval-timeline/i18n/index.ts';
import { formatDmy } from '../../../lib/dates.ts';
import { onsiteTexts } from '../i18n/index.ts';
import { menuActions, menuLabel, onsiteApproverText, onsiteStepLabel, stageTag, staffTooltip, typeLabel, type OnsiteMenuAction } from './onsite-view.ts';

/**
 * The two-stage tag: "Department P/A/R" then "C&B P/A/R", coloured by status; hover lists the staff (spec 002 §2).
 * Under an approval flow the pending Department stage also says its step ('Pending — step 2 of 3 (dl)').
 */
export function StageTags({ row }: { row: OnsiteRow }) {
  const { t } = onsiteTexts.useT();
  const { t: flowT } = approvalTimelineTexts.useT();
  const dept = stageTag(row.status_department, t);
  const cb = stageTag(row.status_CB, t);
  const step = onsiteStepLabel(row, flowT);
  return (
    <Tooltip
      title={
        <div data-testid={`onsite-staff-tooltip-${row.id}`}>
          {staffTooltip(row, t).map((line) => (
            <div key={line}>{line}</div>
          ))}
        </div>
      }
    >
      <Space size={4} data-testid={`onsite-status-${row.id}`} data-department={dept.letter} data-cb={cb.letter}>
        <StatusTag label={dept.text} color={dept.tone} />
        {step ? (
          <span data-testid={`onsite-step-${row.id}`}>
            <StatusTag label={step} color="gold" />
          </span>
        ) : null}
        <StatusTag label={cb.text} color={cb.tone} />
        {row.status === 5 ? <StatusTag label={t('status.5')} color="default" /> : null}
      </Space>
    </Tooltip>
  );
}

/** The list's columns; texts by `t`, the page's. */
export function onsiteColumns(opts: {
  onAction: (action: OnsiteMenuAction, row: OnsiteRow) => void;
  onOpen: (row: OnsiteRow) => void;
  t: typeof onsiteTexts.t;
}): TableColumnsType<OnsiteRow> {
  const { t } = opts;
  return [
    {
      title: t('columns.title'),
      dataIndex: 'title',
      width: 240,
      render: (title: string, r) => (
        <Button type="link" style={{ padding: 0, whiteSpace: 'normal', textAlign: 'left', height: 'auto' }} onClick={() => opts.onOpen(r)} data-testid={`onsite-open-${r.id}`}>
          {title}
        </Button>
      ),
    },
    {
      title: t('columns.project'),
      key: 'project',
      width: 200,
      render: (_, r) => (
        <span>
          {r.projectName}
          <br />
          <small>{r.projectCode}</small>
        </span>
      ),
    },
    { title: t('columns.range'), key: 'range', width: 190, render: (_, r) => `${formatDmy(r.fromDate)} - ${formatDmy(r.toDate)}` },
    { title: t('columns.type'), dataIndex: 'type', width: 100, render: (type: string) => typeLabel(type, t) },
    { title: t('columns.approver'), key: 'approver', width: 160, render: (_, r) => onsiteApproverText(r) },
    { title: t('columns.createdBy'), key: 'createdBy', width: 160, render: (_, r) => r.createdBy?.name ?? '' },
    { title: t('columns.status'), key: 'status', width: 220, render: (_, r) => <StageTags row={r} /> },
    {
      title: t('columns.action'),
      key: 'action',
      width: 80,
      fixed: 'right',
      align: 'center',
      render: (_, r) => {
        const items = menuActions(r.actions);
        if (items.length === 0) return null;
        return (
          <Dropdown
            trigger={['click']}
            menu={{
              items: items.map((a) => ({ key: a, label: <span data-testid={`onsite-action-${a}-${r.id}`}>{menuLabel(a, t)}</span>, danger: a === 'reject' || a === 'withdraw' })),
              onClick: ({ key }) => opts.onAction(key as OnsiteMenuAction, r),
            }}
          >
            <Button size="small" icon={<MoreOutlined aria-hidden />} aria-label={t('columns.actionsOf', { id: r.id })} data-testid={`onsite-actions-${r.id}`} />
          </Dropdown>
        );
      },
    },
  ];
}
