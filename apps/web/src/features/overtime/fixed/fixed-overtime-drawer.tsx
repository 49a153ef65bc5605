import { useState } from 'react';
import { Divider, Drawer, Spin } from 'antd';
import { OVERTIME_MESSAGES as M } from '@tms/contracts/overtime';
import type { FixedDetail } from '@tms/contracts/overtime-fixed';
import { HistoryViewer } from '../../../components/history-viewer.tsx';
import { ReasonModal } from '../../../components/reason-modal.tsx';
import { hasRole } from '../../../lib/auth.ts';
import { OvertimeComments } from '../comments/overtime-comments.tsx';
import { useFixedDetail, useFixedHistory } from './api/fixed-overtime-api.ts';
import { DelegateModal } from './delegate-modal.tsx';
import { FixedFiles } from './fixed-files.tsx';
import { FixedDrawerButtons, FixedOffsetChoice, FixedOvertimeSummary } from './fixed-overtime-drawer-parts.tsx';
import { FixedStaffTable } from './fixed-staff-table.tsx';
import { useFixedOvertimeDecisions } from './use-fixed-overtime-decisions.ts';

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
  const decisions = useFixedOvertimeDecisions(d, onChanged);
  const { actions, busy, reason, setReason } = decisions;
  const [showHistory, setShowHistory] = useState(false);
  const history = useFixedHistory(d.id, showHistory);
  return (
    <>
      <FixedDrawerButtons d={d} decisions={decisions} onEdit={onEdit} onHistory={() => setShowHistory(true)} />
      <FixedOffsetChoice decisions={decisions} />
      <FixedOvertimeSummary d={d} />
      <Divider size="small" />
      <FixedStaffTable staff={d.staff} actions={actions} onAction={decisions.onRow} busy={busy} />
      <Divider size="small" />
      <FixedFiles id={d.id} files={d.files} mayUpload={decisions.isCreator || hasRole(decisions.user, 'HR')} mayDelete={actions.edit} />
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
          onSubmit={decisions.submitReason}
          onCancel={() => setReason(null)}
        />
      ) : null}
      {decisions.delegating ? (
        <DelegateModal overtimeId={d.id} note="The new assignee approves or rejects every pending staff member of this request." busy={busy} onSubmit={(u) => void decisions.delegate(u)} onClose={() => decisions.setDelegating(false)} />
      ) : null}
      <HistoryViewer open={showHistory} title="Overtime History" entries={history.data} loading={history.isLoading} onClose={() => setShowHistory(false)} fieldLabels={HISTORY_LABELS} />
    </>
  );
}
