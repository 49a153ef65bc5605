import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client.ts';
import type { OfflinePunchBody } from '../offline-queue.ts';
import { SELF_CHECK_IN_PATH, type PunchSource, type SelfCheckInMode, type SelfPlace, type SelfPunchAction, type SelfPunchBody, type SelfPunchResult, type SelfQr, type SelfToday } from '@tms/contracts/self-check-in';

/**
 * The self check-in API (issue 28, /work/notes/i28-design.md "API"). The shapes are the design's; the server decides
 * every punch, this page only shows its answers.
 */
export const SELF_CHECK_IN_BASE = SELF_CHECK_IN_PATH;

export type { SelfCheckInMode, PunchSource };
export type PunchAction = SelfPunchAction;
export type TodayPlace = SelfPlace;
export type SelfCheckInToday = SelfToday;
export type SelfPunchAnswer = SelfPunchResult;
export type QrAnswer = SelfQr;
export type { SelfPunchBody };

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
    mutationFn: (pin: string) => apiSend<null>('PUT', `${SELF_CHECK_IN_BASE}/pin`, { pin }),
    onSuccess: () => client.invalidateQueries({ queryKey: selfCheckInKeys.today }),
  });
}

export function fetchQr(signal?: AbortSignal): Promise<QrAnswer> {
  return apiGet<QrAnswer>(`${SELF_CHECK_IN_BASE}/qr`, undefined, { signal });
}
