import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Col, DatePicker, Divider, Empty, Form, Input, Row, Select, Space, Spin, Switch, Typography } from 'antd';
import { DATE_DMY } from '@tms/contracts/api';
import {
  EMPLOYEE_CONTRACT_TYPES,
  EMPLOYEE_GENDERS,
  EMPLOYEE_HOLIDAY_CALENDARS,
  EMPLOYEE_JOB_LEVELS,
  EMPLOYEE_LABELS as L,
  EMPLOYEE_LOCATIONS,
  EMPLOYEE_MESSAGES as M,
  EMPLOYEE_NATIONALITIES,
  EMPLOYEE_STATUSES,
  EMPLOYEE_WORK_SCHEDULE_TYPES,
  type EmployeeIssue,
} from '@tms/contracts/employees';
import { confirmDialog } from '../../../components/confirm-dialog.tsx';
import { ruleOf } from '../../../components/grant-form-fields.tsx';
import { hasRole, useCurrentUser } from '../../../lib/auth.ts';
import { departmentsOf, divisionsOf, useDivisionsDepartments, useRoleOptions } from '../../../lib/lookups.ts';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { useEmployeeDetail, useSaveEmployee } from '../api/employees-api.ts';
import { emptyEmployeeValues, employeeFieldError, employeeValuesOf, toCreateBody, toUpdateBody, totalAfterRemainChange, type EmployeeFormValues } from './employee-form.ts';
import { FirstPasswordModal } from './first-password-modal.tsx';

type Field = EmployeeIssue['field'];
const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));
const REQUIRED: ReadonlySet<Field> = new Set(['name', 'email', 'user_name', 'employeeStatus', 'start_working_day', 'department']);

export type EmployeeDetailTabProps = {
  detail: { mode: 'create' } | { mode: 'edit'; id: number } | null;
  /** After a create: the new employee's id (the page shows the list, which reloads). */
  onCreated: (id: number) => void;
  onCancel: () => void;
};

/**
 * Employee Detail (spec 002 §2, §3 Employee, §4, §5): sections Personal Information, Staff Information, Contract
 * Information, Benefit & Perks; Cancel and Create/Save. In edit mode the identity fields (username, staff id, company)
 * are disabled; total annual leave is always read-only and follows a change of remain annual leave.
 */
export function EmployeeDetailTab({ detail, onCreated, onCancel }: EmployeeDetailTabProps) {
  const editId = detail?.mode === 'edit' ? detail.id : null;
  const loaded = useEmployeeDetail(editId);
  if (!detail) return <Empty description={M.noEmployee} data-testid="employee-detail-empty" />;
  if (editId !== null && !loaded.data) {
    return loaded.isError ? <Alert type="error" showIcon message={M.notFound} /> : <Spin style={{ display: 'block', margin: 48 }} />;
  }
  // A new form per employee (and per saved version), so its starting values are that record's.
  const key = editId === null ? 'create' : `${editId}:${loaded.data!.version}`;
  return <EmployeeForm key={key} record={editId === null ? null : loaded.data!} onCreated={onCreated} onCancel={onCancel} />;
}

function EmployeeForm({ record, onCreated, onCancel }: { record: NonNullable<ReturnType<typeof useEmployeeDetail>['data']> | null; onCreated: (id: number) => void; onCancel: () => void }) {
  const editing = record !== null;
  const [form] = Form.useForm<EmployeeFormValues>();
  const save = useSaveEmployee();
  const { data: user } = useCurrentUser();
  const isAdmin = hasRole(user, 'ADMIN');
  const tree = useDivisionsDepartments();
  const roles = useRoleOptions();
  const [created, setCreated] = useState<{ id: number; username: string; password: string } | null>(null);
  const initialValues = useMemo(() => (record ? employeeValuesOf(record) : emptyEmployeeValues()), [record]);
  const previousRemain = useRef<unknown>(initialValues.remain_annual_leave);
  const division = Form.useWatch('division', form);
  const createAccount = Form.useWatch('createAccount', form);

  // The division select narrows the departments; a stored employee's division comes from its department.
  const divisionOptions = divisionsOf(tree.data).map((d) => ({ value: d.id, label: d.name }));
  const departmentOptions = departmentsOf(tree.data, division ? [division] : undefined).map((d) => ({ value: d.department_code, label: d.name }));
  useEffect(() => {
    if (!editing && !form.getFieldValue('division') && divisionOptions.length === 1) form.setFieldValue('division', divisionOptions[0]!.value);
  }, [editing, divisionOptions, form]);

  const rule = (field: Field) => ruleOf<unknown>(() => employeeFieldError(field, form.getFieldsValue(true) as EmployeeFormValues));
  const item = (field: Field, control: ReactNode, extra: { disabled?: boolean; span?: number } = {}) => (
    <Col xs={24} md={12} xl={extra.span ?? 8} key={field}>
      <Form.Item<EmployeeFormValues> name={field as keyof EmployeeFormValues} label={L[field]} required={REQUIRED.has(field)} rules={[rule(field)]}>
        {control}
      </Form.Item>
    </Col>
  );
  const text = (field: Field, disabled = false) => item(field, <Input disabled={disabled} data-testid={`employee-field-${field}`} autoComplete="off" />);
  const number = (field: Field, disabled = false) => item(field, <Input inputMode="decimal" disabled={disabled} data-testid={`employee-field-${field}`} autoComplete="off" />);
  const date = (field: Field) => item(field, <DatePicker format={DATE_DMY} style={{ width: '100%' }} data-testid={`employee-field-${field}`} />);
  const select = (field: Field, opts: { value: string | number; label: string }[], allowClear = true) =>
    item(field, <Select options={opts} allowClear={allowClear} showSearch={{ optionFilterProp: 'label' }} data-testid={`employee-field-${field}`} />);

  const submit = async (values: EmployeeFormValues) => {
    try {
      if (record) {
        const envelope = await save.mutateAsync({ mode: 'edit', body: toUpdateBody(record, values) });
        notifySuccess(envelope.message);
        return;
      }
      const envelope = await save.mutateAsync({ mode: 'create', body: toCreateBody(values) });
      notifySuccess(envelope.message);
      const data = envelope.data as unknown as { id: number; password: string | null; username: string | null };
      if (data.password && data.username) setCreated({ id: data.id, username: data.username, password: data.password });
      else onCreated(data.id);
    } catch (error) {
      // spec 002 §8: each message of the messages list is shown.
      notifyApiError(error);
    }
  };

  const cancel = () => {
    if (!form.isFieldsTouched()) return onCancel();
    confirmDialog({ title: M.discardTitle, content: 'The changes you made will be lost.', onOk: onCancel });
  };

  const roleOptions = (roles.data ?? []).map((r) => ({ value: r.code, label: r.name, disabled: r.code === 'ADMIN' && !isAdmin }));

  return (
    <>
      <Form<EmployeeFormValues>
        form={form}
        name="employee-detail"
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => void submit({ ...form.getFieldsValue(true), ...values })}
        onValuesChange={(changed: Partial<EmployeeFormValues>) => {
          if ('division' in changed) form.setFieldValue('department', undefined);
          if ('remain_annual_leave' in changed) {
            // spec 002 §4: the shown total moves by the difference.
            const total = totalAfterRemainChange(form.getFieldValue('total_annual_leave'), previousRemain.current, changed.remain_annual_leave);
            if (total !== undefined) {
              form.setFieldValue('total_annual_leave', total);
              previousRemain.current = changed.remain_annual_leave;
            }
          }
        }}
        data-testid="employee-detail-form"
        scrollToFirstError
      >
        <Typography.Title level={5}>{editing ? `${record.name} (${record.user_name})` : 'New employee'}</Typography.Title>

        <Divider titlePlacement="start">{M.sectionPersonal}</Divider>
        <Row gutter={16}>
          {text('name')}
          {select('gender', EMPLOYEE_GENDERS.map((g) => ({ value: g.value, label: g.label })))}
          {date('date_of_birth')}
          {text('email')}
          {text('personalEmail')}
          {select('nationality', options(EMPLOYEE_NATIONALITIES))}
        </Row>

        <Divider titlePlacement="start">{M.sectionStaff}</Divider>
        <Row gutter={16}>
          {text('user_name', editing)}
          {text('sf4c_id', editing)}
          <Col xs={24} md={12} xl={8}>
            <Form.Item label={L.company}>
              <Input disabled value={record ? `${record.companyName} (${record.company})` : 'Default company'} data-testid="employee-field-company" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item<EmployeeFormValues> name="division" label={L.division}>
              <Select options={divisionOptions} loading={tree.isLoading} allowClear showSearch={{ optionFilterProp: 'label' }} data-testid="employee-field-division" />
            </Form.Item>
          </Col>
          {item('department', <Select options={departmentOptions} loading={tree.isLoading} showSearch={{ optionFilterProp: 'label' }} data-testid="employee-field-department" />)}
          {text('sub_department')}
          {text('sub_department_2')}
          {text('positionTitle')}
          {select('jobLevel', options(EMPLOYEE_JOB_LEVELS))}
          {select('location', options(EMPLOYEE_LOCATIONS))}
          {select('employeeStatus', options(EMPLOYEE_STATUSES), false)}
          {select('work_schedule_type', options(EMPLOYEE_WORK_SCHEDULE_TYPES))}
          {date('work_schedule_apply_date')}
          {select('holidayCalendarCode', options(EMPLOYEE_HOLIDAY_CALENDARS), false)}
        </Row>
        <Row gutter={16}>
          {editing ? (
            record.account ? (
              <Col xs={24} xl={16}>
                <Form.Item<EmployeeFormValues> name="roles" label={`${L.roles} of user ${record.account.username}`} rules={[{ required: true, message: M.rolesRequired }]}>
                  <Select mode="multiple" options={roleOptions} loading={roles.isLoading} data-testid="employee-field-roles" />
                </Form.Item>
              </Col>
            ) : (
              <Col span={24}>
                <Typography.Text type="secondary">{M.noAccountForRoles}</Typography.Text>
              </Col>
            )
          ) : (
            <>
              <Col xs={24} md={8}>
                <Form.Item<EmployeeFormValues> name="createAccount" label={L.createAccount} valuePropName="checked">
                  <Switch data-testid="employee-field-createAccount" />
                </Form.Item>
              </Col>
              {createAccount ? (
                <Col xs={24} md={16}>
                  <Form.Item<EmployeeFormValues> name="roles" label={L.roles} required rules={[{ required: true, type: 'array', min: 1, message: M.rolesRequired }]}>
                    <Select mode="multiple" options={roleOptions} loading={roles.isLoading} data-testid="employee-field-roles" />
                  </Form.Item>
                </Col>
              ) : null}
            </>
          )}
        </Row>

        <Divider titlePlacement="start">{M.sectionContract}</Divider>
        <Row gutter={16}>
          {select('contract_type', EMPLOYEE_CONTRACT_TYPES.map((c) => ({ value: c.value, label: `${c.value} (${c.label})` })))}
          {number('numberOfYear')}
          {date('contract_start_date')}
          {date('contract_end_date')}
          {date('start_working_day')}
          {date('last_working_day')}
          {date('seniorityDate')}
        </Row>

        <Divider titlePlacement="start">{M.sectionBenefit}</Divider>
        <Row gutter={16}>
          {number('total_annual_leave', true)}
          {number('remain_annual_leave')}
          {number('remain_unpaid_leave')}
          {number('remain_maternity_leave')}
          {number('remain_birthday_leave')}
          {number('remainOffsetLeave')}
          {date('annualLeaveStartDate')}
          {date('annualLeaveEndDate')}
        </Row>
        <Typography.Paragraph type="secondary">Leave figures are in hours; remain birthday leave is in days (0 to 1).</Typography.Paragraph>

        <Space>
          <Button onClick={cancel} data-testid="employee-cancel">
            {M.cancel}
          </Button>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="employee-save">
            {editing ? M.save : M.create}
          </Button>
        </Space>
      </Form>
      {created ? (
        <FirstPasswordModal
          username={created.username}
          password={created.password}
          onClose={() => {
            const id = created.id;
            setCreated(null);
            onCreated(id);
          }}
        />
      ) : null}
    </>
  );
}
