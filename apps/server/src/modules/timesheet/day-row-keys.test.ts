import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database, type Db } from '../../db/client.ts';
import { createTestDatabase } from '../../test/database.ts';
import type { DayResult } from './day-engine.types.ts';
import { addKeyToDigest, emptyPacked, packDay, storedDigests, writeDays, type StoredDigest } from './day-row.repository.ts';

/**
 * Issue 23 §4: a rerun sends only the days whose row key changed. That is sound only while a stored key describes the
 * stored row: any change of the row gives another key, and a write by anything but the recalculation clears it.
 */

const BASE: DayResult = {
  date: '2026-03-02', dayType: 'WORKING', holidayName: null, scheduleCode: 'HCM', mode: 'DAY', checkIn: '08:01', checkOut: '17:35',
  checkInAt: Date.parse('2026-03-02T01:01:02.345Z'), checkOutAt: Date.parse('2026-03-02T10:35:00Z'), punchCount: 3,
  punchesFrom: Date.parse('2026-03-01T17:00:00Z'), punchesTo: Date.parse('2026-03-02T17:00:00Z'),
  shifts: { MORNING: 'ATTENDANCE', AFTERNOON: 'ATTENDANCE' }, computedValue: 1, value: 1, overridden: false, lateMinutes: 0,
  earlyMinutes: 0, isLateComing: false, isEarlyLeaving: false, absentMinutes: 0, workedMinutes: 514, requestMinutes: 0,
  explanationRefundMinutes: 0, explanationUses: 0, nightMinutes: 0, abnormal: null, notation: null, judged: true,
};
const EMPLOYEE = 900_101;
const EPOCH_DAY = 20_514; // 2026-03-02

/** The key packDay gives `day` (schedule code 'HCM' at `scheduleIndex`, the notation at index 1 when there is one). */
function keyOf(day: DayResult, periodId: number | null = 7, scheduleIndex = 1): number {
  const packed = emptyPacked();
  packDay(packed, EMPLOYEE, EPOCH_DAY, day, periodId, day.scheduleCode === null ? 0 : scheduleIndex, day.notation === null ? 0 : 1);
  return packed.h[0]!;
}

describe('the row key of a day', () => {
  it('is the same for the same row, whatever the chunk-relative indexes', () => {
    expect(keyOf(BASE)).toBe(keyOf({ ...BASE }));
    expect(keyOf(BASE, 7, 1)).toBe(keyOf(BASE, 7, 9));
    expect(Number.isSafeInteger(keyOf(BASE))).toBe(true);
    expect(keyOf(BASE)).toBeGreaterThanOrEqual(0);
  });

  it('changes with every field the row stores', () => {
    const variants: Partial<DayResult>[] = [
      { dayType: 'HOLIDAY' }, { scheduleCode: 'HN' }, { scheduleCode: null }, { mode: 'HOUR' }, { checkIn: '08:02' }, { checkOut: null },
      { checkInAt: BASE.checkInAt! + 1 }, { checkOutAt: null }, { punchCount: 4 }, { punchesFrom: BASE.punchesFrom - 60_000 },
      { punchesTo: BASE.punchesTo + 60_000 }, { shifts: { MORNING: 'REQUEST', AFTERNOON: 'ATTENDANCE' } }, { shifts: null },
      { computedValue: 0.5, value: 0.5 }, { computedValue: null, value: null }, { overridden: true, value: 0.25 }, { lateMinutes: 1 },
      { earlyMinutes: 1 }, { isLateComing: true }, { isEarlyLeaving: true }, { absentMinutes: 1 }, { workedMinutes: 515 },
      { requestMinutes: 60 }, { explanationRefundMinutes: 60 }, { explanationUses: 1 }, { nightMinutes: 1 }, { notation: 'P' },
      { abnormal: { reason: 1, minuteViolation: 5, startTime: '08:30', endTime: '08:35' } },
    ];
    const keys = new Set([keyOf(BASE), ...variants.map((v) => keyOf({ ...BASE, ...v }))]);
    expect(keys.size).toBe(variants.length + 1);
    expect(keyOf(BASE, null)).not.toBe(keyOf(BASE, 7));
    expect(keyOf({ ...BASE, notation: 'P' })).not.toBe(keyOf({ ...BASE, notation: 'KL' }));
  });
});

describe('stored row keys', () => {
  let database: Database;
  let db: Db;
  const days = [0, 1, 2].map((i) => ({ ...BASE, workedMinutes: 500 + i }));
  const packedDays = () => {
    const packed = emptyPacked();
    days.forEach((day, i) => packDay(packed, EMPLOYEE, EPOCH_DAY + i, day, 7, 1, 0));
    return packed;
  };
  const write = () => writeDays(db, packedDays(), ['HCM'], [], false);
  const stored = () =>
    queryRows<{ key: number | null; at: string; worked: number }>(
      db,
      sql`select recalc_key::float8 as key, computed_at::text as at, worked_minutes as worked from timesheet_days where employee_id = ${EMPLOYEE} order by date`,
    );
  const range = [{ employeeId: EMPLOYEE, from: '2026-03-02', to: '2026-03-04' }];

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  }, 60_000);
  afterAll(() => database.close());

  it('are written with the row, and a second write of the same rows changes nothing', async () => {
    expect(await write()).toBe(3);
    const first = await stored();
    expect(first.map((r) => r.key)).toEqual(packedDays().h);
    expect(await write()).toBe(0);
    expect(await stored()).toEqual(first);
  });

  it('are cleared by any other write of the row, which the next write then restores', async () => {
    await db.execute(sql`update timesheet_days set worked_minutes = worked_minutes + 1 where employee_id = ${EMPLOYEE} and date = '2026-03-03'`);
    const edited = await stored();
    expect(edited.map((r) => r.key === null)).toEqual([false, true, false]);
    expect(edited[1]!.worked).toBe(502);
    // The recalculation writes the computed row back: one changed day, its key again.
    expect(await write()).toBe(1);
    const repaired = await stored();
    expect(repaired.map((r) => r.worked)).toEqual([500, 501, 502]);
    expect(repaired.map((r) => r.key)).toEqual(packedDays().h);
  });

  it('refresh a missing key without counting the day as changed or moving its time', async () => {
    const before = await stored();
    await db.execute(sql`update timesheet_days set recalc_key = null where employee_id = ${EMPLOYEE}`);
    expect(await write()).toBe(0);
    expect(await stored()).toEqual(before);
  });

  it('sum per employee to the digest the chunk computes from its own keys', async () => {
    const digests = await storedDigests(db, [...range, { employeeId: EMPLOYEE + 1, from: '2026-03-02', to: '2026-03-04' }]);
    const computed: StoredDigest = { rows: 0, keyed: 0, low: 0, high: 0 };
    for (const key of packedDays().h) addKeyToDigest(computed, key);
    expect([...digests.keys()]).toEqual([EMPLOYEE]);
    expect(digests.get(EMPLOYEE)).toEqual(computed);
    await db.execute(sql`update timesheet_days set notation = 'X' where employee_id = ${EMPLOYEE} and date = '2026-03-04'`);
    expect((await storedDigests(db, range)).get(EMPLOYEE)).toMatchObject({ rows: 3, keyed: 2 });
  });
});
