import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { AUTH_MESSAGES } from '@tms/contracts/auth-messages';
import { useLogin } from '../../lib/auth.ts';
import './login.css';

type LoginValues = { username: string; password: string };

const USERNAME_REQUIRED = AUTH_MESSAGES.usernameRequired;
const PASSWORD_REQUIRED = AUTH_MESSAGES.passwordRequired;

/**
 * Login (spec 002 §2 Login, §5): branded page with a banner; narrow (≤ 768 px) or portrait screens hide the
 * banner and use a full-width form (login.css). The server's errorMessage shows in an Alert above the form and
 * disappears as soon as the user types. Success goes to `/`.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const [error, setError] = useState<string | null>(null);

  const submit = (values: LoginValues) => {
    setError(null);
    loginMutation.mutate(
      { username: values.username.trim(), password: values.password },
      {
        onSuccess: () => navigate('/', { replace: true }),
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <div className="tms-login">
      <div className="tms-login__banner" data-testid="login-banner">
        <div className="tms-login__product">TMS</div>
        <div className="tms-login__tagline">Time and Attendance Management</div>
        <p className="tms-login__text">Timesheets, requests, leave and overtime in one place.</p>
      </div>
      <main className="tms-login__panel">
        <div className="tms-login__card">
          <div className="tms-login__brand-mobile">TMS</div>
          {/* A plain heading: antd Typography would add its editable TextArea to the login bundle. */}
          <h1 className="tms-login__title">Sign in</h1>
          {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" role="alert" /> : null}
          <Form<LoginValues> name="login" layout="vertical" requiredMark={false} onFinish={submit} onValuesChange={() => setError(null)} disabled={loginMutation.isPending}>
            <Form.Item label="Username" name="username" rules={[{ required: true, message: USERNAME_REQUIRED }]}>
              <Input prefix={<UserOutlined aria-hidden />} autoComplete="username" autoFocus size="large" data-testid="login-username" />
            </Form.Item>
            <Form.Item label="Password" name="password" rules={[{ required: true, message: PASSWORD_REQUIRED }]}>
              <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" size="large" data-testid="login-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={loginMutation.isPending} data-testid="login-submit">
              Sign in
            </Button>
          </Form>
        </div>
      </main>
    </div>
  );
}
