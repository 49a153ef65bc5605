import { TIMESHEET_REVIEW_MESSAGES } from './timesheet-review-constants.ts';
import type { Role } from './roles.ts';

/**
 * The zod-free part of `timesheet-modify.ts` (paths, roles, limits, texts): the web's first load imports it from here and
 * does not fetch zod. `timesheet-modify.ts` re-exports all of it.
 */

/**
 * HR cell, row and column edits (spec 001 §2.1 Modify modal, §5.1 validations, §7.1 PUT /tms/timesheets, §8 success
 * texts; RULES.md §4: only in Draft or Pending update, never on or before the lock date, overriding the computed
 * value, both values in history) and the update of an employee's work schedule (spec 001 §2.1, HR and ADMIN).
 */
export const TIMESHEET_MODIFY_PATH = '/tms/timesheets';
export const UPDATE_JOB_HISTORY_PATH = '/tms/timesheets/update-job-history';

/** Spec 001 §1: HR, HRM and ADMIN modify cells, rows and columns. */
export const TIMESHEET_MODIFIERS = ['HR', 'HRM', 'ADMIN'] as const satisfies readonly Role[];
/** Spec 001 §6: update employee workschedule — HR, ADMIN. */
export const WORK_SCHEDULE_UPDATERS = ['HR', 'ADMIN'] as const satisfies readonly Role[];

export const MODIFY_TYPES = ['cell', 'row', 'column'] as const;
export type ModifyType = (typeof MODIFY_TYPES)[number];

export const TIMESHEET_MODIFY_MESSAGES = {
  // spec 001 §5.1 verbatim
  typeRequired: 'Type is required',
  dateRequired: 'Date is required',
  valueRequired: 'Value is required',
  valueRange: 'Value must be between 0 and 1',
  commentRequired: TIMESHEET_REVIEW_MESSAGES.commentRequired,
  // the spec gives none for these
  commentTooLong: TIMESHEET_REVIEW_MESSAGES.commentTooLong,
  employeeRequired: 'Employee is required',
  employeeNotFound: 'Employee not found',
  dateOrder: 'From date must not be after To date',
  dateOutsidePeriod: "Date must be within the timesheet's from and to dates",
  notEditable: 'The timesheet can be modified only in Draft or Pending update',
  locked: (dateDmy: string) => `Dates on or before ${dateDmy} are in an approved timesheet and can no longer be modified.`,
  weekendColumn: 'A weekend column cannot be modified',
  noData: 'There is no timesheet data to modify',
  // RULES.md §4: future days and days outside the employee's employment have no value (spec 001 §2.1: Modify needs data present)
  dayNotModifiable: 'This day has no timesheet data to modify: it is in the future or outside the employee\'s working period',
  // spec 001 §8 verbatim: "Update {cell|row|column} working day successfully."
  success: (type: ModifyType) => `Update ${type} working day successfully.`,
  // update employee work schedule
  scheduleRequired: 'Work schedule is required',
  scheduleNotFound: 'Work schedule not found',
  applyDateRequired: 'Apply date is required',
  applyDateLocked: (dateDmy: string) => `Apply date must be after the most recent approved timesheet (${dateDmy})`,
  noPolicy: 'The employee has no staff policy on the apply date',
  updateSuccess: 'Update Successfully',
} as const;
