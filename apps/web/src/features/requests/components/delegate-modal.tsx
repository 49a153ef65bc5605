import { Form, Modal } from 'antd';
import { AssigneeSelect } from '../../../components/assignee-select.tsx';
import { requestsTexts } from '../i18n/index.ts';

/**
 * Delegate: choose the new approver of request `requestId` among the people the server lets the user hand it to
 * (spec 001 §5.2 "Approver is required"; RULES.md §5). The value is the user id update-assignee takes.
 */
export function DelegateModal({ requestId, onCancel, onSubmit, loading }: { requestId: number | null; onCancel: () => void; onSubmit: (approver: number) => Promise<unknown>; loading?: boolean }) {
  const { t } = requestsTexts.useT();
  const [form] = Form.useForm<{ approver: number }>();
  const ok = async () => {
    const { approver } = await form.validateFields();
    await onSubmit(approver);
  };
  return (
    <Modal
      open={requestId !== null}
      title={t('dialogs.delegateTitle')}
      onCancel={onCancel}
      onOk={() => void ok().catch(() => undefined)}
      confirmLoading={loading}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'delegate-submit' } as Record<string, string>}
    >
      <Form form={form} layout="vertical" name="request-delegate" preserve={false}>
        <Form.Item name="approver" label={t('dialogs.approver')} rules={[{ required: true, message: t('messages.approverRequired') }]}>
          {requestId !== null ? <AssigneeSelect item={{ requestId }} data-testid="delegate-approver" /> : null}
        </Form.Item>
      </Form>
    </Modal>
  );
}
