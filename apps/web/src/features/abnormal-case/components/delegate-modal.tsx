import { Form } from 'antd';
import { FormModal } from '../../../components/form-modal.tsx';
import { AssigneeSelect } from '../../../components/assignee-select.tsx';
import { abnormalCaseTexts } from '../i18n/index.ts';

/**
 * Delegate: choose the new approver of the case's explanation `requestId` among the people the server lets the user
 * hand it to (spec 001 §5.2 "Approver is required"; RULES.md §5). The value is the user id update-explanation takes.
 */
export function DelegateModal({ requestId, onSubmit, onClose, pending }: { requestId: number; onSubmit: (assignee: number) => Promise<void>; onClose: () => void; pending: boolean }) {
  const { t } = abnormalCaseTexts.useT();
  return (
    <FormModal<{ approver: number }>
      open
      title={t('drawer.delegateTitle')}
      width={520}
      name="abnormal-delegate"
      saveTestId="abnormal-delegate-save"
      cancelTestId="abnormal-delegate-cancel"
      confirmLoading={pending}
      onSubmit={(values) => onSubmit(Number(values.approver))}
      onCancel={onClose}
    >
      <Form.Item name="approver" label={t('drawer.approver')} rules={[{ required: true, message: t('messages.approverRequired') }]}>
        <AssigneeSelect item={{ requestId }} data-testid="abnormal-delegate-approver" />
      </Form.Item>
    </FormModal>
  );
}
