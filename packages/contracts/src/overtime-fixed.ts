import { z } from 'zod';
import { FIXED_STAFF_STATUS as S, OVERTIME_MESSAGES, OVERTIME_TEXT_MAX, shownFixedStaffStatus } from './overtime.ts';
import type { Actor } from './roles.ts';
import { envelope, historyEntrySchema, idParamSchema, idSchema, safeText, successMessageKey } from './schemas.ts';
import { decidesItem, POOL_ROLES } from './approval-flows.ts';
import { otUsageSchema } from './overtime-limits.ts';

/**
 * Fixed overtime (spec 001 §3 Fixed overtime request, §4.5, §5.6, §7.3): one request for a team of staff on a project,
 * each staff row decided on its own. The payloads, the detail, and `fixedActions` — the enable rules of §4.5 that
 * the drawer shows and the server enforces (`fixedRefusal` gives the server's status and message for a refusal).
 */
export const FIXED_OT_BASE = '/tms/overtime-request';
export const FIXED_OT_FILES_BASE = '/tms/request-management/overtime';
/** Fixed payload times (company-local). */
export const FIXED_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** The longest window of one request (common decision: at most 24 hours). */
export const FIXED_MAX_WINDOW_HOURS = 24;

/** Texts of this part: §5.6 / §8 verbatim come from OVERTIME_MESSAGES; these are ours (the spec is silent). */
export const FIXED_MESSAGES = {
  created: 'Create overtime request successfully!',
  updated: 'Update overtime request successfully!',
  success: 'Success',
  notFound: 'Overtime request not found',
  invalidTime: 'Start time and end time must be YYYY-MM-DD HH:mm:ss',
  invalidDate: 'Invalid Date!',
  dateNotStart: 'OT Date must be the date of the start time',
  windowTooLong: 'An overtime window is at most 24 hours',
  unknownType: 'OT Type is not valid',
  projectNotFound: 'Project is required',
  staffTwice: 'A staff member is listed twice',
  staffNotFound: 'A staff member was not found',
  ccNotFound: 'A CC employee was not found',
  noApprover: (name: string) => `No approver could be found for ${name}`,
  notCreator: 'Only the creator can edit or withdraw this overtime request',
  notApprover: 'Only the approver of this staff member can approve or reject',
  ownRow: 'You cannot approve or reject your own overtime',
  notDelegator: 'You cannot change the assignee of this overtime request',
  notEditable: 'Only an overtime request whose staff are all pending can be edited',
  alreadyChanged: 'The status of this overtime request has already changed',
  started: 'The OT has already started',
  notInRequest: 'The staff member is not in this overtime request',
  mixedStatuses: 'One update changes the staff to one status',
  invalidStatus: 'Status must be 3 (approve), 4 (reject), 5 (withdraw) or 6 (cancel all)',
  emptyUpdate: 'Staff is required',
  assigneeNotFound: 'The new assignee must be an active user',
  nothingToDelegate: 'Nothing is left to approve or reject',
  fileNotFound: 'File not found',
  uploadSuccess: 'Upload file success',
  uploadFailed: 'Upload file failed',
  deleteFileConfirm: 'Do you want to delete this file?',
  withdrawConfirm: 'Withdraw this overtime request for every staff member?',
  rejectAllConfirm: 'Reject every staff member of this overtime request?',
  commentRequired: 'Comment is required',
  commentTooLong: 'Comment must be at most 1000 characters',
  commentNotFound: 'Comment not found',
  commentNotAuthor: 'Only the author can edit or delete a comment',
  commentAdded: 'Add comment successfully!',
  commentUpdated: 'Update comment successfully!',
  commentDeleted: 'Delete comment successfully!',
} as const;

const M = OVERTIME_MESSAGES;

/** Loose on purpose: the service reads the form rule by rule so the first failing §5.6 rule's text comes out. */
const staffInputSchema = z.object({
  employee_id: idSchema(M.staffRequired),
  /** Sent by the web (spec 001 §3) and ignored: approvers and statuses are the server's (RULES.md §3). */
  approver_id: z.union([z.number(), z.string(), z.null()]).optional(),
  status: z.union([z.number(), z.string(), z.null()]).optional(),
});

const formShape = {
  title: safeText(M.titleRequired).max(5000, M.titleTooLong).nullish(),
  project_id: idParamSchema(M.projectRequired).nullish(),
  description: safeText().max(20_000, M.descriptionTooLong).nullish(),
  start_time: safeText(M.startRequired).max(40).nullish(),
  end_time: safeText(M.endRequired).max(40).nullish(),
  mail_cc: z.array(idParamSchema()).max(500).nullish(),
  ot_date: safeText(M.dateRequired).max(20).nullish(),
  ot_type: safeText(M.typeRequired).max(40).nullish(),
  staff: z.array(staffInputSchema).max(1000).nullish(),
  /** spec 001 §3: a list of strings, empty on create; a text here is added as the creator's first comment. */
  comment: z.union([safeText().max(OVERTIME_TEXT_MAX, FIXED_MESSAGES.commentTooLong), z.array(safeText().max(OVERTIME_TEXT_MAX, FIXED_MESSAGES.commentTooLong)).max(20)]).nullish(),
};
export const fixedCreateSchema = z.object(formShape);
export type FixedCreatePayload = z.infer<typeof fixedCreateSchema>;
export const fixedUpdateSchema = z.object({ ...formShape, id: idParamSchema(), version: idParamSchema().nullish() });
export type FixedUpdatePayload = z.infer<typeof fixedUpdateSchema>;

/** update-status (spec 001 §7.3): 3 approve, 4 reject, 5 withdraw one, 6 cancel all (Withdraw). */
export const fixedStatusSchema = z.object({
  data: z
    .array(
      z.object({
        employee_id: idParamSchema(),
        status: z.coerce.number({ error: FIXED_MESSAGES.invalidStatus }).int(FIXED_MESSAGES.invalidStatus),
        reject_reason: safeText().max(20_000).nullish(),
        approver_id: z.union([z.number(), z.string(), z.null()]).optional(),
        /**
         * Issue 29: the approval step of this row the caller saw (the detail's `approval_step.step`); an approve of a
         * row that has moved on meanwhile answers 409, so a stale click never approves the next step.
         */
        approval_step: z.coerce.number().int().min(1).max(99).nullish(),
      }),
    )
    .max(1000)
    .nullish(),
  is_ot_paid_by_offset_day: z.boolean().nullish(),
  withdraw_reason: safeText().max(20_000).nullish(),
  /** Issue 27 §2: an HR or HRM approval over an overtime limit names its reason (docs/overtime-limits.md). */
  override_reason: safeText().max(20_000).nullish(),
  version: idParamSchema().nullish(),
});
export type FixedStatusPayload = z.infer<typeof fixedStatusSchema>;
/** update-assignee: `data.assignee` the new assignee's user id (spec 001 §7.3), or (ours) `data.username` their login name. */
export const fixedAssigneeSchema = z.object({
  data: z.object({ assignee: idParamSchema(FIXED_MESSAGES.assigneeNotFound).nullish(), username: safeText(FIXED_MESSAGES.assigneeNotFound).max(100).nullish() }),
  version: idParamSchema().nullish(),
});
export type FixedAssigneePayload = z.infer<typeof fixedAssigneeSchema>;

export const fixedIdParamsSchema = z.object({ id: idParamSchema() });
/**
 * Issue 29: GET the approval timeline of one staff row of a fixed request (each staff row follows its own flow, or
 * the single step): `?employee_id=` names the row. Anyone who can see the request; 404 otherwise.
 */
export const FIXED_TIMELINE_PATH = `${FIXED_OT_BASE}/:id/approval-timeline`;
export const fixedTimelinePath = (id: number, employeeId: number) => `${FIXED_OT_BASE}/${id}/approval-timeline?employee_id=${employeeId}`;
export const fixedTimelineQuerySchema = z.object({ employee_id: idParamSchema(FIXED_MESSAGES.notInRequest) });
export const fixedOtRequestParamsSchema = z.object({ otRequestId: idParamSchema() });
export const fixedFileIdQuerySchema = z.object({ id: idParamSchema() });
export const fixedFileNameQuerySchema = z.object({ name: safeText(FIXED_MESSAGES.fileNotFound).min(1).max(200) });

const personSchema = z.object({ id: z.number().int(), name: z.string(), user_name: z.string() });
const employeeRefSchema = z.object({ employee_id: z.number().int(), name: z.string(), user_name: z.string(), department_name: z.string().nullable() });

export const fixedStaffSchema = z.object({
  id: z.number().int(),
  employee_id: z.number().int(),
  employee: z.object({ name: z.string(), user_name: z.string(), department_name: z.string().nullable() }),
  /** Stored status (1, 3, 4, 5, 6). */
  status: z.number().int(),
  /** Shown status: 10 EXPIRED for a pending row whose date is locked. */
  shown_status: z.number().int(),
  status_text: z.string(),
  approver_id: z.number().int().nullable(),
  approver: personSchema.nullable(),
  /**
   * Issue 29: at an approval flow's "anyone of a role" step the row waits on this role (HR, HRM or ADMIN): anyone of it
   * but the staff member decides, the first to act; `approver_id` is then null. Null otherwise.
   */
  approver_role: z.enum(POOL_ROLES).nullable().optional(),
  reject_reason: z.string().nullable(),
  decided_date: z.string().nullable(),
  check_in: z.string().nullable(),
  check_out: z.string().nullable(),
  total_time_actual: z.number().nullable(),
  total_time_confirm: z.number().nullable(),
  /** Issue 27 §2: the reason HR or HRM gave to approve this row over an overtime limit. */
  limit_override_reason: z.string().nullable().optional(),
  /**
   * Issue 29: while the row is pending in an approval flow, the step deciding now, the number of steps and the flow's
   * name ('Pending — step 2 of 3'); null for a row decided, or one that follows the single step.
   */
  approval_step: z.object({ step: z.number().int(), count: z.number().int(), flow_name: z.string().nullable() }).nullable().optional(),
});
export type FixedStaff = z.infer<typeof fixedStaffSchema>;

export const fixedFileSchema = z.object({ name: z.string(), original_name: z.string(), size: z.number().int(), content_type: z.string(), created_date: z.string() });
export type FixedFile = z.infer<typeof fixedFileSchema>;

export const fixedActionsSchema = z.object({
  approveAll: z.boolean(),
  rejectAll: z.boolean(),
  edit: z.boolean(),
  withdraw: z.boolean(),
  delegate: z.boolean(),
  rows: z.record(z.string(), z.object({ approve: z.boolean(), reject: z.boolean(), withdraw: z.boolean() })),
});
export type FixedActions = z.infer<typeof fixedActionsSchema>;

/** spec 001 §3 Fixed overtime request, plus what the drawer needs to compute `fixedActions` as the server does. */
export const fixedDetailSchema = z.object({
  id: z.number().int(),
  kind: z.literal('FIXED'),
  title: z.string(),
  project_id: z.number().int(),
  project_name: z.string(),
  project_code: z.string(),
  ot_date: z.string(),
  /** YYYY-MM-DD HH:mm:ss company-local. */
  start_time: z.string(),
  end_time: z.string(),
  /** The window as instants (ISO). */
  start_at: z.string(),
  end_at: z.string(),
  ot_type: z.string(),
  description: z.string().nullable(),
  /** The day type of the OT date when filed (WORKDAY, DAY_OFF, HOLIDAY). */
  category: z.string(),
  is_ot_paid_by_offset_day: z.boolean(),
  source: z.string(),
  assignee: z.number().int().nullable(),
  assignee_ob: z.object({ id: z.number().int(), name: z.string(), user_name: z.string(), department_name: z.object({ name: z.string().nullable() }) }).nullable(),
  created_by_user_id: z.number().int().nullable(),
  creator: z.object({ id: z.number().int(), name: z.string(), user_name: z.string(), department_name: z.object({ nameEn: z.string().nullable() }) }).nullable(),
  mailList: z.array(employeeRefSchema),
  mail_cc: z.array(z.number().int()),
  comment: z.array(z.string()),
  reject_all_reason: z.string().nullable(),
  withdraw_reason: z.string().nullable(),
  created_date: z.string(),
  last_modified_date: z.string(),
  staff: z.array(fixedStaffSchema),
  tag: z.object({ kind: z.enum(['CANCELLED', 'PENDING', 'EXPIRED', 'DONE']), text: z.string() }),
  files: z.array(fixedFileSchema),
  lock_date: z.string().nullable(),
  server_now: z.string(),
  version: z.number().int(),
  /** The caller may change the assignee (the server's reassignment rule, RULES.md §5); Delegate also needs a pending row. */
  may_reassign: z.boolean(),
  actions: fixedActionsSchema,
});
export type FixedDetail = z.infer<typeof fixedDetailSchema>;

export const fixedDetailResponseSchema = envelope(fixedDetailSchema);
/** Per staff row of an Approve All (issue 27 §2): 200 approved, else the refusal (an overtime limit). */
export const fixedStatusItemSchema = z.object({ employee_id: z.number().int(), code: z.number().int(), message: z.string(), ...successMessageKey });
export type FixedStatusItem = z.infer<typeof fixedStatusItemSchema>;
export const fixedWriteResponseSchema = envelope(
  z.object({
    id: z.number().int(),
    version: z.number().int(),
    items: z.array(fixedStatusItemSchema).optional(),
    /** Issue 27 §2: at creation, each staff member's overtime hours against the limits. */
    limits: z.array(otUsageSchema).optional(),
  }),
);
export const fixedHistoryResponseSchema = envelope(z.array(historyEntrySchema));
export const fixedFilesResponseSchema = envelope(z.array(fixedFileSchema));
export const fixedFileResponseSchema = envelope(fixedFileSchema);
export const fixedFileDeleteResponseSchema = envelope(z.object({ name: z.string() }));

/** Comments (both kinds; spec 001 §7.3, §6 only the author edits or deletes). */
export const commentBodySchema = z.object({ comment: safeText(FIXED_MESSAGES.commentRequired).max(20_000, FIXED_MESSAGES.commentTooLong).nullish() });
export const commentAddParamsSchema = z.object({ requestId: idParamSchema(), receiver_id: z.coerce.number().int().min(0).max(2147483647) });
export const commentIdParamsSchema = z.object({ commentId: idParamSchema() });
export const overtimeCommentSchema = z.object({
  id: z.number().int(),
  request_id: z.number().int(),
  comment: z.string(),
  author: personSchema,
  receiver: z.object({ employee_id: z.number().int(), name: z.string(), user_name: z.string() }).nullable(),
  created_date: z.string(),
  last_modified_date: z.string().nullable(),
  /** The caller wrote it (edit and delete are theirs). */
  mine: z.boolean(),
});
export type OvertimeComment = z.infer<typeof overtimeCommentSchema>;
export const overtimeCommentResponseSchema = envelope(overtimeCommentSchema);
export const overtimeCommentsResponseSchema = envelope(z.array(overtimeCommentSchema));
export const overtimeCommentDeleteResponseSchema = envelope(z.object({ id: z.number().int() }));

// ---------------------------------------------------------------------------------------------------------------
// Enable rules (spec 001 §4.5), pure: the drawer disables and the server refuses the same things.

/** What the rules read of a request. */
export type FixedFacts = {
  created_by_user_id: number | null;
  /** ISO instant of the OT start. */
  start_at: string;
  ot_date: string;
  /** `approver_role`: the row waits on anyone of this role (an approval flow's ROLE step; `approver_id` null). */
  staff: readonly { employee_id: number; status: number; approver_id: number | null; approver_role?: string | null }[];
  /** The viewer may change the assignee at all (the server's reassignment rule; absent: no). */
  may_reassign?: boolean;
};
/** `employeeId`: nobody approves or rejects their own row (RULES.md §5). */
export type FixedViewer = { userId: number; employeeId?: number | null; actors: readonly Actor[] };
export type FixedContext = { now: Date | string; lockDate: string | null };
export type FixedAction = 'approveAll' | 'rejectAll' | 'approve' | 'reject' | 'edit' | 'withdraw' | 'withdrawOne' | 'delegate';
export type FixedRefusal = { statusCode: 400 | 403 | 409; message: string };

const refusal = (statusCode: FixedRefusal['statusCode'], message: string): FixedRefusal => ({ statusCode, message });

/**
 * Whether `viewer` decides a staff row as its approver: the row's approver, or — at an approval flow's ROLE step
 * (`approver_role`) — anyone holding that role (the first to act decides): `decidesItem` on the row's fields; nobody's
 * own row is refused beside it (`fixedRefusal`).
 */
export function decidesRow(row: { approver_id: number | null; approver_role?: string | null }, viewer: { userId: number; actors: readonly string[] }): boolean {
  return decidesItem({ assigneeUserId: row.approver_id, assigneeRole: row.approver_role }, viewer);
}

/**
 * Why `viewer` may not do `action` now (null = allowed). Order as for requests: relationship (403), then state
 * (409), then the lock date or the start having passed (400). `employeeId` names the row of a per-staff action.
 */
export function fixedRefusal(action: FixedAction, f: FixedFacts, viewer: FixedViewer, ctx: FixedContext, employeeId?: number): FixedRefusal | null {
  const locked = ctx.lockDate !== null && f.ot_date <= ctx.lockDate;
  const started = new Date(ctx.now).getTime() >= new Date(f.start_at).getTime();
  const shown = f.staff.map((s) => ({ ...s, shown: shownFixedStaffStatus(s.status, f.ot_date, ctx.lockDate) }));
  const isCreator = f.created_by_user_id !== null && f.created_by_user_id === viewer.userId;
  const own = (s: { employee_id: number }) => viewer.employeeId != null && s.employee_id === viewer.employeeId;
  const mine = shown.filter((s) => decidesRow(s, viewer) && !own(s));
  const lockedRefusal = refusal(400, M.dateLocked);
  const startedRefusal = refusal(400, FIXED_MESSAGES.started);
  const changed = refusal(409, FIXED_MESSAGES.alreadyChanged);
  const any = (st: number) => shown.some((s) => s.shown === st);

  switch (action) {
    case 'approve':
    case 'reject':
    case 'withdrawOne': {
      const row = shown.find((s) => s.employee_id === employeeId);
      if (!row) return refusal(400, FIXED_MESSAGES.notInRequest);
      if (action === 'withdrawOne') {
        if (!isCreator) return refusal(403, FIXED_MESSAGES.notCreator);
      } else {
        // Own row first, whoever its approver: that is the reason to give (issue 26: a PM on the team they filed for).
        if (own(row)) return refusal(403, FIXED_MESSAGES.ownRow);
        if (!decidesRow(row, viewer)) return refusal(403, FIXED_MESSAGES.notApprover);
      }
      if (action === 'approve') {
        // Single approve: only pending staff, before the locked timesheet end.
        if (row.shown === S.expired) return lockedRefusal;
        if (row.shown !== S.pending) return changed;
        return locked ? lockedRefusal : null;
      }
      // Single reject (and withdraw one): not for rejected, withdrawn or cancelled staff; for approved staff not once the
      // OT has started or the timesheet is locked.
      if (row.shown === S.expired) return lockedRefusal;
      if (row.shown !== S.pending && row.shown !== S.approved) return changed;
      if (locked) return lockedRefusal;
      if (row.shown === S.approved && started) return startedRefusal;
      return null;
    }
    case 'approveAll': {
      if (mine.length === 0) return refusal(403, FIXED_MESSAGES.notApprover);
      // Disabled when any staff is rejected, cancelled or expired, when the last staff is already approved, or when
      // the OT date is on or before the lock date; and when nothing of the viewer's is pending.
      if (any(S.expired) || locked) return lockedRefusal;
      if (any(S.rejected) || any(S.cancelled)) return changed;
      if (shown[shown.length - 1]?.shown === S.approved) return changed;
      if (!mine.some((s) => s.shown === S.pending)) return changed;
      return null;
    }
    case 'rejectAll': {
      if (mine.length === 0) return refusal(403, FIXED_MESSAGES.notApprover);
      const first = shown[0];
      if (first && first.shown === S.expired) return lockedRefusal;
      if (first && first.shown === S.cancelled) return changed;
      if (shown.every((s) => s.shown === S.rejected)) return changed;
      if (locked) return lockedRefusal;
      if (any(S.approved) && started) return startedRefusal;
      if (!mine.some((s) => s.shown === S.pending || s.shown === S.approved)) return changed;
      return null;
    }
    case 'edit': {
      if (!isCreator) return refusal(403, FIXED_MESSAGES.notCreator);
      if (locked) return lockedRefusal;
      if (!shown.every((s) => s.shown === S.pending)) return refusal(409, FIXED_MESSAGES.notEditable);
      return null;
    }
    case 'withdraw': {
      if (!isCreator) return refusal(403, FIXED_MESSAGES.notCreator);
      if (any(S.cancelled)) return changed;
      if (!shown.some((s) => s.shown === S.pending || s.shown === S.approved)) return changed;
      // Anyone approved: allowed until the OT starts; otherwise until the timesheet locks.
      if (any(S.approved)) return started ? startedRefusal : locked ? lockedRefusal : null;
      return locked ? lockedRefusal : null;
    }
    case 'delegate': {
      if (f.may_reassign !== true) return refusal(403, FIXED_MESSAGES.notDelegator);
      if (locked) return lockedRefusal;
      if (!shown.some((s) => s.shown === S.pending)) return refusal(409, FIXED_MESSAGES.nothingToDelegate);
      return null;
    }
  }
}

/** Which actions are enabled for `viewer` now (spec 001 §4.5); `rows` by employee id. */
export function fixedActions(f: FixedFacts, viewer: FixedViewer, ctx: FixedContext): FixedActions {
  const ok = (a: FixedAction, employeeId?: number) => fixedRefusal(a, f, viewer, ctx, employeeId) === null;
  const rows: FixedActions['rows'] = {};
  for (const s of f.staff) rows[String(s.employee_id)] = { approve: ok('approve', s.employee_id), reject: ok('reject', s.employee_id), withdraw: ok('withdrawOne', s.employee_id) };
  return { approveAll: ok('approveAll'), rejectAll: ok('rejectAll'), edit: ok('edit'), withdraw: ok('withdraw'), delegate: ok('delegate'), rows };
}

/** 'YYYY-MM-DD HH:mm:ss' (seconds optional) → its parts, or null. */
export function parseFixedTime(text: string | null | undefined): { date: string; time: string } | null {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec((text ?? '').trim());
  if (!m) return null;
  const [, date, hh, mm, ss] = m;
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss ?? 0) > 59) return null;
  return { date: date!, time: `${hh}:${mm}:${ss ?? '00'}` };
}

/** The §5.6 reject / cancel reason rule: required, at most 1000 characters. Returns the message or null. */
export function reasonProblem(reason: string | null | undefined, required: string): string | null {
  const r = (reason ?? '').trim();
  if (!r) return required;
  if (r.length > OVERTIME_TEXT_MAX) return M.reasonTooLong;
  return null;
}

/**
 * The Staff field's search (ours): members of the chosen project (project_members, any scope — the server's rule is
 * membership), keyword in `filter` with or without diacritics, paged like the employee search.
 */
export const FIXED_MEMBERS_PATH = `${FIXED_OT_BASE}/project-members`;
export const fixedMembersQuerySchema = z.object({
  projectId: idParamSchema(OVERTIME_MESSAGES.projectRequired),
  filter: safeText().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(30),
});
export const fixedMemberSchema = z.object({
  id: z.number().int(),
  user_name: z.string(),
  name: z.string(),
  sf4c_id: z.string().nullable(),
  department_name: z.object({ name: z.string(), nameEn: z.string() }),
  division_name: z.object({ name: z.string(), nameEn: z.string() }),
});
export const fixedMembersResponseSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.array(fixedMemberSchema),
  page: z.object({ page: z.number().int(), size: z.number().int(), total_element: z.number().int() }),
});
