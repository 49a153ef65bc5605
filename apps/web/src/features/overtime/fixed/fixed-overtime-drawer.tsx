import { useMemo, useState } from 'react';
import { Divider, Drawer, Spin } from 'antd';
import type { FixedDetail } from '@tms/contracts/overtime-fixed';
import { HistoryViewer } from '../../../components/history-viewer.tsx';
import { ReasonModal } from '../../../components/reason-modal.tsx';
import { hasRole } from '../../../lib/auth.ts';
import { OvertimeComments } from '../comments/overtime-comments.tsx';
import { overtimeTexts } from '../i18n/index.ts';
import { useFixedDetail, useFixedHistory } from './api/fixed-overtime-api.ts';
import { DelegateModal } from './delegate-modal.tsx';
import { FixedFiles } from './fixed-files.tsx';
import { FixedDrawerButtons, FixedOffsetChoice, FixedOvertimeSummary } from './fixed-overtime-drawer-parts.tsx';
import { FixedStaffTable } from './fixed-staff-table.tsx';
import { useFixedOvertimeDecisions, type ReasonFor } from './use-fixed-overtime-decisions.ts';

/** The history's field names in the reader's language ('cc' is CC in both). */
const historyLabels = (t: typeof overtimeTexts.t): Record<string, string> => ({
  title: t('fixed.historyFields.title'),
  project_id: t('fixed.historyFields.project_id'),
  ot_date: t('fixed.historyFields.ot_date'),
  start_time: t('fixed.historyFields.start_time'),
  end_time: t('fixed.historyFields.end_time'),
  ot_type: t('fixed.historyFields.ot_type'),
  description: t('fixed.historyFields.description'),
  staff: t('fixed.historyFields.staff'),
  cc: 'CC',
  assignee_user_id: t('fixed.historyFields.assignee_user_id'),
  withdraw_reason: t('fixed.historyFields.withdraw_reason'),
  is_ot_paid_by_offset_day: t('fixed.historyFields.is_ot_paid_by_offset_day'),
  attachments: t('fixed.historyFields.attachments'),
  comment: t('fixed.historyFields.comment'),
});

/**
 * The fixed overtime detail drawer (right, 35 %, "Overtime Detail"; spec 001 §2.4, §4.5): the request and its tag,
 * the staff table with per-row approve / reject / withdraw, Approve All / Reject All / Withdraw / Edit / Delegate
 * enabled exactly by contracts `fixedActions` (the server refuses the same), attachments, comments and history.
 */
export function FixedOvertimeDrawer({ id, onClose, onChanged, onEdit }: { id: number | null; onClose: () => void; onChanged: () => void; onEdit: (id: number) => void }) {
  const detail = useFixedDetail(id);
  const d = detail.data;
  const { t } = overtimeTexts.useT();
  return (
    <Drawer open={id !== null} width="35%" title={t('fixed.drawerTitle')} placement="right" onClose={onClose} destroyOnHidden data-testid="fixed-ot-drawer">
      {!d || id === null ? <Spin /> : <DrawerBody d={d} onChanged={onChanged} onEdit={onEdit} />}
    </Drawer>
  );
}

function reasonTitle(t: ReturnType<typeof overtimeTexts.useT>['t'], reason: ReasonFor): string {
  if (reason.kind === 'withdrawAll') return t('fixed.withdraw');
  if (reason.kind === 'rejectAll') return t('fixed.rejectAll');
  if (reason.kind === 'override') return t('fixed.overrideTitle', { name: reason.name });
  return t('fixed.rejectOne', { name: reason.name });
}

function DrawerBody({ d, onChanged, onEdit }: { d: FixedDetail; onChanged: () => void; onEdit: (id: number) => void }) {
  const decisions = useFixedOvertimeDecisions(d, onChanged);
  const { actions, busy, reason, setReason } = decisions;
  const [showHistory, setShowHistory] = useState(false);
  const history = useFixedHistory(d.id, showHistory);
  const { t } = overtimeTexts.useT();
  const fieldLabels = useMemo(() => historyLabels(t), [t]);
  return (
    <>
      <FixedDrawerButtons d={d} decisions={decisions} onEdit={onEdit} onHistory={() => setShowHistory(true)} />
      <FixedOffsetChoice decisions={decisions} />
      <FixedOvertimeSummary d={d} />
      <Divider size="small" />
      <FixedStaffTable
        requestId={d.id}
        staff={d.staff}
        actions={actions}
        onAction={decisions.onRow}
        busy={busy}
        assigneeId={d.assignee}
        blockedOwnRow={decisions.blockedOwnRow}
        mayOverride={decisions.mayOverride}
      />
      <Divider size="small" />
      <FixedFiles id={d.id} files={d.files} mayUpload={decisions.isCreator || hasRole(decisions.user, 'HR')} mayDelete={actions.edit} />
      <Divider size="small" />
      <OvertimeComments requestId={d.id} />
      {reason ? (
        <ReasonModal
          title={reasonTitle(t, reason)}
          requiredMessage={
            reason.kind === 'withdrawAll' ? t('messages.cancelReasonRequired') : reason.kind === 'override' ? t('fixed.overrideReasonRequired') : t('messages.rejectReasonRequired')
          }
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
        <DelegateModal overtimeId={d.id} note={t('fixed.delegateNote')} busy={busy} onSubmit={(u) => void decisions.delegate(u)} onClose={() => decisions.setDelegating(false)} />
      ) : null}
      <HistoryViewer open={showHistory} title={t('fixed.historyTitle')} entries={history.data} loading={history.isLoading} onClose={() => setShowHistory(false)} fieldLabels={fieldLabels} />
    </>
  );
}
