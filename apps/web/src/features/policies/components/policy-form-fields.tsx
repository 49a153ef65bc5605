import { Col, DatePicker, Form, Input, InputNumber, Row, Select } from 'antd';
import { DATE_DMY } from '@tms/contracts/api';
import { EXPLANATION_LABELS, POLICY_MESSAGES as M, ruleTypeMismatch } from '@tms/contracts/policies';
import { DepartmentSelect } from '../../../components/department-select.tsx';
import { EmployeeSelect } from '../../../components/employee-select.tsx';
import { EXPLANATION_FIELDS, explanationMessage, linkMessage } from './policy-form.ts';
import type { PolicyFormModalProps, PolicyFormState } from './use-policy-form.ts';

const required = (message: string) => ({ required: true, message });

/** Set Policy only: the staff (a staff policy) or the departments (a department policy) it is set for. */
export function PolicyTargetField({ kind, staff, fixedStaff, editing }: Pick<PolicyFormModalProps, 'kind' | 'staff' | 'fixedStaff'> & { editing: boolean }) {
  if (editing) return null;
  if (kind === 'staff') {
    return (
      <Form.Item name="usernames" label="Staff" rules={[{ required: true, type: 'array', min: 1, message: M.staffRequired }]}>
        <EmployeeSelect mode="multiple" valueField="user_name" initialOptions={staff} disabled={fixedStaff} placeholder="Search staff (3+ characters)" data-testid="policy-form-staff" />
      </Form.Item>
    );
  }
  return (
    <Form.Item name="department_ids" label="Department" rules={[{ required: true, type: 'array', min: 1, message: M.departmentRequired }]}>
      <DepartmentSelect data-testid="policy-form-departments" />
    </Form.Item>
  );
}

/** The work schedule (locked when the policy starts in an approved timesheet) and its rule type. */
export function PolicyScheduleFields({ schedules, rules, locked }: Pick<PolicyFormState, 'schedules' | 'rules' | 'locked'>) {
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item name="work_schedule_code" label="Work Schedule" rules={[required(M.workScheduleRequired)]} extra={locked ? 'Locked: the policy starts in an approved timesheet' : undefined}>
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
          label="Work Schedule Type"
          dependencies={['work_schedule_code']}
          rules={[
            required(M.workScheduleTypeRequired),
            ({ getFieldValue }) => ({
              // RULES.md §4: the rule type follows the schedule's type (the server refuses a mismatch the same way).
              validator: async (_rule, value: unknown) => {
                const schedule = schedules.data?.find((x) => x.work_schedule_code === getFieldValue('work_schedule_code'));
                const message = schedule && typeof value === 'string' && value ? ruleTypeMismatch(value, schedule) : null;
                if (message) throw new Error(message);
              },
            }),
          ]}
        >
          <Select data-testid="policy-form-rule-type" options={rules.data?.ruleTypes ?? []} />
        </Form.Item>
      </Col>
    </Row>
  );
}

export function PolicyExplanationFields() {
  return (
    <Row gutter={16}>
      {EXPLANATION_FIELDS.map((field) => (
        <Col span={8} key={field}>
          <Form.Item
            name={field}
            label={EXPLANATION_LABELS[field]}
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
            <Input data-testid={`policy-form-${field}`} inputMode="decimal" />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}

/** Lack of time allowed, the OT rule and the policy link. */
export function PolicyRuleFields({ rules }: Pick<PolicyFormState, 'rules'>) {
  return (
    <>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="lack_of_time_allowed" label="Lack Of Time Allowed (minutes)" rules={[required(M.lackRequired)]}>
            <InputNumber min={0} max={1440} precision={0} style={{ width: '100%' }} data-testid="policy-form-lack" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="ot_type" label="OT Rule" rules={[required(M.otRequired)]}>
            <Select data-testid="policy-form-ot" options={rules.data?.otRules ?? []} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="url_policy"
        label="Policy Link"
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
        <Input data-testid="policy-form-link" placeholder="https://" />
      </Form.Item>
    </>
  );
}

/** Date applied (locked with the schedule) and date expired, each checked against the other, the lock date and today. */
export function PolicyDateFields({ locked, dateRule }: Pick<PolicyFormState, 'locked' | 'dateRule'>) {
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item name="apply_date" label="Date Applied" required rules={[dateRule('apply_date')]}>
          <DatePicker format={DATE_DMY} disabled={locked} style={{ width: '100%' }} data-testid="policy-form-apply" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="expire_date" label="Date Expired" required rules={[dateRule('expire_date')]}>
          <DatePicker format={DATE_DMY} style={{ width: '100%' }} data-testid="policy-form-expire" />
        </Form.Item>
      </Col>
    </Row>
  );
}
