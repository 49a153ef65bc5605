import { isWeekendIso } from '@tms/contracts/api';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { dayjs } from '../lib/dates.ts';
import { dayOffsetMinutes } from '../lib/zone-time.ts';
import { eachDay, epochDay, localInstant, plusDays } from './calendar.ts';
import { createRandom, deriveSeed, DEMO_SEED } from './random.ts';
import type { AttendanceAccount } from './schedules.ts';

/** Share of working days per anomaly (cumulative thresholds on one draw). */
export const PUNCH_ANOMALY_RATES = { absent: 0.01, missingPunch: 0.02, late: 0.05, extraPunch: 0.04 } as const;

export type PunchRow = { s: string; a: string; e: number; t: string };
type PunchEmployee = { id: number; index: number; startWorkingDay: string; workScheduleType: 'HCM' | 'FLEXIBLE' };

const minutes = (h: number, m: number) => (h * 60 + m) * 60;

/**
 * Device punches for every working day (Mon–Fri, not a holiday) from `fromDate` up to yesterday, and today once
 * the working day is over (18:00 local). Each employee-day draws from its own seeded stream, so a day's punches do
 * not depend on which day the seed ran. HCM: in 07:50–08:30, out 17:30–18:30; late days in after 08:45
 * (beyond the 15 minutes of RULES.md §4). FLEXIBLE: in 07:30–10:00 and out 8–9.5 hours later; a "late" day is short
 * (6.5–7.4 hours). A missing punch drops the check-in or the check-out; now and then someone badges out at lunch.
 */
export function planPunches(opts: {
  employees: readonly PunchEmployee[];
  accounts: ReadonlyMap<number, readonly AttendanceAccount[]>;
  fromDate: string;
  today: string;
  now: Date;
  timeZone: string;
  holidays: ReadonlySet<string>;
  seed?: number;
  /**
   * The employee (the demo's `staff`) who comes late on the last `days` working days up to yesterday, whatever the
   * date: so on any day — the 26th, the 25th, 1 January — they have explainable cases in an open period, the cases
   * the explanation journeys and the demo's walkthrough start from (the seed leaves their two newest unexplained).
   */
  lateOnLastDays?: { employeeId: number; days: number };
}): PunchRow[] {
  const seed = opts.seed ?? DEMO_SEED;
  const afterWork = dayjs(opts.now).tz(opts.timeZone).hour() >= 18;
  const lastDay = afterWork ? opts.today : plusDays(opts.today, -1);
  const nowMs = opts.now.getTime();
  const rows: PunchRow[] = [];
  const { absent, missingPunch, late, extraPunch } = PUNCH_ANOMALY_RATES;
  const workingDays = eachDay(opts.fromDate, plusDays(opts.today, -1)).filter((d) => !isWeekendIso(d) && !opts.holidays.has(d));
  const forcedLate = new Set(opts.lateOnLastDays ? workingDays.slice(-opts.lateOnLastDays.days) : []);
  for (const date of eachDay(opts.fromDate, lastDay)) {
    if (isWeekendIso(date) || opts.holidays.has(date)) continue;
    const offset = dayOffsetMinutes(date, opts.timeZone);
    const day = epochDay(date);
    for (const e of opts.employees) {
      if (date < e.startWorkingDay) continue;
      const rng = createRandom(deriveSeed(seed, 3, e.index, day));
      const forceLate = e.id === opts.lateOnLastDays?.employeeId && forcedLate.has(date);
      const draw = rng.next();
      if (draw < absent && !forceLate) continue;
      const isMissing = draw < absent + missingPunch && !forceLate;
      const isLate = forceLate || (!isMissing && draw < absent + missingPunch + late);
      let checkIn: number;
      let checkOut: number;
      if (e.workScheduleType === 'FLEXIBLE') {
        checkIn = rng.int(minutes(7, 30), minutes(10, 0));
        checkOut = checkIn + (isLate ? rng.int(minutes(6, 30), minutes(7, 24)) : rng.int(minutes(8, 0), minutes(9, 30)));
      } else {
        checkIn = isLate ? rng.int(minutes(8, 46), minutes(9, 50)) : rng.int(minutes(7, 50), minutes(8, 30));
        checkOut = rng.int(minutes(17, 30), minutes(18, 30));
      }
      const times = isMissing ? [rng.chance(0.5) ? checkIn : checkOut] : [checkIn, checkOut];
      if (!isMissing && rng.chance(extraPunch)) times.splice(1, 0, rng.int(minutes(11, 45), minutes(13, 15)));
      const own = opts.accounts.get(e.id) ?? [];
      const tms = own.find((a) => a.system === 'TMS');
      const account = tms && rng.chance(0.2) ? tms : own[0];
      if (!account) continue;
      for (const seconds of times) {
        const at = localInstant(date, seconds, offset);
        if (at.getTime() > nowMs) continue;
        rows.push({ s: account.system, a: account.attendanceCheckId, e: e.id, t: at.toISOString() });
      }
    }
  }
  return rows;
}

/** Set-based: one statement per batch, the rows travel as one JSON parameter (both drivers, no parameter limit). */
export async function insertPunches(db: DbOrTx, rows: readonly PunchRow[], batchSize = 10_000): Promise<void> {
  for (let i = 0; i < rows.length; i += batchSize) {
    const batch = JSON.stringify(rows.slice(i, i + batchSize));
    await db.execute(sql`
      insert into punches (system, attendance_check_id, employee_id, punched_at)
      select r.s, r.a, r.e, r.t from json_to_recordset(${batch}::json) as r(s text, a text, e int, t timestamptz)
      on conflict do nothing`);
  }
}
