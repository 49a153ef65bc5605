import type { DayEntry } from '@tms/contracts/timesheet-grid';
import { isTimesheetKey, timesheetTexts, type TimesheetT } from './i18n/index.ts';

/**
 * A day's request type in the reader's language (issue 25): by the code the server sends beside the spec's English
 * name (`request_type`), the English name when the catalogue does not know the code.
 */
export function requestTypeText(r: Pick<DayEntry['requests'][number], 'request_type' | 'request_type_name_en'>, t: TimesheetT = timesheetTexts.t): string {
  const key = `requestType.${r.request_type}`;
  return isTimesheetKey(key) ? t(key) : r.request_type_name_en;
}
