import { Col, DatePicker, Form, Row } from 'antd';
import type { RuleObject } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { DATE_DMY } from '@tms/contracts/api';
import { useLockDate, useServerToday } from '../lib/lookups.ts';
import { applyDateError, expireDateError, isApplyDateDisabled, isExpireDateDisabled, type GrantLimits } from './grant-form-rules.ts';

/** Form pieces the leave grant forms (bonus leave, carryover, project leave; spec 000 §5) share. */

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

type GrantDateFieldsProps = {
  limits: GrantLimits;
  /** The form's labels, e.g. 'Date Applied' / 'Date Expired'. */
  applyLabel: string;
  expireLabel: string;
  /** Editing a row applied on or before the lock date: its apply date stays (field disabled, lock rule skipped). */
  edited?: { locked: boolean };
  /** The apply date field is disabled (default: `edited.locked`). */
  applyDisabled?: boolean;
};

/**
 * The `applyDate` and `expireDate` pickers side by side: required; apply not after expiry and after the lock date;
 * expiry not before the server's today.
 */
export function GrantDateFields({ limits, applyLabel, expireLabel, edited, applyDisabled = edited?.locked }: GrantDateFieldsProps) {
  return (
    <Row gutter={16}>
      <Col xs={24} sm={12}>
        <Form.Item
          name="applyDate"
          label={applyLabel}
          required
          dependencies={['expireDate']}
          rules={[({ getFieldValue }) => ruleOf((value: Dayjs | null) => applyDateError(value, getFieldValue('expireDate') as Dayjs | null, limits, edited))]}
        >
          <DatePicker format={DATE_DMY} disabledDate={(date) => isApplyDateDisabled(date, limits)} disabled={applyDisabled} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="expireDate" label={expireLabel} required rules={[ruleOf((value: Dayjs | null) => expireDateError(value, limits))]}>
          <DatePicker format={DATE_DMY} disabledDate={(date) => isExpireDateDisabled(date, limits)} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
    </Row>
  );
}
