import { useState, type ChangeEvent } from 'react';
import { authTexts } from './i18n/index.ts';

type LoginFieldProps = {
  name: 'username' | 'password';
  label: string;
  value: string;
  /** The field's message (its required rule), or null. */
  error: string | null;
  disabled: boolean;
  onChange: (value: string) => void;
};

/** An eye (shown) or a struck eye (hidden): the password's visibility toggle, drawn inline (no icon library). */
function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M12 5C6.5 5 2.7 9.1 1.5 12c1.2 2.9 5 7 10.5 7s9.3-4.1 10.5-7C21.3 9.1 17.5 5 12 5zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z" fill="currentColor" />
      {open ? null : <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
    </svg>
  );
}

/**
 * A labelled input of the login form with its message below (role alert, as a form error reads to a screen reader).
 * The password has a show/hide toggle.
 */
export function LoginField({ name, label, value, error, disabled, onChange }: LoginFieldProps) {
  const { t } = authTexts.useT();
  const [visible, setVisible] = useState(false);
  const id = `login_${name}`;
  const password = name === 'password';
  return (
    <div className="tms-login__field">
      <label className="tms-login__label" htmlFor={id}>
        {label}
      </label>
      <div className={error ? 'tms-login__control tms-login__control--error' : 'tms-login__control'}>
        <input
          id={id}
          name={name}
          className="tms-login__input"
          type={password && !visible ? 'password' : 'text'}
          autoComplete={password ? 'current-password' : 'username'}
          autoFocus={!password}
          value={value}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}_error` : undefined}
          data-testid={`login-${name}`}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        />
        {password ? (
          <button type="button" className="tms-login__reveal" aria-label={t(visible ? 'hidePassword' : 'showPassword')} aria-pressed={visible} onClick={() => setVisible(!visible)}>
            <EyeIcon open={visible} />
          </button>
        ) : null}
      </div>
      {error ? (
        <div id={`${id}_error`} className="tms-login__field-error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
