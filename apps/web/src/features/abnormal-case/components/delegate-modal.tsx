import { Form } from 'antd';
import { REQUEST_MESSAGES } from '@tms/contracts/requests';
import { FormModal } from '../../../components/form-modal.tsx';
import { AssigneeSelect } from '../../../components/assignee-select.tsx';

/**
 * Delegate: choose the new approver of the case's explanation `requestId` among the people the server lets the user
 * hand it to (spec 001 §5.2 "Approver is required"; RULES.md §5). The value is the user id update-explanation takes.
 */
export function DelegateModal({ requestId, onSubmit, onClose, pending }: { requestId: number; onSubmit: (assignee: number) => Promise<void>; onClose: () => void; pending: boolean }) {
  return (
    <FormModal<{ approver: number }>
      open
      title="Delegate"
      width={520}
      name="abnormal-delegate"
      saveTestId="abnormal-delegate-save"
      cancelTestId="abnormal-delegate-cancel"
      confirmLoading={pending}
      onSubmit={(values) => onSubmit(Number(values.approver))}
      onCancel={onClose}
    >
      <Form.Item name="approver" label="Approver" rules={[{ required: true, message: REQUEST_MESSAGES.approverRequired }]}>
        <AssigneeSelect item={{ requestId }} data-testid="abnormal-delegate-approver" />
      </Form.Item>
    </FormModal>
  );
}
