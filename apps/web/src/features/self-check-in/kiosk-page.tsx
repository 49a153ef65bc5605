import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Typography } from 'antd';
import { ApiError } from '../../lib/api-error.ts';
import { localizedErrorMessage } from '../../lib/server-messages.ts';
import { kioskInfo, kioskPunch, takeKioskToken, type KioskPunchBody } from './api/kiosk-api.ts';
import { selfCheckInTexts } from './i18n/index.ts';
import { newIdempotencyKey } from './offline-queue.ts';
import { QrCamera } from './qr-camera.tsx';
import { formatClock, useServerNow } from './server-clock.ts';
import './check-in.css';

const SHOW_MS = 3000;
const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

function browserStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  try {
    return localStorage;
  } catch {
    const memory = new Map<string, string>();
    return { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v) };
  }
}

type Shown = { ok: true; text: string } | { ok: false; text: string };

/**
 * /kiosk (issue 28 §3): a shared tablet at an entrance, no user session. The place's name and the server's clock;
 * staff type their staff ID and PIN on the keypad or show the QR code of their phone — to the tablet's camera, or to a
 * hand scanner (which types into the field and presses Enter). The answer — the name and the time, or the refusal — shows for 3 seconds, then clears.
 */
export function KioskPage() {
  const { t } = selfCheckInTexts.useT();
  const [token] = useState(() => (typeof window === 'undefined' ? null : takeKioskToken(window.location, browserStorage(), (url) => window.history.replaceState(null, '', url))));
  const info = useQuery({
    queryKey: ['kiosk', 'info', token],
    queryFn: ({ signal }) => kioskInfo(token!, signal),
    enabled: token !== null,
    meta: { silent: true },
    retry: false,
    refetchInterval: 5 * 60_000,
  });
  const [receivedAt, setReceivedAt] = useState(() => Date.now());
  useEffect(() => setReceivedAt(Date.now()), [info.dataUpdatedAt]);
  const now = useServerNow(info.data?.server_time, receivedAt);
  const [staffId, setStaffId] = useState('');
  const [pin, setPin] = useState('');
  const [qr, setQr] = useState('');
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  const lock = useRef(false);
  const clearTimer = useRef(0);
  const staffRef = useRef<HTMLInputElement>(null);

  const show = useCallback((value: Shown) => {
    setShown(value);
    window.clearTimeout(clearTimer.current);
    clearTimer.current = window.setTimeout(() => setShown(null), SHOW_MS);
  }, []);
  useEffect(() => () => window.clearTimeout(clearTimer.current), []);

  const submit = async (body: Omit<KioskPunchBody, 'idempotency_key'>) => {
    if (!token || lock.current) return;
    lock.current = true;
    setBusy(true);
    try {
      const answer = await kioskPunch(token, { idempotency_key: newIdempotencyKey(), ...body });
      show({ ok: true, text: t('kiosk.done', { name: answer.employee_name, action: t(`actions.${answer.action}`), time: formatClock(answer.punched_at, undefined) }) });
    } catch (error) {
      show({ ok: false, text: error instanceof ApiError ? localizedErrorMessage(error) : String(error) });
      if (error instanceof ApiError && error.status === 401) void info.refetch();
    } finally {
      setStaffId('');
      setPin('');
      setQr('');
      lock.current = false;
      setBusy(false);
      staffRef.current?.focus();
    }
  };

  const submitPin = () => {
    if (!staffId.trim()) return show({ ok: false, text: t('kiosk.staffIdRequired') });
    if (!pin) return show({ ok: false, text: t('kiosk.pinRequired') });
    void submit({ staff_id: staffId.trim(), pin });
  };

  if (!token) {
    return (
      <main className="kiosk" data-testid="kiosk-page">
        <Typography.Title level={1}>{t('kiosk.title')}</Typography.Title>
        <Alert type="warning" showIcon title={t('kiosk.noToken')} data-testid="kiosk-no-token" />
      </main>
    );
  }
  const revoked = info.error instanceof ApiError && info.error.status === 401;

  return (
    <main className="kiosk" data-testid="kiosk-page">
      <Typography.Title level={1} data-testid="kiosk-place">
        {info.data?.place_name ?? t('kiosk.title')}
      </Typography.Title>
      <div className="kiosk__clock" data-testid="kiosk-clock">
        {now ? formatClock(now, undefined, true) : '--:--:--'}
      </div>
      {revoked ? <Alert type="error" showIcon title={t('kiosk.invalidToken')} data-testid="kiosk-revoked" /> : null}
      <div role="status" aria-live="assertive" data-testid="kiosk-result" style={{ minHeight: 48, width: '100%', maxWidth: 480 }}>
        {shown ? <Alert type={shown.ok ? 'success' : 'error'} showIcon title={<span style={{ fontSize: '1.25rem' }}>{shown.text}</span>} /> : null}
      </div>
      <form
        className="kiosk__form"
        onSubmit={(e) => {
          e.preventDefault();
          submitPin();
        }}
      >
        <label htmlFor="kiosk-staff-id">{t('kiosk.staffId')}</label>
        <Input id="kiosk-staff-id" ref={(el) => void (staffRef.current = el?.input ?? null)} size="large" value={staffId} autoComplete="off" onChange={(e) => setStaffId(e.target.value)} data-testid="kiosk-staff-id" />
        <label htmlFor="kiosk-pin">{t('kiosk.pin')}</label>
        <Input.Password id="kiosk-pin" size="large" value={pin} maxLength={6} inputMode="numeric" autoComplete="off" onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))} data-testid="kiosk-pin" />
        <div className="kiosk__keypad" role="group" aria-label={t('kiosk.pin')}>
          {DIGITS.map((d) => (
            <Button key={d} aria-label={t('kiosk.digit', { digit: d })} onClick={() => setPin((p) => (p.length < 6 ? p + d : p))} data-testid={`kiosk-key-${d}`}>
              {d}
            </Button>
          ))}
          <Button onClick={() => setPin('')} data-testid="kiosk-key-clear">
            {t('kiosk.clear')}
          </Button>
          <Button aria-label={t('kiosk.digit', { digit: '0' })} onClick={() => setPin((p) => (p.length < 6 ? `${p}0` : p))} data-testid="kiosk-key-0">
            0
          </Button>
          <Button aria-label={t('kiosk.backspace')} onClick={() => setPin((p) => p.slice(0, -1))} data-testid="kiosk-key-back">
            ⌫
          </Button>
        </div>
        <Button type="primary" size="large" htmlType="submit" loading={busy} disabled={busy || revoked} data-testid="kiosk-submit">
          {t('kiosk.submit')}
        </Button>
      </form>
      <form
        className="kiosk__form"
        onSubmit={(e) => {
          e.preventDefault();
          if (qr.trim()) void submit({ qr_code: qr.trim() });
        }}
      >
        <label htmlFor="kiosk-qr">{t('kiosk.qrLabel')}</label>
        <Input id="kiosk-qr" size="large" value={qr} autoComplete="off" onChange={(e) => setQr(e.target.value)} data-testid="kiosk-qr" aria-describedby="kiosk-qr-help" />
        <Typography.Text id="kiosk-qr-help" type="secondary">
          {t('kiosk.qrHelp')}
        </Typography.Text>
      </form>
      <QrCamera paused={busy || revoked || shown !== null} onCode={(code) => void submit({ qr_code: code })} />
    </main>
  );
}
