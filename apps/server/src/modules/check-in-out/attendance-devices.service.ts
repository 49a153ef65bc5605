import {
  DEVICE_COMMANDS_SHOWN,
  DEVICE_MESSAGES as M,
  type DeviceCommandCreate,
  type DeviceCommandRow,
  type DeviceCreate,
  type DeviceListQuery,
  type DeviceRow,
  type DeviceUpdate,
} from '@tms/contracts/attendance-devices';
import type { PageInfo } from '@tms/contracts/api';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { diffFields, listHistory, recordHistory, type HistoryEntryDto } from '../../lib/history.ts';
import { pageInfo } from '../../lib/page-answer.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import * as repo from './attendance-devices.repository.ts';
import { findDeviceBySerial } from './iclock.repository.ts';

const TABLE = repo.ATTENDANCE_DEVICES_TABLE;
/** Fields a device's history lists (RULES.md §8): what Admin registers and edits. */
const HISTORY_FIELDS = ['serial_number', 'name', 'system', 'time_zone', 'active'] as const;

const historyRecord = (d: repo.StoredDevice) => ({ id: d.id, serial_number: d.serial_number, name: d.name, system: d.system, time_zone: d.time_zone, active: d.active });

/**
 * The ADMS command line of a queued command (issue 13): REUPLOAD asks the device for its attendance log of whole
 * device-local days (`StartTime` / `EndTime` separated by a tab, as ZKTeco firmware reads it).
 */
export function commandLine(c: DeviceCommandCreate): string {
  if (c.kind === 'REUPLOAD') return `DATA QUERY ATTLOG StartTime=${c.from} 00:00:00\tEndTime=${c.to} 23:59:59`;
  return c.kind;
}

/** What an edit did to `active`, for the answer's message. */
export function updateMessage(before: boolean, after: boolean): string {
  if (before && !after) return M.deactivated;
  if (!before && after) return M.activated;
  return M.updated;
}

/**
 * Attendance Devices (issue 13; docs/attendance-devices.md): Admin registers ADMS / iClock devices by serial number,
 * edits their system, time zone and active flag, and queues commands for their next poll. Every write and its history
 * entry commit together (RULES.md §8).
 */
export type AttendanceDevicesDeps = { db: Db; clock: Clock };

export async function list({ db, clock }: AttendanceDevicesDeps, q: DeviceListQuery): Promise<{ data: DeviceRow[]; page: PageInfo }> {
  const filter: repo.DeviceFilter = { keyword: q.keyword?.trim() || undefined, system: q.system?.trim() || undefined, active: q.active };
  const today = clock.today();
  const rows = await repo.listPage(db, today, { ...filter, limit: q.size, offset: (q.page - 1) * q.size });
  return { data: rows.map(({ total: _t, ...row }) => row), page: await pageInfo(q, rows, () => repo.countRows(db, filter)) };
}

async function checkTimeZone(tx: DbOrTx, timeZone: string) {
  if (!(await repo.timeZoneKnown(tx, timeZone))) throw badRequest(M.timeZoneInvalid);
}

export async function create({ db, clock }: AttendanceDevicesDeps, user: SessionUser, body: DeviceCreate): Promise<DeviceRow> {
  return db.transaction(async (tx) => {
    await checkTimeZone(tx, body.time_zone);
    await repo.lockSerial(tx, body.serial_number);
    // The device side matches serial numbers whatever the letter case: two that differ only in case are one device.
    if (await findDeviceBySerial(tx, body.serial_number, clock.now())) throw conflict(M.serialExists);
    const id = await repo.insertDevice(tx, { serialNumber: body.serial_number, name: body.name ?? null, system: body.system, timeZone: body.time_zone, createdBy: user.userId });
    const stored = (await repo.findDevice(tx, id, clock.today()))!;
    await recordHistory(tx, { tableName: TABLE, recordId: id, action: 'CREATE', changes: diffFields(null, historyRecord(stored), HISTORY_FIELDS), newRecord: historyRecord(stored), by: user });
    return stored;
  });
}

export async function update({ db, clock }: AttendanceDevicesDeps, user: SessionUser, id: number, body: DeviceUpdate): Promise<{ row: DeviceRow; message: string }> {
  return db.transaction(async (tx) => {
    const before = await repo.findDevice(tx, id, clock.today(), { forUpdate: true });
    if (!before) throw notFound(M.notFound);
    if (before.version !== body.version) throw conflict();
    await checkTimeZone(tx, body.time_zone);
    const wanted = { ...historyRecord(before), name: body.name ?? null, system: body.system, time_zone: body.time_zone, active: body.active };
    // Saving the form unchanged changes nothing: no new version, no empty history entry.
    if (diffFields(historyRecord(before), wanted, HISTORY_FIELDS).length === 0) return { row: before, message: M.updated };
    if (!(await repo.updateDevice(tx, id, body.version, { name: body.name ?? null, system: body.system, timeZone: body.time_zone, active: body.active }))) throw conflict();
    const after = (await repo.findDevice(tx, id, clock.today()))!;
    const changes = diffFields(historyRecord(before), historyRecord(after), HISTORY_FIELDS);
    const action = changes.length === 1 && changes[0]!.field === 'active' ? 'STATUS' : 'UPDATE';
    await recordHistory(tx, { tableName: TABLE, recordId: id, action, changes, newRecord: historyRecord(after), by: user });
    return { row: after, message: updateMessage(before.active, after.active) };
  });
}

export async function commands({ db }: AttendanceDevicesDeps, id: number): Promise<DeviceCommandRow[]> {
  if (!(await repo.deviceExists(db, id))) throw notFound(M.notFound);
  return repo.listCommands(db, id, DEVICE_COMMANDS_SHOWN);
}

/** Queued for the device's next `getrequest`; the device row is locked so a concurrent deactivation cannot slip in. */
export async function queueCommand({ db, clock }: AttendanceDevicesDeps, user: SessionUser, id: number, body: DeviceCommandCreate): Promise<DeviceCommandRow> {
  return db.transaction(async (tx) => {
    const device = await repo.findDevice(tx, id, clock.today(), { forUpdate: true });
    if (!device) throw notFound(M.notFound);
    if (!device.active) throw conflict(M.commandInactive);
    const command = await repo.insertCommand(tx, { deviceId: id, kind: body.kind, command: commandLine(body), createdBy: user.userId });
    await recordHistory(tx, {
      tableName: TABLE,
      recordId: id,
      action: 'UPDATE',
      changes: [{ field: 'command', oldValue: null, newValue: command.command }],
      newRecord: { ...historyRecord(device), command: { id: command.id, kind: command.kind, command: command.command, status: command.status } },
      by: user,
    });
    return command;
  });
}

export async function history({ db, clock }: AttendanceDevicesDeps, id: number): Promise<HistoryEntryDto[]> {
  if (!(await repo.deviceExists(db, id))) throw notFound(M.notFound);
  return listHistory(db, TABLE, id, clock.timeZone);
}
