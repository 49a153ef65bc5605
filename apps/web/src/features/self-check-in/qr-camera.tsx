import { useEffect, useRef, useState } from 'react';
import { Alert, Button } from 'antd';
import { selfCheckInTexts } from './i18n/index.ts';
import { createQrGate, isCheckInQr } from './qr-gate.ts';

/** How often a frame is read: fast enough to feel instant, slow enough for a cheap tablet. */
const READ_EVERY_MS = 200;
/** Frames are read at most this wide (a QR code held at arm's length stays readable; decoding stays cheap). */
const READ_WIDTH = 640;

type State = 'off' | 'on' | 'failed';

/**
 * The kiosk's camera (issue 28 §3): on demand it opens the tablet's front camera and reads the QR code of a phone held
 * up to it, several times a second; each new code goes to `onCode` once (qr-gate.ts). The decoder (jsQR) loads with
 * the first start, so the kiosk page — and no other page — pays for it only when the camera is used.
 */
export function QrCamera({ onCode, paused }: { onCode: (code: string) => void; paused: boolean }) {
  const { t } = selfCheckInTexts.useT();
  const [state, setState] = useState<State>('off');
  const video = useRef<HTMLVideoElement>(null);
  const latest = useRef({ onCode, paused });
  latest.current = { onCode, paused };

  useEffect(() => {
    if (state !== 'on') return;
    let stream: MediaStream | null = null;
    let timer = 0;
    let stopped = false;
    const gate = createQrGate();
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    void (async () => {
      try {
        const [{ default: jsQR }, media] = await Promise.all([
          import('jsqr'),
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user', width: { ideal: 1280 } }, audio: false }),
        ]);
        stream = media;
        if (stopped || !video.current || !context) return media.getTracks().forEach((track) => track.stop());
        video.current.srcObject = media;
        await video.current.play().catch(() => undefined);
        const read = () => {
          const v = video.current;
          if (stopped || !v) return;
          if (!latest.current.paused && v.videoWidth > 0) {
            const scale = Math.min(1, READ_WIDTH / v.videoWidth);
            canvas.width = Math.round(v.videoWidth * scale);
            canvas.height = Math.round(v.videoHeight * scale);
            context.drawImage(v, 0, 0, canvas.width, canvas.height);
            const frame = context.getImageData(0, 0, canvas.width, canvas.height);
            const found = jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' });
            if (found && isCheckInQr(found.data) && gate(found.data, Date.now())) latest.current.onCode(found.data);
          }
          timer = window.setTimeout(read, READ_EVERY_MS);
        };
        read();
      } catch {
        if (!stopped) setState('failed');
      }
    })();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [state]);

  return (
    <div className="kiosk__camera" data-testid="kiosk-camera">
      {state === 'on' ? (
        <video ref={video} className="kiosk__video" muted playsInline aria-label={t('kiosk.cameraLabel')} data-testid="kiosk-camera-video" />
      ) : null}
      {state === 'failed' ? <Alert type="warning" showIcon title={t('kiosk.cameraFailed')} data-testid="kiosk-camera-failed" /> : null}
      <Button size="large" onClick={() => setState((s) => (s === 'on' ? 'off' : 'on'))} data-testid="kiosk-camera-toggle">
        {state === 'on' ? t('kiosk.cameraStop') : t('kiosk.cameraStart')}
      </Button>
    </div>
  );
}
