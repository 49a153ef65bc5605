import { useState } from 'react';
import { Button, Tooltip } from 'antd';
import { CheckOutlined, CloseOutlined, SendOutlined } from '@ant-design/icons';
import type { TimesheetInfo } from '@tms/contracts/timesheet-review';
import { confirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useRequestReview, useReviewTimesheet } from './api/review-timesheet.ts';
import { isConflict } from './api/toolbar-keys.ts';
import { timesheetTexts } from '../i18n/index.ts';
import { RejectModal } from './reject-modal.tsx';
import type { ToolbarState } from './toolbar-rules.ts';

type ReviewActionsProps = {
  timesheet: Pick<TimesheetInfo, 'timesheet_id' | 'version' | 'name'>;
  state: Pick<ToolbarState, 'requestReview' | 'approve' | 'reject'>;
  onChanged: () => void;
};

/**
 * Request for review, Approve and Reject (spec 001 §4.1; RULES.md §4). Each answer's message is toasted and the page
 * reloads the timesheet; a 409 (changed meanwhile) reloads it too, after the mutation cache has shown why.
 */
export function ReviewActions({ timesheet, state, onChanged }: ReviewActionsProps) {
  const requestReview = useRequestReview();
  const review = useReviewTimesheet();
  const [rejecting, setRejecting] = useState(false);
  const { t } = timesheetTexts.useT();

  const settle = (call: Promise<{ message: string }>) =>
    call.then(
      ({ message }) => {
        notifySuccess(message);
        onChanged();
      },
      (error: unknown) => {
        if (isConflict(error)) onChanged();
      },
    );

  const confirmRequestReview = () =>
    confirmDialog({
      content: t('toolbar.review.confirmRequestReview', { name: timesheet.name }),
      onOk: () => settle(requestReview.mutateAsync(timesheet)),
    });

  const confirmApprove = () =>
    confirmDialog({
      content: t('toolbar.review.confirmApprove', { name: timesheet.name }),
      onOk: () => settle(review.mutateAsync({ ...timesheet, decision: 'approve' })),
    });

  const reviewReason = state.requestReview.disabledReason;
  return (
    <>
      {state.requestReview.shown ? (
        <Tooltip title={reviewReason}>
          <Button icon={<SendOutlined aria-hidden />} onClick={confirmRequestReview} disabled={reviewReason !== undefined} loading={requestReview.isPending} data-testid="ts-request-review">
            {t('toolbar.review.requestReview')}
          </Button>
        </Tooltip>
      ) : null}
      {state.approve.shown ? (
        <Button type="primary" icon={<CheckOutlined aria-hidden />} onClick={confirmApprove} loading={review.isPending && !rejecting} data-testid="ts-approve">
          {t('toolbar.review.approve')}
        </Button>
      ) : null}
      {state.reject.shown ? (
        <Button danger icon={<CloseOutlined aria-hidden />} onClick={() => setRejecting(true)} data-testid="ts-reject">
          {t('toolbar.review.reject')}
        </Button>
      ) : null}
      {rejecting ? <RejectModal timesheet={timesheet} onClose={() => setRejecting(false)} onChanged={onChanged} /> : null}
    </>
  );
}
