import { Form } from 'antd';
import type { BonusLeaveRow } from '@tms/contracts/bonus-leave';
import { EmployeeSelect, employeeLabel } from '../../../../components/employee-select.tsx';
import { FormModal } from '../../../../components/form-modal.tsx';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useUpdateBonusLeave } from '../../api/update-bonus-leave.ts';
import { useGrantLimits } from '../../../../components/grant-form-fields.tsx';
import { leaveManagementTexts } from '../../i18n/index.ts';
import { BonusLeaveFormFields } from './bonus-leave-form-fields.tsx';
import { editedGrantOf, editValuesOf, toUpdateBody, type BonusLeaveFormValues } from './bonus-leave-form-values.ts';

const STAFF_FIELD_ID = 'bonus-leave-form_staff';

/**
 * 'Edit Bonus Leave': the row's staff is shown but cannot change (spec 000 §5); the save carries the row's version,
 * so a row changed meanwhile answers 409 with the server's message and the list reloads.
 */
export function EditBonusLeaveModal({ row, onClose }: { row: BonusLeaveRow; onClose: () => void }) {
  const update = useUpdateBonusLeave();
  const { limits, loading } = useGrantLimits();
  const { t } = leaveManagementTexts.useT();
  const staff = { value: row.employee.user_name, label: employeeLabel(row.employee) };

  const submit = async (values: BonusLeaveFormValues) => {
    const { message } = await update.mutateAsync(toUpdateBody(row, values));
    notifySuccess(message);
    onClose();
  };

  return (
    <FormModal<BonusLeaveFormValues>
      open
      title={t('bonus.editTitle')}
      name="bonus-leave-form"
      width={800}
      initialValues={editValuesOf(row)}
      onSubmit={submit}
      onCancel={onClose}
      confirmLoading={loading}
    >
      <Form.Item label={t('common.staff')} htmlFor={STAFF_FIELD_ID} required>
        <EmployeeSelect id={STAFF_FIELD_ID} value={staff.value} initialOptions={[staff]} disabled />
      </Form.Item>
      <BonusLeaveFormFields limits={limits} edited={editedGrantOf(row, limits.lockDate)} />
    </FormModal>
  );
}
