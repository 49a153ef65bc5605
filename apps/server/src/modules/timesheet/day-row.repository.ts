import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { intArrayLiteral as intArray, textArrayLiteral } from '../../db/sql-fragments.ts';
import { finalValue } from './day-value.repository.ts';
import type { DayResult, ShiftCredit } from './day-engine.types.ts';
import type { EmployeeRange } from './employee-days.ts';
import { rangesJson } from './recalculate.repository.ts';

/**
 * The day row of `timesheet_days` on its way to the database (RULES.md §4, issue 3 §2 Persistence): packed in
 * JavaScript (`packDay`), decoded in SQL (`decodedDays`) and written (`writeDays`). Both ends of the bit layout live
 * in this one file, so a field added on one side is added on the other.
 */

/**
 * Day rows packed for the write (`packDay`): small integers share one bigint, so a period of
 * 300,000 rows crosses to the database as 11 values a row instead of 27 (PGlite parses each value in WebAssembly;
 * 27 JSON keys a row took 4.5 s for a period, json_to_recordset alone).
 */
export type PackedDays = {
  e: number[];
  d: number[];
  p: (number | null)[];
  ia: (number | null)[];
  oa: (number | null)[];
  /** The day's punch window in epoch minutes (RULES.md §4). */
  pf: number[];
  pt: number[];
  i: (string | null)[];
  x: (string | null)[];
  s1: number[];
  s2: number[];
  k: number[];
  v: (number | null)[];
  /** Regular night minutes (Labour Code Art. 98.2), a plain array: the packed bigints have no 11 bits left. */
  n: number[];
  /** The row's key (`dayRowKey`), stored as recalc_key. */
  h: number[];
};

/** Texts here are 'HH:mm' or schedule codes; quoted and escaped as array elements. */

const COLUMNS = sql.raw(`employee_id, date, period_id, day_type, schedule_code, mode, check_in_at, check_out_at, check_in, check_out,
  punch_count, punches_from, punches_to, morning_credit, afternoon_credit, computed_value, value, overridden, late_minutes, early_minutes, absent_minutes,
  worked_minutes, request_minutes, explanation_refund_minutes, explanation_uses, night_minutes, is_late_coming, is_early_leaving, abnormal_reason,
  notation, computed_at, recalc_key`);
const UPDATED = [
  'period_id', 'day_type', 'schedule_code', 'mode', 'check_in_at', 'check_out_at', 'check_in', 'check_out', 'punch_count', 'punches_from', 'punches_to',
  'morning_credit', 'afternoon_credit', 'computed_value', 'value', 'overridden', 'late_minutes', 'early_minutes', 'absent_minutes',
  'worked_minutes', 'request_minutes', 'explanation_refund_minutes', 'explanation_uses', 'night_minutes', 'is_late_coming', 'is_early_leaving',
  'abnormal_reason', 'notation',
];
const CHANGED = `(${UPDATED.map((c) => `timesheet_days.${c}`).join(', ')}) is distinct from (${UPDATED.map((c) => `excluded.${c}`).join(', ')})`;
/**
 * A row whose key differs is rewritten; computed_at moves only when a value changed (a row whose key was only
 * missing, after an HR override or a first run of this code, keeps the time of its last real change).
 */
const SET = sql.raw(
  [...UPDATED.map((c) => `${c} = excluded.${c}`), `computed_at = case when ${CHANGED} then excluded.computed_at else timesheet_days.computed_at end`, 'recalc_key = excluded.recalc_key'].join(', '),
);

const DAY_TYPE = { WORKING: 0, WEEKEND: 1, NON_WORKING: 2, HOLIDAY: 3 } as const;
const MODE = { DAY: 1, HOUR: 2 } as const;
const CREDIT = { ATTENDANCE: 1, REQUEST: 2, HOLIDAY: 3, UNPAID: 4 } as const;
const NO_VALUE = 127;
const P12 = 4096;
const P24 = P12 * P12;
const P36 = P24 * P12;
const P44 = P36 * 256;
/** k: the schedule index from bit 20, the notation index from bit 36 (decodedDays). */
const K_SCHEDULE = 2 ** 20;
const K_NOTATION = 2 ** 36;
const MAX_INDEX = 4096;
/** 68 hours: more minutes than any day has; a larger figure (a misconfigured schedule) is stored as this. */
const MAX_MINUTES = P12 - 1;

const minutes = (value: number) => Math.min(MAX_MINUTES, Math.max(0, Math.round(value)));
const credit = (c: ShiftCredit) => (c === null ? 0 : CREDIT[c]);
const abnormalCode = (r: DayResult) => (r.abnormal === null ? 0 : r.abnormal.reason === 'FLEXIBLE_ABSENT' ? 7 : r.abnormal.reason);

export function emptyPacked(): PackedDays {
  return { e: [], d: [], p: [], ia: [], oa: [], pf: [], pt: [], i: [], x: [], s1: [], s2: [], k: [], v: [], n: [], h: [] };
}

/*
 * The row key: a 52-bit digest of everything a day row holds, so that a recalculation can tell an unchanged day
 * without sending it (writeChunkDays). Two 32-bit MurmurHash3 lanes with different seeds over the packed values, the
 * chunk-relative indexes of `k` replaced by the schedule code's and notation's own text; every packed field is hashed,
 * so a field added to the row is in the key. The key is only ever compared with the key of the same employee and
 * date, so a wrong "unchanged" needs two versions of one day to collide: about 2^-52 per changed day.
 */
/** A key's and a value's two 32-bit halves are split at this. */
const TWO_32 = 4_294_967_296;
const LANE_A = 0x9747b28c;
const LANE_B = 0x2c1b3c6d;
const K_SEPARATOR = 0x5bd1e995;

function mixWord(h: number, word: number): number {
  let k = Math.imul(word | 0, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  h ^= Math.imul(k, 0x1b873593);
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

function finalMix(h: number, length: number): number {
  h ^= length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The words of one value: null as its own word, a number as its low and high 32 bits, a text as its UTF-16 units. */
function wordsOf(value: number | string | null, out: number[]): void {
  if (value === null) out.push(K_SEPARATOR, -1);
  else if (typeof value === 'string') {
    out.push(K_SEPARATOR, value.length);
    for (let c = 0; c < value.length; c++) out.push(value.charCodeAt(c));
  } else out.push(value % TWO_32, Math.floor(value / TWO_32));
}

/** Every packed field but the row's place (employee, date), `k` (hashed without its indexes) and the key itself. */
const KEY_FIELDS = (Object.keys(emptyPacked()) as (keyof PackedDays)[]).filter((f) => !['e', 'd', 'k', 'h'].includes(f));
const keyWords: number[] = [];

/** The key of row `at` of `out` (packDay), with the schedule code and notation the row's indexes point to. */
export function dayRowKey(out: PackedDays, at: number, scheduleCode: string | null, notation: string | null): number {
  keyWords.length = 0;
  for (const field of KEY_FIELDS) wordsOf(out[field][at] ?? null, keyWords);
  wordsOf(out.k[at]! % K_SCHEDULE, keyWords);
  wordsOf(scheduleCode, keyWords);
  wordsOf(notation, keyWords);
  let a = LANE_A;
  let b = LANE_B;
  for (const w of keyWords) {
    a = mixWord(a, w);
    b = mixWord(b, w ^ K_SEPARATOR);
  }
  return finalMix(a, keyWords.length) + (finalMix(b, keyWords.length) & 0xfffff) * TWO_32;
}

/**
 * Appends one computed day to `out` in the layout decodedDays reads. `scheduleIndex` and `notationIndex` are
 * 1-based positions in the chunk's lists of schedule codes and notations (0: none).
 */
export function packDay(out: PackedDays, employeeId: number, epochDay: number, r: DayResult, periodId: number | null, scheduleIndex: number, notationIndex: number): void {
  // The engine's contract (docs/timesheet-engine.md): values within 0..1. Anything else is a bug to surface, not a
  // figure to store.
  const cv = r.computedValue === null ? NO_VALUE : Math.round(r.computedValue * 100);
  if ((cv !== NO_VALUE && (cv < 0 || cv > 100)) || scheduleIndex >= 65_536 || notationIndex >= MAX_INDEX || (r.notation !== null) !== notationIndex > 0) {
    throw new RangeError(`recalculate: day ${r.date} of employee ${employeeId} does not fit the day row`);
  }
  out.e.push(employeeId);
  out.d.push(epochDay);
  out.p.push(periodId);
  out.ia.push(r.checkInAt === null ? null : Math.floor(r.checkInAt));
  out.oa.push(r.checkOutAt === null ? null : Math.floor(r.checkOutAt));
  // Whole minutes (the engine's windows start and end on a minute).
  out.pf.push(Math.floor(r.punchesFrom / 60_000));
  out.pt.push(Math.floor(r.punchesTo / 60_000));
  out.i.push(r.checkIn);
  out.x.push(r.checkOut);
  out.s1.push(minutes(r.punchCount) + minutes(r.lateMinutes) * P12 + minutes(r.earlyMinutes) * P24 + minutes(r.workedMinutes) * P36);
  out.s2.push(
    minutes(r.absentMinutes) +
      minutes(r.requestMinutes) * P12 +
      minutes(r.explanationRefundMinutes) * P24 +
      Math.min(255, r.explanationUses) * P36 +
      abnormalCode(r) * P44,
  );
  out.k.push(
    DAY_TYPE[r.dayType] +
      (r.mode === null ? 0 : MODE[r.mode]) * 4 +
      credit(r.shifts?.MORNING ?? null) * 16 +
      credit(r.shifts?.AFTERNOON ?? null) * 128 +
      (r.isLateComing ? 1024 : 0) +
      (r.isEarlyLeaving ? 2048 : 0) +
      (r.overridden ? 4096 : 0) +
      cv * 8192 +
      scheduleIndex * K_SCHEDULE +
      notationIndex * K_NOTATION,
  );
  // numeric(4,2): an override is stored in hundredths.
  out.v.push(r.overridden && r.value !== null ? Math.round(r.value * 100) : null);
  out.n.push(minutes(r.nightMinutes));
  out.h.push(dayRowKey(out, out.e.length - 1, r.scheduleCode, r.notation));
}

/** A PackedDays with `take` applied to every field's array (one place that knows the fields: emptyPacked). */
function mapPacked(p: PackedDays, take: (column: readonly unknown[]) => unknown[]): PackedDays {
  const out = emptyPacked();
  for (const field of Object.keys(out) as (keyof PackedDays)[]) (out[field] as unknown[]) = take(p[field]);
  return out;
}

/** Rows `from` … `to` − 1 of `p`. */
export const slicePacked = (p: PackedDays, from: number, to: number): PackedDays => mapPacked(p, (column) => column.slice(from, to));

/** The rows of `p` at `indexes`, in that order. */
export const pickPacked = (p: PackedDays, indexes: readonly number[]): PackedDays => mapPacked(p, (column) => indexes.map((i) => column[i]));

/**
 * The day rows of one batch as a relation with timesheet_days' columns. The bit layout is `packDay`'s: s1 = punches | late << 12 | early << 24 | worked << 36; s2 = absent | request << 12 |
 * refund << 24 | uses << 36 | abnormal << 44; k = dayType | mode << 2 | morning << 4 | afternoon << 7 |
 * late flag << 10 | early flag << 11 | overridden << 12 | value×100 (127 = none) << 13 | schedule index << 20 |
 * notation index << 36 (indexes 1-based into `scheduleCodes` / `notations`, 0 = none). pf, pt: the punch window in
 * epoch minutes; n: the night minutes.
 */
export function decodedDays(rows: PackedDays, scheduleCodes: readonly string[], notations: readonly string[]) {
  const credit = (shift: number) => sql.raw(`(array[null, 'ATTENDANCE', 'REQUEST', 'HOLIDAY', 'UNPAID'])[k / ${shift} % 8 + 1]::varchar`);
  return sql`
    select e as employee_id, date '1970-01-01' + d as date, p as period_id,
           (array['WORKING', 'WEEKEND', 'NON_WORKING', 'HOLIDAY'])[k % 4 + 1]::varchar as day_type,
           (${textArrayLiteral([...scheduleCodes])}::text[])[nullif(k / 1048576 % 65536, 0)]::varchar as schedule_code,
           (array[null, 'DAY', 'HOUR'])[k / 4 % 4 + 1]::varchar as mode,
           to_timestamp(ia / 1000::float8) as check_in_at, to_timestamp(oa / 1000::float8) as check_out_at,
           i::varchar as check_in, x::varchar as check_out,
           (s1 % 4096)::smallint as punch_count,
           to_timestamp(pf * 60::float8) as punches_from, to_timestamp(pt * 60::float8) as punches_to,
           ${credit(16)} as morning_credit,
           ${credit(128)} as afternoon_credit,
           (nullif(k / 8192 % 128, 127) / 100.0)::numeric(4, 2) as computed_value,
           ${finalValue({ overridden: sql`k / 4096 % 2 = 1`, override: sql`v / 100.0`, computed: sql`nullif(k / 8192 % 128, 127) / 100.0` })}::numeric(4, 2) as value,
           k / 4096 % 2 = 1 as overridden,
           (s1 / 4096 % 4096)::int as late_minutes, (s1 / 16777216 % 4096)::int as early_minutes,
           (s2 % 4096)::int as absent_minutes, (s1 / 68719476736 % 4096)::int as worked_minutes,
           (s2 / 4096 % 4096)::int as request_minutes, (s2 / 16777216 % 4096)::int as explanation_refund_minutes,
           (s2 / 68719476736 % 256)::smallint as explanation_uses, n as night_minutes,
           k / 1024 % 2 = 1 as is_late_coming, k / 2048 % 2 = 1 as is_early_leaving,
           (case s2 / 17592186044416 when 0 then null when 7 then 'FLEXIBLE_ABSENT' else (s2 / 17592186044416)::text end)::varchar as abnormal_reason,
           (${textArrayLiteral([...notations])}::text[])[nullif(k / 68719476736, 0)]::varchar as notation,
           now() as computed_at, h as recalc_key
      from unnest(${intArray(rows.e)}::int[], ${intArray(rows.d)}::int[], ${intArray(rows.p)}::int[],
                  ${intArray(rows.ia)}::int8[], ${intArray(rows.oa)}::int8[], ${intArray(rows.pf)}::int[], ${intArray(rows.pt)}::int[],
                  ${textArrayLiteral(rows.i)}::text[], ${textArrayLiteral(rows.x)}::text[],
                  ${intArray(rows.s1)}::int8[], ${intArray(rows.s2)}::int8[], ${intArray(rows.k)}::int8[], ${intArray(rows.v)}::int[],
                  ${intArray(rows.n)}::int[], ${intArray(rows.h)}::int8[])
           as u(e, d, p, ia, oa, pf, pt, i, x, s1, s2, k, v, n, h)`;
}

/**
 * Writes one batch of day rows and answers how many rows changed. `fresh` (none of the rows is stored yet, see
 * storedDigests) takes a plain INSERT; otherwise INSERT … ON CONFLICT DO UPDATE rewrites a stored row only when its
 * key differs (no dead tuple for an unchanged day). A row counts as changed when it is new or a value changed, not
 * when only its key was refreshed. The caller holds the employees' row locks (lockEmployees), so no one else writes
 * these rows in between.
 * Measured against an UPDATE … FROM plus an INSERT … WHERE NOT EXISTS of the same rows (issue 23): the planner,
 * knowing the batch's 4,000 rows, hashes the whole table for them, 2–3× slower than ON CONFLICT's index probes.
 */
export async function writeDays(tx: DbOrTx, rows: PackedDays, scheduleCodes: readonly string[], notations: readonly string[], fresh: boolean): Promise<number> {
  if (rows.e.length === 0) return 0;
  const upsert = fresh ? sql`` : sql`on conflict (employee_id, date) do update set ${SET} where timesheet_days.recalc_key is distinct from excluded.recalc_key`;
  const result = await queryRows<{ n: number }>(
    tx,
    sql`
    with ins as (
      insert into timesheet_days (${COLUMNS})
      select ${COLUMNS} from (${decodedDays(rows, scheduleCodes, notations)}) u
      ${upsert}
      returning computed_at
    )
    select count(*) filter (where computed_at = now())::int as n from ins`,
  );
  return Number(result[0]?.n ?? 0);
}

/** What an employee's stored rows of a range hold: how many, how many have a key, and the sums of the keys' halves. */
export type StoredDigest = { rows: number; keyed: number; low: number; high: number };

/** Folds one row key into a digest (the same sums of halves storedDigests has PostgreSQL compute). */
export function addKeyToDigest(digest: StoredDigest, key: number): void {
  digest.rows++;
  digest.keyed++;
  digest.low += key % TWO_32;
  digest.high += Math.floor(key / TWO_32);
}

/**
 * Per employee of `ranges`, the digest of the stored day rows of its range (employees with none are absent; an empty
 * map means nothing of the ranges is stored yet, so writeDays may take its plain INSERT). One small row per employee,
 * so a rerun learns what is unchanged without reading its 300,000 keys into JavaScript. The sums of the keys' two
 * halves (exact in both languages: below 2^53 for any range under two million days): two changed days of one employee go
 * unnoticed only if their changes sum to zero in both halves, about 2^-52.
 */
export async function storedDigests(tx: DbOrTx, ranges: readonly EmployeeRange[]): Promise<Map<number, StoredDigest>> {
  const digests = new Map<number, StoredDigest>();
  if (ranges.length === 0) return digests;
  // One index scan per employee, whatever the table's statistics say: a first computation of a period fills the table
  // while its statistics still describe it empty, and a plain join then chose a sequential scan for every chunk.
  const [row] = await queryRows<{ k: [number, number, number, number, number][] | null }>(
    tx,
    sql`select json_agg(json_build_array(r.e, g.n, g.keyed, g.low, g.high)) as k
          from json_to_recordset(${rangesJson(ranges)}::json) as r(e int, f date, t date)
         cross join lateral (
           select count(*)::int as n, count(td.recalc_key)::int as keyed,
                  coalesce(sum(td.recalc_key & 4294967295), 0) as low, coalesce(sum(td.recalc_key >> 32), 0) as high
             from timesheet_days td where td.employee_id = r.e and td.date between r.f and r.t) g
         where g.n > 0`,
  );
  for (const [e, rowsStored, keyed, low, high] of row?.k ?? []) {
    digests.set(Number(e), { rows: Number(rowsStored), keyed: Number(keyed), low: Number(low), high: Number(high) });
  }
  return digests;
}
