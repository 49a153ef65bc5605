import { Form, Input } from 'antd';
import { OVERTIME_TEXT_MAX, OVERTIME_TITLE_MAX } from '@tms/contracts/overtime';
import { overtimeTexts } from './i18n/index.ts';

/**
 * The Title and Description fields both overtime modals share (spec 001 §5.6: title required, at most 200; description
 * optional, at most 1000). The counter shows the spec's limit itself ("0 / 1000"): the input stops there, as the
 * server does (it answers the same messages to a longer text from elsewhere).
 */
export function OvertimeTitleField({ testId }: { testId: string }) {
  const { t } = overtimeTexts.useT();
  return (
    <Form.Item
      name="title"
      label={t('form.title')}
      rules={[
        { required: true, whitespace: true, message: t('messages.titleRequired') },
        { max: OVERTIME_TITLE_MAX, message: t('messages.titleTooLong') },
      ]}
    >
      <Input maxLength={OVERTIME_TITLE_MAX} showCount data-testid={testId} />
    </Form.Item>
  );
}

export function OvertimeDescriptionField({ testId }: { testId: string }) {
  const { t } = overtimeTexts.useT();
  return (
    <Form.Item name="description" label={t('form.description')} rules={[{ max: OVERTIME_TEXT_MAX, message: t('messages.descriptionTooLong') }]}>
      <Input.TextArea rows={3} showCount maxLength={OVERTIME_TEXT_MAX} data-testid={testId} />
    </Form.Item>
  );
}
