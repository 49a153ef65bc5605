import { Button, Card, Form, Input, Space } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiSend } from '../../lib/api-client.ts';
import { logout } from '../../lib/auth.ts';
import { notifySuccess } from '../../lib/notify.ts';
import type { ChangePasswordRequest } from '@tms/contracts/auth';
import { authTexts } from './i18n/index.ts';

type ChangePasswordValues = ChangePasswordRequest;

/**
 * Change Password (spec 002 §2, §5): Password, New Password, Confirm Password, Reset Password. The spec shows no
 * submit call; RULES.md §2 gives `POST /api/auth/change-password` (server checks match and length, answers 400
 * with the message, which the mutation cache shows as a notice). 'Back to Login form' logs out and goes to /login.
 */
export function ChangePasswordPage() {
  const navigate = useNavigate();
  const [form] = Form.useForm<ChangePasswordValues>();
  const { t } = authTexts.useT();
  const change = useMutation({
    mutationFn: (values: ChangePasswordValues) => apiSend<null>('POST', '/auth/change-password', values),
    onSuccess: () => {
      notifySuccess(t('change.changed'));
      form.resetFields();
      navigate('/', { replace: true });
    },
  });

  const backToLogin = async () => {
    await logout();
    navigate('/login', { replace: true });
  };

  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
      <Card title={t('change.title')} style={{ width: '100%', maxWidth: 420 }} data-testid="change-password-card">
        <Form<ChangePasswordValues> form={form} name="change-password" layout="vertical" onFinish={(values) => change.mutate(values)} disabled={change.isPending}>
          <Form.Item label={t('change.password')} name="password" rules={[{ required: true, message: t('passwordRequired') }]}>
            <Input.Password autoComplete="current-password" data-testid="change-password-current" />
          </Form.Item>
          <Form.Item label={t('change.newPassword')} name="newPassword" rules={[{ required: true, message: t('change.newPasswordRequired') }]}>
            <Input.Password autoComplete="new-password" data-testid="change-password-new" />
          </Form.Item>
          <Form.Item label={t('change.confirmPassword')} name="confirmPassword" rules={[{ required: true, message: t('change.confirmPasswordRequired') }]}>
            <Input.Password autoComplete="new-password" data-testid="change-password-confirm" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={change.isPending} data-testid="change-password-submit">
            {t('change.submit')}
          </Button>
        </Form>
        <Space style={{ marginTop: 16, width: '100%', justifyContent: 'space-between' }} wrap>
          <Button type="link" style={{ paddingInline: 0 }} onClick={() => void backToLogin()} data-testid="back-to-login">
            {t('change.backToLogin')}
          </Button>
          <Button type="link" style={{ paddingInline: 0 }} onClick={() => navigate('/')} data-testid="back-to-home">
            {t('change.home')}
          </Button>
        </Space>
      </Card>
    </div>
  );
}
