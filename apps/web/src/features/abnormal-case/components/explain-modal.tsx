import { useEffect } from 'react';
import { Alert, Form, Input, Select } from 'antd';
import { REQUEST_TEXT_MAX } from '@tms/contracts/requests';
import { FormModal } from '../../../components/form-modal.tsx';
import { formatDmy, formatIsoDate } from '../../../lib/dates.ts';
import { formatCount, formatDays } from '../../../lib/numbers.ts';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { useActualOptions, useCreateExplanation, useExplanationInfo, useExplanationReasons, type AbnormalCaseRow } from '../api/abnormal-case-api.ts';
import { NumberInput } from '../../../components/number-input.tsx';
import { actualChoices, defaultExplanationTitle, defaultReason, explainDefaults, explainedMinutesError, explanationReasonRules, rowTypeText } from '../abnormal-case-rules.ts';
import { abnormalCaseTexts } from '../i18n/index.ts';

type Values = { reason_type: string; title: string; actual?: string; explained_minutes?: number; description: string; leaving_description?: string };

type ExplainModalProps = {
  row: AbnormalCaseRow;
  /** The signed-in owner's user id (explanation-info is keyed by user). */
  userId: number | undefined;
  onClose: (saved: boolean) => void;
};

/**
 * The explanation modal of an unexplained case (spec 001 §2.5, §5.2, §5.4): request type Explanation Request, reason,
 * title, actual, Explanation Reason (required, max 1000).
 */
export function ExplainModal({ row, userId, onClose }: ExplainModalProps) {
  const { t } = abnormalCaseTexts.useT();
  // Hour-based (flexible) staff see the absent time and the fund left; fixed (day-based) schedules take the
  // actual choices of get-actual-fixed-schedule.
  const hourBased = row.is_flexible;
  const fixedSchedule = !row.is_flexible;
  const reasons = useExplanationReasons(true);
  const actual = useActualOptions(fixedSchedule, true);
  const isoDate = formatIsoDate(row.abnormal_date);
  const info = useExplanationInfo(userId, isoDate, hourBased);
  const create = useCreateExplanation();
  const [form] = Form.useForm<Values>();
  const firstReason = defaultReason(row, reasons.data ?? []);
  // The reasons arrive after the form is built: start on the default one unless a reason was already chosen.
  useEffect(() => {
    if (firstReason && !form.getFieldValue('reason_type')) form.setFieldValue('reason_type', firstReason);
  }, [firstReason, form]);

  const submit = async (values: Values) => {
    try {
      await create.mutateAsync({
        caseId: row.id,
        body: {
          request_type: 'EXPLANATION_REQUEST',
          reason_type: values.reason_type,
          title: values.title.trim(),
          actual: values.actual,
          ...(hourBased ? {} : { explained_minutes: values.explained_minutes }),
          description: values.description.trim(),
        },
      });
    } catch (error) {
      notifyApiError(error);
      throw error;
    }
    notifySuccess(abnormalCaseTexts.t('messages.success'));
    onClose(true);
  };

  return (
    <FormModal<Values>
      open
      form={form}
      title={t('explain.heading')}
      name="explain-form"
      formTestId="explain-form"
      saveTestId="explain-save"
      cancelTestId="explain-cancel"
      okText={t('explain.submit')}
      initialValues={{ title: defaultExplanationTitle(formatDmy(row.abnormal_date), t), reason_type: firstReason, ...explainDefaults(row) }}
      onSubmit={submit}
      onCancel={() => onClose(false)}
      confirmLoading={create.isPending}
    >
      <Form.Item label={t('explain.requestType')}>
        <Input value={t('explain.requestTypeValue')} disabled data-testid="explain-request-type" />
      </Form.Item>
      <Form.Item label={t('explain.date')}>
        <Input value={`${formatDmy(row.abnormal_date)} — ${rowTypeText(row, t)}`} disabled />
      </Form.Item>
      {hourBased ? (
        <Alert
          type="info"
          style={{ marginBottom: 16 }}
          data-testid="explain-info"
          title={
            info.isLoading
              ? t('explain.loadingAbsent')
              : t('explain.absentInfo', {
                  minutes: formatCount(info.data?.absentTime ?? row.minute_violation ?? 0),
                  explanations: formatCount(info.data?.remainExplanationTime, '—'),
                  hours: formatDays(info.data?.balancesTime, '—'),
                })
          }
        />
      ) : null}
      <Form.Item name="reason_type" label={t('explain.reason')} rules={[{ required: true, message: t('messages.reasonRequired') }]}>
        <Select options={reasons.data ?? []} loading={reasons.isLoading} data-testid="explain-reason" placeholder={t('explain.chooseReason')} />
      </Form.Item>
      <Form.Item name="title" label={t('explain.title')} rules={[{ required: true, whitespace: true, message: t('messages.titleRequired') }, { max: 200 }]}>
        <Input data-testid="explain-title" />
      </Form.Item>
      <Form.Item name="actual" label={t('explain.actual')} rules={[{ required: true, message: fixedSchedule ? t('messages.chooseActualType') : t('messages.actualRequired') }]}>
        <Select options={actualChoices(row, actual.data ?? [])} loading={actual.isLoading} data-testid="explain-actual" placeholder={t('explain.chooseActual')} />
      </Form.Item>
      {hourBased ? null : (
        <Form.Item
          name="explained_minutes"
          label={t('explain.explainedMinutes')}
          required
          rules={[{ validator: (_, value: unknown) => { const error = explainedMinutesError(value, row, t); return error ? Promise.reject(new Error(error)) : Promise.resolve(); } }]}
        >
          <NumberInput<number> min={1} max={row.explained_minutes_max} step={1} precision={0} style={{ width: '100%' }} data-testid="explain-minutes" />
        </Form.Item>
      )}
      <Form.Item name="description" label={t('explain.explanationReason')} rules={explanationReasonRules(t)}>
        <Input.TextArea rows={4} maxLength={REQUEST_TEXT_MAX + 1} data-testid="explain-description" />
      </Form.Item>
    </FormModal>
  );
}
