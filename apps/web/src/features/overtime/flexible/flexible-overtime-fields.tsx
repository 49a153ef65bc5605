import { DatePicker, Form, Select, Space, TimePicker, Typography } from 'antd';
import { FLEXIBLE_OT_TYPES } from '@tms/contracts/overtime';
import { FIXED_MEMBERS_PATH } from '@tms/contracts/overtime-fixed';
import { FLEXIBLE_MESSAGES as M } from '@tms/contracts/overtime-flexible';
import { EmployeeSelect } from '../../../components/employee-select.tsx';
import { DATE_DMY, TIME_HM } from '../../../lib/dates.ts';
import { endNotStartRule, endsNextDay, useOtDateDisabled } from '../ot-window.ts';
import type { FlexibleOvertimeFormState } from './use-flexible-overtime-form.ts';

/** OT date (weekends, locked dates and dates past the 10-day limit disabled), request type, start and end HH:mm (an end at or before the start is the next day). */
export function FlexibleTimeFields({ start, end }: Pick<FlexibleOvertimeFormState, 'start' | 'end'>) {
  const otDateDisabled = useOtDateDisabled();
  return (
    <Space size="large" wrap align="start">
      <Form.Item name="overtimeDate" label="OT Date" rules={[{ required: true, message: M.dateRequired }]}>
        <DatePicker format={DATE_DMY} disabledDate={otDateDisabled} data-testid="flexible-ot-date" />
      </Form.Item>
      <Form.Item name="requestType" label="Request type" rules={[{ required: true, message: M.typeRequired }]}>
        <Select options={FLEXIBLE_OT_TYPES.map((t) => ({ value: t.value, label: t.label }))} style={{ width: 160 }} data-testid="flexible-ot-type" />
      </Form.Item>
      <Form.Item name="start" label="Start time" rules={[{ required: true, message: M.startRequired }]}>
        <TimePicker format={TIME_HM} minuteStep={1} needConfirm={false} data-testid="flexible-ot-start" />
      </Form.Item>
      <Form.Item
        name="end"
        label="End time"
        dependencies={['start']}
        rules={[{ required: true, message: M.endRequired }, endNotStartRule(M.endAfterStart)]}
        extra={endsNextDay(start, end) ? <Typography.Text type="warning" data-testid="flexible-ot-overnight">Ends on the next day</Typography.Text> : null}
      >
        <TimePicker format={TIME_HM} minuteStep={1} needConfirm={false} data-testid="flexible-ot-end" />
      </Form.Item>
    </Space>
  );
}

/** The requesters when filing for others: anyone for HR and ADMIN, the project's members for its PM; one request each. */
export function FlexibleStaffField({ state }: { state: FlexibleOvertimeFormState }) {
  const { projectId, hrOrAdmin } = state;
  if (!state.forOthers) return null;
  return (
    <Form.Item name="requesterIds" label="Staff" extra="Empty: yourself. One request is filed per staff member.">
      <EmployeeSelect
        mode="multiple"
        valueField="id"
        path={hrOrAdmin ? undefined : FIXED_MEMBERS_PATH}
        extraQuery={hrOrAdmin ? undefined : state.memberQuery}
        disabled={!projectId}
        placeholder={projectId ? 'Search staff (3 characters)' : M.projectRequired}
        data-testid="flexible-ot-staff"
      />
    </Form.Item>
  );
}
