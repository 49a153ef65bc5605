import { Col, DatePicker, Form, Input, Row, Select } from 'antd';
import { DATE_DMY } from '@tms/contracts/api';
import { DepartmentSelect } from '../../../components/department-select.tsx';
import { EmployeeSelect } from '../../../components/employee-select.tsx';
import { NumberInput } from '../../../components/number-input.tsx';
import { policiesTexts } from '../i18n/index.ts';
import { EXPLANATION_FIELDS, explanationMessage, linkMessage, ruleTypeMessage } from './policy-form.ts';
import { namedOptions, otRuleName, ruleTypeName } from './policy-code-names.ts';
import type { PolicyFormModalProps, PolicyFormState } from './use-policy-form.ts';

const required = (message: string) => ({ required: true, message });

/** Set Policy only: the staff (a staff policy) or the departments (a department policy) it is set for. */
export function PolicyTargetField({ kind, staff, fixedStaff, editing }: Pick<PolicyFormModalProps, 'kind' | 'staff' | 'fixedStaff'> & { editing: boolean }) {
  const { t } = policiesTexts.useT();
  if (editing) return null;
  if (kind === 'staff') {
    return (
      <Form.Item name="usernames" label={t('form.staff')} rules={[{ required: true, type: 'array', min: 1, message: t('messages.staffRequired') }]}>
        <EmployeeSelect mode="multiple" valueField="user_name" initialOptions={staff} disabled={fixedStaff} placeholder={t('form.staffPlaceholder')} data-testid="policy-form-staff" />
      </Form.Item>
    );
  }
  return (
    <Form.Item name="department_ids" label={t('form.department')} rules={[{ required: true, type: 'array', min: 1, message: t('messages.departmentRequired') }]}>
      <DepartmentSelect data-testid="policy-form-departments" />
    </Form.Item>
  );
}

/** The work schedule (locked when the policy starts in an approved timesheet) and its rule type. */
export function PolicyScheduleFields({ schedules, rules, locked }: Pick<PolicyFormState, 'schedules' | 'rules' | 'locked'>) {
  const { t } = policiesTexts.useT();
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item name="work_schedule_code" label={t('form.workSchedule')} rules={[required(t('messages.workScheduleRequired'))]} extra={locked ? t('form.locked') : undefined}>
          <Select
            showSearch
            disabled={locked}
            loading={schedules.isLoading}
            optionFilterProp="label"
            data-testid="policy-form-schedule"
            options={(schedules.data ?? []).map((s) => ({ value: s.work_schedule_code, label: `${s.work_schedule_code} - ${s.work_schedule_name}` }))}
          />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name="rule_type"
          label={t('form.workScheduleType')}
          dependencies={['work_schedule_code']}
          rules={[
            required(t('messages.workScheduleTypeRequired')),
            ({ getFieldValue }) => ({
              // RULES.md §4: the rule type follows the schedule's type (the server refuses a mismatch the same way).
              validator: async (_rule, value: unknown) => {
                const schedule = schedules.data?.find((x) => x.work_schedule_code === getFieldValue('work_schedule_code'));
                const message = schedule && typeof value === 'string' && value ? ruleTypeMessage(value, schedule) : null;
                if (message) throw new Error(message);
              },
            }),
          ]}
        >
          <Select data-testid="policy-form-rule-type" options={namedOptions(rules.data?.ruleTypes, (code) => ruleTypeName(t, code))} />
        </Form.Item>
      </Col>
    </Row>
  );
}

export function PolicyExplanationFields() {
  const { t } = policiesTexts.useT();
  return (
    <Row gutter={16}>
      {EXPLANATION_FIELDS.map((field) => (
        <Col span={8} key={field}>
          <Form.Item
            name={field}
            label={t(`explanation.${field}`)}
            required
            rules={[
              {
                validator: async (_rule, value: unknown) => {
                  const message = explanationMessage(field, value);
                  if (message) throw new Error(message);
                },
              },
            ]}
          >
            {/* Text mode keeps the digits typed (1.25 stays 1.25, so the duration rule can name it); no min/max, which would clamp. */}
            <NumberInput<string> stringMode style={{ width: '100%' }} data-testid={`policy-form-${field}`} />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}

/** Lack of time allowed, the OT rule and the policy link. */
export function PolicyRuleFields({ rules }: Pick<PolicyFormState, 'rules'>) {
  const { t } = policiesTexts.useT();
  return (
    <>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="lack_of_time_allowed" label={t('form.lack')} rules={[required(t('messages.lackRequired'))]}>
            <NumberInput min={0} max={1440} precision={0} style={{ width: '100%' }} data-testid="policy-form-lack" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="ot_type" label={t('form.ot')} rules={[required(t('messages.otRequired'))]}>
            <Select data-testid="policy-form-ot" options={namedOptions(rules.data?.otRules, (code) => otRuleName(t, code))} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="url_policy"
        label={t('form.link')}
        required
        rules={[
          {
            validator: async (_rule, value: unknown) => {
              const message = linkMessage(value);
              if (message) throw new Error(message);
            },
          },
        ]}
      >
        <Input data-testid="policy-form-link" placeholder={t('form.linkPlaceholder')} />
      </Form.Item>
    </>
  );
}

/** Date applied (locked with the schedule) and date expired, each checked against the other, the lock date and today. */
export function PolicyDateFields({ locked, dateRule }: Pick<PolicyFormState, 'locked' | 'dateRule'>) {
  const { t } = policiesTexts.useT();
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item name="apply_date" label={t('form.applied')} required rules={[dateRule('apply_date')]}>
          <DatePicker format={DATE_DMY} disabled={locked} style={{ width: '100%' }} data-testid="policy-form-apply" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="expire_date" label={t('form.expired')} required rules={[dateRule('expire_date')]}>
          <DatePicker format={DATE_DMY} style={{ width: '100%' }} data-testid="policy-form-expire" />
        </Form.Item>
      </Col>
    </Row>
  );
}
