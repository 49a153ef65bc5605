import { DEFAULT_DEVICE_TIME_ZONE, ICLOCK_PREFIX, type DeviceCommandStatus } from '@tms/contracts/attendance-devices';
import { PUNCH_SYSTEMS } from '@tms/contracts/punches';
import type { StatusTone } from '../../components/status-info.ts';
import { attendanceDevicesTexts } from './i18n/index.ts';

/** The attendance-check systems a device or a device key belongs to, as select options. */
export const SYSTEM_OPTIONS = PUNCH_SYSTEMS.map((s) => ({ label: s, value: s }));

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "Last contact" as people read it: just now, 5 min ago, 3 h ago, 2 days ago (the exact time is on hover). */
export function relativeTime(iso: string, nowMs: number): string {
  const t = attendanceDevicesTexts.t;
  const ago = Math.max(0, nowMs - Date.parse(iso));
  if (ago < MINUTE) return t('ago.justNow');
  if (ago < HOUR) return t('ago.minutes', { n: Math.floor(ago / MINUTE) });
  if (ago < DAY) return t('ago.hours', { n: Math.floor(ago / HOUR) });
  return t('ago.days', { count: Math.floor(ago / DAY) });
}

/**
 * The zones the browser knows, with the company default and the device's current zone kept even when the browser
 * names them otherwise (Chromium lists Asia/Saigon, not Asia/Ho_Chi_Minh); sorted, no duplicates.
 */
export function timeZoneOptions(known: readonly string[], current?: string | null): { label: string; value: string }[] {
  const zones = new Set([...known, DEFAULT_DEVICE_TIME_ZONE, ...(current ? [current] : [])]);
  return [...zones].sort((a, b) => a.localeCompare(b)).map((zone) => ({ label: zone, value: zone }));
}

/** What the browser knows, or only the defaults where Intl.supportedValuesOf is missing. */
export function browserTimeZones(): string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
}

export const COMMAND_STATUS_TONES: Record<DeviceCommandStatus, StatusTone> = { PENDING: 'gold', SENT: 'blue', DONE: 'green', FAILED: 'red' };

/** Where a device pushes: this app's origin + /iclock, with host and port as the ADMS settings ask for them. */
export function iclockAddress(location: Pick<Location, 'origin' | 'hostname' | 'port' | 'protocol'>): { url: string; host: string; port: string } {
  const port = location.port || (location.protocol === 'https:' ? '443' : '80');
  return { url: `${location.origin}${ICLOCK_PREFIX}`, host: location.hostname, port };
}
