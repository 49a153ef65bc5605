import { useMemo } from 'react';
import { DatePicker, Form, Input, InputNumber, Select } from 'antd';
import { DATE_DMY } from '@tms/contracts/api';
import { REQUEST_TYPE_NAMES } from '@tms/contracts/requests';
import {
  SPECIAL_EXPLANATION_DESCRIPTION_MAX,
  SPECIAL_EXPLANATION_MESSAGES as M,
  SPECIAL_EXPLANATION_REQUEST_TYPES,
  SPECIAL_EXPLANATION_TIME_MAX,
  SPECIAL_EXPLANATION_TIME_STEP,
  type SpecialExplanationRow,
} from '@tms/contracts/special-explanation';
import { EmployeeSelect } from '../../../components/employee-select.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { ruleOf } from '../../../components/grant-form-fields.tsx';
import { useLockDate } from '../../../lib/lookups.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useReasonTypes, useSaveSpecialExplanation } from '../api/special-explanation-api.ts';
import {
  dateError,
  descriptionError,
  editValuesOf,
  isSpecialDateDisabled,
  reasonError,
  requestError,
  staffError,
  timeError,
  toCreateBody,
  toUpdateBody,
  type SpecialExplanationFormValues,
} from './special-explanation-form.ts';

const REQUEST_OPTIONS = SPECIAL_EXPLANATION_REQUEST_TYPES.map((value) => ({ value, label: REQUEST_TYPE_NAMES[value] }));

/**
 * "Create special explanation" / "Edit special explanation" (spec 001 §2.7, §5.3): request, reason, staff (several
 * when creating; the row's staff when editing), date (weekends and locked dates disabled), time in hours (max 24,
 * step 0.01, two decimals on blur), description (≤ 1000), CC. A refusal keeps the modal open with the server's text.
 */
export function SpecialExplanationFormModal({ row, onClose }: { row?: SpecialExplanationRow; onClose: () => void }) {
  const [form] = Form.useForm<SpecialExplanationFormValues>();
  const save = useSaveSpecialExplanation();
  const lock = useLockDate();
  const requestReason = Form.useWatch('requestReason', form);
  const reasons = useReasonTypes(requestReason, Boolean(requestReason));
  const reasonOptions = useMemo(() => (reasons.data ?? []).map((r) => ({ value: r.reason_type_code, label: r.reason_type })), [reasons.data]);
  const initialValues = useMemo<SpecialExplanationFormValues>(
    () => (row ? editValuesOf(row) : { requestReason: 'EXPLANATION_REQUEST', listEmployee: [], ccMail: [] }),
    [row],
  );
  const staffInitial = row ? [{ value: row.employeeId, label: `${row.employeeName} - ${row.userName}` }] : undefined;
  const ccInitial = row ? row.ccMailInfor.map((c) => ({ value: c.employeeId, label: c.username })) : undefined;

  const submit = async (values: SpecialExplanationFormValues) => {
    const envelope = row
      ? await save.mutateAsync({ mode: 'edit', body: toUpdateBody(row, values) })
      : await save.mutateAsync({ mode: 'create', body: toCreateBody(values) });
    notifySuccess(envelope.message);
    onClose();
  };

  return (
    <FormModal<SpecialExplanationFormValues>
      open
      title={row ? M.editTitle : M.createTitle}
      form={form}
      name="special-explanation-form"
      formTestId="special-explanation-form"
      saveTestId="special-explanation-save"
      cancelTestId="special-explanation-cancel"
      initialValues={initialValues}
      onSubmit={submit}
      onCancel={onClose}
      confirmLoading={lock.isLoading}
      onValuesChange={(changed) => {
        // Another request type has other reasons.
        if ('requestReason' in changed) form.setFieldValue('type', undefined);
      }}
    >
      <Form.Item<SpecialExplanationFormValues> name="requestReason" label="Request" required rules={[ruleOf(requestError)]}>
        <Select data-testid="special-explanation-request" options={REQUEST_OPTIONS} placeholder="Choose request" />
      </Form.Item>
      <Form.Item<SpecialExplanationFormValues> name="type" label="Reason" required rules={[ruleOf(reasonError)]}>
        <Select
          data-testid="special-explanation-reason"
          options={reasonOptions}
          loading={reasons.isFetching}
          disabled={!requestReason}
          placeholder="Choose reason"
          showSearch={{ optionFilterProp: 'label' }}
          notFoundContent={reasons.isFetching ? undefined : 'No reason'}
        />
      </Form.Item>
      <Form.Item<SpecialExplanationFormValues> name="listEmployee" label="Staff" required rules={[ruleOf(staffError)]}>
        <EmployeeSelect mode="multiple" valueField="id" data-testid="special-explanation-staff" initialOptions={staffInitial} disabled={Boolean(row)} />
      </Form.Item>
      <Form.Item<SpecialExplanationFormValues> name="date" label="Date" required rules={[ruleOf(dateError)]}>
        <DatePicker
          data-testid="special-explanation-date"
          format={DATE_DMY}
          disabledDate={(d) => isSpecialDateDisabled(d, lock.lockDate)}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item<SpecialExplanationFormValues> name="time" label="Time (hours)" required rules={[ruleOf(timeError)]}>
        <InputNumber<number>
          data-testid="special-explanation-time"
          min={SPECIAL_EXPLANATION_TIME_STEP}
          max={SPECIAL_EXPLANATION_TIME_MAX}
          step={SPECIAL_EXPLANATION_TIME_STEP}
          precision={2}
          placeholder="0.00"
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item<SpecialExplanationFormValues> name="description" label="Description" rules={[ruleOf(descriptionError)]}>
        <Input.TextArea data-testid="special-explanation-description" rows={3} maxLength={SPECIAL_EXPLANATION_DESCRIPTION_MAX} showCount />
      </Form.Item>
      <Form.Item<SpecialExplanationFormValues> name="ccMail" label="CC">
        <EmployeeSelect mode="multiple" valueField="id" data-testid="special-explanation-cc" initialOptions={ccInitial} />
      </Form.Item>
    </FormModal>
  );
}
