import { useEffect, useState } from 'react';
import { Alert, Button, Card } from 'antd';
import { fetchQr } from './api/self-check-in-api.ts';
import { selfCheckInTexts } from './i18n/index.ts';

/** Draws a code as a PNG data URL; the qrcode library loads only when a QR is first shown. */
async function drawQr(code: string): Promise<string> {
  const { toDataURL } = await import('qrcode');
  return toDataURL(code, { errorCorrectionLevel: 'M', margin: 2, width: 220 });
}

/**
 * The rotating QR code a kiosk's scanner reads (issue 28 §3): the server signs a code valid for 30 s; the card asks
 * for the next one when it expires (the server's `expires_at`, measured by the server's clock offset).
 */
export function QrCard({ offsetMs }: { offsetMs: number }) {
  const { t } = selfCheckInTexts.useT();
  const [open, setOpen] = useState(false);
  const [image, setImage] = useState<string | null>(null);
  const [left, setLeft] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    let refreshTimer = 0;
    let countdown = 0;
    const load = async () => {
      try {
        const answer = await fetchQr(controller.signal);
        const url = await drawQr(answer.code);
        if (controller.signal.aborted) return;
        setImage(url);
        setFailed(false);
        // Time left by the server's clock (the device's clock plus the offset the page measured).
        const left = Date.parse(answer.expires_at) - (Date.now() + offsetMs);
        const ms = Number.isFinite(left) ? Math.max(1000, Math.min(30_000, left)) : 30_000;
        const end = Date.now() + ms;
        window.clearInterval(countdown);
        countdown = window.setInterval(() => setLeft(Math.max(0, Math.ceil((end - Date.now()) / 1000))), 500);
        setLeft(Math.ceil(ms / 1000));
        refreshTimer = window.setTimeout(() => void load(), ms);
      } catch {
        if (!controller.signal.aborted) setFailed(true);
      }
    };
    void load();
    return () => {
      controller.abort();
      window.clearTimeout(refreshTimer);
      window.clearInterval(countdown);
    };
  }, [open, offsetMs]);

  return (
    <Card size="small" title={t('qr.title')} data-testid="check-in-qr">
      <p>{t('qr.help')}</p>
      <Button onClick={() => setOpen((o) => !o)} aria-expanded={open} data-testid="check-in-qr-toggle">
        {open ? t('qr.hide') : t('qr.show')}
      </Button>
      {open && image ? (
        <>
          <img className="self-check-in__qr" src={image} alt={t('qr.alt')} data-testid="check-in-qr-image" />
          {left !== null ? <div aria-live="off">{t('qr.expires', { seconds: left })}</div> : null}
        </>
      ) : null}
      {open && failed ? <Alert type="error" showIcon title={t('qr.failed')} /> : null}
    </Card>
  );
}
