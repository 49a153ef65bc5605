import { Button, Checkbox, Descriptions, Space, Typography } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { DATE_TYPE_LABELS, FIXED_OT_TYPES, type DateType } from '@tms/contracts/overtime';
import type { FixedDetail } from '@tms/contracts/overtime-fixed';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatDateTime, formatDmy } from '../../../lib/dates.ts';
import { FIXED_TAG_COLORS } from './fixed-overtime-view.ts';
import type { FixedOvertimeDecisions } from './use-fixed-overtime-decisions.ts';

const typeLabel = (v: string) => FIXED_OT_TYPES.find((t) => t.value === v)?.label ?? v;

type FixedDrawerButtonsProps = { d: FixedDetail; decisions: FixedOvertimeDecisions; onEdit: (id: number) => void; onHistory: () => void };

/** The tag, then Approve All / Reject All (approvers), Edit / Withdraw (the creator), Delegate, History. */
export function FixedDrawerButtons({ d, decisions, onEdit, onHistory }: FixedDrawerButtonsProps) {
  const { actions, busy, setReason } = decisions;
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <StatusTag label={d.tag.text} color={FIXED_TAG_COLORS[d.tag.kind]} />
      {decisions.isApprover ? (
        <>
          <Button type="primary" disabled={!actions.approveAll || busy} onClick={decisions.approveAll} data-testid="fixed-ot-approve-all">
            Approve All
          </Button>
          <Button danger disabled={!actions.rejectAll || busy} onClick={() => setReason({ kind: 'rejectAll' })} data-testid="fixed-ot-reject-all">
            Reject All
          </Button>
        </>
      ) : null}
      {decisions.isCreator ? (
        <>
          <Button disabled={!actions.edit || busy} onClick={() => onEdit(d.id)} data-testid="fixed-ot-edit">
            Edit
          </Button>
          <Button danger disabled={!actions.withdraw || busy} onClick={() => setReason({ kind: 'withdrawAll' })} data-testid="fixed-ot-withdraw">
            Withdraw
          </Button>
        </>
      ) : null}
      {/* Shown only where the server's reassignment rule lets this user move the request now. */}
      {actions.delegate ? (
        <Button disabled={busy} onClick={() => decisions.setDelegating(true)} data-testid="fixed-ot-delegate">
          Delegate
        </Button>
      ) : null}
      <Button icon={<HistoryOutlined />} onClick={onHistory} aria-label="History" />
    </Space>
  );
}

/** The offset-day choice, for an approver while something is left to approve. */
export function FixedOffsetChoice({ decisions }: { decisions: FixedOvertimeDecisions }) {
  const { actions } = decisions;
  if (!decisions.isApprover || !(actions.approveAll || Object.values(actions.rows).some((r) => r.approve))) return null;
  return (
    <div style={{ marginBottom: 8 }}>
      <Checkbox checked={decisions.offset} onChange={(e) => decisions.setOffset(e.target.checked)} data-testid="fixed-ot-offset">
        Pay approved hours as offset days
      </Checkbox>
    </div>
  );
}

export function FixedOvertimeSummary({ d }: { d: FixedDetail }) {
  return (
    <Descriptions column={1} size="small" bordered>
      <Descriptions.Item label="Title">{d.title}</Descriptions.Item>
      <Descriptions.Item label="Project">{`${d.project_code} - ${d.project_name}`}</Descriptions.Item>
      <Descriptions.Item label="OT Date">{`${formatDmy(d.ot_date)} (${DATE_TYPE_LABELS[d.category as DateType] ?? d.category})`}</Descriptions.Item>
      <Descriptions.Item label="OT Time">{`${d.start_time.slice(11, 16)} - ${d.end_time.slice(11, 16)}${d.end_time.slice(0, 10) !== d.start_time.slice(0, 10) ? ' (next day)' : ''}`}</Descriptions.Item>
      <Descriptions.Item label="OT Type">{typeLabel(d.ot_type)}</Descriptions.Item>
      <Descriptions.Item label="Approver">{d.assignee_ob ? `${d.assignee_ob.name} (${d.assignee_ob.user_name})` : ''}</Descriptions.Item>
      <Descriptions.Item label="Created By">{d.creator ? `${d.creator.name} (${d.creator.user_name})` : ''}</Descriptions.Item>
      <Descriptions.Item label="CC">{d.mailList.map((c) => c.name).join(', ')}</Descriptions.Item>
      <Descriptions.Item label="Description">
        <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{d.description ?? ''}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label="Paid by offset day">{d.is_ot_paid_by_offset_day ? 'Yes' : 'No'}</Descriptions.Item>
      {d.reject_all_reason ? <Descriptions.Item label="Reject reason">{d.reject_all_reason}</Descriptions.Item> : null}
      {d.withdraw_reason ? <Descriptions.Item label="Withdraw reason">{d.withdraw_reason}</Descriptions.Item> : null}
      <Descriptions.Item label="Last modified">{formatDateTime(d.last_modified_date)}</Descriptions.Item>
    </Descriptions>
  );
}
