import { Col, DatePicker, Form, Input, InputNumber, Row, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { DATE_DMY } from '@tms/contracts/api';
import { EXPLANATION_LABELS, POLICY_MESSAGES as M, ruleTypeMismatch, ruleTypeOfScheduleType, type PolicyRow } from '@tms/contracts/policies';
import { DepartmentSelect } from '../../../components/department-select.tsx';
import { EmployeeSelect } from '../../../components/employee-select.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import type { RemoteOption } from '../../../components/remote-select.tsx';
import { useLockDate, useServerToday } from '../../../lib/lookups.ts';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { ruleConfigQuery, useWritePolicy, workScheduleCodesQuery, type PolicyKind } from '../api/policies-api.ts';
import { dateMessages, EXPLANATION_FIELDS, explanationMessage, linkMessage, toPolicyBody, valuesOfRow, type PolicyFormValues } from './policy-form.ts';

export type PolicyFormModalProps = {
  kind: PolicyKind;
  /** Edit this row; else Set Policy. */
  row?: PolicyRow;
  /** Set Policy: the staff chosen in the table (usernames with their labels), and the policy to prefill from. */
  staff?: RemoteOption<never>[];
  prefill?: PolicyRow | null;
  /** Set Policy from a staff page: the staff is fixed. */
  fixedStaff?: boolean;
  onClose: () => void;
};

const required = (message: string) => ({ required: true, message });

/**
 * The staff (or department) policy modal (spec 002 §5): every rule is the contract's, the same the server checks;
 * when the policy starts in an approved timesheet, the work schedule and apply date are locked (§4).
 */
export function PolicyFormModal({ kind, row, staff, prefill, fixedStaff, onClose }: PolicyFormModalProps) {
  const [form] = Form.useForm<PolicyFormValues>();
  const schedules = useQuery(workScheduleCodesQuery);
  const rules = useQuery(ruleConfigQuery);
  const { lockDate } = useLockDate();
  const { today } = useServerToday();
  const write = useWritePolicy();
  const editing = row !== undefined;
  const locked = editing && row.actions.lockedFields;
  const initialValues: PolicyFormValues = {
    ...valuesOfRow(row ?? prefill),
    ...(editing ? {} : { apply_date: null }),
    ...(kind === 'staff' && !editing ? { usernames: (staff ?? []).map((s) => String(s.value)) } : {}),
  };
  const dateRule = (field: 'apply_date' | 'expire_date') => ({
    validator: async () => {
      const message = dateMessages(field, form.getFieldValue('apply_date'), form.getFieldValue('expire_date'), { lockDate, today, keptLockedApply: locked });
      if (message) throw new Error(message);
    },
  });

  const submit = async (values: PolicyFormValues) => {
    const body = toPolicyBody(values);
    try {
      const res = editing
        ? await write.mutateAsync({ kind, mode: 'edit', body: { ...body, id: row.id, version: row.version } })
        : await write.mutateAsync({ kind, mode: 'set', body: kind === 'staff' ? { ...body, usernames: values.usernames } : { ...body, department_ids: values.department_ids } });
      notifySuccess(res.message);
      onClose();
    } catch (error) {
      notifyApiError(error);
      throw error;
    }
  };

  return (
    <FormModal<PolicyFormValues>
      open
      form={form}
      title={editing ? 'Edit Policy' : 'Set Policy'}
      initialValues={initialValues}
      onSubmit={submit}
      onCancel={onClose}
      confirmLoading={write.isPending}
      name="policy-form"
      formTestId="policy-form"
      saveTestId="policy-form-save"
      onValuesChange={(changed) => {
        if (changed.work_schedule_code) {
          const s = schedules.data?.find((x) => x.work_schedule_code === changed.work_schedule_code);
          if (s) form.setFieldsValue({ rule_type: ruleTypeOfScheduleType(s.work_schedule_type), ot_type: s.work_schedule_type === 'FLEXIBLE' ? 'OT_FLEXIBLE' : 'OT_FIXED' });
        }
        if (changed.apply_date !== undefined || changed.expire_date !== undefined) void form.validateFields(['apply_date', 'expire_date']).catch(() => undefined);
      }}
    >
      {kind === 'staff' && !editing ? (
        <Form.Item name="usernames" label="Staff" rules={[{ required: true, type: 'array', min: 1, message: M.staffRequired }]}>
          <EmployeeSelect mode="multiple" valueField="user_name" initialOptions={staff} disabled={fixedStaff} placeholder="Search staff (3+ characters)" data-testid="policy-form-staff" />
        </Form.Item>
      ) : null}
      {kind === 'department' && !editing ? (
        <Form.Item name="department_ids" label="Department" rules={[{ required: true, type: 'array', min: 1, message: M.departmentRequired }]}>
          <DepartmentSelect data-testid="policy-form-departments" />
        </Form.Item>
      ) : null}
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
    </FormModal>
  );
}
