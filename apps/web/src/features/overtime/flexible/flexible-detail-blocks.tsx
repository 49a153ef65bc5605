import { Button, Card, Descriptions, Space, Table, Tag, Typography, Upload } from 'antd';
import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { ATTACHMENT_EXTENSIONS } from '@tms/contracts/api';
import { FLEXIBLE_STATUS_TEXT } from '@tms/contracts/overtime';
import { FLEXIBLE_STATUS_COLORS } from '@tms/contracts/overtime-list';
import type { FlexibleDetail, FlexibleFile, PayDetailLine } from '@tms/contracts/overtime-flexible';
import { StatusTag } from '../../../components/status-tag.tsx';
import { companyDateTime, dateTypeLabel, hours, requestTypeLabel, shiftLabel } from './flexible-overtime-view.ts';

const who = (p: { name: string; username: string } | null | undefined) => (p ? `${p.name} (${p.username})` : '-');

export function FlexibleStatusTag({ status }: { status: number }) {
  return (
    <span data-testid="flexible-status">
      <StatusTag label={FLEXIBLE_STATUS_TEXT[status] ?? String(status)} color={FLEXIBLE_STATUS_COLORS[status] ?? 'default'} />
    </span>
  );
}

/**
 * The overtime information block (spec 001 §2.4): status, title, staff, project, project manager, manager, cc,
 * description, the reason for rejection (index 2 and 4) or cancellation (6), attached files.
 */
export function InformationBlock({
  d,
  filesEditable,
  onDownload,
  onUpload,
  onDelete,
}: {
  d: FlexibleDetail;
  filesEditable: boolean;
  onDownload: (f: FlexibleFile) => void;
  onUpload: (file: File) => void;
  onDelete: (f: FlexibleFile) => void;
}) {
  const rejected = d.statusStored === 2 || d.statusStored === 4;
  return (
    <Card title="Overtime Information" size="small" data-testid="flexible-info">
      <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
        <Descriptions.Item label="Status">
          <FlexibleStatusTag status={d.status} />
        </Descriptions.Item>
        <Descriptions.Item label="Title">{d.title}</Descriptions.Item>
        <Descriptions.Item label="Staff">{d.staff.map((s) => `${s.name} (${s.username})`).join(', ')}</Descriptions.Item>
        <Descriptions.Item label="Project">{`${d.project.projectCode} - ${d.project.projectName}`}</Descriptions.Item>
        <Descriptions.Item label="Project Manager">{d.pms.map(who).join(', ') || '-'}</Descriptions.Item>
        <Descriptions.Item label="Manager">{who(d.approver)}</Descriptions.Item>
        <Descriptions.Item label="CC" span={2}>
          {d.ccMails.length > 0 ? d.ccMails.map((c) => <Tag key={c.employeeId}>{`${c.name} (${c.username})`}</Tag>) : '-'}
        </Descriptions.Item>
        <Descriptions.Item label="Description" span={2}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{d.description || '-'}</Typography.Paragraph>
        </Descriptions.Item>
        {rejected ? (
          <Descriptions.Item label="Reason for rejection" span={2}>
            <span data-testid="flexible-reject-reason">{d.reasonsForRejection ?? '-'}</span>
          </Descriptions.Item>
        ) : null}
        {d.statusStored === 6 ? (
          <Descriptions.Item label="Reason for cancellation" span={2}>
            <span data-testid="flexible-cancel-reason">{d.reasonForCancellation ?? '-'}</span>
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label="Attached files" span={2}>
          <Space orientation="vertical" size={2} data-testid="flexible-files">
            {d.fileAttach.length === 0 ? '-' : null}
            {d.fileAttach.map((f) => (
              <Space key={f.name} size={4}>
                <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => onDownload(f)}>
                  {f.original_name}
                </Button>
                {filesEditable ? <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`Delete ${f.original_name}`} onClick={() => onDelete(f)} /> : null}
              </Space>
            ))}
            {filesEditable ? (
              <Upload
                showUploadList={false}
                accept={ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(',')}
                beforeUpload={(file) => {
                  onUpload(file);
                  return false;
                }}
              >
                <Button size="small" icon={<UploadOutlined />}>
                  Attach a file
                </Button>
              </Upload>
            ) : null}
          </Space>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** The plan block (spec 001 §2.4): date and date type, type, OT time. */
export function PlanBlock({ d }: { d: FlexibleDetail }) {
  const overnight = d.endAt.slice(0, 10) !== d.startAt.slice(0, 10) || d.endTime <= d.startTime;
  return (
    <Card title="OT Plan" size="small" data-testid="flexible-plan">
      <Descriptions column={{ xs: 1, md: 3 }} size="small" bordered>
        <Descriptions.Item label="Date">{`${d.overtimeDate} (${dateTypeLabel(d.dateType)})`}</Descriptions.Item>
        <Descriptions.Item label="Type">{requestTypeLabel(d.requestType)}</Descriptions.Item>
        <Descriptions.Item label="OT Time">{`${d.startTime} - ${d.endTime}${overnight ? ' (next day)' : ''}`}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** The actual block (spec 001 §2.4): check in and out, and the pay details by shift. */
export function ActualBlock({ d, timeZone }: { d: FlexibleDetail; timeZone?: string }) {
  const pay = d.overtimePayDetail;
  const time = (iso: string | null) => companyDateTime(iso, timeZone);
  return (
    <Card title="OT Actual" size="small" data-testid="flexible-actual">
      <Descriptions column={{ xs: 1, md: 4 }} size="small" bordered style={{ marginBottom: 12 }}>
        <Descriptions.Item label="Check in">{time(pay.check_in)}</Descriptions.Item>
        <Descriptions.Item label="Check out">{time(pay.check_out)}</Descriptions.Item>
        <Descriptions.Item label="OTpay Hours">{hours(pay.total_time_actual)}</Descriptions.Item>
        <Descriptions.Item label="OTpay Confirmation">
          <span data-testid="flexible-total-confirm">{hours(pay.total_time_confirm)}</span>
        </Descriptions.Item>
      </Descriptions>
      <Table<PayDetailLine>
        size="small"
        rowKey="shift"
        pagination={false}
        dataSource={pay.details}
        data-testid="flexible-pay-table"
        locale={{ emptyText: 'No OT pay yet' }}
        scroll={{ x: 800 }}
        columns={[
          { title: 'Shift', dataIndex: 'shift', render: (s: string, l) => `${shiftLabel(s)} (${dateTypeLabel(l.date_type)}${l.is_night ? ', night' : ''})` },
          { title: 'Check in actual', dataIndex: 'check_in_actual', render: time },
          { title: 'Check out actual', dataIndex: 'check_out_actual', render: time },
          { title: 'Duration actual', dataIndex: 'duration_actual', align: 'right', render: hours },
          { title: 'Duration confirm', dataIndex: 'duration_confirm', align: 'right', render: hours },
          { title: 'Reason', dataIndex: 'reason', render: (r: string | null) => r ?? '' },
        ]}
      />
    </Card>
  );
}

/** Created by and last modified (spec 001 §2.4). */
export function AuditLine({ d, timeZone }: { d: FlexibleDetail; timeZone?: string }) {
  const time = (iso: string | null) => companyDateTime(iso, timeZone);
  return (
    <Typography.Text type="secondary" data-testid="flexible-audit">
      {`Created by ${who(d.createdBy)} at ${time(d.createdDate)} · Last modified ${time(d.modifiedDate)}`}
    </Typography.Text>
  );
}
