import {
  GENERAL_CONFIG_MESSAGES as M,
  generalConfigFlags,
  type GeneralConfigCreate,
  type GeneralConfigListQuery,
  type GeneralConfigRow,
  type GeneralConfigUpdate,
} from '@tms/contracts/general-config';
import type { PageInfo } from '@tms/contracts/api';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { parseDmy, toDmy } from '../../lib/dates.ts';
import { diffFields, listHistory, recordHistory, type HistoryEntryDto } from '../../lib/history.ts';
import { getLockDate } from '../payroll-periods/payroll-periods.service.ts';
import { configInForce } from '../leave/accrual-engine.ts';
import { loadGeneralConfigs } from '../leave/accrual-inputs.ts';
import { auditOf } from '../leave/grant-rows.ts';
import * as repo from './general-config.repository.ts';
import { checkConfig, type ConfigContext } from './general-config.validation.ts';

/** Fields whose changes a history entry lists (RULES.md §8), named as the API names them. */
const HISTORY_FIELDS = ['seniorityLeaveHour', 'seniorityLeaveYear', 'conditionalMonth', 'leaveHourInMonth', 'advanceLeave', 'applyDate', 'expireDate', 'object_type'] as const;

const valuesOf = (r: repo.GeneralConfigRecord): repo.GeneralConfigValues => ({
  seniorityLeaveHour: Number(r.seniority_leave_hour),
  seniorityLeaveYear: Number(r.seniority_leave_year),
  conditionalMonth: r.conditional_month,
  leaveHourInMonth: Number(r.leave_hour_in_month),
  advanceLeave: r.advance_leave,
  applyDate: r.apply_date,
  expireDate: r.expire_date,
  objectType: r.object_type,
});

/** What history stores of a row: the form's values as the user sees them (DD/MM/YYYY dates). */
const historyRecord = (id: number, version: number, v: repo.GeneralConfigValues) => ({
  id,
  seniorityLeaveHour: v.seniorityLeaveHour,
  seniorityLeaveYear: v.seniorityLeaveYear,
  conditionalMonth: v.conditionalMonth,
  leaveHourInMonth: v.leaveHourInMonth,
  advanceLeave: v.advanceLeave,
  applyDate: toDmy(v.applyDate),
  expireDate: toDmy(v.expireDate),
  object_type: v.objectType,
  version,
});

export type GeneralConfigDeps = { db: Db; clock: Clock };

async function context({ clock }: GeneralConfigDeps, tx: DbOrTx): Promise<ConfigContext> {
  return { today: clock.today(), lockDate: await getLockDate(tx) };
}

export async function list({ db, clock }: GeneralConfigDeps, q: GeneralConfigListQuery): Promise<{ data: GeneralConfigRow[]; page: PageInfo }> {
  const filter: repo.GeneralConfigFilter = {
    applyFrom: parseDmy(q.applyFromDate),
    applyTo: parseDmy(q.applyToDate),
    expireFrom: parseDmy(q.expireFromDate),
    expireTo: parseDmy(q.expireToDate),
  };
  const [rows, total, lockDate, live] = await Promise.all([
    repo.listPage(db, { filter, limit: q.size, offset: (q.page - 1) * q.size }),
    repo.countRows(db, filter),
    getLockDate(db),
    // The engine's own choice (a handful of rows), so the tag shows exactly what accrual uses today.
    loadGeneralConfigs(db),
  ]);
  const today = clock.today();
  const inForceId = configInForce(live, today)?.id ?? null;
  const data = rows.map((r): GeneralConfigRow => {
    const v = valuesOf(r);
    return {
      id: r.id,
      seniorityLeaveHour: v.seniorityLeaveHour,
      seniorityLeaveYear: v.seniorityLeaveYear,
      conditionalMonth: v.conditionalMonth,
      leaveHourInMonth: v.leaveHourInMonth,
      advanceLeave: v.advanceLeave,
      applyDate: toDmy(r.apply_date)!,
      expireDate: toDmy(r.expire_date)!,
      object_type: r.object_type,
      ...auditOf(r),
      ...generalConfigFlags({ applyDate: r.apply_date, expireDate: r.expire_date }, { today, lockDate }),
      inForceToday: r.id === inForceId,
    };
  });
  return { data, page: { page: q.page, size: q.size, total_element: total } };
}

/**
 * decision: configurations may overlap; the accrual engine uses, on each date, the one with the latest apply date
 * (then the higher id), and the list tags the one in force today.
 */
export async function create(deps: GeneralConfigDeps, user: SessionUser, body: GeneralConfigCreate): Promise<{ id: number; version: number }> {
  const { db } = deps;
  return db.transaction(async (tx) => {
    const checked = checkConfig(body, await context(deps, tx));
    if (!checked.ok) throw badRequest(checked.messages[0]!, checked.messages);
    const row = await repo.insert(tx, checked.value, user.userId);
    const record = historyRecord(row.id, row.version, checked.value);
    await recordHistory(tx, {
      tableName: repo.GENERAL_CONFIG_TABLE,
      recordId: row.id,
      action: 'CREATE',
      changes: diffFields(null, record, HISTORY_FIELDS),
      newRecord: record,
      by: user,
    });
    return row;
  });
}

/** Stale version → 409 (RULES.md §1); an expired row no longer edits (spec 000 §4); no change writes nothing. */
export async function update(deps: GeneralConfigDeps, user: SessionUser, body: GeneralConfigUpdate): Promise<{ id: number; version: number }> {
  const { db } = deps;
  return db.transaction(async (tx) => {
    const row = await repo.findById(tx, body.id, { forUpdate: true });
    if (!row) throw notFound(M.notFound);
    if (row.version !== body.version) throw conflict();
    const ctx = await context(deps, tx);
    if (!generalConfigFlags({ applyDate: row.apply_date, expireDate: row.expire_date }, ctx).canEdit) throw conflict(M.expired);
    const before = valuesOf(row);
    const checked = checkConfig(body, { ...ctx, current: before });
    if (!checked.ok) throw badRequest(checked.messages[0]!, checked.messages);

    const changes = diffFields(historyRecord(row.id, row.version, before), historyRecord(row.id, row.version, checked.value), HISTORY_FIELDS);
    if (changes.length === 0) return { id: row.id, version: row.version };
    const updated = await repo.update(tx, row.id, row.version, checked.value, user.userId);
    if (!updated) throw conflict();
    await recordHistory(tx, {
      tableName: repo.GENERAL_CONFIG_TABLE,
      recordId: row.id,
      action: 'UPDATE',
      changes,
      newRecord: historyRecord(row.id, updated.version, checked.value),
      by: user,
    });
    return { id: row.id, version: updated.version };
  });
}

/** Soft removal, only while the apply date is not before today (spec 000 §4); optional version check. */
export async function remove(deps: GeneralConfigDeps, user: SessionUser, id: number, version: number | undefined): Promise<void> {
  const { db } = deps;
  await db.transaction(async (tx) => {
    const row = await repo.findById(tx, id, { forUpdate: true });
    if (!row) throw notFound(M.notFound);
    if (version !== undefined && row.version !== version) throw conflict();
    const ctx = await context(deps, tx);
    const flags = generalConfigFlags({ applyDate: row.apply_date, expireDate: row.expire_date }, ctx);
    if (flags.fieldsLocked) throw conflict(M.lockedRemove);
    if (!flags.canRemove) throw conflict(M.notRemovable);
    const removed = await repo.softDelete(tx, row.id, row.version, user.userId);
    if (!removed) throw conflict();
    await recordHistory(tx, {
      tableName: repo.GENERAL_CONFIG_TABLE,
      recordId: row.id,
      action: 'DELETE',
      changes: [],
      newRecord: historyRecord(row.id, removed.version, valuesOf(row)),
      by: user,
    });
  });
}

/** History of a row, removed rows included, newest first. */
export async function history({ db, clock }: GeneralConfigDeps, id: number): Promise<HistoryEntryDto[]> {
  const row = await repo.findById(db, id, { includeDeleted: true });
  if (!row) throw notFound(M.notFound);
  return listHistory(db, repo.GENERAL_CONFIG_TABLE, id, clock.timeZone);
}
