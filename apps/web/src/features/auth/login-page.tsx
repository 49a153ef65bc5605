import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-error.ts';
import { localizedErrorMessage, setServerMessageLanguage } from '../../lib/server-messages.ts';
import { login } from '../../lib/sign-in.ts';
import { authTexts } from './i18n/index.ts';
import { LoginField } from './login-field.tsx';
import { LoginLanguageSwitch } from './login-language-switch.tsx';
import './login.css';

type Field = 'username' | 'password';
const FIELDS: readonly Field[] = ['username', 'password'];
const REQUIRED_KEY = { username: 'usernameRequired', password: 'passwordRequired' } as const;

/**
 * Login (spec 002 §2 Login, §5): branded page with a banner; narrow (≤ 768 px) or portrait screens hide the
 * banner and use a full-width form (login.css). Both fields are required (checked on Sign in, then as the user types;
 * nothing is sent while one is empty). The server's errorMessage shows in a box above the form and disappears as
 * soon as the user types. Success goes to `/`. Plain elements and CSS: the page loads before the app and without
 * Ant Design, so its JavaScript stays within its budget (issue 26 part 5, bench:bundle).
 */
export function LoginPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '' });
  // Which fields show their required rule: both after a Sign in, a field once it has been typed in.
  const [checked, setChecked] = useState<Record<Field, boolean>>({ username: false, password: false });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // Read on every render, so a language switch re-words a failure already shown (the server sends its key).
  const { t, language } = authTexts.useT();
  const [, setMessagesLoaded] = useState<string | null>(null);

  // The app's providers follow the language after sign-in; before it, this page loads the server's Vietnamese texts.
  useEffect(() => {
    void setServerMessageLanguage(language).then(() => setMessagesLoaded(language));
  }, [language]);

  const fieldError = (field: Field) => (checked[field] && values[field] === '' ? t(REQUIRED_KEY[field]) : null);

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setChecked((c) => ({ ...c, [field]: true }));
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked({ username: true, password: true });
    if (FIELDS.some((field) => values[field] === '')) return;
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
          <div className="tms-login__language">
            {/* Before sign-in the browser's language decides; a choice here is saved to the user when they sign in. */}
            <LoginLanguageSwitch label={t('language')} />
          </div>
          <h1 className="tms-login__title">{t('title')}</h1>
          {error ? (
            <div className="tms-login__error" data-testid="login-error" role="alert">
              {error instanceof ApiError ? localizedErrorMessage(error, language) : String((error as Error).message ?? error)}
            </div>
          ) : null}
          <form name="login" noValidate onSubmit={(event) => void submit(event)}>
            {FIELDS.map((field) => (
              <LoginField key={field} name={field} label={t(field)} value={values[field]} error={fieldError(field)} disabled={pending} onChange={(value) => change(field, value)} />
            ))}
            <button type="submit" className="tms-login__submit" disabled={pending} aria-busy={pending} data-testid="login-submit">
              {pending ? <span className="tms-login__submit-spinner" aria-hidden="true" /> : null}
              {t('submit')}
            </button>
          </form>
        </div>
      </main>
    </div>
  );
}
