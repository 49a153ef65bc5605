import { useState } from 'react';
import { Button, Form } from 'antd';
// The two inputs themselves, not antd's Input family: its index adds TextArea, Search and OTP (~14 KB gzip) that the
// login page never shows (bench:bundle).
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
// No prefix icons in the inputs: with i18next the page is at its budget (bench:bundle, issue 25: +10 KB gzip).
import { useNavigate } from 'react-router';
import { login } from '../../lib/auth.ts';
import { ApiError } from '../../lib/api-error.ts';
import { localizedErrorMessage } from '../../lib/server-messages.ts';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { authTexts } from './i18n/index.ts';
import './login.css';

type LoginValues = { username: string; password: string };

/**
 * Login (spec 002 §2 Login, §5): branded page with a banner; narrow (≤ 768 px) or portrait screens hide the
 * banner and use a full-width form (login.css). The server's errorMessage shows in an Alert above the form and
 * disappears as soon as the user types. Success goes to `/`.
 */
export function LoginPage() {
  const navigate = useNavigate();
  // A plain call rather than a TanStack mutation: the login page's bundle has a budget (bench:bundle).
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // Read on every render, so a language switch re-words a failure already shown (the server sends its key).
  const { t, language } = authTexts.useT();

  const submit = async (values: LoginValues) => {
    setError(null);
    setPending(true);
    try {
      await login(values.username.trim(), values.password);
      navigate('/', { replace: true });
    } catch (err) {
      setError(err);
      setPending(false);
    }
  };

  return (
    <div className="tms-login">
      <div className="tms-login__banner" data-testid="login-banner">
        <div className="tms-login__product">TMS</div>
        <div className="tms-login__tagline">{t('tagline')}</div>
        <p className="tms-login__text">{t('intro')}</p>
      </div>
      <main className="tms-login__panel">
        <div className="tms-login__card">
          <div className="tms-login__brand-mobile">TMS</div>
          {/* A plain heading: antd Typography would add its editable TextArea to the login bundle. */}
          <div className="tms-login__language">
            {/* Before sign-in the browser's language decides; a choice here is saved to the user when they sign in. */}
            <LanguageSwitch label={t('language')} pendingForUser />
          </div>
          <h1 className="tms-login__title">{t('title')}</h1>
          {/* A plain alert box: antd's Alert and its icon cost the login bundle ~3 KB (bench:bundle). */}
          {error ? (
            <div className="tms-login__error" data-testid="login-error" role="alert">
              {error instanceof ApiError ? localizedErrorMessage(error, language) : String((error as Error).message ?? error)}
            </div>
          ) : null}
          <Form<LoginValues> name="login" layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)} onValuesChange={() => setError(null)} disabled={pending}>
            <Form.Item label={t('username')} name="username" rules={[{ required: true, message: t('usernameRequired') }]}>
              <Input autoComplete="username" autoFocus size="large" data-testid="login-username" />
            </Form.Item>
            <Form.Item label={t('password')} name="password" rules={[{ required: true, message: t('passwordRequired') }]}>
              <Password autoComplete="current-password" size="large" data-testid="login-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={pending} data-testid="login-submit">
              {t('submit')}
            </Button>
          </Form>
        </div>
      </main>
    </div>
  );
}
