import { Alert, Card, Tag, Typography } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { PUNCH_SOURCES, type PunchSource } from '@tms/contracts/self-check-in';
import { formatDmy } from '../../lib/dates.ts';
import type { SelfCheckInToday } from './api/self-check-in-api.ts';
import { nearestPlace } from './geo.ts';
import { selfCheckInTexts } from './i18n/index.ts';
import type { QueuedPunch } from './offline-queue.ts';
import { formatClock } from './server-clock.ts';
import type { PositionState } from './use-position.ts';

const isPunchSource = (s: string): s is PunchSource => (PUNCH_SOURCES as readonly string[]).includes(s);

/** The server's time ticking, today's date and schedule. */
export function ClockCard({ now, zone, data }: { now: Date | null; zone: string | undefined; data: SelfCheckInToday | undefined }) {
  const { t } = selfCheckInTexts.useT();
  return (
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
  );
}

/** The browser's position with its accuracy and the nearest allowed place: a guide, the server decides. */
export function LocationCard({ position, data }: { position: PositionState; data: SelfCheckInToday | undefined }) {
  const { t } = selfCheckInTexts.useT();
  const near = position.status === 'ok' && data ? nearestPlace(data.places, position.position.latitude, position.position.longitude) : null;
  const reason = position.status === 'error' ? position.reason : null;
  const reasonKey = reason === 'denied' ? 'locationDenied' : reason === 'timeout' ? 'locationTimeout' : reason === 'unsupported' ? 'locationUnsupported' : 'locationUnavailable';
  return (
    <Card size="small" title={<><EnvironmentOutlined aria-hidden /> {t('location')}</>} data-testid="check-in-location">
      {position.status === 'locating' ? <div>{t('locating')}</div> : null}
      {reason ? <Alert type="warning" showIcon title={t('noLocation', { reason: t(reasonKey) })} /> : null}
      {position.status === 'ok' ? <div data-testid="check-in-accuracy">{t('accuracy', { accuracy: position.position.accuracy_m })}</div> : null}
      {near ? (
        <div data-testid="check-in-nearest">{t('nearest', { place: near.place.name, distance: near.distance_m, radius: near.place.radius_m })}</div>
      ) : data && data.places.length === 0 && data.mode !== 'ANYWHERE' ? (
        <div>{t('noPlaces')}</div>
      ) : null}
      <Typography.Text type="secondary">{t('serverDecides')}</Typography.Text>
    </Card>
  );
}

/** Punches taken without a network, waiting on the device. */
export function WaitingCard({ queued, zone }: { queued: readonly QueuedPunch[]; zone: string | undefined }) {
  const { t } = selfCheckInTexts.useT();
  if (queued.length === 0) return null;
  return (
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
  );
}

/** Today's punches, each with its source and place. */
export function PunchesCard({ data, zone }: { data: SelfCheckInToday | undefined; zone: string | undefined }) {
  const { t } = selfCheckInTexts.useT();
  const sourceLabel = (source: string) => (isPunchSource(source) ? t(`source.${source}`) : source);
  return (
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
  );
}
