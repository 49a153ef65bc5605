import { DatePicker, Form, InputNumber, Typography } from 'antd';
import { DATE_DMY } from '@tms/contracts/api';
import { SETTINGS_MESSAGES as M, WORKING_DAYS_MAX } from '@tms/contracts/settings';
import { FormModal } from '../../../components/form-modal.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreatePeriod } from '../api/settings-api.ts';
import { toPeriodBody, type PeriodFormValues } from './period-form.ts';

/**
 * "Create payroll period" (RULES.md §4): from and to dates; the standard working days are Monday–Friday minus the
 * company calendar's holidays unless typed. The server refuses an overlap with another period of the company.
 */
export function CreatePeriodModal({ onClose }: { onClose: () => void }) {
  const create = useCreatePeriod();
  const submit = async (values: PeriodFormValues) => {
    const envelope = await create.mutateAsync(toPeriodBody(values));
    notifySuccess(envelope.message);
    onClose();
  };
  return (
    <FormModal<PeriodFormValues>
      open
      title={M.createTitle}
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
        label="Date range"
        rules={[
          {
            validator: (_r, v: PeriodFormValues['range']) => {
              if (!v?.[0]) return Promise.reject(new Error(M.fromRequired));
              if (!v[1]) return Promise.reject(new Error(M.toRequired));
              return v[1].isBefore(v[0], 'day') ? Promise.reject(new Error(M.toBeforeFrom)) : Promise.resolve();
            },
          },
        ]}
        required
      >
        <DatePicker.RangePicker format={DATE_DMY} style={{ width: '100%' }} data-testid="create-period-range" />
      </Form.Item>
      <Form.Item<PeriodFormValues> name="working_days" label="Standard working days" rules={[{ type: 'integer', min: 0, max: WORKING_DAYS_MAX, message: M.workingDaysInvalid }]}>
        <InputNumber min={0} max={WORKING_DAYS_MAX} precision={0} style={{ width: '100%' }} data-testid="create-period-working-days" />
      </Form.Item>
      <Typography.Text type="secondary">Leave the working days empty to count Monday–Friday minus the public holidays of the company calendar.</Typography.Text>
    </FormModal>
  );
}
