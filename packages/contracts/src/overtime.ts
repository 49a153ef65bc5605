import type { Actor } from './roles.ts';

/**
 * Overtime, what both kinds and every overtime screen share (spec 001 §2.4, §3, §4.5, §4.6, §5.6, §7.3, §9;
 * RULES.md §6). zod-free: the list page imports it for texts and limits. Each part has its own file:
 * `overtime-fixed.ts`, `overtime-flexible.ts`, `overtime-list.ts`, `overtime-pay.ts` (engine rules, date type,
 * payroll configuration, OT report).
 */
export const OVERTIME_PAGE = '/timesheet/overtime-management';
export const overtimeDetailPath = (id: number | string) => `${OVERTIME_PAGE}/${id}`;
/** spec 001 §7.3 base path. */
export const OVERTIME_BASE = '/tms/overtime-request';

/** Every role but GUEST (RULES.md §2 pages by role); PM is a STAFF who manages a project. */
export const OVERTIME_USERS = ['STAFF', 'GROUP_LEAD', 'DULEAD', 'HR', 'HRM', 'ADMIN', 'PM'] as const satisfies readonly Actor[];
/** spec 001 §6: the approver view of the list (currentScreen overtime_management); others get the staff view. */
export const OVERTIME_MANAGEMENT_VIEW = ['PM', 'DULEAD', 'GROUP_LEAD', 'HR', 'HRM', 'ADMIN'] as const satisfies readonly Actor[];
/** spec 001 §6: Add Multiple Staffs; Export Overtime Report. */
export const OVERTIME_REPORT_USERS = ['HR', 'ADMIN'] as const satisfies readonly Actor[];
/** spec 001 §6: Import Overtime. */
export const OVERTIME_IMPORT_USERS = ['ADMIN', 'HRM', 'HR'] as const satisfies readonly Actor[];

export type OvertimeKind = 'FIXED' | 'FLEXIBLE';

/**
 * A user's overtime type (policy `ot_type`, user detail `overtimeType`; spec 001 §9): flexible types file the
 * flexible form (and need a work schedule), the others the fixed one. The *_IGNORE variants ("Không OT") file the
 * same form as their base type.
 */
export const OVERTIME_USER_TYPES = ['OT_FIXED', 'OT_FIXED_CONFIG', 'OT_FIXED_IGNORE', 'OT_FIXED_CONFIG_IGNORE', 'OT_FLEXIBLE', 'OT_FLEXIBLE_IGNORE'] as const;
export type OvertimeUserType = (typeof OVERTIME_USER_TYPES)[number];
export const isFlexibleOvertimeType = (t: string | null | undefined) => t === 'OT_FLEXIBLE' || t === 'OT_FLEXIBLE_IGNORE';
/** spec 001 §6 Other rules: fixed types list all projects; configured or flexible types the user's own projects. */
export const listsAllProjects = (t: string | null | undefined) => t === 'OT_FIXED' || t === 'OT_FIXED_IGNORE' || !t;

/** Fixed OT types (the request's `ot_type`); spec 001 §5.6: the last two need an attachment. */
export const FIXED_OT_TYPES = [
  { value: 'OT_AT_OFFICE', label: 'OT at office' },
  { value: 'OT_FROM_HOME', label: 'OT from home' },
  { value: 'WORK_OUTSIDE', label: 'Work outside' },
] as const;
export const OT_TYPES_NEEDING_FILE = ['OT_FROM_HOME', 'WORK_OUTSIDE'] as const;
export const otTypeNeedsFile = (t: string) => (OT_TYPES_NEEDING_FILE as readonly string[]).includes(t);

/**
 * Flexible request types (spec 001 §9): "OT mới" is paid overtime; "Không OT" records the extra time without pay
 * (its pay lines carry 0 pay hours).
 */
export const FLEXIBLE_OT_TYPES = [
  { value: 'OT_FLEXIBLE', label: 'OT mới' },
  { value: 'OT_FLEXIBLE_IGNORE', label: 'Không OT' },
] as const;

/** Day types (`GET /tms/filters/date-type` data.name): a holiday wins over a day off. */
export const DATE_TYPES = ['WORKDAY', 'DAY_OFF', 'HOLIDAY'] as const;
export type DateType = (typeof DATE_TYPES)[number];
export const DATE_TYPE_LABELS: Record<DateType, string> = { WORKDAY: 'Workday', DAY_OFF: 'Day off', HOLIDAY: 'Holiday' };

/** Fixed staff-row statuses (spec 001 §4.5): approve sends 3, reject 4, withdraw 5. Expired (10) is derived. */
export const FIXED_STAFF_STATUS = { pending: 1, approved: 3, rejected: 4, withdrawn: 5, cancelled: 6, expired: 10 } as const;
export const FIXED_STAFF_STATUS_TEXT: Record<number, string> = { 1: 'PENDING', 3: 'APPROVED', 4: 'REJECTED', 5: 'WITHDRAWN', 6: 'CANCELLED', 10: 'EXPIRED' };

/** Flexible status index (RULES.md §6); 7 Expired is derived for 0, 1 or 3 once the date is locked. */
export const FLEXIBLE_STATUS = {
  pendingPm: 0,
  approvedByPm: 1,
  rejectedByPm: 2,
  confirmed: 3,
  rejectedByManager: 4,
  approved: 5,
  cancelled: 6,
  expired: 7,
} as const;
export const FLEXIBLE_STATUS_TEXT: Record<number, string> = {
  0: 'Pending PM approval',
  1: 'Approved by PM',
  2: 'Rejected by PM',
  3: 'Confirmed',
  4: 'Rejected by manager',
  5: 'Approved',
  6: 'Cancelled',
  7: 'Expired',
};

/** Limits (spec 001 §5.6, §9). */
export const OVERTIME_TITLE_MAX = 200;
export const OVERTIME_TEXT_MAX = 1000;
/** The OT date picker reaches this many days past the end of the latest payroll period (spec 001 §9). */
export const OVERTIME_DATE_LIMIT_DAYS = 10;
/** On a workday the OT starts at least this many hours after the schedule's end (spec 001 §5.6 "plus 0.5"). */
export const OVERTIME_AFTER_WORK_HOURS = 0.5;
/** Break (spec 001 §5.6, §9; RULES.md §6): 1 hour after 4 hours (fixed) or 5 hours (flexible). */
export const OVERTIME_BREAK = { hours: 1, afterHoursFixed: 4, afterHoursFlexible: 5 } as const;

/** Texts both forms and the list share: spec 001 §5.6 and §8 verbatim where they exist, ours marked. */
export const OVERTIME_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be at most 200 characters',
  projectRequired: 'Project is required',
  dateRequired: 'OT Date is required',
  typeRequired: 'OT Type is required',
  startRequired: 'Start time is required',
  endRequired: 'End time is required',
  staffRequired: 'Staff is required',
  descriptionTooLong: 'Description must be at most 1000 characters',
  startBeforeEnd: 'The start time must be before the end time',
  endAfterStart: 'The end time must be after the start time',
  fileRequired: 'Overtime request must have attach file !!!',
  rejectReasonRequired: 'Reason reject is required',
  cancelReasonRequired: 'Reason cancel is required',
  confirmReasonRequired: 'Reason confirm is required',
  reasonTooLong: 'Reason must be at most 1000 characters',
  confirmTooHigh: (n: number | string) => `OTpay confirmation can not be higher than total time of shift is ${n}`,
  confirmWithoutPay: 'Cannot confirm request OT when not have OT pay',
  noWorkSchedule: 'You have not been set to work schedule',
  noWorkScheduleHint: 'Please contact admin for support',
  updateAssigneeSuccess: 'Update assignee successfully!',
  updateStatusSuccess: 'Update status successfully!',
  updateStatusFailed: 'Failed to update status!',
  commentFailed: 'Fail to update comment!',
  importSuccess: 'File Request OverTime is imported successfully!',
  reportExported: 'Report was exported successfully!',
  noDataExported: 'No data has been exported',
  // ours (the spec is silent):
  weekendNotAllowed: 'OT Date cannot be a weekend',
  dateLocked: 'OT Date is in a locked timesheet period',
  dateTooFar: (limit: string) => `OT Date must be on or before ${limit}`,
  startAfterWork: (earliest: string) => `On a workday the OT must start at ${earliest} or later`,
  overlapsOther: (name: string) => `The OT time of ${name} overlaps another overtime request`,
  notStaffOfProject: (name: string) => `${name} is not a member of the project`,
  notAllowed: 'You are not allowed to do this',
  stale: 'This overtime request has changed since you opened it; reload and try again',
} as const;

/**
 * A fixed staff row's shown status: a pending row whose date is on or before the lock date reads EXPIRED (10).
 * `lockDate` YYYY-MM-DD or null (nothing locked).
 */
export function shownFixedStaffStatus(status: number, otDate: string, lockDate: string | null): number {
  return status === FIXED_STAFF_STATUS.pending && lockDate !== null && otDate <= lockDate ? FIXED_STAFF_STATUS.expired : status;
}

/** A flexible request's shown index: 0, 1 or 3 on or before the lock date reads 7 Expired (RULES.md §6). */
export function shownFlexibleStatus(status: number, otDate: string, lockDate: string | null): number {
  const open = status === FLEXIBLE_STATUS.pendingPm || status === FLEXIBLE_STATUS.approvedByPm || status === FLEXIBLE_STATUS.confirmed;
  return open && lockDate !== null && otDate <= lockDate ? FLEXIBLE_STATUS.expired : status;
}

/**
 * The request-level tag of a fixed request from its staff rows' shown statuses (spec 001 §4.5): CANCELLED if any row is
 * cancelled; else "n/total PENDING" if any is pending; else EXPIRED if any expired; else "n/n DONE".
 */
export function fixedRequestTag(shownStatuses: readonly number[]): { kind: 'CANCELLED' | 'PENDING' | 'EXPIRED' | 'DONE'; text: string } {
  const total = shownStatuses.length;
  const count = (s: number) => shownStatuses.filter((x) => x === s).length;
  if (count(FIXED_STAFF_STATUS.cancelled) > 0) return { kind: 'CANCELLED', text: 'CANCELLED' };
  const pending = count(FIXED_STAFF_STATUS.pending);
  if (pending > 0) return { kind: 'PENDING', text: `${pending}/${total} PENDING` };
  if (count(FIXED_STAFF_STATUS.expired) > 0) return { kind: 'EXPIRED', text: 'EXPIRED' };
  return { kind: 'DONE', text: `${total}/${total} DONE` };
}
