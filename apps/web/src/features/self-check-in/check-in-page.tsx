import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Tag, Typography } from 'antd';
import { EnvironmentOutlined, LoginOutlined, LogoutOutlined } from '@ant-design/icons';
import { PUNCH_SOURCES, type PunchSource } from '@tms/contracts/self-check-in';
import { ApiError } from '../../lib/api-error.ts';
import { formatDmy } from '../../lib/dates.ts';
import { serverTimeQuery } from '../../lib/lookups.ts';
import { localizedErrorMessage } from '../../lib/server-messages.ts';
import { selfCheckInKeys, sendPunch, useToday, type PunchAction, type SelfPunchAnswer } from './api/self-check-in-api.ts';
import { nearestPlace } from './geo.ts';
import { selfCheckInTexts } from './i18n/index.ts';
import { isNetworkFailure, newIdempotencyKey, punchQueue } from './offline-queue.ts';
import { PinCard } from './pin-card.tsx';
import { QrCard } from './qr-card.tsx';
import { formatClock, serverOffsetMs, useServerNow } from './server-clock.ts';
import { currentPosition, usePosition } from './use-position.ts';
import './check-in.css';

const isPunchSource = (s: string): s is PunchSource => (PUNCH_SOURCES as readonly string[]).includes(s);

type Notice = { type: 'success' | 'error' | 'info'; text: string; title?: string };

function errorText(error: unknown): string {
  return error instanceof ApiError ? localizedErrorMessage(error) : error instanceof Error ? error.message : String(error);
}

function useQueued() {
  const queue = punchQueue();
  return useSyncExternalStore(queue.subscribe, queue.list, queue.list);
}

/**
 * /check-in (issue 28 §2): the staff member's own check-in from a phone. The server's time ticking, today's schedule
 * and punches, one large Check in / Check out button, the browser's position with its accuracy and the nearest
 * allowed place (a guide: the server decides), the server's refusal in words; punches taken without a network wait
 * on the device and are sent when it returns. A kiosk PIN and a rotating QR code below.
 */
export function CheckInPage() {
  const { t, language } = selfCheckInTexts.useT();
  const client = useQueryClient();
  const today = useToday();
  const zone = useQuery(serverTimeQuery).data?.timeZone;
  const [receivedAt, setReceivedAt] = useState(() => Date.now());
  useEffect(() => setReceivedAt(Date.now()), [today.dataUpdatedAt]);
  const now = useServerNow(today.data?.server_time, receivedAt);
  const allowed = today.data !== undefined && today.data.mode !== 'OFF';
  const position = usePosition(allowed);
  const queued = useQueued();
  const [busy, setBusy] = useState(false);
  const lock = useRef(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  const sourceLabel = (source: string) => (isPunchSource(source) ? t(`source.${source}`) : source);
  const actionText = useCallback((action: PunchAction) => t(`actions.${action}`), [t]);
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: selfCheckInKeys.all }), [client]);

  // Waiting punches go out on page load and whenever the network returns.
  const flush = useCallback(async () => {
    if (punchQueue().list().length === 0) return;
    const outcomes = await punchQueue().flush<SelfPunchAnswer>(sendPunch);
    if (outcomes.length === 0) return;
    const texts = outcomes.map((o) =>
      o.ok
        ? t('sentLateDone', { action: actionText(o.answer.action), time: formatClock(o.answer.punched_at, zone) })
        : t('sentRefused', { time: formatClock(o.punch.taken_at, zone), reason: errorText(o.error) }),
    );
    setNotice({ type: outcomes.every((o) => o.ok) ? 'success' : 'error', text: texts.join(' ') });
    void refresh();
  }, [actionText, refresh, t, zone]);
  useEffect(() => {
    void flush();
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [flush]);

  const punch = async () => {
    if (lock.current) return;
    lock.current = true;
    setBusy(true);
    setNotice(null);
    const key = newIdempotencyKey();
    try {
      const pos = position.status === 'ok' ? position.position : await currentPosition();
      const where = pos ? { latitude: pos.latitude, longitude: pos.longitude, accuracy_m: pos.accuracy_m } : {};
      if (typeof navigator !== 'undefined' && navigator.onLine === false) {
        punchQueue().add(where, key);
        setNotice({ type: 'info', title: t('waiting'), text: t('waitingHelp') });
        return;
      }
      try {
        const answer = await sendPunch({ idempotency_key: key, ...where });
        const time = formatClock(answer.punched_at, zone);
        const text = answer.place_name ? t('acceptedAt', { action: actionText(answer.action), time, place: answer.place_name }) : t('accepted', { action: actionText(answer.action), time });
        setNotice({ type: 'success', text: answer.replayed ? `${text} ${t('replayed')}` : text });
        void refresh();
      } catch (error) {
        if (isNetworkFailure(error)) {
          // The same key: if the request did reach the server, the replay answers the first punch.
          punchQueue().add(where, key);
          setNotice({ type: 'info', title: t('waiting'), text: t('waitingHelp') });
        } else {
          setNotice({ type: 'error', title: t('refused'), text: errorText(error) });
          void refresh();
        }
      }
    } finally {
      lock.current = false;
      setBusy(false);
    }
  };

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
  const near = position.status === 'ok' && data ? nearestPlace(data.places, position.position.latitude, position.position.longitude) : null;

  return (
    <div className="self-check-in" data-testid="check-in-page">
      <Typography.Title level={4}>{t('title')}</Typography.Title>
      <Card size="small" className="self-check-in__clock-card">
        <div className="self-check-in__label">{t('serverTime')}</div>
        <div className="self-check-in__clock" data-testid="check-in-clock" aria-live="off">
          {now ? formatClock(now, zone, true) : '--:--:--'}
        </div>
        {data ? <div data-testid="check-in-date">{t('today', { date: formatDmy(data.date) })}</div> : null}
        <div data-testid="check-in-schedule">
          <span className="self-check-in__label">{t('schedule')}: </span>
          {data?.schedule ? t('scheduleValue', { name: data.schedule.name, start: data.schedule.start ?? '–', end: data.schedule.end ?? '–' }) : t('noSchedule')}
        </div>
      </Card>

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
          <Card size="small" title={<><EnvironmentOutlined aria-hidden /> {t('location')}</>} data-testid="check-in-location">
            {position.status === 'locating' ? <div>{t('locating')}</div> : null}
            {position.status === 'error' ? (
              <Alert type="warning" showIcon title={t('noLocation', { reason: t(position.reason === 'denied' ? 'locationDenied' : position.reason === 'timeout' ? 'locationTimeout' : position.reason === 'unsupported' ? 'locationUnsupported' : 'locationUnavailable') })} />
            ) : null}
            {position.status === 'ok' ? <div data-testid="check-in-accuracy">{t('accuracy', { accuracy: position.position.accuracy_m })}</div> : null}
            {near ? (
              <div data-testid="check-in-nearest">{t('nearest', { place: near.place.name, distance: near.distance_m, radius: near.place.radius_m })}</div>
            ) : data && data.places.length === 0 && data.mode !== 'ANYWHERE' ? (
              <div>{t('noPlaces')}</div>
            ) : null}
            <Typography.Text type="secondary">{t('serverDecides')}</Typography.Text>
          </Card>
        </>
      )}

      {queued.length > 0 ? (
        <Card size="small" title={t('waiting')} data-testid="check-in-waiting">
          <p>{t('waitingHelp')}</p>
          <ul className="self-check-in__list">
            {queued.map((p) => (
              <li key={p.idempotency_key}>
                <Tag color="orange">{t('waiting')}</Tag> {t('waitingItem', { time: formatClock(p.taken_at, zone) })}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}

      <Card size="small" title={t('punches')} data-testid="check-in-punches">
        {data && data.punches.length === 0 ? <div>{t('noPunches')}</div> : null}
        <ul className="self-check-in__list">
          {(data?.punches ?? []).map((p, i) => (
            <li key={`${p.time}-${i}`}>
              <strong>{formatClock(p.time, zone)}</strong> <Tag>{sourceLabel(p.source)}</Tag>
              {p.place_name ? <span>{p.place_name}</span> : null}
              {p.sent_late ? <Tag color="orange">{t('sentLate')}</Tag> : null}
            </li>
          ))}
        </ul>
      </Card>

      {data ? (
        <div className="self-check-in__extras">
          <PinCard hasPin={data.has_pin} />
          <QrCard offsetMs={Math.round(serverOffsetMs(data.server_time, receivedAt) / 1000) * 1000} />
        </div>
      ) : null}
    </div>
  );
}
