import { Descriptions, Space, Table, Timeline, Typography } from 'antd';
import { ONSITE_STATUS_TEXT, type OnsiteDetail, type OnsiteStage } from '@tms/contracts/onsite';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatDateTime, formatDmy } from '../../../lib/dates.ts';
import { stageTag, typeLabel } from './onsite-view.ts';

export function OnsiteDetailSummary({ d }: { d: OnsiteDetail }) {
  return (
    <Descriptions column={2} size="small" bordered>
      <Descriptions.Item label="Project">{`${d.projectName} (${d.projectCode})`}</Descriptions.Item>
      <Descriptions.Item label="Type">{typeLabel(d.type)}</Descriptions.Item>
      <Descriptions.Item label="From - To">{`${formatDmy(d.fromDate)} - ${formatDmy(d.toDate)}`}</Descriptions.Item>
      <Descriptions.Item label="Status">{ONSITE_STATUS_TEXT[d.status] ?? d.status}</Descriptions.Item>
      <Descriptions.Item label="Location">{d.location ?? ''}</Descriptions.Item>
      <Descriptions.Item label="Created By">{`${d.createdBy?.name ?? ''} · ${formatDateTime(d.createdDate)}`}</Descriptions.Item>
      <Descriptions.Item label="Approver">{d.approver?.name ?? ''}</Descriptions.Item>
      <Descriptions.Item label="CC">{d.cc.map((c) => c.name).join(', ')}</Descriptions.Item>
      <Descriptions.Item label="Description" span={2}>
        {d.description ?? ''}
      </Descriptions.Item>
      {d.reasonsForRejection ? (
        <Descriptions.Item label="Reason for rejection" span={2}>
          {d.reasonsForRejection}
        </Descriptions.Item>
      ) : null}
      {d.withdrawReason ? (
        <Descriptions.Item label="Withdraw reason" span={2}>
          {d.withdrawReason}
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}

function StageLine({ stage }: { stage: OnsiteStage }) {
  const tag = stageTag(stage);
  return (
    <Space>
      <StatusTag label={tag.text} color={tag.tone} />
      {stage.decidedBy ? (
        <span>
          by {stage.decidedBy.name} ({stage.decidedBy.user_name}) {stage.decidedAt ? `on ${formatDateTime(stage.decidedAt)}` : ''}
        </span>
      ) : (
        <Typography.Text type="secondary">Waiting</Typography.Text>
      )}
    </Space>
  );
}

/** Both approval stages (department, then C&B), each with who decided and when. */
export function OnsiteApproval({ d }: { d: OnsiteDetail }) {
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        Approval
      </Typography.Title>
      <Timeline data-testid="onsite-drawer-stages" items={[{ children: <StageLine stage={d.status_department} /> }, { children: <StageLine stage={d.status_CB} /> }]} />
    </>
  );
}

export function OnsiteDetailStaff({ d }: { d: OnsiteDetail }) {
  return (
    <>
      <Typography.Title level={5}>Staff</Typography.Title>
      <Table
        size="small"
        rowKey="employeeId"
        pagination={false}
        scroll={{ y: 400 }}
        dataSource={d.employeeList}
        columns={[
          { title: 'Staff', key: 'name', render: (_, s) => `${s.name} - ${s.user_name}` },
          { title: 'Start time', dataIndex: 'startTime', width: 100 },
          { title: 'End time', dataIndex: 'endTime', width: 100 },
          { title: 'Duration', dataIndex: 'duration', width: 90 },
        ]}
      />
    </>
  );
}
