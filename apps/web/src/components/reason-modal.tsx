import { Form, Input } from 'antd';
import { REQUEST_TEXT_MAX } from '@tms/contracts/requests';
import { FormModal } from './form-modal.tsx';
import { commonTexts } from './i18n/index.ts';

export type ReasonModalProps = {
  /** Default true (callers that mount the modal only while it is shown). */
  open?: boolean;
  title: string;
  /** Default 'Reason'. */
  label?: string;
  /** The spec's text when the field is empty, e.g. 'Reason is required', 'Reason is required!', 'Message required!'. */
  requiredMessage: string;
  /** Longest accepted text; default REQUEST_TEXT_MAX (1000), message REQUEST_MESSAGES.textTooLong. */
  max?: number;
  /** Shows 'count/max' under the field. */
  showCount?: boolean;
  /** A hard limit on typing (e.g. max + 1 so the too-long message can still show); none by default. */
  inputMaxLength?: number;
  /** Default 'Save'. */
  okText?: string;
  /** Form name (prefix of the field ids). */
  name: string;
  saveTestId: string;
  cancelTestId: string;
  inputTestId: string;
  /** Gets the trimmed text; a returned promise spins the button and a rejection keeps the modal open. */
  onSubmit: (reason: string) => unknown;
  onCancel: () => void;
  pending?: boolean;
};

/**
 * A modal with one required free-text field (reject / withdraw reasons, spec 001 §4.3, §5.2, §5.4, §5.5): each
 * caller gives its own title, required message and data-testids.
 */
export function ReasonModal({
  open = true,
  title,
  label,
  requiredMessage,
  max = REQUEST_TEXT_MAX,
  showCount,
  inputMaxLength,
  okText,
  name,
  saveTestId,
  cancelTestId,
  inputTestId,
  onSubmit,
  onCancel,
  pending,
}: ReasonModalProps) {
  const { t } = commonTexts.useT();
  return (
    <FormModal<{ reason: string }>
      open={open}
      title={title}
      width={520}
      name={name}
      okText={okText}
      saveTestId={saveTestId}
      cancelTestId={cancelTestId}
      confirmLoading={pending}
      onSubmit={(values) => onSubmit(values.reason.trim())}
      onCancel={onCancel}
    >
      <Form.Item
        name="reason"
        label={label ?? t('reason.label')}
        rules={[
          { required: true, whitespace: true, message: requiredMessage },
          { max, message: t('reason.textTooLong') },
        ]}
      >
        <Input.TextArea
          rows={4}
          maxLength={inputMaxLength}
          showCount={showCount ? { formatter: ({ count }) => `${count}/${max}` } : false}
          data-testid={inputTestId}
        />
      </Form.Item>
    </FormModal>
  );
}
