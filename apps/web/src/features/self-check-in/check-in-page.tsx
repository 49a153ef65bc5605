import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Typography } from 'antd';
import { LoginOutlined, LogoutOutlined } from '@ant-design/icons';
import { serverTimeQuery } from '../../lib/lookups.ts';
import { useToday, type PunchAction } from './api/self-check-in-api.ts';
import { ClockCard, LocationCard, PunchesCard, WaitingCard } from './check-in-cards.tsx';
import { selfCheckInTexts } from './i18n/index.ts';
import { PinCard } from './pin-card.tsx';
import { QrCard } from './qr-card.tsx';
import { serverOffsetMs, useServerNow } from './server-clock.ts';
import { usePosition } from './use-position.ts';
import { errorText, useQueued, useSelfPunch } from './use-self-punch.ts';
import './check-in.css';

/**
 * /check-in (issue 28 §2): the staff member's own check-in from a phone. The server's time ticking, today's schedule
 * and punches, one large Check in / Check out button, the browser's position with its accuracy and the nearest
 * allowed place (a guide: the server decides), the server's refusal in words; punches taken without a network wait
 * on the device and are sent when it returns. A kiosk PIN and a rotating QR code below.
 */
export function CheckInPage() {
  const { t, language } = selfCheckInTexts.useT();
  const today = useToday();
  const zone = useQuery(serverTimeQuery).data?.timeZone;
  const [receivedAt, setReceivedAt] = useState(() => Date.now());
  useEffect(() => setReceivedAt(Date.now()), [today.dataUpdatedAt]);
  const now = useServerNow(today.data?.server_time, receivedAt);
  const allowed = today.data !== undefined && today.data.mode !== 'OFF';
  const position = usePosition(allowed);
  const queued = useQueued();
  const { busy, notice, punch } = useSelfPunch(position, zone);

  if (today.isError && !today.data) {
    return (
      <div className="self-check-in" data-testid="check-in-page">
        <Typography.Title level={4}>{t('title')}</Typography.Title>
        <Alert type="error" showIcon title={t('loadFailed')} description={errorText(today.error)} action={<Button onClick={() => void today.refetch()}>{t('retry')}</Button>} />
      </div>
    );
  }

  const data = today.data;
  const nextAction: PunchAction = data?.next_action ?? 'CHECK_IN';

  return (
    <div className="self-check-in" data-testid="check-in-page">
      <Typography.Title level={4}>{t('title')}</Typography.Title>
      <ClockCard now={now} zone={zone} data={data} />

      {data && data.mode === 'OFF' ? (
        <Alert type="warning" showIcon title={t('modeOff')} data-testid="check-in-mode-off" />
      ) : (
        <>
          <Button
            type="primary"
            size="large"
            block
            className="self-check-in__button"
            icon={nextAction === 'CHECK_IN' ? <LoginOutlined aria-hidden /> : <LogoutOutlined aria-hidden />}
            loading={busy}
            disabled={!data || busy}
            onClick={() => void punch()}
            data-testid="check-in-button"
            lang={language}
          >
            {busy ? t('sending') : nextAction === 'CHECK_IN' ? t('checkIn') : t('checkOut')}
          </Button>
          <div role="status" aria-live="polite" data-testid="check-in-notice">
            {notice ? <Alert type={notice.type} showIcon title={notice.title ?? notice.text} description={notice.title ? notice.text : undefined} /> : null}
          </div>
          <LocationCard position={position} data={data} />
        </>
      )}

      <WaitingCard queued={queued} zone={zone} />
      <PunchesCard data={data} zone={zone} />

      {data ? (
        <div className="self-check-in__extras">
          <PinCard hasPin={data.has_pin} />
          <QrCard offsetMs={Math.round(serverOffsetMs(data.server_time, receivedAt) / 1000) * 1000} />
        </div>
      ) : null}
    </div>
  );
}
