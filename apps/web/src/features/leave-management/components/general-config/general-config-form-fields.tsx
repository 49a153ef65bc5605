import { Col, DatePicker, Form, Row } from 'antd';
import type { Dayjs } from 'dayjs';
import { DATE_DMY } from '@tms/contracts/api';
import type { GeneralConfigNumberField } from '@tms/contracts/general-config';
import { hoursInputText } from '../../../../lib/numbers.ts';
import { ruleOf } from '../../../../components/grant-form-fields.tsx';
import { NumberInput } from '../../../../components/number-input.tsx';
import { leaveManagementTexts } from '../../i18n/index.ts';
import { applyDateError, expireDateError, isApplyDateDisabled, isExpireDateDisabled, numberError, type ConfigLimits } from './general-config-form-rules.ts';
import type { GeneralConfigFormValues } from './general-config-form-values.ts';

/** Hours with 2 decimals like every hours figure (spec 000 §9). */
const HOUR_FIELDS = new Set<GeneralConfigNumberField>(['seniorityLeaveHour', 'leaveHourInMonth']);

/** A number field with its unit (config.units), so 'Seniority day' (spec 000 §5 label) reads as the hours it holds. */
function NumberField({ field, disabled }: { field: GeneralConfigNumberField; disabled: boolean }) {
  const { t } = leaveManagementTexts.useT();
  const label = t(`config.labels.${field}`);
  return (
    <Form.Item<GeneralConfigFormValues> name={field} label={label} required rules={[ruleOf((value: unknown) => numberError(field, value))]}>
      {/* No min/max on the input: it would clamp what was typed, and the range rule must name the problem instead. */}
      <NumberInput<number>
        formatter={HOUR_FIELDS.has(field) ? hoursInputText : undefined}
        suffix={t(`config.units.${field}`)}
        placeholder={label}
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
  const { t } = leaveManagementTexts.useT();
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
            label={t('config.labels.applyDate')}
            required
            dependencies={['expireDate']}
            rules={[({ getFieldValue }) => ruleOf((value: Dayjs | null) => applyDateError(value, getFieldValue('expireDate') as Dayjs | null, limits, storedApply))]}
          >
            <DatePicker format={DATE_DMY} disabledDate={(date) => isApplyDateDisabled(date, limits)} disabled={locked} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item<GeneralConfigFormValues> name="expireDate" label={t('config.labels.expireDate')} required rules={[ruleOf((value: Dayjs | null) => expireDateError(value, limits))]}>
            <DatePicker format={DATE_DMY} disabledDate={(date) => isExpireDateDisabled(date, limits)} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
