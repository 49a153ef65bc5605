import { Col, DatePicker, Form, Input, InputNumber, Row } from 'antd';
import type { RuleObject } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { DATE_DMY } from '@tms/contracts/api';
import { BONUS_LEAVE_DESCRIPTION_MAX, BONUS_LEAVE_MESSAGES as M } from '@tms/contracts/bonus-leave';
import { useLockDate, useServerToday } from '../../../../lib/lookups.ts';
import { hoursInputText } from '../../../../lib/numbers.ts';
import {
  applyDateError,
  expireDateError,
  isApplyDateDisabled,
  isExpireDateDisabled,
  leaveHourError,
  type EditedGrant,
  type GrantLimits,
} from './bonus-leave-form-rules.ts';
import type { BonusLeaveFormValues } from './bonus-leave-form-values.ts';

/** An antd rule from a check that returns the failing rule's message or null. */
export function ruleOf<T>(check: (value: T) => string | null): RuleObject {
  return {
    validator: (_rule, value: T) => {
      const message = check(value);
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  };
}

/** The server's today (GET /tms/filters/get-time) and the lock date (GET /tms/advance/most-recent-timesheet-approved). */
export function useGrantLimits(): { limits: GrantLimits; loading: boolean } {
  const today = useServerToday();
  const lock = useLockDate();
  return { limits: { today: today.today, lockDate: lock.lockDate }, loading: today.isLoading || lock.isLoading };
}

type BonusLeaveFormFieldsProps = {
  limits: GrantLimits;
  /** Set when editing an existing row. */
  edited?: EditedGrant;
};

/** Leave Hour, Date Applied, Date Expired and Note of the Add / Edit Bonus Leave form (spec 000 §5). */
export function BonusLeaveFormFields({ limits, edited }: BonusLeaveFormFieldsProps) {
  return (
    <>
      <Form.Item<BonusLeaveFormValues> name="leaveHour" label="Leave Hour" required rules={[ruleOf((value: unknown) => leaveHourError(value, edited))]}>
        <InputNumber<number> step={0.5} formatter={hoursInputText} placeholder="Leave Hour" disabled={edited?.locked} style={{ width: '100%' }} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item<BonusLeaveFormValues>
            name="applyDate"
            label="Date Applied"
            required
            dependencies={['expireDate']}
            rules={[({ getFieldValue }) => ruleOf((value: Dayjs | null) => applyDateError(value, getFieldValue('expireDate') as Dayjs | null, limits, edited))]}
          >
            <DatePicker format={DATE_DMY} disabledDate={(date) => isApplyDateDisabled(date, limits)} disabled={edited?.locked} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item<BonusLeaveFormValues> name="expireDate" label="Date Expired" required rules={[ruleOf((value: Dayjs | null) => expireDateError(value, limits))]}>
            <DatePicker format={DATE_DMY} disabledDate={(date) => isExpireDateDisabled(date, limits)} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item<BonusLeaveFormValues> name="description" label="Note" rules={[{ max: BONUS_LEAVE_DESCRIPTION_MAX, message: M.descriptionTooLong }]}>
        <Input.TextArea rows={4} maxLength={BONUS_LEAVE_DESCRIPTION_MAX} showCount placeholder="Note" />
      </Form.Item>
    </>
  );
}
