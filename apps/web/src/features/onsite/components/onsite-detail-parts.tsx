import { Descriptions, Space, Table, Timeline, Typography } from 'antd';
import type { OnsiteDetail, OnsiteStage } from '@tms/contracts/onsite';
import { REQUEST_PAGE } from '@tms/contracts/requests';
import { Link } from 'react-router';
import { StatusTag } from '../../../components/status-tag.tsx';
import { approvalTimelineTexts } from '../../../components/approval-timeline/i18n/index.ts';
import { formatDateTime, formatDmy } from '../../../lib/dates.ts';
import { formatDays } from '../../../lib/numbers.ts';
import { onsiteTexts } from '../i18n/index.ts';
import { onsiteApproverText, onsiteStepLabel, stageTag, typeLabel } from './onsite-view.ts';

const STATUSES = [1, 3, 4, 5] as const;

export function OnsiteDetailSummary({ d }: { d: OnsiteDetail }) {
  const { t } = onsiteTexts.useT();
  const { t: flowT } = approvalTimelineTexts.useT();
  const status = STATUSES.find((s) => s === d.status);
  // Under an approval flow: 'Pending — step 2 of 3 (dl)' while the Department stage decides.
  const step = onsiteStepLabel(d, flowT);
  return (
    <Descriptions column={2} size="small" bordered>
      <Descriptions.Item label={t('detail.project')}>{`${d.projectName} (${d.projectCode})`}</Descriptions.Item>
      <Descriptions.Item label={t('detail.type')}>{typeLabel(d.type, t)}</Descriptions.Item>
      <Descriptions.Item label={t('detail.range')}>{`${formatDmy(d.fromDate)} - ${formatDmy(d.toDate)}`}</Descriptions.Item>
      <Descriptions.Item label={t('detail.status')}>{step ?? (status ? t(`status.${status}`) : d.status)}</Descriptions.Item>
      <Descriptions.Item label={t('detail.location')}>{d.location ?? ''}</Descriptions.Item>
      <Descriptions.Item label={t('detail.createdBy')}>{`${d.createdBy?.name ?? ''} · ${formatDateTime(d.createdDate)}`}</Descriptions.Item>
      <Descriptions.Item label={t('detail.approver')}>{onsiteApproverText(d, flowT)}</Descriptions.Item>
      <Descriptions.Item label={t('detail.cc')}>{d.cc.map((c) => c.name).join(', ')}</Descriptions.Item>
      <Descriptions.Item label={t('detail.description')} span={2}>
        {d.description ?? ''}
      </Descriptions.Item>
      {d.reasonsForRejection ? (
        <Descriptions.Item label={t('detail.rejection')} span={2}>
          {d.reasonsForRejection}
        </Descriptions.Item>
      ) : null}
      {d.withdrawReason ? (
        <Descriptions.Item label={t('detail.withdrawReason')} span={2}>
          {d.withdrawReason}
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}

function StageLine({ stage }: { stage: OnsiteStage }) {
  const { t } = onsiteTexts.useT();
  const tag = stageTag(stage, t);
  return (
    <Space>
      <StatusTag label={tag.text} color={tag.tone} />
      {stage.decidedBy ? (
        <span>
          {t('detail.decidedBy', { name: stage.decidedBy.name, username: stage.decidedBy.user_name })}{' '}
          {stage.decidedAt ? t('detail.decidedOn', { date: formatDateTime(stage.decidedAt) }) : ''}
        </span>
      ) : stage.decidedAt ? (
        // Decided with no decider: an approval flow with no step approved the Department stage (the Approval section says which).
        <span>{t('detail.decidedOn', { date: formatDateTime(stage.decidedAt) })}</span>
      ) : (
        <Typography.Text type="secondary">{t('detail.waiting')}</Typography.Text>
      )}
    </Space>
  );
}

/** Both approval stages (department, then C&B), each with who decided and when; the Department stage's steps follow (ApprovalTimeline). */
export function OnsiteApproval({ d }: { d: OnsiteDetail }) {
  const { t } = onsiteTexts.useT();
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('detail.approval')}
      </Typography.Title>
      <Timeline data-testid="onsite-drawer-stages" items={[{ children: <StageLine stage={d.status_department} /> }, { children: <StageLine stage={d.status_CB} /> }]} />
    </>
  );
}

export function OnsiteDetailStaff({ d }: { d: OnsiteDetail }) {
  const { t } = onsiteTexts.useT();
  return (
    <>
      <Typography.Title level={5}>{t('staff.heading')}</Typography.Title>
      <Table
        size="small"
        rowKey="employeeId"
        pagination={false}
        scroll={{ y: 400 }}
        dataSource={d.employeeList}
        columns={[
          { title: t('staff.name'), key: 'name', render: (_, s) => `${s.name} - ${s.user_name}` },
          { title: t('staff.startTime'), dataIndex: 'startTime', width: 100 },
          { title: t('staff.endTime'), dataIndex: 'endTime', width: 100 },
          { title: t('staff.duration'), dataIndex: 'duration', width: 90, render: (hours: number) => formatDays(hours) },
          {
            title: t('staff.request'),
            key: 'request',
            width: 200,
            render: (_, s) =>
              s.requestId ? (
                <Link to={`${REQUEST_PAGE}?id=${s.requestId}`} data-testid={`onsite-staff-request-${s.user_name}`}>
                  {t('staff.openRequest')}
                </Link>
              ) : null,
          },
        ]}
      />
    </>
  );
}
