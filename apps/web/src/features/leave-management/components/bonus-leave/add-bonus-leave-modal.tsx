import { Form } from 'antd';
import { EmployeeSelect } from '../../../../components/employee-select.tsx';
import { FormModal } from '../../../../components/form-modal.tsx';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useCreateBonusLeave } from '../../api/create-bonus-leave.ts';
import { ruleOf, useGrantLimits } from '../../../../components/grant-form-fields.tsx';
import { leaveManagementTexts } from '../../i18n/index.ts';
import { BonusLeaveFormFields } from './bonus-leave-form-fields.tsx';
import { staffError } from './bonus-leave-form-rules.ts';
import { toCreateBody, type BonusLeaveFormValues } from './bonus-leave-form-values.ts';

/**
 * 'Add Bonus Leave': one grant for each chosen staff. A rejected save keeps the modal open with the server's message
 * shown by the mutation cache; on success the server's message is toasted and the modal closes (spec 000 §4).
 */
export function AddBonusLeaveModal({ onClose }: { onClose: () => void }) {
  const create = useCreateBonusLeave();
  const { limits, loading } = useGrantLimits();
  const { t } = leaveManagementTexts.useT();

  const submit = async (values: BonusLeaveFormValues) => {
    const { message } = await create.mutateAsync(toCreateBody(values));
    notifySuccess(message);
    onClose();
  };

  return (
    <FormModal<BonusLeaveFormValues> open title={t('bonus.addTitle')} name="bonus-leave-form" width={800} onSubmit={submit} onCancel={onClose} confirmLoading={loading}>
      <Form.Item<BonusLeaveFormValues> name="usernames" label={t('common.staff')} required rules={[ruleOf(staffError)]}>
        <EmployeeSelect mode="multiple" />
      </Form.Item>
      <BonusLeaveFormFields limits={limits} />
    </FormModal>
  );
}
