import { ATTENDANCE_CHECK_ID_MAX, type PunchSystem } from '@tms/contracts/punches';
import { isStorableText } from '@tms/contracts/api';
import { printableClip } from '../../lib/printable-text.ts';
import { instantOfWallTime, zoneOffsetMinutes } from '../../lib/zone-time.ts';
import type { AcceptedPunch } from './punches.repository.ts';

/**
 * The text side of the ZKTeco ADMS / iClock push protocol (issue 13; docs/attendance-devices.md). Pure: no database,
 * no clock. An ATTLOG upload is one record per line, fields separated by tabs:
 *   PIN, `YYYY-MM-DD HH:mm:ss` (the device's local time, no offset), status (direction) code, verify mode, work code, …
 * Only the PIN and the time are read: the direction code is not trusted (RULES.md §4: first in, last out decides),
 * so every code — 255 included — is accepted.
 */

export const ATTLOG_MESSAGES = {
  fields: 'expected PIN<TAB>YYYY-MM-DD HH:mm:ss<TAB>…',
  pinMissing: 'PIN is empty',
  pinTooLong: `PIN is longer than ${ATTENDANCE_CHECK_ID_MAX} characters`,
  pinInvalid: 'PIN holds characters that cannot be stored',
  timeInvalid: 'time is not a valid YYYY-MM-DD HH:mm:ss',
  timeInFuture: 'time is more than one day ahead of the server',
} as const;

/** A device clock may run a little ahead; a record further in the future is a wrong clock, not a punch. */
const FUTURE_TOLERANCE_MS = 24 * 3600_000;
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A rejected line: its number, its first characters with the unprintable ones escaped (for the log), the reason. */
export type AttlogLineError = { line: number; text: string; message: string };
export type ParsedAttlog = {
  /** Non-empty lines read: the count the device is answered (`OK: n`), so it moves past every line it sent. */
  lines: number;
  punches: AcceptedPunch[];
  errors: AttlogLineError[];
};

/** Splits an upload body into its non-empty lines (CRLF or LF), with their 1-based line numbers. */
export function bodyLines(body: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  body.split('\n').forEach((raw, i) => {
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (text.trim() !== '') out.push({ line: i + 1, text });
  });
  return out;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `+07:00` for 420 minutes. */
export function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * Reads an ATTLOG body: each good line becomes a punch of `system` (the PIN is the attendance check id) at the
 * instant its local time names in `timeZone`, as ISO text with the offset, which the punch intake stores as sent;
 * each bad line is reported with its number and the rest are kept.
 */
export function parseAttlog(body: string, opts: { system: PunchSystem | string; timeZone: string; nowMs: number }): ParsedAttlog {
  const lines = bodyLines(body);
  const punches: AcceptedPunch[] = [];
  const errors: AttlogLineError[] = [];
  // A corrupt record may hold any byte: the line is quoted escaped, so its report is storable (issue 22 §4).
  const reject = (line: number, text: string, message: string) => errors.push({ line, text: printableClip(text, 120), message });
  for (const { line, text } of lines) {
    const fields = text.split('\t');
    if (fields.length < 2) {
      reject(line, text, ATTLOG_MESSAGES.fields);
      continue;
    }
    const pin = fields[0]!.trim();
    if (pin === '') reject(line, text, ATTLOG_MESSAGES.pinMissing);
    else if (pin.length > ATTENDANCE_CHECK_ID_MAX) reject(line, text, ATTLOG_MESSAGES.pinTooLong);
    else if (!isStorableText(pin)) reject(line, text, ATTLOG_MESSAGES.pinInvalid);
    else {
      const m = LOCAL_TIME.exec(fields[1]!.trim());
      const [y, mo, d, h, mi, s] = m ? [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) : [];
      const wall = m ? Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) : NaN;
      const valid = m && y! >= 1970 && mo! >= 1 && mo! <= 12 && h! <= 23 && mi! <= 59 && s! <= 59 && new Date(wall).getUTCDate() === d;
      if (!valid) {
        reject(line, text, ATTLOG_MESSAGES.timeInvalid);
        continue;
      }
      const instant = instantOfWallTime(wall, opts.timeZone);
      if (instant > opts.nowMs + FUTURE_TOLERANCE_MS) {
        reject(line, text, ATTLOG_MESSAGES.timeInFuture);
        continue;
      }
      const local = new Date(wall).toISOString().slice(0, 19);
      punches.push({ s: opts.system, a: pin, t: `${local}${offsetText(Math.round((wall - instant) / 60_000))}` });
    }
  }
  return { lines: lines.length, punches, errors };
}

/** A command result line of `POST /iclock/devicecmd`: `ID=12&Return=0&CMD=DATA`. */
export type CommandResult = { id: number; returnCode: number };

/** The results in a devicecmd body (one per line); lines without a numeric ID are skipped. */
export function parseCommandResults(body: string): CommandResult[] {
  const out: CommandResult[] = [];
  for (const { text } of bodyLines(body)) {
    const fields = new URLSearchParams(text);
    const id = Number(fields.get('ID'));
    const returnCode = Number(fields.get('Return') ?? '0');
    if (Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647) out.push({ id, returnCode: Number.isSafeInteger(returnCode) ? returnCode : -1 });
  }
  return out;
}

/** The device's time zone offset in hours at `nowMs`, as the handshake's `TimeZone=` option (e.g. 7, 5.5, -3). */
export function timeZoneOption(timeZone: string, nowMs: number): string {
  return String(zoneOffsetMinutes(nowMs, timeZone) / 60);
}

/**
 * The handshake answer (`GET /iclock/cdata?options=all`): the stamps the server has stored (the device uploads what
 * is newer), how often to poll, what to upload (attendance and operation logs, no photos or templates), real-time
 * upload on, and the device's time zone.
 */
export function handshakeText(opts: { serialNumber: string; attlogStamp: string | null; operlogStamp: string | null; timeZoneHours: string }): string {
  return [
    `GET OPTION FROM: ${opts.serialNumber}`,
    `ATTLOGStamp=${opts.attlogStamp ?? '0'}`,
    `OPERLOGStamp=${opts.operlogStamp ?? '0'}`,
    'ATTPHOTOStamp=0',
    'ErrorDelay=30',
    'Delay=10',
    'TransTimes=00:00;14:05',
    'TransInterval=1',
    'TransFlag=TransData AttLog OpLog',
    `TimeZone=${opts.timeZoneHours}`,
    'Realtime=1',
    'Encrypt=None',
    '',
  ].join('\n');
}
