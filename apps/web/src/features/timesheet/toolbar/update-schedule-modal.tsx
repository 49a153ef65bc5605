import { DatePicker, Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { DATE_DMY } from '@tms/contracts/api';
import { EmployeeSelect } from '../../../components/employee-select.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { useLockDate } from '../../../lib/lookups.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { timesheetTexts } from '../i18n/index.ts';
import { useUpdateJobHistory, useWorkSchedules } from './api/update-job-history.ts';
import { applyDateError, employeeError, isApplyDateDisabled, ruleOf, updateJobHistoryRequest, workScheduleError } from './form-rules.ts';

type ScheduleValues = { employeeId?: number; workScheduleCode?: string; applyDate?: Dayjs | null };

/**
 * 'Update Employee Work Schedule' (spec 001 §2.1, HR and ADMIN): from the apply date — after the lock date (RULES.md
 * §4) — the employee works to the chosen schedule and the open days are recalculated. Success: 'Update Successfully'.
 */
export function UpdateScheduleModal({ onClose, onChanged }: { onClose: () => void; onChanged: () => void }) {
  const update = useUpdateJobHistory();
  const schedules = useWorkSchedules();
  const lock = useLockDate();
  const lockDate = lock.lockDate;
  const { t } = timesheetTexts.useT();

  const submit = async (values: ScheduleValues) => {
    if (values.employeeId === undefined || !values.workScheduleCode || !values.applyDate) return;
    await update.mutateAsync(updateJobHistoryRequest({ employeeId: values.employeeId, workScheduleCode: values.workScheduleCode, applyDate: values.applyDate }));
    notifySuccess(timesheetTexts.t('toolbar.schedule.updated'));
    onClose();
    onChanged();
  };

  const options = (schedules.data ?? []).map((s) => ({
    value: s.work_schedule_code,
    label: `${s.work_schedule_name} (${s.work_start_time} - ${s.work_end_time})`,
  }));

  return (
    <FormModal<ScheduleValues>
      open
      title={t('toolbar.schedule.title')}
      name="ts-update-schedule-form"
      width={600}
      onSubmit={submit}
      onCancel={onClose}
      confirmLoading={lock.isLoading || update.isPending}
    >
      <Form.Item<ScheduleValues> name="employeeId" label={t('toolbar.schedule.employee')} required rules={[ruleOf((value: unknown) => employeeError(value, t))]}>
        <EmployeeSelect valueField="id" data-testid="ts-update-schedule-employee" />
      </Form.Item>
      <Form.Item<ScheduleValues> name="workScheduleCode" label={t('toolbar.schedule.workSchedule')} required rules={[ruleOf((value: unknown) => workScheduleError(value, t))]}>
        <Select
          options={options}
          loading={schedules.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('toolbar.schedule.selectWorkSchedule')}
          data-testid="ts-update-schedule-schedule"
        />
      </Form.Item>
      <Form.Item<ScheduleValues> name="applyDate" label={t('toolbar.schedule.applyDate')} required rules={[ruleOf((value: Dayjs | null | undefined) => applyDateError(value, lockDate, t))]}>
        <DatePicker format={DATE_DMY} disabledDate={(date) => isApplyDateDisabled(date, lockDate)} style={{ width: '100%' }} data-testid="ts-update-schedule-date" />
      </Form.Item>
    </FormModal>
  );
}
