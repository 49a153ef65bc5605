import { MESSAGES_COMMON } from './api.ts';
import type { Role } from './roles.ts';

/**
 * The zod-free part of `timesheet-review.ts` (paths, roles, limits, texts): the web's first load imports it from here and
 * does not fetch zod. `timesheet-review.ts` re-exports all of it.
 */

/**
 * The payroll-period timesheet review flow, the lock-date calls and timesheet comments (RULES.md §4, spec 001 §2.1,
 * §2.2, §3, §4.1, §5.1, §6, §7.1).
 */
export const TIMESHEETS_PATH = '/tms/timesheets';
export const LOCK_DATE_PATH = `${TIMESHEETS_PATH}/get-end-date-of-last-approved-timesheet`;
export const LAST_TIMESHEET_END_PATH = `${TIMESHEETS_PATH}/get-end-date-of-last-timesheet`;
export const IS_DATE_APPROVED_PATH = `${TIMESHEETS_PATH}/is-date-from-approved-timesheet`;

/** RULES.md §4: 0 Draft, 1 Rejected, 2 Pending update, 3 Pending approval, 4 Approved. */
export const TIMESHEET_STATUS = {
  DRAFT: 0,
  REJECTED: 1,
  PENDING_UPDATE: 2,
  PENDING_APPROVAL: 3,
  APPROVED: 4,
} as const;
export type TimesheetStatus = (typeof TIMESHEET_STATUS)[keyof typeof TIMESHEET_STATUS];
export const TIMESHEET_STATUS_NAMES: Record<TimesheetStatus, string> = {
  0: 'Draft',
  1: 'Rejected',
  2: 'Pending update',
  3: 'Pending approval',
  4: 'Approved',
};
/** Cell, row and column edits and request-review only from these (RULES.md §4, spec 001 §4.1). */
export const TIMESHEET_EDITABLE_STATUSES = [TIMESHEET_STATUS.DRAFT, TIMESHEET_STATUS.PENDING_UPDATE] as const;
/** Approve from Pending approval; reject from Pending approval or Approved (RULES.md §4). */
export const TIMESHEET_APPROVABLE_STATUSES = [TIMESHEET_STATUS.PENDING_APPROVAL] as const;
export const TIMESHEET_REJECTABLE_STATUSES = [TIMESHEET_STATUS.PENDING_APPROVAL, TIMESHEET_STATUS.APPROVED] as const;

/** Who may call what (RULES.md §4 request-review; spec 001 §6 approve/reject: HR; comments view: HR, ADMIN). */
export const TIMESHEET_INFO_READERS = ['STAFF', 'GROUP_LEAD', 'DULEAD', 'HR', 'HRM', 'ADMIN'] as const satisfies readonly Role[];
export const TIMESHEET_REVIEW_REQUESTERS = ['HR', 'HRM', 'ADMIN'] as const satisfies readonly Role[];
export const TIMESHEET_REVIEWERS = ['HR'] as const satisfies readonly Role[];
export const TIMESHEET_COMMENT_USERS = ['HR', 'ADMIN'] as const satisfies readonly Role[];
/** Who is told that a timesheet was sent for review, approved or rejected (RULES.md §8). */
export const TIMESHEET_REVIEW_NOTIFIED: Record<'review' | 'decision', readonly Role[]> = {
  review: ['HR'],
  decision: ['HR', 'HRM', 'ADMIN'],
};

/** Spec 001 §9: 500 for timesheet comments and reject comments. */
export const TIMESHEET_COMMENT_MAX = 500;
/** The page the review notifications open. */
export const TIMESHEET_PAGE_LINK = '/timesheet';

/** Every text of this area, kept once; the spec's texts (spec 001 §5.1) verbatim. */
export const TIMESHEET_REVIEW_MESSAGES = {
  invalidDate: MESSAGES_COMMON.invalidDate,
  invalidId: 'Invalid id',
  timesheetNotFound: 'Timesheet not found',
  requestReviewStatus: 'Status must be 3 (Pending approval)',
  reviewStatus: 'Status must be 4 (approve) or 2 (reject)',
  versionInvalid: 'Version must be a positive integer',
  notEditableForReview: 'The timesheet can be sent for review only in Draft or Pending update',
  periodNotEnded: 'The timesheet can be sent for review only after its period has ended',
  alreadyApproved: 'The timesheet is already approved',
  notPendingApproval: 'The timesheet can be approved only in Pending approval',
  notRejectable: 'The timesheet can be rejected only in Pending approval or Approved',
  rejectCommentRequired: 'Comment field is required',
  commentRequired: 'Comment is required',
  commentTooLong: `Comment must be at most ${TIMESHEET_COMMENT_MAX} characters`,
  commentIdRequired: 'Comment id is required',
  commentNotFound: 'Comment not found',
  commentCreatorOnly: 'Only the creator can edit or delete a comment',
  conflict: MESSAGES_COMMON.conflict,
  sentForReview: 'The timesheet has been sent for review',
  approved: 'The timesheet has been approved',
  rejected: 'The timesheet has been rejected',
  commentCreated: 'Success',
  commentUpdated: 'Update Successfully',
  commentDeleted: 'Success',
  notifyReviewTitle: 'A timesheet was sent for review',
  notifyApprovedTitle: 'Timesheet approved',
  notifyRejectedTitle: 'Timesheet rejected',
} as const;
