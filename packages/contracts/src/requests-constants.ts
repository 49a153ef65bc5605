import type { Actor } from './roles.ts';

/**
 * The zod-free part of `requests.ts` (paths, roles, limits, texts): the web's first load imports it from here and
 * does not fetch zod. `requests.ts` re-exports all of it.
 */

/**
 * Requests, abnormal cases and explanations (spec 001 §2.3, §2.5–§2.7, §3, §4.2–§4.4, §5.2–§5.5, §7.2, §7.4–§7.6;
 * RULES.md §5). Field names are the spec's (spec 001 §3). Shared by the server and the web: the request write side
 * owns this file; the list, abnormal-case, explanation and special-explanation contracts import from it.
 */
export const REQUEST_BASE = '/tms/request-management';
export const REQUEST_PAGE = '/timesheet/request-management';

/** Request status (RULES.md §5). Expired (10) is derived: a pending request whose date is on or before the lock date. */
export const REQUEST_STATUS = { pending: 1, approved: 3, rejected: 4, withdrawn: 5, expired: 10 } as const;
/** Explanation status (RULES.md §5, spec 001 §4.4): 6 Delegated. */
export const EXPLANATION_STATUS = { pending: 1, approved: 3, rejected: 4, cancelled: 5, delegated: 6 } as const;
/** Abnormal case status (spec 001 §4.3). */
export const ABNORMAL_STATUS = { unexplained: 0, pending: 1, approved: 3, rejected: 4 } as const;

/** status → status_type text of the request record and the status tags (spec 000 §4 shared status display). */
export const REQUEST_STATUS_TEXT: Record<number, string> = {
  0: 'UNEXPLAINED',
  1: 'PENDING',
  3: 'APPROVED',
  4: 'REJECTED',
  5: 'WITHDRAWN',
  6: 'DELEGATED',
  10: 'EXPIRED',
};

/** Request types (spec 001 §9) and the two the form adds (work outside, onsite). */
export const REQUEST_TYPES = ['LEAVE_REQUEST', 'EXPLANATION_REQUEST', 'WORK_OUTSIDE', 'ONSITE'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];
export const SHIFTS = ['MORNING', 'AFTERNOON'] as const;
export type ShiftName = (typeof SHIFTS)[number] | 'FULL_DAY';

/** Reason codes with a balance shown in the form (spec 001 §9); ANN_LEAVE_CORP is the default of a new request. */
export const REASON_ANNUAL = 'ANN_LEAVE_CORP';
export const REASON_OFFSET = 'LOA_CORP_11';
export const REASON_BIRTHDAY = 'BIRTHDAY_LEAVE';
export const REASON_PROJECT = 'PROJECT_LEAVE';
export const BALANCE_REASONS = [REASON_ANNUAL, REASON_OFFSET, REASON_BIRTHDAY] as const;

/** Minimum block of an hourly request in minutes (spec 001 §3 Work schedule, §9). */
export const DEFAULT_MINIMUM_MINUTE_BLOCK = 30;
export const REQUEST_TEXT_MAX = 1000;
/** CC tags shown in the multi-select (spec 001 §5.2). */
export const CC_MAX_TAG_COUNT = 3;

/** Who may add (everyone but GUEST), add for several staff (HR, ADMIN), batch by usernames (HR), import (spec 001 §6). */
export const REQUEST_CREATORS = ['STAFF', 'GROUP_LEAD', 'DULEAD', 'HR', 'HRM', 'ADMIN', 'PM'] as const satisfies readonly Actor[];
export const REQUEST_MULTIPLE_CREATORS = ['HR', 'ADMIN'] as const satisfies readonly Actor[];
export const REQUEST_IMPORTERS = ['ADMIN', 'HRM', 'HR'] as const satisfies readonly Actor[];
/** The "special role" of spec 001 §4.2 whose approved onsite requests HR, HRM and Admin may edit or reject. */
export const SPECIAL_CREATOR_ROLE = 'HR';
/**
 * created_by_role of the ONSITE request rows an onsite record (Onsite Management) writes for its staff: their status is
 * the record's (approve, reject and withdraw on Request Management go to the onsite record; edit happens there).
 */
export const ONSITE_CREDIT_ROLE = 'ONSITE';

/** Texts of spec 001 §5.2, §5.4, §5.5 and §8 (verbatim). */
export const REQUEST_MESSAGES = {
  requestTypeRequired: 'Please choose request !',
  reasonRequired: 'Please choose reason !',
  explanationDateRequired: 'Please choose Date!',
  flexibleDateRequired: 'Date is required',
  requestDateRequired: 'Request date is required',
  chooseRequestDate: 'Please choose Request Date!',
  durationRequired: 'Duration is required',
  chooseDuration: 'Choose duration!',
  hourRequired: 'Hour is required',
  minuteRequired: 'Minute is required',
  chooseHours: 'Choose hours!',
  startTimeRequired: 'Please choose Start Time!',
  endTimeRequired: 'Please choose End Time!',
  shiftRequired: 'Please choose Start Shift!',
  actualRequired: 'Actual is required',
  chooseActualType: 'Please choose actual type!',
  staffRequired: 'Staff is required!',
  staffListTooLong: 'You’ve exceeded the limit by 500 characters',
  requestDatesRequired: 'Request dates is required',
  fileRequired: 'File is required',
  descriptionRequired: 'Description is required',
  textTooLong: "You've exceeded the limit by 1000 characters",
  fileTooLarge: 'Maximum allowed file size is 5.0 MB',
  reasonIsRequired: 'Reason is required',
  reasonsIsRequired: 'Reasons is required!',
  messageRequired: 'Message required!',
  approverRequired: 'Approver is required',
  onsiteNotSupported: 'HRMS does not support you create work outside request. Please log ticket in PMS System',
  projectRequired: 'Project is required',
  noWorkSchedule: 'You have not been set to work schedule',
  openCreateFailed: 'Open modal create request fail!',
  titleRequired: 'Title is required',
  abnormalReasonRequired: 'Reason is required!',
  // successes (spec 001 §8)
  success: 'Success',
  exported: 'Request List is exported successfully!',
  imported: 'File Request TimeOff is imported successfully!',
  importedRevoke: 'File Request TimeOff Revoke is imported successfully!',
  uploadSuccess: 'Upload file success',
  uploadFailed: 'Upload file failed',
  updateStatusSuccess: 'Update status successfully!',
  updateStatusFailed: 'Failed to update status!',
  noRequestCreated: 'No request created',
  explanationStatusUpdated: 'Update Status Successfully!',
  explanationStatusFailed: 'Failed To Update Status!',
  editFailed: 'Failed to edit!',
  noDataExport: 'No data export',
} as const;
export const REQUEST_TYPE_NAMES: Record<RequestType, string> = {
  LEAVE_REQUEST: 'Leave Request',
  EXPLANATION_REQUEST: 'Explanation Request',
  WORK_OUTSIDE: 'Work Outside',
  ONSITE: 'Onsite',
};
