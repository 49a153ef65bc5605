import { clockOf, round2 } from './day-engine.clock.ts';
import { type DayRequests, requestMinutesOf } from './day-engine.requests.ts';
import type { CompiledDay } from './day-engine.schedule.ts';
import type { AttendancePolicy, DayResult } from './day-engine.types.ts';

function overlap(a0: number, a1: number, b0: number, b1: number): number {
  const d = Math.min(a1, b1) - Math.max(a0, b0);
  return d > 0 ? d : 0;
}

/**
 * An hour-based (FLEXIBLE) working day, RULES.md §4: absent = max(0, standard − worked inside the window − request
 * minutes − refunded explanation minutes); value = 1 − absent/standard with two decimals.
 * decision (RULES.md §4 unpaid leave, for hour-based days too): the minutes of unpaid or social-insurance leave (`req`
 * minus `paid`) are covered — not absent, no abnormal case — but worth nothing: the value also loses the part of the
 * day only they cover.
 * Returns the explanation uses taken from the period fund; `fundRemaining` is what is left of it before this day.
 */
export function computeFlexibleDay(
  out: DayResult,
  row: CompiledDay,
  policy: AttendancePolicy,
  req: DayRequests | null,
  paid: DayRequests | null,
  cin: number,
  cout: number,
  fundRemaining: number,
): number {
  const standard = row.standard;
  let worked = 0;
  if (cin >= 0 && cout > cin) {
    const s = Math.max(cin, row.start);
    const e = Math.min(cout, row.end);
    // decision: the schedule's break is not worked time for the part of it the attendance spans.
    if (e > s) worked = e - s - overlap(s, e, row.breakStart, row.breakEnd);
  }
  const requestMinutes = req === null ? 0 : requestMinutesOf(req, standard);
  const before = Math.max(0, standard - worked - requestMinutes);

  // RULES.md §4: the fund is used only by the explanations the employee filed for the day and HR's lead approved —
  // as many uses as they ask for, within the per-day limit, what is left for the period and what the absence needs.
  const refundPerUse = Math.round(Math.max(0, policy.refundHoursPerExplanation) * 60);
  let uses = 0;
  const asked = req === null ? 0 : req.explanationUses;
  if (before > 0 && refundPerUse > 0 && asked > 0) {
    uses = Math.max(0, Math.min(asked, Math.ceil(before / refundPerUse), Math.floor(policy.explanationTimePerDays), fundRemaining));
  }
  const refund = Math.min(before, uses * refundPerUse);
  const absent = before - refund;
  const paidMinutes = paid === req ? requestMinutes : paid === null ? 0 : requestMinutesOf(paid, standard);
  const unpaidTaken = Math.max(0, standard - worked - paidMinutes) - before;

  out.workedMinutes = worked;
  out.requestMinutes = requestMinutes;
  out.absentMinutes = absent;
  out.explanationUses = uses;
  out.explanationRefundMinutes = refund;
  // decision: a standard of 0 minutes cannot be missed, so the day is worth 1.
  out.computedValue = standard > 0 ? Math.min(1, Math.max(0, round2(standard - absent - unpaidTaken, standard))) : 1;
  if (absent > Math.max(0, policy.lackOfTimeAllowed)) {
    out.abnormal = { reason: 'FLEXIBLE_ABSENT', minuteViolation: absent, startTime: clockOf(row.start), endTime: clockOf(row.end) };
  }
  return uses;
}
