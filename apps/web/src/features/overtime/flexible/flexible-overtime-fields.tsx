import { DatePicker, Form, Select, Space, TimePicker, Typography } from 'antd';
import { FLEXIBLE_OT_TYPES } from '@tms/contracts/overtime';
import { FIXED_MEMBERS_PATH } from '@tms/contracts/overtime-fixed';
import { EmployeeSelect } from '../../../components/employee-select.tsx';
import { DATE_DMY, TIME_HM } from '../../../lib/dates.ts';
import { overtimeTexts } from '../i18n/index.ts';
import { flexibleTypeLabel } from '../overtime-labels.ts';
import { endNotStartRule, endsNextDay, useOtDateDisabled } from '../ot-window.ts';
import type { FlexibleOvertimeFormState } from './use-flexible-overtime-form.ts';

/** OT date (weekends, locked dates and dates past the 10-day limit disabled), request type, start and end HH:mm (an end at or before the start is the next day). */
export function FlexibleTimeFields({ start, end }: Pick<FlexibleOvertimeFormState, 'start' | 'end'>) {
  const otDateDisabled = useOtDateDisabled();
  const { t } = overtimeTexts.useT();
  return (
    <Space size="large" wrap align="start">
      <Form.Item name="overtimeDate" label={t('form.otDate')} rules={[{ required: true, message: t('messages.dateRequired') }]}>
        <DatePicker format={DATE_DMY} disabledDate={otDateDisabled} data-testid="flexible-ot-date" />
      </Form.Item>
      <Form.Item name="requestType" label={t('form.requestType')} rules={[{ required: true, message: t('messages.typeRequired') }]}>
        <Select options={FLEXIBLE_OT_TYPES.map((x) => ({ value: x.value, label: flexibleTypeLabel(t, x.value) }))} style={{ width: 160 }} data-testid="flexible-ot-type" />
      </Form.Item>
      <Form.Item name="start" label={t('form.startTime')} rules={[{ required: true, message: t('messages.startRequired') }]}>
        <TimePicker format={TIME_HM} minuteStep={1} needConfirm={false} data-testid="flexible-ot-start" />
      </Form.Item>
      <Form.Item
        name="end"
        label={t('form.endTime')}
        dependencies={['start']}
        rules={[{ required: true, message: t('messages.endRequired') }, endNotStartRule(t('messages.endAfterStart'))]}
        extra={
          endsNextDay(start, end) ? (
            <Typography.Text type="warning" data-testid="flexible-ot-overnight">
              {t('time.endsNextDay')}
            </Typography.Text>
          ) : null
        }
      >
        <TimePicker format={TIME_HM} minuteStep={1} needConfirm={false} data-testid="flexible-ot-end" />
      </Form.Item>
    </Space>
  );
}

/** The requesters when filing for others: anyone for HR and ADMIN, the project's members for its PM; one request each. */
export function FlexibleStaffField({ state }: { state: FlexibleOvertimeFormState }) {
  const { projectId, hrOrAdmin } = state;
  const { t } = overtimeTexts.useT();
  if (!state.forOthers) return null;
  return (
    <Form.Item name="requesterIds" label={t('form.staff')} extra={t('form.staffHint')}>
      <EmployeeSelect
        mode="multiple"
        valueField="id"
        path={hrOrAdmin ? undefined : FIXED_MEMBERS_PATH}
        extraQuery={hrOrAdmin ? undefined : state.memberQuery}
        disabled={!projectId}
        placeholder={projectId ? t('form.searchStaff') : t('messages.projectRequired')}
        data-testid="flexible-ot-staff"
      />
    </Form.Item>
  );
}
