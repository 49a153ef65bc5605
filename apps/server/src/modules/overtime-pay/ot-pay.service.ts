import { SYSTEM_AUTHOR_NAMES } from '@tms/contracts/history-authors';
import type { DateType } from '@tms/contracts/overtime';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { HistoryAuthor } from '../../lib/history.ts';
import { recordHistories, systemHistoryAuthor, type HistoryRecordEntry } from '../../lib/history.ts';
import { returnAllowance, useAllowance, allowanceLeft } from '../leave/allowance.ts';
import { getLockDate } from '../payroll-periods/payroll-periods.service.ts';
import type { EmployeeRange } from '../timesheet/recalculate.ts';
import { dayTypesOf } from './day-type.repository.ts';
import { computeOtPay, datesOfWindow, round2 } from './ot-pay-engine.ts';
import { overtimeCoefficients } from './payroll-config.repository.ts';
import * as repo from './ot-pay.repository.ts';

/**
 * The OT pay core (RULES.md §6; docs/overtime-pay.md): recomputes the stored pay lines (`overtime_pay_lines`) and the
 * staff rows' attendance figures of overtime requests from punches, windows, day types and the payroll coefficients,
 * and posts offset-leave credits for requests paid by offset days. Writers call it after their transaction commits.
 *
 * Set-based: a target becomes (request, staff) pairs; per batch of pairs one statement loads every input (requests,
 * staff rows, the punches of each attendance span, stored confirmations), one reads the day types of every date, the
 * engine computes in memory, one statement writes the lines and one the staff rows, in one transaction per batch.
 * Requests on or before the lock date are left alone unless named explicitly (`requestIds`) or `includeLocked`.
 */
export type OvertimePayTarget =
  | { requestIds: readonly number[] }
  | { ranges: readonly EmployeeRange[]; includeLocked?: boolean }
  | { from: string; to: string; includeLocked?: boolean };

export type OvertimePaySummary = { requests: number; lines: number };

export type OvertimePayOptions = {
  timeZone: string;
  now: Date;
  createdBy?: number | null;
  /** Pairs per transaction (default 2,000). */
  batchSize?: number;
  /** Called after each batch (Recalculate Salary's progress). */
  onProgress?: (done: number, total: number) => Promise<void> | void;
};

const SYSTEM_AUTHOR = systemHistoryAuthor(SYSTEM_AUTHOR_NAMES.otPay);

/** Which pairs a target touches. */
async function pairsOf(db: Db, target: OvertimePayTarget): Promise<repo.OtPair[]> {
  if ('requestIds' in target) return repo.pairsOfRequests(db, [...new Set(target.requestIds)]);
  // `includeLocked`: computing already approved periods on purpose (the demo seed's first full recalculation).
  const lock = target.includeLocked ? null : await getLockDate(db);
  if ('ranges' in target) return repo.pairsOfRanges(db, target.ranges, lock);
  return repo.pairsOfDates(db, target.from, target.to, lock);
}

export async function recomputeOvertimePay(db: Db, target: OvertimePayTarget, opts: OvertimePayOptions): Promise<OvertimePaySummary> {
  const pairs = await pairsOf(db, target);
  const summary: OvertimePaySummary = { requests: 0, lines: 0 };
  if (pairs.length === 0) {
    await opts.onProgress?.(0, 0);
    return summary;
  }
  const coefficients = await overtimeCoefficients(db);
  const author = (opts.createdBy ? await repo.userAuthor(db, opts.createdBy) : undefined) ?? SYSTEM_AUTHOR;
  const batchSize = Math.max(1, opts.batchSize ?? 2000);
  const requests = new Set<number>();
  for (let i = 0; i < pairs.length; i += batchSize) {
    const batch = pairs.slice(i, i + batchSize);
    summary.lines += await recomputeBatch(db, batch, coefficients, opts.timeZone, author);
    for (const p of batch) requests.add(p.r);
    await opts.onProgress?.(Math.min(pairs.length, i + batchSize), pairs.length);
    if (i + batchSize < pairs.length) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  summary.requests = requests.size;
  return summary;
}

type OffsetMove = { row: repo.OtInputRow; from: number; to: number };

async function recomputeBatch(db: Db, pairs: readonly repo.OtPair[], coefficients: Record<string, number>, timeZone: string, author: HistoryAuthor): Promise<number> {
  const inputs = await repo.loadInputs(db, pairs, timeZone);
  const dayTypes = await windowDayTypes(db, inputs, timeZone);
  const lines: repo.NewLine[] = [];
  const figures: repo.StaffFigures[] = [];
  const moves: OffsetMove[] = [];
  for (const row of inputs) {
    const credited = round2(row.credited ?? 0);
    if (!row.eligible) {
      // No lines; a credit it had goes back.
      if (credited > 0) moves.push({ row, from: credited, to: 0 });
      continue;
    }
    const out = computeRow(row, dayTypes(row), coefficients, timeZone);
    lines.push(...out.lines);
    const target = row.approved && row.offset ? (out.figures.tc ?? out.totalActual) : 0;
    if (target !== credited) moves.push({ row, from: credited, to: target });
    figures.push({ ...out.figures, oc: credited });
  }

  await db.transaction(async (tx) => {
    await repo.writeLines(tx, pairs, lines);
    const credits = await postOffsetCredits(tx, moves, author);
    for (const f of figures) if (credits.has(f.id)) f.oc = credits.get(f.id)!;
    for (const [id, oc] of credits) if (!figures.some((f) => f.id === id)) await repo.writeOffsetCredit(tx, id, oc);
    await repo.writeStaffFigures(tx, figures);
  });
  return lines.length;
}

/**
 * Day types of every (employee, local date) a window of an eligible row touches, in one statement; answers each
 * row's dates with their types.
 */
async function windowDayTypes(db: Db, inputs: readonly repo.OtInputRow[], timeZone: string): Promise<(row: repo.OtInputRow) => Record<string, DateType>> {
  const wanted = new Map<string, { employeeId: number; date: string }>();
  const datesOf = new Map<number, string[]>();
  for (const row of inputs) {
    if (!row.eligible) continue;
    const dates = datesOfWindow(row.start_ms, row.end_ms, timeZone);
    datesOf.set(row.staff_id, dates);
    for (const date of dates) wanted.set(`${row.employee_id}|${date}`, { employeeId: row.employee_id, date });
  }
  const types = new Map<string, DateType>();
  for (const t of await dayTypesOf(db, [...wanted.values()])) types.set(`${t.employeeId}|${t.date}`, t.dateType);
  return (row) => {
    const dayTypes: Record<string, DateType> = {};
    for (const date of datesOf.get(row.staff_id) ?? []) {
      const t = types.get(`${row.employee_id}|${date}`);
      if (t) dayTypes[date] = t;
    }
    return dayTypes;
  };
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** One eligible staff row through the engine: its pay lines and its figures (the credited offset is the caller's). */
function computeRow(row: repo.OtInputRow, dayTypes: Record<string, DateType>, coefficients: Record<string, number>, timeZone: string) {
  const confirmations: Record<string, number | null> = {};
  const reasons = new Map<string, string | null>();
  for (const c of row.confirms ?? []) {
    confirmations[c.s] = c.c;
    reasons.set(c.s, c.n);
  }
  const result = computeOtPay({
    kind: row.kind,
    startMs: row.start_ms,
    endMs: row.end_ms,
    otDate: row.ot_date,
    dayWindow: row.day_from_ms === null || row.day_to_ms === null ? null : { fromMs: row.day_from_ms, toMs: row.day_to_ms },
    punches: row.punches ?? [],
    dayTypes,
    coefficients,
    timeZone,
    confirmations,
    unpaid: row.ot_type === 'OT_FLEXIBLE_IGNORE' || row.offset,
  });
  const lines: repo.NewLine[] = result.lines.map((l) => ({
    r: row.request_id,
    e: row.employee_id,
    od: row.ot_date,
    wd: l.workDate,
    sh: l.shift,
    dt: l.dateType,
    n: l.isNight,
    ci: iso(l.fromMs),
    co: iso(l.toMs),
    da: l.actual,
    dc: l.confirm,
    rs: reasons.get(l.shift) ?? null,
    c: l.coefficient,
    tc: l.taxCoefficient,
    ph: l.payHours,
    nt: l.nonTaxHours,
  }));
  // total_time_confirm: the sum of the final hours once a shift is confirmed; a confirmation stored on the row only
  // (no confirmed shift) is kept, capped at the actual.
  const confirmTotal = result.confirmed ? result.totalFinal : row.confirm_total === null ? null : round2(Math.min(row.confirm_total, result.totalActual));
  const figures = { id: row.staff_id, ci: iso(result.checkInMs), co: iso(result.checkOutMs), ta: result.totalActual, tc: confirmTotal };
  return { lines, figures, totalActual: result.totalActual };
}

/**
 * Offset leave (RULES.md §6): the difference between the hours that should be credited and those already credited
 * goes to (or comes back from) the staff's offset leave through the leave core; never below zero — when the hours
 * were already used, what is left is taken and the shortfall recorded. Answers the new credited value per staff row.
 */
async function postOffsetCredits(tx: DbOrTx, moves: readonly OffsetMove[], by: HistoryAuthor): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const entries: HistoryRecordEntry[] = [];
  for (const m of moves) {
    const diff = round2(m.to - m.from);
    if (diff === 0) continue;
    const sourceId = `overtime:${m.row.request_id}`;
    let shortfall = 0;
    if (diff > 0) await returnAllowance(tx, { employeeId: m.row.employee_id, kind: 'OFFSET', amount: diff, sourceId, by });
    else {
      const want = -diff;
      const moved = await useAllowance(tx, { employeeId: m.row.employee_id, kind: 'OFFSET', amount: want, sourceId, by });
      if (!moved.ok) {
        const left = round2(await allowanceLeft(tx, m.row.employee_id, 'OFFSET'));
        if (left > 0) await useAllowance(tx, { employeeId: m.row.employee_id, kind: 'OFFSET', amount: left, sourceId, by });
        shortfall = round2(want - Math.max(0, left));
      }
    }
    out.set(m.row.staff_id, m.to);
    entries.push({
      tableName: 'overtime_requests',
      recordId: m.row.request_id,
      employeeId: m.row.employee_id,
      action: 'UPDATE',
      changes: [{ field: 'offset_hours_credited', oldValue: m.from, newValue: m.to }],
      newRecord: { employeeId: m.row.employee_id, offsetHours: diff, ...(shortfall > 0 ? { alreadyUsedHours: shortfall } : {}) },
    });
  }
  if (entries.length > 0) await recordHistories(tx, entries, by);
  return out;
}
