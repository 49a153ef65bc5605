import { Button } from 'antd';
import { LANGUAGE_NAMES, LANGUAGES } from '@tms/contracts/language';
import { setLanguage, useLanguage } from '../lib/i18n.ts';

/**
 * English | Tiếng Việt, each name in its own language so a reader finds theirs. Switches in place: nothing reloads
 * and a half-filled form keeps its values. `pendingForUser` (the login page) keeps the choice until sign-in, when it
 * is saved to the user. Plain buttons: the login page's bundle has them already (bench:bundle).
 */
export function LanguageSwitch({ label, pendingForUser = false }: { label: string; pendingForUser?: boolean }) {
  const language = useLanguage();
  return (
    <div role="group" aria-label={label} data-testid="language-switch" style={{ display: 'inline-flex', gap: 4 }}>
      {LANGUAGES.map((value) => (
        <Button
          key={value}
          size="small"
          type={value === language ? 'primary' : 'text'}
          lang={value}
          aria-pressed={value === language}
          data-testid={`language-${value}`}
          onClick={() => void setLanguage(value, { pendingForUser })}
        >
          {LANGUAGE_NAMES[value]}
        </Button>
      ))}
    </div>
  );
}
