import type { DayEntry, StaffSummary } from '@tms/contracts/timesheet-grid';
import { totalOf } from './day-entries.ts';

/** What the summary reads besides the day entries (repository: findStaff, daysOf). */
export type SummaryFacts = {
  /** Working days of the period whose final value is below 1 (RULES.md §4 Violation, day-value.repository). */
  violationDays: number;
  /** Abnormal cases of reason 1 (early leaving) or 2 (late coming) in the period: approved (status 3) and not. */
  approvedLateEarly: number;
  unapprovedLateEarly: number;
  /**
   * Annual leave hours from the leave ledger (leave/annual-balance.ts): granted on the annual funds' rows applied in
   * the period's financial year, and usable on the period's last day (or today, before it ends). 2 decimals.
   */
  totalAnnualLeave: number;
  remainAnnualLeave: number;
  /** Σ timesheet_days.explanation_uses in the period (hour-based staff, RULES.md §4 explanation fund). */
  explanationUses: number;
  /** Σ timesheet_days.night_minutes in the period (Labour Code 2019 Art. 98.2 regular night work); absent = 0. */
  nightMinutes?: number;
  /** The policy's explanation_number on the period's last day (or the latest before); 0 without a policy. */
  explanationNumber: number;
  /** Days of approved requests in the period (timesheet-grid.repository requestDayFacts); absent = 0. */
  requests?: RequestDays;
};

/** Days of approved requests dated in the period, by kind of reason (reason_types.effect / paid / social_insurance). */
export type RequestDays = {
  paidLeave: number;
  unpaidLeave: number;
  socialInsurance: number;
  birthday: number;
  offset: number;
  annual: number;
  onsite: number;
};

/**
 * Request-based summary fields of spec 001 §3 that the contract's staffSummarySchema does not list yet: they are
 * computed here and reach the client once the schema names them (the response serializer keeps only listed keys).
 */
export type RequestSummaryExtras = {
  birthday_leave: number;
  total_offset_leave_days: number;
  total_days_off_social_insurance_covers: number;
  annual_leave_days_used_in_period: number;
};
export type StaffSummaryWithRequests = StaffSummary & RequestSummaryExtras;

/** Abnormal reasons 4 no check-in, 5 no check-out (RULES.md §4): a punch forgotten on a day otherwise attended. */
const FORGOTTEN_PUNCH = new Set(['4', '5']);

/**
 * Staff summary of My Timesheet (spec 001 §2.2 summary list, §3 Staff summary fields), from the period's day entries
 * (shown values: HR overrides included) and the facts above. Field definitions:
 * - total_working_days: Σ value of WORKING days (attendance and HR edits).
 * - total_paid_leave_days, total_unpaid_leave_days, total_days_off_social_insurance_covers, birthday_leave,
 *   total_offset_leave_days, annual_leave_days_used_in_period, total_onsite_days: days of approved requests dated in the
 *   period (a full day 1, a shift 0.5, an hourly date its share of the standard day): leave that is paid and not social
 *   insurance / unpaid / social insurance; of the paid leave, the birthday, offset and annual reasons; onsite requests.
 * - total_public_holidays: number of HOLIDAY days (RULES.md §4: a holiday is 1 with the holiday notation).
 * - total_paid_days: Σ value of every day of the period, the grid's Total (working days + holidays + paid leave).
 * - countDaysNotEnoughWorkingTime: working days whose final value — after overrides and approved requests — is below 1
 *   (RULES.md §4; the grid's Violation column).
 * - total_annual_leave, remaining_paid_leave_days_of_year: annual leave in hours (2 decimals) from the leave ledger —
 *   granted for the period's financial year, and usable on the period's last day or today (docs/leave-balances.md).
 * - approved_late_coming_and_early_leaving / unapproved_…: abnormal cases of reason 1 or 2 in the period whose
 *   explanation is approved (status 3) / not (0 unexplained, 1 pending, 4 rejected).
 * - days_forget_taking_attendance_counted_as_working_day / …_half_working_day: days with no check-in or no check-out
 *   (reasons 4, 5) whose shown value is 1 / 0.5 (after an approved explanation or an HR edit).
 * - total_absent_time: Σ absent minutes (hour-based staff; 0 for day-based).
 * - explanation_used / explanation_number: explanation-fund uses in the period and the policy's fund per period.
 * - night_working_hours: regular (not overtime) hours between 22:00 and 06:00 (Labour Code 2019 Art. 98.2), Σ of the
 *   stored days' night minutes / 60, 2 decimals — the Timesheets Summary's column of the same name.
 */
export function staffSummary(entries: readonly DayEntry[], facts: SummaryFacts): StaffSummaryWithRequests {
  let holidays = 0;
  let forgotFull = 0;
  let forgotHalf = 0;
  let absent = 0;
  const working: DayEntry[] = [];
  for (const d of entries) {
    if (d.day_type === 'HOLIDAY') holidays += 1;
    if (d.day_type === 'WORKING') working.push(d);
    if (d.abnormal_reason !== null && FORGOTTEN_PUNCH.has(d.abnormal_reason)) {
      if (d.value === 1) forgotFull += 1;
      else if (d.value === 0.5) forgotHalf += 1;
    }
    absent += d.absent_time;
  }
  const r = facts.requests;
  return {
    total_working_days: totalOf(working),
    total_paid_leave_days: r?.paidLeave ?? 0,
    total_public_holidays: holidays,
    total_unpaid_leave_days: r?.unpaidLeave ?? 0,
    total_onsite_days: r?.onsite ?? 0,
    total_days_off_social_insurance_covers: r?.socialInsurance ?? 0,
    birthday_leave: r?.birthday ?? 0,
    total_offset_leave_days: r?.offset ?? 0,
    annual_leave_days_used_in_period: r?.annual ?? 0,
    total_paid_days: totalOf(entries),
    countDaysNotEnoughWorkingTime: facts.violationDays,
    total_annual_leave: facts.totalAnnualLeave,
    remaining_paid_leave_days_of_year: facts.remainAnnualLeave,
    approved_late_coming_and_early_leaving: facts.approvedLateEarly,
    unapproved_late_coming_and_early_leaving: facts.unapprovedLateEarly,
    days_forget_taking_attendance_counted_as_working_day: forgotFull,
    days_forget_taking_attendance_counted_as_half_working_day: forgotHalf,
    total_absent_time: absent,
    explanation_used: facts.explanationUses,
    explanation_number: facts.explanationNumber,
    night_working_hours: Math.round(((facts.nightMinutes ?? 0) * 100) / 60) / 100,
  };
}
