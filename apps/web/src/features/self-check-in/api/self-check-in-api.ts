import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client.ts';
import type { OfflinePunchBody } from '../offline-queue.ts';

/**
 * The self check-in API (issue 28, /work/notes/i28-design.md "API"). The shapes are the design's; the server decides
 * every punch, this page only shows its answers.
 */
export const SELF_CHECK_IN_BASE = '/tms/self-check-in';

export type SelfCheckInMode = 'OFF' | 'LISTED_PLACES' | 'ANY_PLACE' | 'ANYWHERE';
export type PunchSource = 'device' | 'iclock' | 'import' | 'web' | 'kiosk';
export type PunchAction = 'CHECK_IN' | 'CHECK_OUT';

export type TodayPlace = { id: number; name: string; latitude: number; longitude: number; radius_m: number };
export type TodayPunch = { time: string; source: PunchSource; place_name: string | null; sent_late: boolean };
export type SelfCheckInToday = {
  server_time: string;
  date: string;
  schedule: { name: string; start: string; end: string } | null;
  punches: TodayPunch[];
  next_action: PunchAction;
  mode: SelfCheckInMode;
  places: TodayPlace[];
  has_pin: boolean;
};

export type SelfPunchBody = {
  idempotency_key: string;
  latitude?: number;
  longitude?: number;
  accuracy_m?: number;
  taken_at?: string;
  device_now?: string;
  offline?: boolean;
};
export type SelfPunchAnswer = {
  punch_id: number;
  punched_at: string;
  action: PunchAction;
  method: string;
  place_name: string | null;
  distance_m: number | null;
  sent_late: boolean;
  replayed: boolean;
};
export type QrAnswer = { code: string; expires_at: string };

export const selfCheckInKeys = {
  all: ['self-check-in'] as const,
  today: ['self-check-in', 'today'] as const,
  qr: ['self-check-in', 'qr'] as const,
};

export function useToday() {
  return useQuery({ queryKey: selfCheckInKeys.today, queryFn: ({ signal }) => apiGet<SelfCheckInToday>(`${SELF_CHECK_IN_BASE}/today`, undefined, { signal }), refetchOnWindowFocus: true });
}

export function sendPunch(body: SelfPunchBody | OfflinePunchBody): Promise<SelfPunchAnswer> {
  return apiSend<SelfPunchAnswer>('POST', `${SELF_CHECK_IN_BASE}/punches`, body);
}

export function useSetPin() {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (pin: string) => apiSend<unknown>('PUT', `${SELF_CHECK_IN_BASE}/pin`, { pin }),
    onSuccess: () => client.invalidateQueries({ queryKey: selfCheckInKeys.today }),
  });
}

export function fetchQr(signal?: AbortSignal): Promise<QrAnswer> {
  return apiGet<QrAnswer>(`${SELF_CHECK_IN_BASE}/qr`, undefined, { signal });
}
