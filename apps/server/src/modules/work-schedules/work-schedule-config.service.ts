import {
  WEEKDAYS,
  WORK_SCHEDULE_MESSAGES as M,
  checkWorkScheduleForm,
  hoursOfMinutes,
  type CheckedSchedule,
  type WorkScheduleCreate,
  type WorkScheduleDetail,
  type WorkScheduleFindAllQuery,
  type WorkScheduleRow,
  type WorkScheduleUpdate,
} from '@tms/contracts/work-schedule-config';
import type { PageInfo } from '@tms/contracts/api';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { diffFields, listHistory, recordHistory, type HistoryEntryDto } from '../../lib/history.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { queueRecalculation } from '../timesheet/recalc-queue.ts';
import * as repo from './work-schedule-config.repository.ts';

const TABLE = repo.WORK_SCHEDULES_TABLE;

/** Fields a history entry lists (RULES.md §8): the header and each weekday as one text. */
const HISTORY_FIELDS = ['code', 'type', 'name', 'active', 'workStartTime', 'workEndTime', 'standardWorkingTime', 'workingTime', 'breakTime', ...WEEKDAYS.map((w) => w.key)] as const;

function dayText(d: repo.StoredDay | undefined): string {
  if (!d || !d.workingDay) return 'Day off';
  const brk = d.breakStart && d.breakEnd ? `, break ${d.breakStart}-${d.breakEnd}` : ', no break';
  return `${d.startTime}-${d.endTime}${brk}, ${hoursOfMinutes(d.workingTime)} h (min ${hoursOfMinutes(d.minimumWorkingTime)} h)`;
}

/** The schedule as history stores it (hours, like the API). */
function historyRecord(s: { id: number; code: string; type: string; name: string; active: boolean; header: CheckedSchedule['header']; days: readonly repo.StoredDay[] }) {
  const byDay = new Map(s.days.map((d) => [d.day, d]));
  return {
    id: s.id,
    code: s.code,
    type: s.type,
    name: s.name,
    active: s.active,
    workStartTime: s.header.workStartTime,
    workEndTime: s.header.workEndTime,
    standardWorkingTime: hoursOfMinutes(s.header.standardWorkingTime),
    workingTime: hoursOfMinutes(s.header.workingTime),
    breakTime: hoursOfMinutes(s.header.breakTime),
    ...Object.fromEntries(WEEKDAYS.map((w) => [w.key, dayText(byDay.get(w.day))])),
  };
}

function storedRecord(s: repo.StoredSchedule, days: readonly repo.StoredDay[]) {
  return historyRecord({
    id: s.id,
    code: s.work_schedule_code,
    type: s.work_schedule_type,
    name: s.work_schedule_name,
    active: s.active,
    header: { workStartTime: s.work_start_time, workEndTime: s.work_end_time, standardWorkingTime: s.standard_working_time, workingTime: s.working_time, breakTime: s.break_time },
    days,
  });
}

function toRow(s: repo.StoredSchedule): WorkScheduleRow {
  return {
    id: s.id,
    work_schedule_code: s.work_schedule_code,
    work_schedule_name: s.work_schedule_name,
    work_schedule_name_vi: s.work_schedule_name_vi,
    work_schedule_type: s.work_schedule_type,
    work_start_time: s.work_start_time,
    work_end_time: s.work_end_time,
    standard_working_time: hoursOfMinutes(s.standard_working_time) ?? 0,
    working_time: hoursOfMinutes(s.working_time) ?? 0,
    break_time: hoursOfMinutes(s.break_time) ?? 0,
    lack_of_time_allowed: s.lack_of_time_allowed,
    active: s.active,
    inUse: s.in_use,
    version: s.version,
  };
}

/** What the day engine reads of a schedule (recalculate.repository): its type, header and weekday rows. */
function engineInput(type: string, header: CheckedSchedule['header'], days: readonly repo.StoredDay[]): string {
  return JSON.stringify({ type, start: header.workStartTime, end: header.workEndTime, standard: header.standardWorkingTime, days: [...days].sort((a, b) => a.day - b.day) });
}

function checked(body: WorkScheduleCreate | WorkScheduleUpdate, code: string | null | undefined): CheckedSchedule {
  const result = checkWorkScheduleForm({ ...body, code });
  if (!result.ok) throw badRequest(result.messages[0]!, result.messages);
  return result.value;
}

/** Work schedule config (spec 002 §2 Policy config, create/edit page): HR, HRM, ADMIN; history on every change. */
export type WorkScheduleConfigDeps = { db: Db; clock: Clock; log?: FastifyBaseLogger };

/**
 * In the edit's transaction: every employee whose policy in force names the schedule, over the policy ranges, is
 * queued for recalculation (the drain clips the ranges to after the lock date and to today).
 */
async function recalcUsers(tx: DbOrTx, code: string, user: SessionUser) {
  const ranges = await repo.policyRangesOf(tx, code);
  if (ranges.length > 0) await queueRecalculation(tx, { ranges }, { createdBy: user.userId });
}

export async function list({ db }: WorkScheduleConfigDeps, q: WorkScheduleFindAllQuery): Promise<{ data: WorkScheduleRow[]; page: PageInfo }> {
  const { rows, total } = await repo.listPage(db, { keyword: q.keyword, limit: q.size, offset: (q.page - 1) * q.size });
  return { data: rows.map(toRow), page: { page: q.page, size: q.size, total_element: total } };
}

export async function detail({ db }: WorkScheduleConfigDeps, id: number): Promise<WorkScheduleDetail> {
  const s = await repo.findSchedule(db, id);
  if (!s) throw notFound(M.notFound);
  const days = await repo.findDays(db, id);
  const byDay = new Map(days.map((d) => [d.day, d]));
  return {
    ...toRow(s),
    code: s.work_schedule_code,
    type: s.work_schedule_type,
    name: s.work_schedule_name,
    days: WEEKDAYS.map((w) => {
      const d = byDay.get(w.day);
      return {
        key: w.key,
        day: w.day,
        workingDay: d?.workingDay ?? false,
        startTime: d?.startTime ?? null,
        endTime: d?.endTime ?? null,
        breakStart: d?.breakStart ?? null,
        breakEnd: d?.breakEnd ?? null,
        workingTime: hoursOfMinutes(d?.workingTime),
        minimumWorkingTime: hoursOfMinutes(d?.minimumWorkingTime),
        continuousWorkingTime: hoursOfMinutes(d?.continuousWorkingTime),
        breakTime: hoursOfMinutes(d?.breakTime),
      };
    }),
  };
}

/** A new schedule; a code already used (in any letter case) is a 409. */
export async function create({ db }: WorkScheduleConfigDeps, user: SessionUser, body: WorkScheduleCreate): Promise<{ id: number; version: number }> {
  const value = checked(body, body.code);
  return db.transaction(async (tx) => {
    if (await repo.codeTaken(tx, value.code)) throw conflict(M.duplicateCode(value.code));
    const id = await repo.insertSchedule(tx, value);
    if (id === undefined) throw conflict(M.duplicateCode(value.code));
    await repo.replaceDays(tx, id, value.days);
    const record = historyRecord({ id, ...value });
    await recordHistory(tx, { tableName: TABLE, recordId: id, action: 'CREATE', changes: diffFields(null, record, HISTORY_FIELDS), newRecord: record, by: user });
    return { id, version: 1 };
  });
}

/** The edit with its version (stale → 409); the code stays. A change the day engine reads recomputes the schedule's users. */
export async function update({ db }: WorkScheduleConfigDeps, user: SessionUser, body: WorkScheduleUpdate): Promise<{ id: number; version: number }> {
  const result = await db.transaction(async (tx) => {
    const before = await repo.findSchedule(tx, body.id, { lock: true });
    if (!before) throw notFound(M.notFound);
    if (before.version !== body.version) throw conflict();
    const value = checked(body, before.work_schedule_code);
    const beforeDays = await repo.findDays(tx, before.id);
    if (!(await repo.updateSchedule(tx, before.id, body.version, value))) throw conflict();
    await repo.replaceDays(tx, before.id, value.days);
    const oldRecord = storedRecord(before, beforeDays);
    const newRecord = historyRecord({ id: before.id, ...value, code: before.work_schedule_code });
    await recordHistory(tx, { tableName: TABLE, recordId: before.id, action: 'UPDATE', changes: diffFields(oldRecord, newRecord, HISTORY_FIELDS), newRecord, by: user });
    const oldHeader = { workStartTime: before.work_start_time, workEndTime: before.work_end_time, standardWorkingTime: before.standard_working_time, workingTime: before.working_time, breakTime: before.break_time };
    const engineChanged = engineInput(before.work_schedule_type, oldHeader, beforeDays) !== engineInput(value.type, value.header, value.days);
    if (engineChanged) await recalcUsers(tx, before.work_schedule_code, user);
    return { id: before.id, version: body.version + 1 };
  });
  return { id: result.id, version: result.version };
}

/** The active switch (history action STATUS); the day engine does not read it, so nothing is recomputed. */
export async function setActive({ db }: WorkScheduleConfigDeps, user: SessionUser, id: number, body: { active: boolean; version: number }): Promise<{ id: number; version: number }> {
  return db.transaction(async (tx) => {
    const before = await repo.findSchedule(tx, id, { lock: true });
    if (!before) throw notFound(M.notFound);
    if (before.version !== body.version) throw conflict();
    if (!(await repo.setActive(tx, id, body.version, body.active))) throw conflict();
    const days = await repo.findDays(tx, id);
    const oldRecord = storedRecord(before, days);
    const newRecord = { ...oldRecord, active: body.active };
    await recordHistory(tx, { tableName: TABLE, recordId: id, action: 'STATUS', changes: diffFields(oldRecord, newRecord, ['active']), newRecord, by: user });
    return { id, version: body.version + 1 };
  });
}

/** Removal: refused (409) while any staff or department policy names the schedule; stale version → 409. */
export async function remove({ db }: WorkScheduleConfigDeps, user: SessionUser, id: number, version: number | undefined): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const before = await repo.findSchedule(tx, id, { lock: true });
    if (!before) throw notFound(M.notFound);
    if (version !== undefined && before.version !== version) throw conflict();
    if (before.in_use) throw conflict(M.inUse(before.work_schedule_code));
    const days = await repo.findDays(tx, id);
    if (!(await repo.deleteUnused(tx, id))) throw conflict(M.inUse(before.work_schedule_code));
    const oldRecord = storedRecord(before, days);
    await recordHistory(tx, { tableName: TABLE, recordId: id, action: 'DELETE', changes: diffFields(oldRecord, {}, HISTORY_FIELDS), newRecord: null, by: user });
    return { id };
  });
}

/** A schedule's history, newest first; a removed schedule keeps its history. */
export async function history(deps: WorkScheduleConfigDeps, id: number): Promise<HistoryEntryDto[]> {
  const { db } = deps;
  const entries = await listHistory(db, TABLE, id, deps.clock.timeZone);
  if (entries.length === 0 && !(await repo.findSchedule(db, id))) throw notFound(M.notFound);
  return entries;
}
