import { z } from 'zod';
import { isIsoDateText } from './api.ts';
import { envelope, idParamSchema, safeText } from './schemas.ts';
import { TIMESHEET_STATUS, TIMESHEET_COMMENT_MAX, TIMESHEET_REVIEW_MESSAGES } from './timesheet-review-constants.ts';
// The area's paths, roles, limits and texts are in timesheet-review-constants.ts, without zod (the web's first load imports
// them from there); this file adds the schemas and re-exports them.
export * from './timesheet-review-constants.ts';
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
