import {
  ATTENDANCE_CHECK_MESSAGES as M,
  checkAttendanceCheckForm,
  type AttendanceCheckBody,
  type AttendanceCheckListQuery,
  type AttendanceCheckRow,
  type AttendanceCheckUpdate,
} from '@tms/contracts/attendance-check-config';
import type { PageInfo } from '@tms/contracts/api';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { toDmy } from '../../lib/dates.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { diffFields, recordHistory, type HistoryAction } from '../../lib/history.ts';
import { pageInfo } from '../../lib/page-answer.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { queueRecalculation } from '../timesheet/recalc-queue.ts';
import * as repo from './attendance-check-config.repository.ts';
import { remapPunchesInRanges, type AccountRange, type EmployeeDay } from './punches.repository.ts';

const TABLE = repo.ATTENDANCE_CHECK_CONFIGS_TABLE;
/** Fields a history entry lists (RULES.md §8); the Logs page shows one row per changed field. */
const HISTORY_FIELDS = [
  'employee_id',
  'hrms_username',
  'account_number',
  'attendance_check_id',
  'attendance_check_name',
  'project',
  'position',
  'attendance_check_system',
  'start_date',
  'end_date',
] as const;

const toRow = (r: repo.StoredConfig): AttendanceCheckRow => ({
  id: r.id,
  employee_id: r.employee_id,
  hrms_username: r.hrms_username,
  hrms_name: r.hrms_name,
  department_name: r.department_name,
  account_number: r.account_number === null ? null : Number(r.account_number),
  attendance_check_id: r.attendance_check_id,
  attendance_check_name: r.attendance_check_name,
  project: r.project,
  position: r.position,
  attendance_check_system: r.attendance_check_system,
  start_date: r.start_date,
  end_date: r.end_date,
  version: r.version,
});
const historyRecord = (r: repo.StoredConfig) => {
  const { department_name: _d, hrms_name: _n, ...rest } = toRow(r);
  return rest;
};
const rangeOf = (r: Pick<repo.StoredConfig, 'attendance_check_system' | 'attendance_check_id' | 'start_date' | 'end_date'>): AccountRange => ({
  system: r.attendance_check_system,
  attendanceCheckId: r.attendance_check_id,
  from: r.start_date,
  to: r.end_date,
});

/**
 * Employee – Attendance Check System Config (spec 002 §3, §5). A create, edit or delete re-maps, in its own
 * transaction, the stored punches of the account(s) whose local day falls in the old or new range (unmapped punches
 * are claimed, punches now belonging to another employee move); after the commit the employee-days of both the old
 * and the new owner are recalculated (RULES.md §4, ARCHITECTURE.md the one entry point).
 */
export type AttendanceCheckConfigDeps = { db: Db; clock: Clock; log?: FastifyBaseLogger };

export async function list({ db }: AttendanceCheckConfigDeps, user: SessionUser, q: AttendanceCheckListQuery): Promise<{ data: AttendanceCheckRow[]; page: PageInfo }> {
  const filter: repo.ConfigFilter = { keyword: q.keyword?.trim() || undefined, system: q.attendance_check_system?.trim() || undefined, attendanceCheckId: q.attendance_check_id?.trim() || undefined, date: q.date };
  const rows = await repo.listPage(db, user, { ...filter, limit: q.size, offset: (q.page - 1) * q.size });
  return { data: rows.map(toRow), page: await pageInfo(q, rows, () => repo.countRows(db, user, filter)) };
}

/** The form's rules, the employee, then no overlap with another mapping of the same account (400 each). */
async function checked(tx: DbOrTx, user: SessionUser, body: AttendanceCheckBody, exceptId?: number): Promise<repo.ConfigValues> {
  const form = checkAttendanceCheckForm(body);
  if (!form.ok) throw badRequest(form.messages[0]!, form.messages);
  const v = form.value;
  const employee = await repo.findEmployee(tx, user, { id: v.employeeId, username: v.hrmsUsername });
  if (!employee) throw badRequest(M.employeeNotFound);
  await repo.lockAccount(tx, v.system, v.attendanceCheckId);
  const other = await repo.findOverlap(tx, { system: v.system, attendanceCheckId: v.attendanceCheckId, startDate: v.startDate, endDate: v.endDate, exceptId });
  if (other) {
    throw badRequest(M.overlap(other.attendance_check_system, other.attendance_check_id, toDmy(other.start_date)!, toDmy(other.end_date)!, `${other.hrms_name} (${other.hrms_username})`));
  }
  return { ...v, employeeId: employee.id };
}

async function writeHistory(tx: DbOrTx, user: SessionUser, action: HistoryAction, before: repo.StoredConfig | null, after: repo.StoredConfig | null) {
  const subject = (after ?? before)!;
  const changes =
    action === 'DELETE'
      ? diffFields(null, historyRecord(before!), HISTORY_FIELDS).map((c) => ({ field: c.field, oldValue: c.newValue, newValue: null }))
      : diffFields(before ? historyRecord(before) : null, historyRecord(after!), HISTORY_FIELDS);
  await recordHistory(tx, { tableName: TABLE, recordId: subject.id, employeeId: subject.employee_id, action, changes, newRecord: after ? historyRecord(after) : null, by: user });
}

/** In the change's transaction: the days whose punches changed hands are queued for recalculation. */
async function remapped({ clock }: AttendanceCheckConfigDeps, tx: DbOrTx, user: SessionUser, ranges: Parameters<typeof remapPunchesInRanges>[1]): Promise<EmployeeDay[]> {
  const days = await remapPunchesInRanges(tx, ranges, clock.timeZone);
  await queueRecalculation(tx, days, { createdBy: user.userId });
  return days;
}

export async function create(deps: AttendanceCheckConfigDeps, user: SessionUser, body: AttendanceCheckBody): Promise<AttendanceCheckRow & { remapped_days: number }> {
  const { db } = deps;
  const { row, days } = await db.transaction(async (tx) => {
    const v = await checked(tx, user, body);
    const id = await repo.insertConfig(tx, v);
    const stored = (await repo.findConfig(tx, user, id))!;
    await writeHistory(tx, user, 'CREATE', null, stored);
    const days = await remapped(deps, tx, user, [rangeOf(stored)]);
    return { row: stored, days };
  });
  return { ...toRow(row), remapped_days: days.length };
}

export async function update(deps: AttendanceCheckConfigDeps, user: SessionUser, body: AttendanceCheckUpdate): Promise<AttendanceCheckRow & { remapped_days: number }> {
  const { db } = deps;
  const { row, days } = await db.transaction(async (tx) => {
    const before = await repo.findConfig(tx, user, body.id, { forUpdate: true });
    if (!before) throw notFound(M.notFound);
    if (before.version !== body.version) throw conflict();
    const v = await checked(tx, user, body, before.id);
    if (!(await repo.updateConfig(tx, before.id, body.version, v))) throw conflict();
    const after = (await repo.findConfig(tx, user, before.id))!;
    await writeHistory(tx, user, 'UPDATE', before, after);
    const days = await remapped(deps, tx, user, [rangeOf(before), rangeOf(after)]);
    return { row: after, days };
  });
  return { ...toRow(row), remapped_days: days.length };
}

/** `version` optional (the spec's call sends only the id); when given, a stale one is 409. */
export async function remove(deps: AttendanceCheckConfigDeps, user: SessionUser, id: number, version?: number): Promise<{ id: number; remapped_days: number }> {
  const { db } = deps;
  const days = await db.transaction(async (tx) => {
    const before = await repo.findConfig(tx, user, id, { forUpdate: true });
    if (!before) throw notFound(M.notFound);
    if (version !== undefined && before.version !== version) throw conflict();
    await repo.lockAccount(tx, before.attendance_check_system, before.attendance_check_id);
    if (!(await repo.deleteConfig(tx, id, version))) throw conflict();
    await writeHistory(tx, user, 'DELETE', before, null);
    return remapped(deps, tx, user, [rangeOf(before)]);
  });
  return { id, remapped_days: days.length };
}
