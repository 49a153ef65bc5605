import { useMemo } from 'react';
import type { Dayjs } from 'dayjs';
import { DatePicker, Form, Input, Select } from 'antd';
import { DATE_DMY } from '@tms/contracts/api';
import {
  SPECIAL_EXPLANATION_DESCRIPTION_MAX,
  SPECIAL_EXPLANATION_REQUEST_TYPES,
  SPECIAL_EXPLANATION_TIME_MAX,
  SPECIAL_EXPLANATION_TIME_STEP,
  type SpecialExplanationRow,
} from '@tms/contracts/special-explanation';
import { EmployeeSelect } from '../../../components/employee-select.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { NumberInput } from '../../../components/number-input.tsx';
import { ruleOf } from '../../../components/grant-form-fields.tsx';
import { useLockDate } from '../../../lib/lookups.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { formatHours } from '../../../lib/numbers.ts';
import { specialExplanationTexts } from '../i18n/index.ts';
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

/**
 * "Create special explanation" / "Edit special explanation" (spec 001 §2.7, §5.3): request, reason, staff (several
 * when creating; the row's staff when editing), date (weekends and locked dates disabled), time in hours (max 24,
 * step 0.01, two decimals on blur), description (≤ 1000), CC. A refusal keeps the modal open with the server's text.
 */
export function SpecialExplanationFormModal({ row, onClose }: { row?: SpecialExplanationRow; onClose: () => void }) {
  const [form] = Form.useForm<SpecialExplanationFormValues>();
  const { t } = specialExplanationTexts.useT();
  const requestOptions = useMemo(() => SPECIAL_EXPLANATION_REQUEST_TYPES.map((value) => ({ value, label: t(`requestTypes.${value}`) })), [t]);
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
      title={row ? t('form.editTitle') : t('form.createTitle')}
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
      <Form.Item<SpecialExplanationFormValues> name="requestReason" label={t('form.request')} required rules={[ruleOf((v: unknown) => requestError(v, t))]}>
        <Select data-testid="special-explanation-request" options={requestOptions} placeholder={t('form.requestPlaceholder')} />
      </Form.Item>
      <Form.Item<SpecialExplanationFormValues> name="type" label={t('form.reason')} required rules={[ruleOf((v: unknown) => reasonError(v, t))]}>
        <Select
          data-testid="special-explanation-reason"
          options={reasonOptions}
          loading={reasons.isFetching}
          disabled={!requestReason}
          placeholder={t('form.reasonPlaceholder')}
          showSearch={{ optionFilterProp: 'label' }}
          notFoundContent={reasons.isFetching ? undefined : t('form.noReason')}
        />
      </Form.Item>
      <Form.Item<SpecialExplanationFormValues> name="listEmployee" label={t('form.staff')} required rules={[ruleOf((v: readonly unknown[] | undefined) => staffError(v, t))]}>
        <EmployeeSelect mode="multiple" valueField="id" data-testid="special-explanation-staff" initialOptions={staffInitial} disabled={Boolean(row)} />
      </Form.Item>
      <Form.Item<SpecialExplanationFormValues> name="date" label={t('form.date')} required rules={[ruleOf((v: Dayjs | null | undefined) => dateError(v, t))]}>
        <DatePicker
          data-testid="special-explanation-date"
          format={DATE_DMY}
          disabledDate={(d) => isSpecialDateDisabled(d, lock.lockDate)}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item<SpecialExplanationFormValues> name="time" label={t('form.time')} required rules={[ruleOf((v: number | null | undefined) => timeError(v, t))]}>
        <NumberInput<number>
          data-testid="special-explanation-time"
          min={SPECIAL_EXPLANATION_TIME_STEP}
          max={SPECIAL_EXPLANATION_TIME_MAX}
          step={SPECIAL_EXPLANATION_TIME_STEP}
          precision={2}
          placeholder={formatHours(0)}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item<SpecialExplanationFormValues> name="description" label={t('form.description')} rules={[ruleOf((v: string | undefined) => descriptionError(v, t))]}>
        <Input.TextArea data-testid="special-explanation-description" rows={3} maxLength={SPECIAL_EXPLANATION_DESCRIPTION_MAX} showCount />
      </Form.Item>
      <Form.Item<SpecialExplanationFormValues> name="ccMail" label="CC">
        <EmployeeSelect mode="multiple" valueField="id" data-testid="special-explanation-cc" initialOptions={ccInitial} />
      </Form.Item>
    </FormModal>
  );
}
