import { z } from 'zod';
import { isIsoDateText, MESSAGES_COMMON } from './api.ts';
import { envelope, idParamSchema, safeText } from './schemas.ts';
import type { Role } from './roles.ts';

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
const M = TIMESHEET_REVIEW_MESSAGES;

/** `version` of the record being changed (RULES.md §1); the same may come as `If-Match`. */
export const versionSchema = idParamSchema(M.versionInvalid).nullish();

// GET /api/tms/timesheets/get-end-date-of-last-approved-timesheet: the lock date (RULES.md §4); the web reads data.data.
// GET /api/tms/timesheets/get-end-date-of-last-timesheet: the end date of the latest period that has ended.
export const endDateSchema = z.object({ data: z.string().nullable() });
export type EndDate = z.infer<typeof endDateSchema>;
export const endDateResponseSchema = envelope(endDateSchema);

// GET /api/tms/timesheets/is-date-from-approved-timesheet?date=YYYY-MM-DD → data: boolean (date on or before the lock date).
export const isDateApprovedQuerySchema = z.object({
  date: safeText(M.invalidDate).trim().refine(isIsoDateText, M.invalidDate),
});
export const isDateApprovedResponseSchema = envelope(z.boolean());

// GET /api/tms/timesheets/{id}
export const timesheetIdParamsSchema = z.object({ id: idParamSchema(M.invalidId) });
export const timesheetPathParamsSchema = z.object({ timesheetId: idParamSchema(M.invalidId) });

/** Timesheet info (spec 001 §3) plus what the review flow needs: name, is_lock, review_comment, approved_at, version. */
export const timesheetInfoSchema = z.object({
  timesheet_id: z.number().int(),
  name: z.string(),
  from_date: z.string(),
  to_date: z.string(),
  /** RULES.md §4 statuses. */
  status: z.number().int(),
  working_days: z.number().int(),
  /** End date of the period before this one (YYYY-MM-DD), null for the first period. */
  last_timesheet_period_end_date: z.string().nullable(),
  /** Explanations of this period's dates close on this date (RULES.md §5; default the configured day of the next month). */
  forbidden_request_date: z.string(),
  /** HH:mm on forbidden_request_date. */
  forbidden_request_time_in_hour: z.string(),
  is_lock: z.boolean(),
  /** The comment of the latest reject; cleared when the timesheet is approved. */
  review_comment: z.string().nullable(),
  /** ISO instant of the approval, null unless Approved. */
  approved_at: z.string().nullable(),
  version: z.number().int(),
});
export type TimesheetInfo = z.infer<typeof timesheetInfoSchema>;
export const timesheetInfoResponseSchema = envelope(timesheetInfoSchema);

// PUT /api/tms/timesheets/{timesheetId}/request-review. Body { status } (3, or absent) and the period's version.
export const requestReviewBodySchema = z
  .object({
    status: z.union([z.literal(3), z.literal('3')], { error: M.requestReviewStatus }).nullish(),
    version: versionSchema,
  })
  .nullish();
export type RequestReviewBody = z.infer<typeof requestReviewBodySchema>;

// PUT /api/tms/timesheets/{timesheetId}/review. Body { status: 4 approve | 2 reject (1 is read as reject), content? }.
export const REVIEW_DECISIONS = [TIMESHEET_STATUS.APPROVED, TIMESHEET_STATUS.PENDING_UPDATE, TIMESHEET_STATUS.REJECTED] as const;
export const reviewBodySchema = z
  .object({
    status: z.preprocess(
      (v) => (typeof v === 'string' && /^\d$/.test(v.trim()) ? Number(v) : v),
      z.union([z.literal(4), z.literal(2), z.literal(1)], { error: M.reviewStatus }),
    ),
    content: safeText(M.rejectCommentRequired).nullish(),
    version: versionSchema,
  })
  .superRefine((body, ctx) => {
    if (body.status === TIMESHEET_STATUS.APPROVED) return;
    // spec 001 §5.1: the reject comment is required, at most 500.
    const content = body.content?.trim() ?? '';
    if (content === '') ctx.addIssue({ code: 'custom', path: ['content'], message: M.rejectCommentRequired });
    else if (content.length > TIMESHEET_COMMENT_MAX) ctx.addIssue({ code: 'custom', path: ['content'], message: M.commentTooLong });
  });
export type ReviewBody = z.infer<typeof reviewBodySchema>;

// Comments (spec 001 §2.2 comments drawer, §3 Timesheet comment): GET, POST { content }, PUT { comment_id, content },
// DELETE …/comments/{comment_id}. Only the creator edits or deletes (spec 001 §6).
/** A timesheet comment's text (spec 001 §5.1: required, at most 500); also the Modify modal's comment. */
export const commentContentSchema = safeText(M.commentRequired)
  .trim()
  .min(1, M.commentRequired)
  .max(TIMESHEET_COMMENT_MAX, M.commentTooLong);

export const commentCreateSchema = z.object({ content: commentContentSchema }, { error: M.commentRequired });
export type CommentCreate = z.infer<typeof commentCreateSchema>;

export const commentUpdateSchema = z.object(
  {
    comment_id: idParamSchema(M.commentIdRequired),
    content: commentContentSchema,
    version: versionSchema,
  },
  { error: M.commentIdRequired },
);
export type CommentUpdate = z.infer<typeof commentUpdateSchema>;

export const commentParamsSchema = z.object({ timesheetId: idParamSchema(M.invalidId), comment_id: idParamSchema(M.invalidId) });
export const commentDeleteQuerySchema = z.object({ version: versionSchema });

export const commentAuthorSchema = z.object({ name: z.string(), username: z.string() });
export const timesheetCommentSchema = z.object({
  comment_id: z.number().int(),
  content: z.string(),
  created_by: commentAuthorSchema,
  /** ISO instant. */
  created_date: z.string(),
  last_modified_by: commentAuthorSchema,
  /** ISO instant. */
  last_modified_date: z.string(),
  /** The caller created it, so may edit or delete it (spec 001 §6). */
  editable: z.boolean(),
  version: z.number().int(),
});
export type TimesheetComment = z.infer<typeof timesheetCommentSchema>;
export const commentListResponseSchema = envelope(z.array(timesheetCommentSchema));
export const commentResponseSchema = envelope(timesheetCommentSchema);
export const commentDeleteResponseSchema = envelope(z.object({ comment_id: z.number().int() }));
