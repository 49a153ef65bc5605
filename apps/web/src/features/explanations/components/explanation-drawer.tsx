import { Drawer } from 'antd';
import { ApprovalTimeline } from '../../../components/approval-timeline/approval-timeline.tsx';
import { ReasonModal } from '../../../components/reason-modal.tsx';
import type { ExplanationRow } from '../api/explanations-api.ts';
import type { Caller } from '../explanation-rules.ts';
import { explanationsTexts } from '../i18n/index.ts';
import { ExplanationAssignee, ExplanationEditForm, ExplanationStatusButtons, ExplanationSummary } from './explanation-drawer-parts.tsx';
import { useExplanationDrawer } from './use-explanation-drawer.ts';

type ExplanationDrawerProps = { row: ExplanationRow; user: Caller | undefined; onClose: () => void };

/**
 * "Explanation Detail" (30 %, spec 001 §2.6, §4.4, §5.5): edit while Pending or Delegated, cancel / approve / reject;
 * its approval steps below (issue 29).
 */
export function ExplanationDrawer({ row, user, onClose }: ExplanationDrawerProps) {
  const { t } = explanationsTexts.useT();
  const drawer = useExplanationDrawer(row, user, onClose);
  return (
    <Drawer
      open
      title={t('drawer.heading')}
      size="30%"
      placement="right"
      onClose={onClose}
      data-testid="explanation-drawer"
      extra={<ExplanationStatusButtons actions={drawer.actions} confirmStatus={drawer.confirmStatus} onReject={() => drawer.setRejecting(true)} />}
    >
      <ExplanationSummary row={row} />
      <ExplanationEditForm row={row} drawer={drawer} />
      <ExplanationAssignee row={row} drawer={drawer} />
      {/* The explanation's row of the requests table: its id is the request id the timeline is asked by. */}
      <ApprovalTimeline requestId={row.id} />
      {drawer.rejecting ? (
        // Spec 001 §5.5: "Message required!".
        <ReasonModal
          title={t('drawer.rejectTitle')}
          requiredMessage={t('messages.messageRequired')}
          okText={t('drawer.reject')}
          name="explanation-reject"
          saveTestId="explanation-reject-save"
          cancelTestId="explanation-reject-cancel"
          inputTestId="explanation-reject-reason"
          pending={drawer.statusPending}
          onSubmit={drawer.reject}
          onCancel={() => drawer.setRejecting(false)}
        />
      ) : null}
    </Drawer>
  );
}
