import { Col, Divider, Form, Input, Row, Select, Switch, Typography } from 'antd';
import {
  EMPLOYEE_HOLIDAY_CALENDARS,
  EMPLOYEE_JOB_LEVELS,
  EMPLOYEE_LOCATIONS,
  EMPLOYEE_NATIONALITIES,
  EMPLOYEE_WORK_SCHEDULE_TYPES,
} from '@tms/contracts/employees';
import { employeesTexts } from '../i18n/index.ts';
import type { EmployeeFormValues } from './employee-form.ts';
import { genderOptions, options, statusOptions, useEmployeeFields, type FieldOption } from './employee-fields.tsx';
import type { EmployeeRecord } from './use-employee-form.ts';
import { contractTypeOptions } from '../../../components/code-names.ts';
import { commonTexts } from '../../../components/i18n/index.ts';

export function PersonalSection() {
  const { t, text, select, date } = useEmployeeFields();
  const { t: common } = commonTexts.useT();
  return (
    <>
      <Divider titlePlacement="start">{t('detail.sectionPersonal')}</Divider>
      <Row gutter={16}>
        {text('name')}
        {select('gender', genderOptions(common))}
        {date('date_of_birth')}
        {text('email')}
        {text('personalEmail')}
        {select('nationality', options(EMPLOYEE_NATIONALITIES))}
      </Row>
    </>
  );
}

type StaffSectionProps = { record: EmployeeRecord | null; divisionOptions: FieldOption[]; departmentOptions: FieldOption[]; treeLoading: boolean };

/** In edit mode the identity fields (username, staff id, company) are disabled. */
export function StaffSection({ record, divisionOptions, departmentOptions, treeLoading }: StaffSectionProps) {
  const { t, clear, item, text, select, date } = useEmployeeFields();
  const editing = record !== null;
  return (
    <>
      <Divider titlePlacement="start">{t('detail.sectionStaff')}</Divider>
      <Row gutter={16}>
        {text('user_name', editing)}
        {text('sf4c_id', editing)}
        <Col xs={24} md={12} xl={8}>
          <Form.Item label={t('fields.company')}>
            <Input disabled value={record ? `${record.companyName} (${record.company})` : t('detail.defaultCompany')} data-testid="employee-field-company" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <Form.Item<EmployeeFormValues> name="division" label={t('fields.division')}>
            <Select options={divisionOptions} loading={treeLoading} allowClear={clear} showSearch={{ optionFilterProp: 'label' }} data-testid="employee-field-division" />
          </Form.Item>
        </Col>
        {item('department', <Select options={departmentOptions} loading={treeLoading} showSearch={{ optionFilterProp: 'label' }} data-testid="employee-field-department" />)}
        {text('sub_department')}
        {text('sub_department_2')}
        {text('positionTitle')}
        {select('jobLevel', options(EMPLOYEE_JOB_LEVELS))}
        {select('location', options(EMPLOYEE_LOCATIONS))}
        {select('employeeStatus', statusOptions(t), false)}
        {select('work_schedule_type', options(EMPLOYEE_WORK_SCHEDULE_TYPES))}
        {date('work_schedule_apply_date')}
        {select('holidayCalendarCode', options(EMPLOYEE_HOLIDAY_CALENDARS), false)}
      </Row>
    </>
  );
}

type AccountRowProps = { record: EmployeeRecord | null; roleOptions: (FieldOption & { disabled: boolean })[]; rolesLoading: boolean; createAccount: boolean | undefined };

/** Edit: the roles of the employee's account (or a note that there is none). Create: whether to make an account, and its roles. */
export function AccountRow({ record, roleOptions, rolesLoading, createAccount }: AccountRowProps) {
  const { t } = employeesTexts.useT();
  const rolesSelect = <Select mode="multiple" options={roleOptions} loading={rolesLoading} data-testid="employee-field-roles" />;
  if (record) {
    return (
      <Row gutter={16}>
        {record.account ? (
          <Col xs={24} xl={16}>
            <Form.Item<EmployeeFormValues> name="roles" label={t('detail.rolesOfUser', { username: record.account.username })} rules={[{ required: true, message: t('messages.rolesRequired') }]}>
              {rolesSelect}
            </Form.Item>
          </Col>
        ) : (
          <Col span={24}>
            <Typography.Text type="secondary">{t('detail.noAccountForRoles')}</Typography.Text>
          </Col>
        )}
      </Row>
    );
  }
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Form.Item<EmployeeFormValues> name="createAccount" label={t('fields.createAccount')} valuePropName="checked">
          <Switch data-testid="employee-field-createAccount" />
        </Form.Item>
      </Col>
      {createAccount ? (
        <Col xs={24} md={16}>
          <Form.Item<EmployeeFormValues> name="roles" label={t('fields.roles')} required rules={[{ required: true, type: 'array', min: 1, message: t('messages.rolesRequired') }]}>
            {rolesSelect}
          </Form.Item>
        </Col>
      ) : null}
    </Row>
  );
}

export function ContractSection() {
  const { t, select, number, date } = useEmployeeFields();
  const { t: common } = commonTexts.useT();
  return (
    <>
      <Divider titlePlacement="start">{t('detail.sectionContract')}</Divider>
      <Row gutter={16}>
        {select('contract_type', contractTypeOptions(common))}
        {number('numberOfYear')}
        {date('contract_start_date')}
        {date('contract_end_date')}
        {date('start_working_day')}
        {date('last_working_day')}
        {date('seniorityDate')}
      </Row>
    </>
  );
}

/** Total annual leave is always read-only: it follows a change of remain annual leave (spec 002 §4). */
export function BenefitSection() {
  const { t, number, date } = useEmployeeFields();
  return (
    <>
      <Divider titlePlacement="start">{t('detail.sectionBenefit')}</Divider>
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
      <Typography.Paragraph type="secondary">{t('detail.leaveUnits')}</Typography.Paragraph>
    </>
  );
}
