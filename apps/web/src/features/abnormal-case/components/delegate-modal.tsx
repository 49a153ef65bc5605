import { Form } from 'antd';
import { REQUEST_MESSAGES } from '@tms/contracts/requests';
import { FormModal } from '../../../components/form-modal.tsx';
import { DelegatorSelect } from '../../../components/delegator-select.tsx';

/**
 * Delegate: choose the new approver among choose-delegator-to-delegate (spec 001 §5.2 "Approver is required"; search
 * from 3 characters, 1 s). The value is the user id update-explanation takes as `assignee`.
 */
export function DelegateModal({ onSubmit, onClose, pending }: { onSubmit: (assignee: number) => Promise<void>; onClose: () => void; pending: boolean }) {
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
        <DelegatorSelect placeholder="Search staff" data-testid="abnormal-delegate-approver" />
      </Form.Item>
    </FormModal>
  );
}
