import {
  limitMessage,
  limitsOf,
  OT_LIMIT_MESSAGES as M,
  OT_NORMAL_DAY_HOURS,
  type OtFigure,
  type OtLimitKind,
  type OtLimits,
  type OtUsage,
} from '@tms/contracts/overtime-limits';
import type { DateType } from '@tms/contracts/overtime';
import { describeMessage } from '@tms/contracts/i18n/server-messages';
import type { Db, DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { recordHistory, type HistoryAuthor } from '../../lib/history.ts';
import type { ScopeUser } from '../../lib/scope.ts';
import { instantOfLocal } from '../../lib/zone-time.ts';
import { dayTypesOf } from './day-type.repository.ts';
import { overtimeBreakMs } from './ot-pay-engine.ts';
import * as repo from './ot-limits.repository.ts';

/**
 * Overtime limits (issue 27 §2; Labour Code 2019 Art. 107, Decree 145/2020 Art. 60–62; docs/overtime-limits.md): the
 * figures of an employee against the month, year and day limits, for the creation warning, the form's headroom, the
 * approval check and the compliance report. Months and years are calendar ones of the OT date, not payroll periods.
 */
export async function readLimits(db: DbOrTx): Promise<OtLimits> {
  return limitsOf(await repo.limitEntries(db));
}

/** A message with its key and parameters (issue 25), for the web to show it in the reader's language. */
export function keyed<T extends { message: string }>(item: T): T & { messageKey?: string; params?: Record<string, string> } {
  const ref = describeMessage(item.message);
  return ref ? { ...item, messageKey: ref.key, params: { ...ref.params } } : item;
}

const round = (h: number) => Math.round(h * 100) / 100;
const fig = (approved: number, planned: number, request: number, limit: number): OtFigure => ({
  approved: round(approved),
  planned: round(planned),
  request: round(request),
  after: round(approved + planned + request),
  limit,
});

export type UsageInput = {
  employeeIds: readonly number[];
  otDate: string;
  dateType: DateType;
  /** The request's counted hours per employee. */
  hours: ReadonlyMap<number, number>;
  now: Date;
  exceptRequestId?: number | null;
  /** The form's call: only the staff in the caller's scope are answered. */
  caller?: ScopeUser;
};

/** Per employee: approved and planned hours of the month, year and day, and what the request brings them to. */
export async function usageOf(db: DbOrTx, u: UsageInput): Promise<OtUsage[]> {
  const ids = [...new Set(u.employeeIds)];
  const year = u.otDate.slice(0, 4);
  const monthKey = u.otDate.slice(0, 7);
  // One after the other: `db` may be a transaction (one connection).
  const limits = await readLimits(db);
  const people = await repo.employeesForLimits(db, ids, u.caller);
  const days = await repo.hoursByDay(db, { employeeIds: ids, from: `${year}-01-01`, to: `${year}-12-31`, now: u.now, exceptRequestId: u.exceptRequestId });
  return people.map((p) => {
    const mine = days.filter((d) => d.employee_id === p.employee_id);
    const sum = (rows: repo.DayHoursRow[], k: 'approved' | 'planned') => rows.reduce((a, r) => a + Number(r[k]), 0);
    const inMonth = mine.filter((d) => d.ot_date.startsWith(monthKey));
    const onDay = mine.filter((d) => d.ot_date === u.otDate);
    const request = u.hours.get(p.employee_id) ?? 0;
    const yearLimit = p.listed_sector ? limits.yearListed : limits.year;
    const month = fig(sum(inMonth, 'approved'), sum(inMonth, 'planned'), request, limits.month);
    const yearTotal = fig(sum(mine, 'approved'), sum(mine, 'planned'), request, yearLimit);
    const day = fig(OT_NORMAL_DAY_HOURS[u.dateType] + sum(onDay, 'approved'), sum(onDay, 'planned'), request, limits.day);
    const over: OtUsage['over'] = [];
    const check = (limit: OtLimitKind, f: OtFigure) => {
      if (f.after > f.limit) over.push(keyed({ limit, message: limitMessage(limit, limit === 'day' ? f.after : f.approved, f.limit) }));
    };
    check('month', month);
    check('year', yearTotal);
    check('day', day);
    return { employee_id: p.employee_id, name: p.name, user_name: p.user_name, month_key: monthKey, year: Number(year), listed_sector: p.listed_sector, month, year_total: yearTotal, day, over };
  });
}

/**
 * The approval check (issue 27 §2): the limits each employee's row would break once approved — the approved hours of
 * others plus this request's counted hours (planned ones do not count against an approval). Locks the employees until
 * the transaction ends first, so two approvals racing are checked one after the other.
 */
export async function approvalBreaches(
  tx: DbOrTx,
  a: { requestId: number; employeeIds: readonly number[]; otDate: string; dateType: DateType; now: Date },
): Promise<Map<number, { limit: OtLimitKind; message: string }[]>> {
  await repo.lockEmployeesForLimits(tx, a.employeeIds);
  const hours = await repo.requestHours(tx, a.requestId, a.employeeIds, a.now);
  const usage = await usageOf(tx, { employeeIds: a.employeeIds, otDate: a.otDate, dateType: a.dateType, hours, now: a.now, exceptRequestId: a.requestId });
  const out = new Map<number, { limit: OtLimitKind; message: string }[]>();
  for (const u of usage) {
    const approvedOnly = (f: OtFigure): OtFigure => fig(f.approved, 0, f.request, f.limit);
    const figures: [OtLimitKind, OtFigure][] = [['month', approvedOnly(u.month)], ['year', approvedOnly(u.year_total)], ['day', approvedOnly(u.day)]];
    const breaches = figures.filter(([, f]) => f.after > f.limit).map(([limit, f]) => ({ limit, message: limitMessage(limit, limit === 'day' ? f.after : f.approved, f.limit) }));
    if (breaches.length > 0) out.set(u.employee_id, breaches);
  }
  return out;
}

/**
 * The creation answer (issue 27 §2): each staff member's approved and planned hours of the month, year and day without
 * the request, and what the request's hours bring them to. Over a limit is a warning: the request is saved.
 */
export async function usageOfRequest(db: DbOrTx, a: { requestId: number; employeeIds: readonly number[]; otDate: string; dateType: string; now: Date }): Promise<OtUsage[]> {
  const hours = await repo.requestHours(db, a.requestId, a.employeeIds, a.now);
  return usageOf(db, { employeeIds: a.employeeIds, otDate: a.otDate, dateType: a.dateType as DateType, hours, now: a.now, exceptRequestId: a.requestId });
}

/**
 * After an import (its rows are recorded approved): the staff the imported hours take over a limit, per OT date of the
 * file — one set-based read per date, whatever the number of staff.
 */
export async function importWarnings(db: DbOrTx, groups: readonly { employeeIds: readonly number[]; otDate: string; dateType: string }[], now: Date): Promise<OtUsage[]> {
  const byDate = new Map<string, { ids: Set<number>; dateType: string }>();
  for (const g of groups) {
    const at = byDate.get(g.otDate) ?? { ids: new Set<number>(), dateType: g.dateType };
    for (const e of g.employeeIds) at.ids.add(e);
    byDate.set(g.otDate, at);
  }
  const out: OtUsage[] = [];
  for (const [otDate, at] of [...byDate].sort(([a], [b]) => a.localeCompare(b))) {
    const usage = await usageOf(db, { employeeIds: [...at.ids], otDate, dateType: at.dateType as DateType, hours: new Map(), now });
    out.push(...usage.filter((u) => u.over.length > 0));
  }
  return out;
}

/** The planned hours of a window: its length minus the pay engine's break (RULES.md §6). */
export function plannedHours(kind: 'FIXED' | 'FLEXIBLE', startMs: number, endMs: number): number {
  const lengthMs = Math.max(0, endMs - startMs);
  return round((lengthMs - overtimeBreakMs(kind, lengthMs)) / 3_600_000);
}

export type UsageQuery = { employeeIds?: readonly number[]; date: string; startTime?: string; endTime?: string; kind: 'FIXED' | 'FLEXIBLE'; requestId?: number };

/** The form's headroom call: the figures of the chosen staff on the chosen date and window. */
export async function usageForForm(db: Db, clock: { now(): Date; timeZone: string }, caller: ScopeUser, q: UsageQuery): Promise<OtUsage[]> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(q.date) || Number.isNaN(Date.parse(q.date))) throw badRequest(M.dateRequired);
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  let hours = 0;
  if (q.startTime && q.endTime) {
    const start = instantOfLocal(q.date, minutes(q.startTime), clock.timeZone);
    let end = instantOfLocal(q.date, minutes(q.endTime), clock.timeZone);
    if (end <= start) end += 24 * 3_600_000;
    hours = plannedHours(q.kind, start, end);
  }
  const ids = [...new Set(q.employeeIds ?? [])].slice(0, 1000);
  const types = await dayTypesOf(db, ids.slice(0, 1).map((employeeId) => ({ employeeId, date: q.date })));
  const dateType = types[0]?.dateType ?? 'WORKDAY';
  return usageOf(db, { employeeIds: ids, otDate: q.date, dateType, hours: new Map(ids.map((e) => [e, hours])), now: clock.now(), exceptRequestId: q.requestId ?? null, caller });
}

/** The departments marked as a listed sector (300 h a year). */
export async function listedDepartments(db: Db): Promise<number[]> {
  return repo.listedDepartmentIds(db);
}

/** Marks exactly `ids` as listed sectors; a history entry per department whose marker changed. */
export async function saveListedDepartments(db: Db, ids: readonly number[], by: HistoryAuthor): Promise<number[]> {
  const wanted = [...new Set(ids)];
  const found = await repo.existingDepartmentIds(db, wanted);
  if (found.length !== wanted.length) throw badRequest(M.departmentNotFound);
  return db.transaction(async (tx) => {
    const changed = await repo.setListedDepartments(tx, wanted);
    for (const c of changed) {
      await recordHistory(tx, {
        tableName: 'departments',
        recordId: c.id,
        action: 'UPDATE',
        changes: [{ field: 'ot_listed_sector', oldValue: !c.ot_listed_sector, newValue: c.ot_listed_sector }],
        newRecord: { id: c.id, ot_listed_sector: c.ot_listed_sector },
        by,
      });
    }
    return repo.listedDepartmentIds(tx);
  });
}
