import { apiRequest, apiSend } from '../../../lib/api-client.ts';
import { KIOSK_DEVICE_PATH } from '@tms/contracts/self-check-in';
import type { PunchAction } from './self-check-in-api.ts';

/** The kiosk device's calls (issue 28 §3): no user session, the kiosk token in `X-Kiosk-Token`. */
export const KIOSK_BASE = KIOSK_DEVICE_PATH;
export const KIOSK_TOKEN_KEY = 'tms.kiosk.token';

export type KioskInfo = { place_name: string; kiosk_name?: string; server_time: string };
export type KioskPunchBody = { idempotency_key: string; staff_id?: string; pin?: string; qr_code?: string };
export type KioskPunchAnswer = { employee_name: string; punched_at: string; action: PunchAction };

const headers = (token: string) => ({ 'X-Kiosk-Token': token });

export async function kioskInfo(token: string, signal?: AbortSignal): Promise<KioskInfo> {
  return (await apiRequest<KioskInfo>('GET', `${KIOSK_BASE}/info`, { signal, headers: headers(token) })).data;
}

export function kioskPunch(token: string, body: KioskPunchBody): Promise<KioskPunchAnswer> {
  return apiSend<KioskPunchAnswer>('POST', `${KIOSK_BASE}/punches`, body, { headers: headers(token) });
}

/**
 * The kiosk token: taken once from the address (`/kiosk#token=…`, the fragment never reaches a server log), stored on
 * this browser and removed from the address bar; afterwards read from storage.
 */
export function takeKioskToken(location: Pick<Location, 'hash' | 'pathname' | 'search'>, store: Pick<Storage, 'getItem' | 'setItem'>, replace: (url: string) => void): string | null {
  const match = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (match?.[1]) {
    const token = decodeURIComponent(match[1]);
    store.setItem(KIOSK_TOKEN_KEY, token);
    replace(`${location.pathname}${location.search}`);
    return token;
  }
  return store.getItem(KIOSK_TOKEN_KEY);
}
