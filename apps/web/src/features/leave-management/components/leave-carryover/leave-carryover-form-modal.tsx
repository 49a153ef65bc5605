import { useEffect } from 'react';
import { Col, Form, Input, Row } from 'antd';
import { LEAVE_CARRYOVER_DESCRIPTION_MAX, LEAVE_CARRYOVER_HOUR_STEP, type LeaveCarryoverRow } from '@tms/contracts/leave-carryover';
import { EmployeeSelect, employeeLabel } from '../../../../components/employee-select.tsx';
import { FormModal } from '../../../../components/form-modal.tsx';
import { GrantDateFields, ruleOf, useGrantLimits } from '../../../../components/grant-form-fields.tsx';
import { NumberInput } from '../../../../components/number-input.tsx';
import { hoursInputText } from '../../../../lib/numbers.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useCreateCarryover } from '../../api/create-carryover.ts';
import { useUpdateCarryover } from '../../api/update-carryover.ts';
import { useBeforeFinancialYear } from '../../api/get-carryover-financial-year.ts';
import { useCarryoverRemaining } from '../../api/get-carryover-remaining.ts';
import { leaveManagementTexts } from '../../i18n/index.ts';
import { capHoursText, financialYearError, leaveHoursError, staffError, type EditedCarryover } from './leave-carryover-form-rules.ts';
import { editValuesOf, toCreateBody, toUpdateBody, type CarryoverFormValues } from './leave-carryover-form-values.ts';

type CarryoverFormModalProps = {
  /** The edited row; absent when adding. */
  row?: LeaveCarryoverRow;
  onClose: () => void;
};

const FORM_NAME = 'leave-carryover-form';

/**
 * 'Add Leave Carryover' / 'Edit Leave Carryover' (spec 000 §2, §5). The financial year is preset (get-before-financial-
 * year, or the row's own) and read-only; the hours input stays disabled until the staff's remaining hours are known
 * (remain-financial-leave), shown as a hint. A rejected save keeps the modal open with the server's message (mutation
 * cache toast); on success the server's message is toasted and the modal closes (spec 000 §4).
 */
export function CarryoverFormModal({ row, onClose }: CarryoverFormModalProps) {
  const [form] = Form.useForm<CarryoverFormValues>();
  const create = useCreateCarryover();
  const update = useUpdateCarryover();
  const { limits, loading } = useGrantLimits();
  const presetYear = useBeforeFinancialYear();
  const financialYear = row?.financialYear ?? presetYear.data;
  const username = Form.useWatch('username', form) ?? row?.username;
  const remaining = useCarryoverRemaining({ username: username ?? undefined, financialYear, id: row?.id });
  const remainingHours = remaining.data;
  const { t } = leaveManagementTexts.useT();

  const edited: EditedCarryover | undefined = row && {
    usedHours: row.usedHours,
    leaveHours: row.leaveHours,
    applyDateLocked: row.applyDateLocked,
    leaveHoursLocked: row.leaveHoursLocked,
  };
  const grantEdit = edited && { usedHours: edited.usedHours, locked: edited.applyDateLocked };

  // The year arrives after the form mounts when adding.
  useEffect(() => {
    if (financialYear !== undefined) form.setFieldValue('financialYear', financialYear);
  }, [form, financialYear]);
  // Hours typed before the cap changed (another staff chosen) are checked again against the new cap.
  useEffect(() => {
    if (remainingHours !== undefined && form.isFieldTouched('leaveHours')) void form.validateFields(['leaveHours']).catch(() => undefined);
  }, [form, remainingHours]);

  const save = async (values: CarryoverFormValues) => {
    const { message } = row ? await update.mutateAsync(toUpdateBody(row, values)) : await create.mutateAsync(toCreateBody(values));
    notifySuccess(message);
    onClose();
  };

  const hoursDisabled = remainingHours === undefined || edited?.leaveHoursLocked;
  const staffOption = row ? { value: row.username, label: employeeLabel({ name: row.fullName, user_name: row.username }) } : undefined;

  return (
    <FormModal<CarryoverFormValues>
      open
      title={row ? t('carryover.editTitle') : t('carryover.addTitle')}
      form={form}
      name={FORM_NAME}
      initialValues={row ? editValuesOf(row) : { financialYear: financialYear ?? null }}
      onSubmit={save}
      onCancel={onClose}
      confirmLoading={loading}
      formTestId="carryover-form"
      saveTestId="carryover-save"
      cancelTestId="carryover-cancel"
    >
      <Row gutter={16}>
        <Col xs={24} sm={16}>
          <Form.Item<CarryoverFormValues> name="username" label={t('common.staff')} required rules={[ruleOf(staffError)]}>
            <EmployeeSelect disabled={Boolean(row)} initialOptions={staffOption ? [staffOption] : undefined} data-testid="carryover-staff" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item<CarryoverFormValues> name="financialYear" label={t('carryover.financialYear')} required rules={[ruleOf(financialYearError)]}>
            <NumberInput<number> disabled style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item<CarryoverFormValues>
        name="leaveHours"
        label={t('carryover.leaveHourInput')}
        required
        rules={[ruleOf((value: unknown) => leaveHoursError(value, remainingHours, edited))]}
        extra={remainingHours === undefined ? null : <span data-testid="carryover-remaining">{t('carryover.remaining', { hours: capHoursText(remainingHours) })}</span>}
      >
        <NumberInput<number>
          step={LEAVE_CARRYOVER_HOUR_STEP}
          formatter={hoursInputText}
          placeholder={t('carryover.leaveHourInput')}
          disabled={hoursDisabled}
          style={{ width: '100%' }}
          data-testid="carryover-hours"
        />
      </Form.Item>
      <GrantDateFields limits={limits} applyLabel={t('common.dateApplied')} expireLabel={t('common.dateExpired')} edited={grantEdit} applyDisabled={edited?.applyDateLocked} />
      <Form.Item<CarryoverFormValues> name="description" label={t('common.note')} rules={[{ max: LEAVE_CARRYOVER_DESCRIPTION_MAX, message: t('common.descriptionTooLong') }]}>
        <Input.TextArea rows={4} maxLength={LEAVE_CARRYOVER_DESCRIPTION_MAX} showCount placeholder={t('common.note')} />
      </Form.Item>
    </FormModal>
  );
}
