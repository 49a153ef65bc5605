import { DatePicker, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { DATE_DMY } from '@tms/contracts/api';
import type { TimesheetInfo } from '@tms/contracts/timesheet-review';
import { EmployeeSelect } from '../../../components/employee-select.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { useLockDate, useServerToday } from '../../../lib/lookups.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { timesheetTexts } from '../i18n/index.ts';
import { useCalculateWorkingDay } from './api/calculate-working-day.ts';
import {
  calculateDateError,
  calculateEmployeesError,
  calculateLimits,
  calculatePickerStart,
  calculateRequest,
  isCalculateDateDisabled,
  type CalculateLimits,
} from './calculate-rules.ts';
import { ruleOf } from './form-rules.ts';

export type CalculateMode = 'chosen' | 'all';
type CalculateValues = { date?: Dayjs | null; employeeIds?: number[] };

/** The period, the server's today and the lock date the calculate rules need; `loading` until both are known. */
export function useCalculateLimits(timesheet: Pick<TimesheetInfo, 'from_date' | 'to_date'>): { limits: CalculateLimits; loading: boolean } {
  const today = useServerToday();
  const lock = useLockDate();
  return { limits: calculateLimits(timesheet, today.today, lock.lockDate), loading: today.isLoading || lock.isLoading };
}

type CalculateModalProps = { mode: CalculateMode; timesheet: Pick<TimesheetInfo, 'from_date' | 'to_date'>; onClose: () => void };

/**
 * 'Calculate timesheet' (chosen employees) and 'Calculate all employees' (spec 001 §2.1, §5.1, §7.1). The date picker
 * offers weekdays of the period up to the server's today and after the lock date. The server queues the work and
 * answers 'You will receive a notification email when the calculation is finished!' (RULES.md §4).
 */
export function CalculateModal({ mode, timesheet, onClose }: CalculateModalProps) {
  const calculate = useCalculateWorkingDay();
  const { limits, loading } = useCalculateLimits(timesheet);
  const { t } = timesheetTexts.useT();

  const submit = async (values: CalculateValues) => {
    if (!values.date) return;
    const { message } = await calculate.mutateAsync(calculateRequest(values.date, mode === 'chosen' ? (values.employeeIds ?? []) : undefined));
    notifySuccess(message || t('toolbar.calculate.queued'));
    onClose();
  };

  return (
    <FormModal<CalculateValues>
      open
      title={mode === 'chosen' ? t('toolbar.calculate.title') : t('toolbar.calculate.allTitle')}
      name={mode === 'chosen' ? 'ts-calculate-form' : 'ts-calculate-all-form'}
      width={600}
      onSubmit={submit}
      onCancel={onClose}
      confirmLoading={loading || calculate.isPending}
    >
      <Form.Item<CalculateValues> name="date" label={t('toolbar.calculate.date')} required rules={[ruleOf((value: Dayjs | null | undefined) => calculateDateError(value, limits, t))]}>
        <DatePicker
          format={DATE_DMY}
          defaultPickerValue={calculatePickerStart(limits)}
          disabledDate={(date) => isCalculateDateDisabled(date, limits)}
          style={{ width: '100%' }} data-testid="ts-calculate-date" />
      </Form.Item>
      {mode === 'chosen' ? (
        <Form.Item<CalculateValues> name="employeeIds" label={t('toolbar.calculate.employee')} required rules={[ruleOf((value: unknown) => calculateEmployeesError(value, t))]}>
          <EmployeeSelect mode="multiple" valueField="id" data-testid="ts-calculate-employees" />
        </Form.Item>
      ) : null}
    </FormModal>
  );
}
