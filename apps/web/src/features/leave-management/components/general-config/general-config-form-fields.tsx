import { Col, DatePicker, Form, InputNumber, Row } from 'antd';
import type { Dayjs } from 'dayjs';
import { DATE_DMY } from '@tms/contracts/api';
import { GENERAL_CONFIG_LABELS as L, type GeneralConfigNumberField } from '@tms/contracts/general-config';
import { hoursInputText } from '../../../../lib/numbers.ts';
import { ruleOf } from '../../../../components/grant-form-fields.tsx';
import { applyDateError, expireDateError, isApplyDateDisabled, isExpireDateDisabled, numberError, type ConfigLimits } from './general-config-form-rules.ts';
import type { GeneralConfigFormValues } from './general-config-form-values.ts';

/** Unit shown in each number field, so 'Seniority day' (spec 000 §5 label) reads as the hours it holds. */
const UNITS: Record<GeneralConfigNumberField, string> = {
  seniorityLeaveHour: 'hour(s)',
  seniorityLeaveYear: 'year(s)',
  conditionalMonth: '%',
  leaveHourInMonth: 'hour(s)',
  advanceLeave: 'period(s)',
};
/** Hours with 2 decimals like every hours figure (spec 000 §9). */
const HOUR_FIELDS = new Set<GeneralConfigNumberField>(['seniorityLeaveHour', 'leaveHourInMonth']);

function NumberField({ field, disabled }: { field: GeneralConfigNumberField; disabled: boolean }) {
  return (
    <Form.Item<GeneralConfigFormValues> name={field} label={L[field]} required rules={[ruleOf((value: unknown) => numberError(field, value))]}>
      {/* No min/max on the input: it would clamp what was typed, and the range rule must name the problem instead. */}
      <InputNumber<number>
        formatter={HOUR_FIELDS.has(field) ? hoursInputText : undefined}
        suffix={UNITS[field]}
        placeholder={L[field]}
        disabled={disabled}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}

type GeneralConfigFormFieldsProps = {
  limits: ConfigLimits;
  /** Edit of a configuration applied on or before the lock date: only Date Expired stays editable (spec 000 §4). */
  locked?: boolean;
  /** The stored apply date when editing: kept as it is, it may be in the past. */
  storedApply?: Dayjs | null;
};

/** The fields of the Add / Edit General Configuration form (spec 000 §5), in the form's order. */
export function GeneralConfigFormFields({ limits, locked = false, storedApply }: GeneralConfigFormFieldsProps) {
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <NumberField field="seniorityLeaveHour" disabled={locked} />
        </Col>
        <Col xs={24} sm={12}>
          <NumberField field="seniorityLeaveYear" disabled={locked} />
        </Col>
        <Col xs={24} sm={12}>
          <NumberField field="conditionalMonth" disabled={locked} />
        </Col>
        <Col xs={24} sm={12}>
          <NumberField field="leaveHourInMonth" disabled={locked} />
        </Col>
        <Col xs={24} sm={12}>
          <NumberField field="advanceLeave" disabled={locked} />
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item<GeneralConfigFormValues>
            name="applyDate"
            label={L.applyDate}
            required
            dependencies={['expireDate']}
            rules={[({ getFieldValue }) => ruleOf((value: Dayjs | null) => applyDateError(value, getFieldValue('expireDate') as Dayjs | null, limits, storedApply))]}
          >
            <DatePicker format={DATE_DMY} disabledDate={(date) => isApplyDateDisabled(date, limits)} disabled={locked} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item<GeneralConfigFormValues> name="expireDate" label={L.expireDate} required rules={[ruleOf((value: Dayjs | null) => expireDateError(value, limits))]}>
            <DatePicker format={DATE_DMY} disabledDate={(date) => isExpireDateDisabled(date, limits)} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
