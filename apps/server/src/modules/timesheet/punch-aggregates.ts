import type { DbOrTx } from '../../db/client.ts';
import { addDays } from '../../lib/dates.ts';
import { punchDayStarts } from './day-engine.punch-days.ts';
import type { ScheduleAssignment } from './day-engine.types.ts';
import { loadPunchAggregates, type PunchDayStart } from './punch-aggregates.repository.ts';
import type { EmployeeRange } from './employee-days.ts';

/** What the engine reads of one part of a day's punches: the first and last instant, the distinct minutes between. */
export type PunchPart = { first: number; last: number; minutes: number };

/**
 * Builds, from per-(day, part) aggregates, a punch list on which the engine computes exactly what it computes on the
 * raw punches: per part the first and the last instant (both, even in one minute: the last instant of a day is its
 * check-out time), plus `minutes − 2` fillers on the distinct minutes right after the first. Why it is exact: the
 * engine reads of a day's punches only the first, the last and the number of distinct minutes
 * (docs/timesheet-engine.md: a punch counts at its minute, a minute once); a part (before or after the minute of a
 * calendar day where the engine's midpoint rule splits it, day-engine.punch-days.ts) always goes to one day as a
 * whole; there are `minutes` distinct minutes from the first to the last, so the fillers fall strictly between them
 * and the count of distinct minutes is kept.
 * Property-tested against the engine on raw punches (recalculate.test.ts).
 */
export function punchesFromAggregates(parts: readonly PunchPart[], out: number[] = []): number[] {
  for (const p of parts) {
    out.push(p.first);
    const firstMinute = Math.floor(p.first / 60_000);
    for (let k = 1; k <= p.minutes - 2; k++) out.push((firstMinute + k) * 60_000);
    if (p.last !== p.first) out.push(p.last);
  }
  return out;
}

/**
 * The punch parts of each employee of the ranges, aggregated in SQL. RULES.md §4: the punches of a day are split
 * where the engine splits them (the midpoint rule after a night shift), so each aggregated part goes to one day as a
 * whole.
 */
export async function loadPunchParts(
  tx: DbOrTx,
  ranges: readonly EmployeeRange[],
  schedulesOf: (employeeId: number) => readonly ScheduleAssignment[] | undefined,
  utcOffsetMinutes: number,
): Promise<Map<number, PunchPart[]>> {
  const dayStarts: PunchDayStart[] = [];
  for (const r of ranges) {
    const schedules = schedulesOf(r.employeeId);
    if (!schedules) continue;
    for (const [day, minute] of punchDayStarts(schedules, r.from, addDays(r.to, 1))) dayStarts.push([r.employeeId, day, minute]);
  }
  const aggregates = await loadPunchAggregates(tx, ranges, utcOffsetMinutes, dayStarts);
  const parts = new Map<number, PunchPart[]>();
  for (const [e, , , first, last, minutes] of aggregates) {
    const list = parts.get(e);
    if (list) list.push({ first, last, minutes });
    else parts.set(e, [{ first, last, minutes }]);
  }
  return parts;
}
