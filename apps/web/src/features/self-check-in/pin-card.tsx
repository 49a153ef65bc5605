import { useId, useState } from 'react';
import { Alert, Button, Card, Input } from 'antd';
import { ApiError } from '../../lib/api-error.ts';
import { localizedErrorMessage } from '../../lib/server-messages.ts';
import { useSetPin } from './api/self-check-in-api.ts';
import { selfCheckInTexts } from './i18n/index.ts';

export const PIN_PATTERN = /^\d{4,6}$/;

/** The staff member's kiosk PIN (issue 28 §3): 4 to 6 digits, checked here and again by the server. */
export function PinCard({ hasPin }: { hasPin: boolean }) {
  const { t } = selfCheckInTexts.useT();
  const id = useId();
  const [pin, setPin] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const save = useSetPin();
  const submit = () => {
    if (!PIN_PATTERN.test(pin)) {
      setMessage({ ok: false, text: t('pin.invalid') });
      return;
    }
    save.mutate(pin, {
      onSuccess: () => {
        setPin('');
        setMessage({ ok: true, text: t('pin.saved') });
      },
      onError: (error) => setMessage({ ok: false, text: error instanceof ApiError ? localizedErrorMessage(error) : String(error) }),
    });
  };
  return (
    <Card size="small" title={t('pin.title')} data-testid="check-in-pin">
      <p>{t('pin.help')}</p>
      <p data-testid="check-in-pin-state">{hasPin ? t('pin.set') : t('pin.notSet')}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor={id}>{t('pin.label')}</label>
        <Input.Password
          id={id}
          value={pin}
          maxLength={6}
          inputMode="numeric"
          autoComplete="new-password"
          onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
          data-testid="check-in-pin-input"
          aria-invalid={message !== null && !message.ok}
        />
        <Button htmlType="submit" loading={save.isPending} style={{ marginTop: 8 }} data-testid="check-in-pin-save">
          {t('pin.save')}
        </Button>
      </form>
      <div role="status" aria-live="polite">
        {message ? <Alert style={{ marginTop: 8 }} type={message.ok ? 'success' : 'error'} showIcon title={message.text} /> : null}
      </div>
    </Card>
  );
}
