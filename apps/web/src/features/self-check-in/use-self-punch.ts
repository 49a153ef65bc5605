import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-error.ts';
import { localizedErrorMessage } from '../../lib/server-messages.ts';
import { selfCheckInKeys, sendPunch, type PunchAction, type SelfPunchAnswer } from './api/self-check-in-api.ts';
import { selfCheckInTexts } from './i18n/index.ts';
import { isNetworkFailure, newIdempotencyKey, punchQueue, type QueuedPunch } from './offline-queue.ts';
import { formatClock } from './server-clock.ts';
import { currentPosition, type PositionState } from './use-position.ts';

export type Notice = { type: 'success' | 'error' | 'info'; text: string; title?: string };

export function errorText(error: unknown): string {
  return error instanceof ApiError ? localizedErrorMessage(error) : error instanceof Error ? error.message : String(error);
}

/** The punches waiting on the device for the network, as they change. */
export function useQueued() {
  const queue = punchQueue();
  return useSyncExternalStore(queue.subscribe, queue.list, queue.list);
}

/**
 * The Check in / Check out action: one punch at a time, sent with the browser's position; without a network (or when
 * the request fails on the way) it waits on the device under the same idempotency key, and waiting punches go out on
 * page load and whenever the network returns. `notice` is what the page says about the last outcome.
 */
export function useSelfPunch(position: PositionState, zone: string | undefined) {
  const { t } = selfCheckInTexts.useT();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const lock = useRef(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const actionText = useCallback((action: PunchAction) => t(`actions.${action}`), [t]);
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: selfCheckInKeys.all }), [client]);

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

  const wait = (where: Pick<QueuedPunch, 'latitude' | 'longitude' | 'accuracy_m'>, key: string) => {
    punchQueue().add(where, key);
    setNotice({ type: 'info', title: t('waiting'), text: t('waitingHelp') });
  };

  const punch = async () => {
    if (lock.current) return;
    lock.current = true;
    setBusy(true);
    setNotice(null);
    const key = newIdempotencyKey();
    try {
      const pos = position.status === 'ok' ? position.position : await currentPosition();
      const where = pos ? { latitude: pos.latitude, longitude: pos.longitude, accuracy_m: pos.accuracy_m } : {};
      if (typeof navigator !== 'undefined' && navigator.onLine === false) return wait(where, key);
      try {
        const answer = await sendPunch({ idempotency_key: key, ...where });
        const time = formatClock(answer.punched_at, zone);
        const text = answer.place_name ? t('acceptedAt', { action: actionText(answer.action), time, place: answer.place_name }) : t('accepted', { action: actionText(answer.action), time });
        setNotice({ type: 'success', text: answer.replayed ? `${text} ${t('replayed')}` : text });
        void refresh();
      } catch (error) {
        // The same key: if the request did reach the server, the replay answers the first punch.
        if (isNetworkFailure(error)) return wait(where, key);
        setNotice({ type: 'error', title: t('refused'), text: errorText(error) });
        void refresh();
      }
    } finally {
      lock.current = false;
      setBusy(false);
    }
  };

  return { busy, notice, punch };
}
