import { Button, Card, Descriptions, Space, Table, Tag, Typography, Upload } from 'antd';
import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { ATTACHMENT_EXTENSIONS } from '@tms/contracts/api';
import { FLEXIBLE_STATUS_COLORS } from '@tms/contracts/overtime-list';
import { FLEXIBLE_OT_PATHS, type FlexibleApprovalStep, type FlexibleDetail, type FlexibleFile, type PayDetailLine } from '@tms/contracts/overtime-flexible';
import { ApprovalTimeline } from '../../../components/approval-timeline/approval-timeline.tsx';
import { pendingStepLabel } from '../../../components/approval-timeline/pending-step-label.ts';
import { approvalTimelineTexts } from '../../../components/approval-timeline/i18n/index.ts';
import { StatusTag } from '../../../components/status-tag.tsx';
import { overtimeTexts } from '../i18n/index.ts';
import { dateTypeLabel, flexibleStatusLabel, flexibleTypeLabel, shiftLabel } from '../overtime-labels.ts';
import { companyDateTime, hours } from './flexible-overtime-view.ts';
import { personText } from '../../../lib/person-text.ts';

const who = (p: { name: string; username: string } | null | undefined) => (p ? personText(p.name, p.username) : '-');

export function FlexibleStatusTag({ status }: { status: number }) {
  const { t } = overtimeTexts.useT();
  return (
    <span data-testid="flexible-status">
      <StatusTag label={flexibleStatusLabel(t, status)} color={FLEXIBLE_STATUS_COLORS[status] ?? 'default'} />
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
  const { t } = overtimeTexts.useT();
  return (
    <Card title={t('flexible.info.heading')} size="small" data-testid="flexible-info">
      <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
        <Descriptions.Item label={t('flexible.info.status')}>
          <FlexibleStatusTag status={d.status} />
          <FlexibleStepLabel approval_step={d.approval_step} status={d.status} approverUserName={d.assignee?.username} />
        </Descriptions.Item>
        <Descriptions.Item label={t('flexible.info.title')}>{d.title}</Descriptions.Item>
        <Descriptions.Item label={t('flexible.info.staff')}>{d.staff.map((s) => personText(s.name, s.username)).join(', ')}</Descriptions.Item>
        <Descriptions.Item label={t('flexible.info.project')}>{`${d.project.projectCode} - ${d.project.projectName}`}</Descriptions.Item>
        <Descriptions.Item label={t('flexible.info.projectManager')}>{d.pms.map(who).join(', ') || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('flexible.info.manager')}>
          <ManagerName d={d} />
        </Descriptions.Item>
        <Descriptions.Item label="CC" span={2}>
          {d.ccMails.length > 0 ? d.ccMails.map((c) => <Tag key={c.employeeId}>{personText(c.name, c.username)}</Tag>) : '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('flexible.info.description')} span={2}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{d.description || '-'}</Typography.Paragraph>
        </Descriptions.Item>
        {rejected ? (
          <Descriptions.Item label={t('flexible.info.rejectReason')} span={2}>
            <span data-testid="flexible-reject-reason">{d.reasonsForRejection ?? '-'}</span>
          </Descriptions.Item>
        ) : null}
        {d.statusStored === 6 ? (
          <Descriptions.Item label={t('flexible.info.cancelReason')} span={2}>
            <span data-testid="flexible-cancel-reason">{d.reasonForCancellation ?? '-'}</span>
          </Descriptions.Item>
        ) : null}
        {d.limitOverrideReason ? (
          <Descriptions.Item label={t('flexible.info.overrideReason')} span={2}>
            <span data-testid="flexible-override-reason">{d.limitOverrideReason}</span>
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('flexible.info.files')} span={2}>
          <Space orientation="vertical" size={2} data-testid="flexible-files">
            {d.fileAttach.length === 0 ? '-' : null}
            {d.fileAttach.map((f) => (
              <Space key={f.name} size={4}>
                <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => onDownload(f)}>
                  {f.original_name}
                </Button>
                {filesEditable ? <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('flexible.info.delete', { name: f.original_name })} onClick={() => onDelete(f)} /> : null}
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
                  {t('flexible.info.attach')}
                </Button>
              </Upload>
            ) : null}
          </Space>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/**
 * Issue 29: 'Pending — step 2 of 3 (dl)' beside the status (the shown one) while the manager stage (3) follows an
 * approval flow; nothing otherwise. `approverUserName`: the current step's approver (the detail's assignee, the list's
 * manager).
 */
export function FlexibleStepLabel({ approval_step, status, approverUserName }: { approval_step: FlexibleApprovalStep | null | undefined; status: number; approverUserName: string | null | undefined }) {
  const { t } = approvalTimelineTexts.useT();
  const label = pendingStepLabel({ approval_step: approval_step ?? null, pending: status === 3, approverUserName }, t);
  return label ? (
    <Typography.Text type="secondary" style={{ marginLeft: 8 }} data-testid="flexible-approval-step">
      {label}
    </Typography.Text>
  ) : null;
}

/**
 * The manager stage: its approver, or at an approval flow's "anyone of a role" step the role ('Anyone: HR manager', the
 * timeline's words), whose first member to act decides.
 */
export function ManagerName({ d }: { d: Pick<FlexibleDetail, 'approver' | 'approverRole'> }) {
  const { t } = approvalTimelineTexts.useT();
  if (d.approver || !d.approverRole) return <>{who(d.approver)}</>;
  return <span data-testid="flexible-manager-role">{t('approval.anyoneOf', { role: t(`approval.poolRoles.${d.approverRole}`) })}</span>;
}

/** Issue 29: the manager stage's approval steps (its flow's, or the single step: the manager). */
export function ApprovalBlock({ d }: { d: Pick<FlexibleDetail, 'id'> }) {
  return (
    <Card size="small" data-testid="flexible-approval">
      <ApprovalTimeline path={FLEXIBLE_OT_PATHS.approvalTimeline(d.id)} />
    </Card>
  );
}

/** The plan block (spec 001 §2.4): date and date type, type, OT time. */
export function PlanBlock({ d }: { d: FlexibleDetail }) {
  const overnight = d.endAt.slice(0, 10) !== d.startAt.slice(0, 10) || d.endTime <= d.startTime;
  const { t } = overtimeTexts.useT();
  return (
    <Card title={t('flexible.plan.title')} size="small" data-testid="flexible-plan">
      <Descriptions column={{ xs: 1, md: 3 }} size="small" bordered>
        <Descriptions.Item label={t('flexible.plan.date')}>{`${d.overtimeDate} (${dateTypeLabel(t, d.dateType)})`}</Descriptions.Item>
        <Descriptions.Item label={t('flexible.plan.type')}>{flexibleTypeLabel(t, d.requestType)}</Descriptions.Item>
        <Descriptions.Item label={t('flexible.plan.otTime')}>{overnight ? t('time.nextDay', { start: d.startTime, end: d.endTime }) : `${d.startTime} - ${d.endTime}`}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** The actual block (spec 001 §2.4): check in and out, and the pay details by shift. */
export function ActualBlock({ d, timeZone }: { d: FlexibleDetail; timeZone?: string }) {
  const pay = d.overtimePayDetail;
  const time = (iso: string | null) => companyDateTime(iso, timeZone);
  const { t } = overtimeTexts.useT();
  return (
    <Card title={t('flexible.actual.title')} size="small" data-testid="flexible-actual">
      <Descriptions column={{ xs: 1, md: 4 }} size="small" bordered style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('flexible.actual.checkIn')}>{time(pay.check_in)}</Descriptions.Item>
        <Descriptions.Item label={t('flexible.actual.checkOut')}>{time(pay.check_out)}</Descriptions.Item>
        <Descriptions.Item label={t('flexible.actual.otPayHours')}>{hours(pay.total_time_actual)}</Descriptions.Item>
        <Descriptions.Item label={t('flexible.actual.otPayConfirmation')}>
          <span data-testid="flexible-total-confirm">{hours(pay.total_time_confirm)}</span>
        </Descriptions.Item>
      </Descriptions>
      <Table<PayDetailLine>
        size="small"
        rowKey="shift"
        pagination={false}
        dataSource={pay.details}
        data-testid="flexible-pay-table"
        locale={{ emptyText: t('flexible.actual.empty') }}
        scroll={{ x: 800 }}
        columns={[
          {
            title: t('flexible.actual.shift'),
            dataIndex: 'shift',
            render: (s: string, l) =>
              l.is_night ? t('flexible.actual.shiftNight', { shift: shiftLabel(t, s), dateType: dateTypeLabel(t, l.date_type) }) : `${shiftLabel(t, s)} (${dateTypeLabel(t, l.date_type)})`,
          },
          { title: t('flexible.actual.checkInActual'), dataIndex: 'check_in_actual', render: time },
          { title: t('flexible.actual.checkOutActual'), dataIndex: 'check_out_actual', render: time },
          { title: t('flexible.actual.durationActual'), dataIndex: 'duration_actual', align: 'right', render: hours },
          { title: t('flexible.actual.durationConfirm'), dataIndex: 'duration_confirm', align: 'right', render: hours },
          { title: t('flexible.actual.reason'), dataIndex: 'reason', render: (r: string | null) => r ?? '' },
        ]}
      />
    </Card>
  );
}

/** Created by and last modified (spec 001 §2.4). */
export function AuditLine({ d, timeZone }: { d: FlexibleDetail; timeZone?: string }) {
  const time = (iso: string | null) => companyDateTime(iso, timeZone);
  const { t } = overtimeTexts.useT();
  return (
    <Typography.Text type="secondary" data-testid="flexible-audit">
      {t('flexible.audit', { who: who(d.createdBy), created: time(d.createdDate), modified: time(d.modifiedDate) })}
    </Typography.Text>
  );
}
