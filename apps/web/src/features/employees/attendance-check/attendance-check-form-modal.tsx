import { useMemo } from 'react';
import { Col, DatePicker, Form, Input, Row, Select } from 'antd';
import { DATE_DMY } from '@tms/contracts/api';
import { ATTENDANCE_CHECK_ID_MAX_LENGTH, ATTENDANCE_CHECK_TEXT_MAX, type AttendanceCheckRow } from '@tms/contracts/attendance-check-config';
import { PUNCH_SYSTEMS } from '@tms/contracts/punches';
import { EmployeeSelect } from '../../../components/employee-select.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { employeesTexts } from '../i18n/index.ts';
import { useSaveAttendanceCheck } from './api/attendance-check-api.ts';
import {
  accountNumberError,
  createValues,
  editValuesOf,
  endDateError,
  toCreateBody,
  toUpdateBody,
  type AttendanceCheckFormValues,
} from './attendance-check-form.ts';

export const SYSTEM_OPTIONS = PUNCH_SYSTEMS.map((s) => ({ value: s, label: s }));
type F = AttendanceCheckFormValues;

/** The optional free-text fields: same layout and length rule, one entry each. */
const TEXT_FIELDS = [
  { name: 'attendance_check_name', label: 'attendance.form.attendanceCheckName', testId: 'attendance-check-name' },
  { name: 'project', label: 'attendance.form.project', testId: 'attendance-check-project' },
  { name: 'position', label: 'attendance.form.position', testId: 'attendance-check-position' },
] as const;

/**
 * Add / edit an attendance-check mapping (spec 002 §2 tab 3, §5): employee (remote search from 3 characters),
 * account number (numbers only), attendance check id, name, project, position, system, start and end dates.
 * A refusal (e.g. an overlapping mapping) keeps the modal open with the server's text.
 */
export function AttendanceCheckFormModal({ row, onClose }: { row?: AttendanceCheckRow; onClose: () => void }) {
  const [form] = Form.useForm<F>();
  const save = useSaveAttendanceCheck();
  const { t } = employeesTexts.useT();
  const initialValues = useMemo(() => (row ? editValuesOf(row) : createValues()), [row]);
  const employeeInitial = row ? [{ value: row.employee_id, label: `${row.hrms_name} - ${row.hrms_username}` }] : undefined;

  const submit = async (values: F) => {
    const envelope = row ? await save.mutateAsync({ mode: 'edit', body: toUpdateBody(row, values) }) : await save.mutateAsync({ mode: 'create', body: toCreateBody(values) });
    notifySuccess(envelope.message);
    onClose();
  };

  return (
    <FormModal<F>
      open
      title={row ? t('attendance.editTitle') : t('attendance.addTitle')}
      form={form}
      name="attendance-check-form"
      formTestId="attendance-check-form"
      saveTestId="attendance-check-save"
      cancelTestId="attendance-check-cancel"
      initialValues={initialValues}
      onSubmit={submit}
      onCancel={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item<F> name="employee_id" label={t('attendance.form.employee')} rules={[{ required: true, message: t('attendance.messages.hrmsIdRequired') }]}>
            <EmployeeSelect valueField="id" initialOptions={employeeInitial} data-testid="attendance-check-employee" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item<F>
            name="account_number"
            label={t('attendance.form.accountNumber')}
            rules={[{ validator: (_r, v: unknown) => (accountNumberError(v) ? Promise.reject(new Error(accountNumberError(v))) : Promise.resolve()) }]}
          >
            <Input inputMode="numeric" maxLength={10} data-testid="attendance-check-account-number" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item<F>
            name="attendance_check_id"
            label={t('attendance.form.attendanceCheckId')}
            rules={[
              { required: true, whitespace: true, message: t('attendance.messages.attendanceCheckIdRequired') },
              { max: ATTENDANCE_CHECK_ID_MAX_LENGTH, message: t('attendance.messages.attendanceCheckIdTooLong') },
            ]}
          >
            <Input data-testid="attendance-check-id" />
          </Form.Item>
        </Col>
        {TEXT_FIELDS.map((f) => (
          <Col xs={24} md={12} key={f.name}>
            <Form.Item<F> name={f.name} label={t(f.label)} rules={[{ max: ATTENDANCE_CHECK_TEXT_MAX, message: t('attendance.messages.textTooLong') }]}>
              <Input data-testid={f.testId} />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} md={8}>
          <Form.Item<F> name="attendance_check_system" label={t('attendance.form.system')} rules={[{ required: true, message: t('attendance.messages.systemRequired') }]}>
            <Select options={SYSTEM_OPTIONS} data-testid="attendance-check-system" />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item<F> name="start_date" label={t('attendance.form.startDate')} rules={[{ required: true, message: t('attendance.messages.startRequired') }]}>
            <DatePicker format={DATE_DMY} style={{ width: '100%' }} data-testid="attendance-check-start" />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item<F>
            name="end_date"
            label={t('attendance.form.endDate')}
            dependencies={['start_date']}
            required
            rules={[
              ({ getFieldValue }) => ({
                validator: (_r, v: F['end_date']) => {
                  const message = endDateError(getFieldValue('start_date') as F['start_date'], v);
                  return message ? Promise.reject(new Error(message)) : Promise.resolve();
                },
              }),
            ]}
          >
            <DatePicker format={DATE_DMY} style={{ width: '100%' }} data-testid="attendance-check-end" />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
