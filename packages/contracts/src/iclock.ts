import { z } from 'zod';
import { safeText } from './schemas.ts';

/**
 * The device side of the ZKTeco ADMS / iClock push protocol (issue 13; docs/attendance-devices.md): served under
 * ICLOCK_PREFIX (contracts attendance-devices.ts), plain text in and out, no session — a device is known by its
 * registered serial number.
 */
export const ICLOCK_PATHS = {
  cdata: '/cdata',
  getrequest: '/getrequest',
  devicecmd: '/devicecmd',
  ping: '/ping',
} as const;

/** Answers to a device: `OK` acknowledges; an upload is acknowledged with the number of lines read. */
export const ICLOCK_TEXTS = {
  ok: 'OK',
  uploaded: (lines: number) => `OK: ${lines}`,
  serialRequired: 'SN is required',
  notRegistered: 'Device not registered',
  inactive: 'Device inactive',
  serverError: 'Server error',
} as const;

/** Stamps are device counters (digits in practice); anything else is ignored rather than stored. */
export const ICLOCK_STAMP_PATTERN = /^[0-9A-Za-z_.-]{1,32}$/;
/** A backlog of weeks for a large site fits; units upload in smaller pieces in practice. */
export const ICLOCK_BODY_LIMIT = 16 * 1024 * 1024;

/** Texts PostgreSQL can store (no NUL, no lone surrogate), or the request is a 400 before any SQL. */
const param = safeText().max(4000).optional();
/**
 * Query parameters devices send (firmware differs in letter case of SN). Loose: a parameter the server does not use
 * is ignored, never a reason to refuse an upload.
 */
export const iclockQuerySchema = z.looseObject({
  SN: param,
  sn: param,
  options: param,
  pushver: param,
  language: param,
  table: param,
  Stamp: param,
  INFO: param,
});
export type IclockQuery = z.infer<typeof iclockQuerySchema>;
