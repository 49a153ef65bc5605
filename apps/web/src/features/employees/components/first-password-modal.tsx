import { Typography } from 'antd';
import { EMPLOYEE_MESSAGES as M } from '@tms/contracts/employees';
import { ShownOnceModal } from '../../../components/shown-once-modal.tsx';

/** The new account's first password, shown once (issue 10): the server never answers it again. */
export function FirstPasswordModal({ username, password, onClose }: { username: string; password: string; onClose: () => void }) {
  return (
    <ShownOnceModal
      title={M.firstPasswordTitle}
      warning={M.firstPasswordText}
      value={password}
      valueLabel="First password"
      testIdPrefix="first-password"
      copyText={M.copy}
      copiedText={M.copied}
      onClose={onClose}
    >
      <Typography.Text>
        Username: <Typography.Text strong data-testid="first-password-username">{username}</Typography.Text>
      </Typography.Text>
    </ShownOnceModal>
  );
}
