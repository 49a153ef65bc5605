import { SERIAL_NUMBER_PATTERN } from '@tms/contracts/attendance-devices';
import { ICLOCK_STAMP_PATTERN, ICLOCK_TEXTS as T } from '@tms/contracts/iclock';
import { AppError } from '../../lib/errors.ts';
import { logConnectionError, logConnectionErrorThrottled } from '../../lib/connection-history.ts';
import { printable } from '../../lib/printable-text.ts';
import { bodyLines, handshakeText, parseAttlog, parseCommandResults, timeZoneOption, type AttlogLineError } from './attlog.ts';
import * as repo from './iclock.repository.ts';
import { LOG_SAMPLE, sampleText, storePunches, type EmployeeDay, type PunchesDeps } from './punches.service.ts';

/** Connection history source of ADMS / iClock devices (RULES.md §8). */
export const ADMS_SOURCE = 'device-adms';
/** A refused device retries every few seconds: one connection history row per serial number and cause per interval. */
const REFUSAL_LOG_SECONDS = 600;

export type UploadOutcome = { text: string; affected: EmployeeDay[] };

const plural = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

/**
 * What went wrong in an upload, for connection history and the device's last error; null when nothing did. It quotes
 * what the device sent (bad lines, unmapped PINs) with unprintable characters escaped, so it is always storable.
 */
function uploadProblems(errors: readonly AttlogLineError[], inserted: { unmapped: number; unmappedAccounts: number; unmappedSample: string[] }): string | null {
  const parts: string[] = [];
  if (errors.length > 0) {
    const sample = errors.slice(0, LOG_SAMPLE).map((e) => `line ${e.line} "${e.text}": ${e.message}`);
    parts.push(`${plural(errors.length, 'malformed line')} not stored (${sampleText(sample, errors.length, '; ')})`);
  }
  if (inserted.unmapped > 0) {
    parts.push(
      `${plural(inserted.unmapped, 'punch', 'punches')} of ${plural(inserted.unmappedAccounts, 'account')} without an attendance-check config (${sampleText(inserted.unmappedSample, inserted.unmappedAccounts, ', ')})`,
    );
  }
  return parts.length > 0 ? printable(parts.join('; ')) : null;
}

/**
 * The ADMS / iClock device side (issue 13; docs/attendance-devices.md). A device is known by its registered serial
 * number; an unknown or inactive one is refused and logged. ATTLOG uploads go through the one punch intake
 * (`storePunches` of punches.service.ts) with the device's system, its PINs as accounts and its local times read in its
 * time zone; the stamp the device sent is stored in the same transaction, so the handshake resumes after exactly what
 * is stored. The caller recalculates the affected employee-days after the commit.
 */
export type IclockDeps = PunchesDeps;

async function refuse({ db }: IclockDeps, serial: string, client: string, code: string, text: string, what: string): Promise<never> {
  await logConnectionErrorThrottled(db, { source: ADMS_SOURCE, code, errorDetails: `Device ${serial} (${client}): ${what} refused: ${text}` }, REFUSAL_LOG_SECONDS);
  throw new AppError(403, text);
}

/** The registered, active device sending `serial`, or a refusal (400 without SN, 403 unknown or inactive). */
async function deviceFor(deps: IclockDeps, serial: string | undefined, client: string, what: string): Promise<repo.IclockDevice> {
  const { db, clock } = deps;
  const sn = serial?.trim() ?? '';
  if (sn === '') throw new AppError(400, T.serialRequired);
  const shown = JSON.stringify(sn.slice(0, 64)).slice(1, -1);
  const device = SERIAL_NUMBER_PATTERN.test(sn) ? await repo.findDeviceBySerial(db, sn, clock.now()) : undefined;
  if (!device) return refuse(deps, shown, client, 'UNKNOWN_DEVICE', T.notRegistered, what);
  if (!device.active) return refuse(deps, device.serial_number, client, 'INACTIVE_DEVICE', T.inactive, what);
  return device;
}

/** `GET /iclock/cdata?options=all`: the options, with the stamps to resume from. */
export async function handshake(deps: IclockDeps, serial: string | undefined, client: string, pushVersion: string | undefined): Promise<string> {
  const { db, clock } = deps;
  const device = await deviceFor(deps, serial, client, 'handshake');
  await repo.touchDevice(db, device.id, pushVersion ? `push protocol ${pushVersion.slice(0, 40)}` : null, clock.now());
  return handshakeText({
    serialNumber: device.serial_number,
    attlogStamp: device.attlog_stamp,
    operlogStamp: device.operlog_stamp,
    timeZoneHours: timeZoneOption(device.time_zone, clock.now().getTime()),
  });
}

/** `POST /iclock/cdata?table=…&Stamp=…`: ATTLOG is stored; any other table is acknowledged and ignored. */
export async function upload(
  deps: IclockDeps,
  serial: string | undefined,
  client: string,
  table: string | undefined,
  stamp: string | undefined,
  body: string,
): Promise<UploadOutcome> {
  const { db, clock } = deps;
  const device = await deviceFor(deps, serial, client, `${JSON.stringify((table ?? '').slice(0, 20)).slice(1, -1) || 'an'} upload`);
  const tableName = (table ?? '').trim().toUpperCase();
  const storedStamp = stamp !== undefined && ICLOCK_STAMP_PATTERN.test(stamp) ? stamp : null;
  const day = clock.today();
  if (tableName !== 'ATTLOG') {
    await repo.recordUpload(db, { deviceId: device.id, table: tableName, stamp: storedStamp, day, now: clock.now(), counts: null, lastError: null });
    return { text: T.uploaded(bodyLines(body).length), affected: [] };
  }
  const parsed = parseAttlog(body, { system: device.system, timeZone: device.time_zone, nowMs: clock.now().getTime() });
  const stored = await storePunches(deps, parsed.punches, repo.ADMS_PUNCH_SOURCE, async (tx, inserted) => {
    const problems = uploadProblems(parsed.errors, inserted);
    await repo.recordUpload(tx, {
      deviceId: device.id,
      table: tableName,
      stamp: storedStamp,
      day,
      now: clock.now(),
      counts: {
        received: parsed.lines,
        stored: inserted.inserted,
        duplicate: parsed.punches.length - inserted.inserted,
        unmapped: inserted.unmapped,
        rejected: parsed.errors.length,
      },
      lastError: problems,
    });
    // In the upload's transaction: the row exists exactly when the punches it reports do.
    if (problems) {
      const code = parsed.errors.length > 0 && inserted.unmapped > 0 ? 'REJECTED_UNMAPPED' : parsed.errors.length > 0 ? 'MALFORMED_LINES' : 'UNMAPPED_PUNCHES';
      const counts = `received ${parsed.lines}, new ${inserted.inserted}, duplicate ${parsed.punches.length - inserted.inserted}`;
      await logConnectionError(tx, { source: ADMS_SOURCE, code, errorDetails: `Device ${device.serial_number} (${device.system}) ATTLOG: ${counts}; ${problems}` });
    }
  }, { source: 'ICLOCK', device: { id: device.id, name: null, serial: device.serial_number }, import: null, received: parsed.lines });
  return { text: T.uploaded(parsed.lines), affected: stored.affected };
}

/** `GET /iclock/getrequest`: the device's pending commands as `C:<id>:<command>` lines, or `OK`. */
export async function getRequest(deps: IclockDeps, serial: string | undefined, client: string, info: string | undefined): Promise<string> {
  const { db, clock } = deps;
  const device = await deviceFor(deps, serial, client, 'command poll');
  if (device.touch || info) await repo.touchDevice(db, device.id, info ? info.slice(0, 500) : null, clock.now());
  const commands = await repo.takePendingCommands(db, device.id);
  return commands.length === 0 ? T.ok : commands.map((c) => `C:${c.id}:${c.command}\n`).join('');
}

/** `POST /iclock/devicecmd`: results of commands (`ID=…&Return=…&CMD=…` per line). */
export async function commandResults(deps: IclockDeps, serial: string | undefined, client: string, body: string): Promise<string> {
  const { db, clock } = deps;
  const device = await deviceFor(deps, serial, client, 'command result');
  await repo.finishCommands(db, device.id, parseCommandResults(body));
  if (device.touch) await repo.touchDevice(db, device.id, null, clock.now());
  return T.ok;
}

/** `GET /iclock/ping`: a heartbeat while the device uploads a long backlog. */
export async function ping(deps: IclockDeps, serial: string | undefined, client: string): Promise<string> {
  const { db, clock } = deps;
  const device = await deviceFor(deps, serial, client, 'ping');
  if (device.touch) await repo.touchDevice(db, device.id, null, clock.now());
  return T.ok;
}
