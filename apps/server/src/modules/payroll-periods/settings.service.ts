import type { PeriodWorkingDays } from '@tms/contracts/holidays';
import {
  SETTINGS_MESSAGES as M,
  checkPeriodForm,
  periodNameOf,
  type PeriodCreate,
  type PeriodLock,
  type WorkPeriodRow,
  type WorkTypeRow,
} from '@tms/contracts/settings';
import type { PageInfo } from '@tms/contracts/api';
import type { Db, DbOrTx } from '../../db/client.ts';
import { toDmy } from '../../lib/dates.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { diffFields, recordHistories, recordHistory, type HistoryAuthor } from '../../lib/history.ts';
import { pageInfo } from '../../lib/page-answer.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { PERIODS_TABLE } from './payroll-periods.repository.ts';
import * as repo from './settings.repository.ts';

const HISTORY_FIELDS = ['name', 'from_date', 'to_date', 'working_days', 'status', 'is_lock', 'company_id'] as const;
const toRow = (p: repo.PeriodRecord): WorkPeriodRow => ({ ...p, working_days: Number(p.working_days), status: Number(p.status) });
const historyRecord = (p: repo.PeriodRecord) => {
  const { company_name: _c, version: _v, ...rest } = toRow(p);
  return rest;
};
type Paging = { page: number; size: number };
const pageOf = (q: Paging) => ({ limit: q.size, offset: (q.page - 1) * q.size });

/**
 * Settings (spec 002 §2, §3; RULES.md §4): working types; the payroll periods of the caller's company, newest first;
 * creating one (no overlap within the company, working days Monday–Friday minus the company calendar's holidays unless
 * given); and the lock checkbox — a period marked `is_lock` locks its dates everywhere through the lock date
 * (`getLockDate` counts it).
 */
export type SettingsDeps = { db: Db };

export async function workTypes({ db }: SettingsDeps, q: Paging): Promise<{ data: WorkTypeRow[]; page: PageInfo }> {
  const rows = await repo.listWorkTypes(db, pageOf(q));
  return { data: rows.map(({ total: _t, ...r }) => r), page: await pageInfo(q, rows, () => repo.countWorkTypes(db)) };
}

export async function periods({ db }: SettingsDeps, user: SessionUser, q: Paging): Promise<{ data: WorkPeriodRow[]; page: PageInfo }> {
  const rows = await repo.listPeriods(db, user.employeeId, pageOf(q));
  return { data: rows.map(({ total: _t, ...r }) => toRow(r)), page: await pageInfo(q, rows, () => repo.countPeriods(db, user.employeeId)) };
}

export async function create({ db }: SettingsDeps, user: SessionUser, body: PeriodCreate): Promise<WorkPeriodRow> {
  const form = checkPeriodForm(body);
  if (!form.ok) throw badRequest(form.messages[0]!, form.messages);
  const { fromDate, toDate } = form.value;
  return db.transaction(async (tx) => {
    const companyId = await repo.companyFor(tx, user.employeeId, body.company_id ?? null);
    if (companyId === undefined) throw badRequest(M.noCompany);
    await repo.lockCompanyPeriods(tx, companyId);
    const other = await repo.findOverlappingPeriod(tx, companyId, fromDate, toDate);
    if (other) throw badRequest(M.overlap(other.name, toDmy(other.from_date)!, toDmy(other.to_date)!));
    const workingDays = form.value.workingDays ?? (await repo.computeWorkingDays(tx, companyId, fromDate, toDate));
    const id = await repo.insertPeriod(tx, { companyId, name: periodNameOf(toDate), fromDate, toDate, workingDays });
    const stored = (await repo.findPeriodRecord(tx, id, null))!;
    await recordHistory(tx, { tableName: PERIODS_TABLE, recordId: id, action: 'CREATE', changes: diffFields(null, historyRecord(stored), HISTORY_FIELDS), newRecord: historyRecord(stored), by: user });
    return toRow(stored);
  });
}

/** The lock checkbox (version-checked; 409 when stale). Locking twice is no change and writes no history. */
export async function setLock({ db }: SettingsDeps, user: SessionUser, id: number, body: PeriodLock): Promise<WorkPeriodRow> {
  return db.transaction(async (tx) => {
    const before = await repo.findPeriodRecord(tx, id, user.employeeId, { forUpdate: true });
    if (!before) throw notFound(M.notFound);
    if (before.version !== body.version) throw conflict();
    if (before.is_lock === body.is_lock) return toRow(before);
    if (!(await repo.setLock(tx, id, body.is_lock, body.version))) throw conflict();
    const after = (await repo.findPeriodRecord(tx, id, null))!;
    await recordHistory(tx, {
      tableName: PERIODS_TABLE,
      recordId: id,
      action: 'UPDATE',
      changes: diffFields(historyRecord(before), historyRecord(after), HISTORY_FIELDS),
      newRecord: historyRecord(after),
      by: user,
    });
    return toRow(after);
  });
}

/**
 * RULES.md §4 after a holiday change (issue 27 §1): the working days of the open periods holding one of `dates`, of
 * the companies following `calendarCode`, computed again in the change's transaction; the periods that changed, with
 * a history entry each.
 */
export async function recomputeOpenPeriodWorkingDays(tx: DbOrTx, calendarCode: string, dates: readonly string[], by: HistoryAuthor): Promise<PeriodWorkingDays[]> {
  const changed: PeriodWorkingDays[] = [];
  const entries = [];
  for (const p of await repo.openPeriodsOfCalendarDates(tx, calendarCode, dates)) {
    const workingDays = await repo.computeWorkingDays(tx, p.company_id, p.from_date, p.to_date);
    if (workingDays === Number(p.working_days)) continue;
    await repo.setWorkingDays(tx, p.id, workingDays);
    const before = historyRecord(p);
    const after = { ...before, working_days: workingDays };
    entries.push({ tableName: PERIODS_TABLE, recordId: p.id, action: 'UPDATE' as const, changes: diffFields(before, after, HISTORY_FIELDS), newRecord: after });
    changed.push({ id: p.id, name: p.name, company_name: p.company_name, working_days: workingDays, previous: Number(p.working_days) });
  }
  if (entries.length > 0) await recordHistories(tx, entries, by);
  return changed;
}

/** The open periods meeting [from, to] of the companies following `calendarCode`, with their working days. */
export async function openPeriodWorkingDays(db: DbOrTx, calendarCode: string, from: string, to: string): Promise<PeriodWorkingDays[]> {
  const rows = await repo.openPeriodsOfCalendarBetween(db, calendarCode, from, to);
  return rows.map((p) => ({ id: p.id, name: p.name, company_name: p.company_name, working_days: Number(p.working_days), previous: Number(p.working_days) }));
}
