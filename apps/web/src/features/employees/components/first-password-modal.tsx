import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { EMPLOYEE_MESSAGES as M } from '@tms/contracts/employees';
import { notifySuccess } from '../../../lib/notify.ts';

/** The new account's first password, shown once (issue 10): the server never answers it again. */
export function FirstPasswordModal({ username, password, onClose }: { username: string; password: string; onClose: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      notifySuccess(M.copied);
    } catch {
      // Clipboard refused (no permission, insecure page): the password stays selectable in the field.
    }
  };
  return (
    <Modal open title={M.firstPasswordTitle} onCancel={onClose} maskClosable={false} footer={<Button type="primary" onClick={onClose} data-testid="first-password-close">OK</Button>}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert type="warning" showIcon message={M.firstPasswordText} />
        <Typography.Text>
          Username: <Typography.Text strong data-testid="first-password-username">{username}</Typography.Text>
        </Typography.Text>
        <Space.Compact style={{ width: '100%' }}>
          <Input readOnly value={password} aria-label="First password" data-testid="first-password-value" />
          <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()} data-testid="first-password-copy">
            {M.copy}
          </Button>
        </Space.Compact>
      </Space>
    </Modal>
  );
}
