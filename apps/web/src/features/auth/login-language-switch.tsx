import { LANGUAGE_NAMES, LANGUAGES } from '@tms/contracts/language';
import { setLanguage, useLanguage } from '../../lib/i18n.ts';

/**
 * English | Tiếng Việt on the login page, each name in its own language so a reader finds theirs. Switches in place:
 * nothing reloads and a half-filled form keeps its values. The choice is kept until sign-in, when it is saved to the
 * user (docs/i18n.md). Plain buttons styled by login.css: the login page loads no antd (bench:bundle).
 */
export function LoginLanguageSwitch({ label }: { label: string }) {
  const language = useLanguage();
  return (
    <div role="group" aria-label={label} data-testid="language-switch" className="tms-login__switch">
      {LANGUAGES.map((value) => (
        <button
          key={value}
          type="button"
          className={value === language ? 'tms-login__switch-option tms-login__switch-option--on' : 'tms-login__switch-option'}
          lang={value}
          aria-pressed={value === language}
          data-testid={`language-${value}`}
          onClick={() => void setLanguage(value, { pendingForUser: true })}
        >
          {LANGUAGE_NAMES[value]}
        </button>
      ))}
    </div>
  );
}
