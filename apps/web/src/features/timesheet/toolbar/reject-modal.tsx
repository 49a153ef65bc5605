import { Form, Input } from 'antd';
import { TIMESHEET_COMMENT_MAX, type TimesheetInfo } from '@tms/contracts/timesheet-review';
import { FormModal } from '../../../components/form-modal.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useReviewTimesheet } from './api/review-timesheet.ts';
import { isConflict } from './api/toolbar-keys.ts';
import { timesheetTexts } from '../i18n/index.ts';
import { rejectCommentError, ruleOf } from './form-rules.ts';

type RejectValues = { content?: string };
type RejectModalProps = { timesheet: Pick<TimesheetInfo, 'timesheet_id' | 'version' | 'name'>; onClose: () => void; onChanged: () => void };

/**
 * 'Reject Timesheet' (spec 001 §4.1, §5.1): the comment is required, at most 500; when it is invalid the field is
 * flagged and nothing is sent. Rejecting sets Pending update and keeps the comment (RULES.md §4).
 */
export function RejectModal({ timesheet, onClose, onChanged }: RejectModalProps) {
  const review = useReviewTimesheet();
  const { t } = timesheetTexts.useT();

  const submit = async (values: RejectValues) => {
    try {
      const { message } = await review.mutateAsync({ ...timesheet, decision: 'reject', content: values.content ?? '' });
      notifySuccess(message);
      onClose();
      onChanged();
    } catch (error) {
      // A stale version or a status changed meanwhile: show the current state behind the open modal.
      if (isConflict(error)) onChanged();
      throw error;
    }
  };

  return (
    <FormModal<RejectValues> open title={t('toolbar.reject.title', { name: timesheet.name })} name="ts-reject-form" width={600} onSubmit={submit} onCancel={onClose} confirmLoading={review.isPending}>
      <Form.Item<RejectValues> name="content" label={t('toolbar.reject.comment')} required rules={[ruleOf((value: unknown) => rejectCommentError(value, t))]}>
        <Input.TextArea rows={4} maxLength={TIMESHEET_COMMENT_MAX} showCount placeholder={t('toolbar.reject.placeholder')} data-testid="ts-reject-comment" />
      </Form.Item>
    </FormModal>
  );
}
