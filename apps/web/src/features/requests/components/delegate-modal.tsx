import { Form, Modal } from 'antd';
import { REQUEST_MESSAGES as M } from '@tms/contracts/requests';
import { EmployeeSelect } from '../../../components/employee-select.tsx';

/** Delegate: choose the new approver (spec 001 §5.2 "Approver is required"; search from 3 characters, 1 s). */
export function DelegateModal({ open, onCancel, onSubmit, loading }: { open: boolean; onCancel: () => void; onSubmit: (approver: string) => Promise<unknown>; loading?: boolean }) {
  const [form] = Form.useForm<{ approver: string }>();
  const ok = async () => {
    const { approver } = await form.validateFields();
    await onSubmit(approver);
  };
  return (
    <Modal
      open={open}
      title="Delegate"
      onCancel={onCancel}
      onOk={() => void ok().catch(() => undefined)}
      confirmLoading={loading}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'delegate-submit' } as Record<string, string>}
    >
      <Form form={form} layout="vertical" name="request-delegate" preserve={false}>
        <Form.Item name="approver" label="Approver" rules={[{ required: true, message: M.approverRequired }]}>
          <EmployeeSelect valueField="user_name" data-testid="delegate-approver" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
