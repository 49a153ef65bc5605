import { useState } from 'react';
import { Button, Checkbox, Descriptions, Divider, Drawer, Space, Spin, Typography } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { DATE_TYPE_LABELS, FIXED_OT_TYPES, FIXED_STAFF_STATUS as S, OVERTIME_MESSAGES as M, type DateType } from '@tms/contracts/overtime';
import { fixedActions, type FixedDetail, type FixedStatusPayload } from '@tms/contracts/overtime-fixed';
import { confirmDialog } from '../../../components/confirm-dialog.tsx';
import { HistoryViewer } from '../../../components/history-viewer.tsx';
import { ReasonModal } from '../../../components/reason-modal.tsx';
import { StatusTag } from '../../../components/status-tag.tsx';
import { hasRole, useCurrentUser } from '../../../lib/auth.ts';
import { formatDateTime, formatDmy } from '../../../lib/dates.ts';
import { notifyFailure, notifySuccess } from '../../../lib/notify.ts';
import { OvertimeComments } from '../comments/overtime-comments.tsx';
import { useFixedCommand, useFixedDetail, useFixedHistory } from './api/fixed-overtime-api.ts';
import { DelegateModal } from './delegate-modal.tsx';
import { FixedFiles } from './fixed-files.tsx';
import { FixedStaffTable, type StaffAction } from './fixed-staff-table.tsx';
import { FIXED_TAG_COLORS, viewerOf } from './fixed-overtime-view.ts';

const HISTORY_LABELS: Record<string, string> = {
  title: 'Title',
  project_id: 'Project',
  ot_date: 'OT Date',
  start_time: 'Start time',
  end_time: 'End time',
  ot_type: 'OT Type',
  description: 'Description',
  staff: 'Staff',
  cc: 'CC',
  assignee_user_id: 'Assignee',
  withdraw_reason: 'Withdraw reason',
  is_ot_paid_by_offset_day: 'Paid by offset day',
  attachments: 'Attachments',
  comment: 'Comment',
};

type ReasonFor = { kind: 'rejectOne'; employeeId: number; name: string } | { kind: 'rejectAll' } | { kind: 'withdrawAll' };
const typeLabel = (v: string) => FIXED_OT_TYPES.find((t) => t.value === v)?.label ?? v;

/**
 * The fixed overtime detail drawer (right, 35 %, "Overtime Detail"; spec 001 §2.4, §4.5): the request and its tag,
 * the staff table with per-row approve / reject / withdraw, Approve All / Reject All / Withdraw / Edit / Delegate
 * enabled exactly by contracts `fixedActions` (the server refuses the same), attachments, comments and history.
 */
export function FixedOvertimeDrawer({ id, onClose, onChanged, onEdit }: { id: number | null; onClose: () => void; onChanged: () => void; onEdit: (id: number) => void }) {
  const detail = useFixedDetail(id);
  const d = detail.data;
  return (
    <Drawer open={id !== null} width="35%" title="Overtime Detail" placement="right" onClose={onClose} destroyOnHidden data-testid="fixed-ot-drawer">
      {!d || id === null ? <Spin /> : <DrawerBody d={d} onChanged={onChanged} onEdit={onEdit} />}
    </Drawer>
  );
}

function DrawerBody({ d, onChanged, onEdit }: { d: FixedDetail; onChanged: () => void; onEdit: (id: number) => void }) {
  const user = useCurrentUser().data;
  const viewer = viewerOf(user);
  const command = useFixedCommand();
  const [offset, setOffset] = useState(d.is_ot_paid_by_offset_day);
  const [reason, setReason] = useState<ReasonFor | null>(null);
  const [delegating, setDelegating] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const history = useFixedHistory(d.id, showHistory);
  const actions = viewer ? fixedActions(d, viewer, { now: d.server_now, lockDate: d.lock_date }) : d.actions;
  const isCreator = viewer !== null && d.created_by_user_id === viewer.userId;
  const mine = d.staff.filter((s) => s.approver_id === viewer?.userId);
  const isApprover = mine.length > 0;

  const send = async (body: FixedStatusPayload) => {
    try {
      // No version: each row moves only from its expected status, so a decision made meanwhile answers 409 anyway.
      await command.mutateAsync({ kind: 'status', id: d.id, body });
      notifySuccess(M.updateStatusSuccess);
      onChanged();
      return true;
    } catch (error) {
      notifyFailure(M.updateStatusFailed, error);
      return false;
    }
  };
  const approve = (employeeIds: number[]) => send({ data: employeeIds.map((employee_id) => ({ employee_id, status: S.approved })), is_ot_paid_by_offset_day: offset });

  const onRow = ({ kind, staff }: StaffAction) => {
    if (kind === 'approve') void approve([staff.employee_id]);
    else if (kind === 'reject') setReason({ kind: 'rejectOne', employeeId: staff.employee_id, name: staff.employee.name });
    else
      confirmDialog({
        title: 'Withdraw',
        content: `Withdraw ${staff.employee.name} from this overtime request?`,
        danger: true,
        onOk: () => send({ data: [{ employee_id: staff.employee_id, status: S.withdrawn }] }),
      });
  };

  const submitReason = async (text: string) => {
    if (!reason) return;
    let ok: boolean;
    if (reason.kind === 'rejectOne') ok = await send({ data: [{ employee_id: reason.employeeId, status: S.rejected, reject_reason: text }] });
    else if (reason.kind === 'rejectAll') {
      const rows = mine.filter((s) => s.shown_status === S.pending || s.shown_status === S.approved);
      ok = await send({ data: rows.map((s) => ({ employee_id: s.employee_id, status: S.rejected, reject_reason: text })) });
    } else ok = await send({ data: d.staff.map((s) => ({ employee_id: s.employee_id, status: S.cancelled })), withdraw_reason: text });
    if (!ok) throw new Error('kept open');
    setReason(null);
  };

  const delegate = async (assignee: number) => {
    try {
      await command.mutateAsync({ kind: 'assignee', id: d.id, body: { data: { assignee } } });
      notifySuccess(M.updateAssigneeSuccess);
      setDelegating(false);
      onChanged();
    } catch (error) {
      notifyFailure(M.updateStatusFailed, error);
    }
  };

  const busy = command.isPending;
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <StatusTag label={d.tag.text} color={FIXED_TAG_COLORS[d.tag.kind]} />
        {isApprover ? (
          <>
            <Button type="primary" disabled={!actions.approveAll || busy} onClick={() => void approve(mine.filter((s) => s.shown_status === S.pending).map((s) => s.employee_id))} data-testid="fixed-ot-approve-all">
              Approve All
            </Button>
            <Button danger disabled={!actions.rejectAll || busy} onClick={() => setReason({ kind: 'rejectAll' })} data-testid="fixed-ot-reject-all">
              Reject All
            </Button>
          </>
        ) : null}
        {isCreator ? (
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
          <Button disabled={busy} onClick={() => setDelegating(true)} data-testid="fixed-ot-delegate">
            Delegate
          </Button>
        ) : null}
        <Button icon={<HistoryOutlined />} onClick={() => setShowHistory(true)} aria-label="History" />
      </Space>
      {isApprover && (actions.approveAll || Object.values(actions.rows).some((r) => r.approve)) ? (
        <div style={{ marginBottom: 8 }}>
          <Checkbox checked={offset} onChange={(e) => setOffset(e.target.checked)} data-testid="fixed-ot-offset">
            Pay approved hours as offset days
          </Checkbox>
        </div>
      ) : null}
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
      <Divider size="small" />
      <FixedStaffTable staff={d.staff} actions={actions} onAction={onRow} busy={busy} />
      <Divider size="small" />
      <FixedFiles id={d.id} files={d.files} mayUpload={isCreator || hasRole(user, 'HR')} mayDelete={actions.edit} />
      <Divider size="small" />
      <OvertimeComments requestId={d.id} />
      {reason ? (
        <ReasonModal
          title={reason.kind === 'withdrawAll' ? 'Withdraw' : reason.kind === 'rejectAll' ? 'Reject All' : `Reject ${reason.name}`}
          requiredMessage={reason.kind === 'withdrawAll' ? M.cancelReasonRequired : M.rejectReasonRequired}
          name="fixed-ot-reason"
          saveTestId="fixed-ot-reason-save"
          cancelTestId="fixed-ot-reason-cancel"
          inputTestId="fixed-ot-reason-input"
          pending={busy}
          onSubmit={submitReason}
          onCancel={() => setReason(null)}
        />
      ) : null}
      {delegating ? (
        <DelegateModal overtimeId={d.id} note="The new assignee approves or rejects every pending staff member of this request." busy={busy} onSubmit={(u) => void delegate(u)} onClose={() => setDelegating(false)} />
      ) : null}
      <HistoryViewer open={showHistory} title="Overtime History" entries={history.data} loading={history.isLoading} onClose={() => setShowHistory(false)} fieldLabels={HISTORY_LABELS} />
    </>
  );
}
