import { Typography } from 'antd';
import { employeesTexts } from '../i18n/index.ts';
import { ShownOnceModal } from '../../../components/shown-once-modal.tsx';

/** The new account's first password, shown once (issue 10): the server never answers it again. */
export function FirstPasswordModal({ username, password, onClose }: { username: string; password: string; onClose: () => void }) {
  const { t } = employeesTexts.useT();
  return (
    <ShownOnceModal
      title={t('firstPassword.title')}
      warning={t('firstPassword.text')}
      value={password}
      valueLabel={t('firstPassword.value')}
      testIdPrefix="first-password"
      copyText={t('firstPassword.copy')}
      copiedText={t('firstPassword.copied')}
      onClose={onClose}
    >
      <Typography.Text>
        {t('firstPassword.username')} <Typography.Text strong data-testid="first-password-username">{username}</Typography.Text>
      </Typography.Text>
    </ShownOnceModal>
  );
}
