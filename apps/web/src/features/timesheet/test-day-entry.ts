import type { DayEntry } from '@tms/contracts/timesheet-grid';

/** A full working day with no punch issues, for tests; each test overrides what it checks. */
export function dayEntry(over: Partial<DayEntry> = {}): DayEntry {
  return {
    date_of_issue: '2026-11-23',
    day_type: 'WORKING',
    value: 1,
    computed_value: 1,
    overridden: false,
    notation: null,
    check_in_time: '08:20',
    check_out_time: '17:45',
    is_late_coming: false,
    is_early_leaving: false,
    late_minutes: 0,
    early_minutes: 0,
    absent_time: 0,
    active_time: 480,
    abnormal_reason: null,
    morning_credit: null,
    afternoon_credit: null,
    requests: [],
    history: [],
    edit_count: 0,
    ...over,
  };
}
