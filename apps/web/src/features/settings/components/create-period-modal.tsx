import { DatePicker, Form, Typography } from 'antd';
import { DATE_DMY } from '@tms/contracts/api';
import { WORKING_DAYS_MAX } from '@tms/contracts/settings';
import { FormModal } from '../../../components/form-modal.tsx';
import { NumberInput } from '../../../components/number-input.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreatePeriod } from '../api/settings-api.ts';
import { settingsTexts } from '../i18n/index.ts';
import { toPeriodBody, type PeriodFormValues } from './period-form.ts';

/**
 * "Create payroll period" (RULES.md §4): from and to dates; the standard working days are Monday–Friday minus the
 * company calendar's holidays unless typed. The server refuses an overlap with another period of the company.
 */
export function CreatePeriodModal({ onClose }: { onClose: () => void }) {
  const create = useCreatePeriod();
  const { t } = settingsTexts.useT();
  const submit = async (values: PeriodFormValues) => {
    const envelope = await create.mutateAsync(toPeriodBody(values));
    notifySuccess(envelope.message);
    onClose();
  };
  return (
    <FormModal<PeriodFormValues>
      open
      title={t('periods.create')}
      name="create-period-form"
      formTestId="create-period-form"
      saveTestId="create-period-save"
      cancelTestId="create-period-cancel"
      width={560}
      onSubmit={submit}
      onCancel={onClose}
    >
      <Form.Item<PeriodFormValues>
        name="range"
        label={t('periods.dateRange')}
        rules={[
          {
            validator: (_r, v: PeriodFormValues['range']) => {
              if (!v?.[0]) return Promise.reject(new Error(t('periods.fromRequired')));
              if (!v[1]) return Promise.reject(new Error(t('periods.toRequired')));
              return v[1].isBefore(v[0], 'day') ? Promise.reject(new Error(t('periods.toBeforeFrom'))) : Promise.resolve();
            },
          },
        ]}
        required
      >
        <DatePicker.RangePicker format={DATE_DMY} style={{ width: '100%' }} data-testid="create-period-range" />
      </Form.Item>
      <Form.Item<PeriodFormValues> name="working_days" label={t('periods.workingDays')} rules={[{ type: 'integer', min: 0, max: WORKING_DAYS_MAX, message: t('periods.workingDaysInvalid') }]}>
        <NumberInput min={0} max={WORKING_DAYS_MAX} precision={0} style={{ width: '100%' }} data-testid="create-period-working-days" />
      </Form.Item>
      <Typography.Text type="secondary">{t('periods.workingDaysHint')}</Typography.Text>
    </FormModal>
  );
}
