import {
  TIMESHEET_APPROVABLE_STATUSES,
  TIMESHEET_EDITABLE_STATUSES,
  TIMESHEET_PAGE_LINK,
  TIMESHEET_REJECTABLE_STATUSES,
  TIMESHEET_REVIEW_MESSAGES as M,
  TIMESHEET_REVIEW_NOTIFIED,
  TIMESHEET_STATUS,
  type CommentCreate,
  type CommentUpdate,
  type ReviewBody,
  type TimesheetComment,
  type TimesheetInfo,
  type TimesheetStatus,
} from '@tms/contracts/timesheet-review';
import type { NotificationText } from '@tms/contracts/notification-texts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { notificationColumns } from '../../lib/notify.ts';
import { diffFields, recordHistory, type HistoryChange } from '../../lib/history.ts';
import { enqueueJob } from '../../lib/jobs.ts';
import { leaveAccrualJob, type LeaveAccrualPayload } from '../leave/accrual.job.ts';
import { changePeriodStatus, findPeriod, PERIODS_TABLE, type PayrollPeriod } from '../payroll-periods/payroll-periods.service.ts';
import * as repo from './timesheet-review.repository.ts';
import { queueTimesheetEvent } from './timesheet-review-webhook-events.ts';

const PERIOD_HISTORY_FIELDS = ['status', 'review_comment'] as const;
const COMMENT_HISTORY_FIELDS = ['content'] as const;

/** What history stores of a period: the review fields as the user sees them. */
const periodRecord = (p: PayrollPeriod) => ({
  id: p.id,
  name: p.name,
  from_date: p.from_date,
  to_date: p.to_date,
  status: p.status,
  review_comment: p.review_comment,
  approved_at: p.approved_at,
  version: p.version,
});

const commentRecord = (c: { id: number; timesheet_id: number; content: string; version: number }) => ({
  id: c.id,
  timesheet_id: c.timesheet_id,
  content: c.content,
  version: c.version,
});

const toInfo = (p: PayrollPeriod): TimesheetInfo => ({
  timesheet_id: p.id,
  name: p.name,
  from_date: p.from_date,
  to_date: p.to_date,
  status: p.status,
  working_days: p.working_days,
  last_timesheet_period_end_date: p.last_timesheet_period_end_date,
  forbidden_request_date: p.forbidden_request_date,
  forbidden_request_time_in_hour: p.forbidden_request_time_in_hour,
  is_lock: p.is_lock,
  review_comment: p.review_comment,
  approved_at: p.approved_at,
  version: p.version,
});

const toComment = (c: repo.CommentRecord, user: SessionUser): TimesheetComment => ({
  comment_id: c.id,
  content: c.content,
  created_by: { name: c.created_by_name, username: c.created_by_username },
  created_date: c.created_at,
  last_modified_by: { name: c.last_modified_by_name, username: c.last_modified_by_username },
  last_modified_date: c.last_modified_date,
  editable: c.created_by === user.userId,
  version: c.version,
});

/** The parameters of a review notification's text (contracts notification-texts.ts), rendered in each reader's language. */
const periodText = (p: PayrollPeriod, by: SessionUser) => ({ period: p.name, from: p.from_date, to: p.to_date, by: by.name });

export type TimesheetReviewDeps = { db: Db; clock: Clock };

async function periodOrNotFound(tx: DbOrTx, user: SessionUser, id: number): Promise<PayrollPeriod> {
  const period = await findPeriod(tx, id, { callerEmployeeId: user.employeeId });
  if (!period) throw notFound(M.timesheetNotFound);
  return period;
}

export async function info({ db }: TimesheetReviewDeps, user: SessionUser, id: number): Promise<TimesheetInfo> {
  return toInfo(await periodOrNotFound(db, user, id));
}

/**
 * One status transition: the conditional UPDATE decides (a concurrent review that got there first makes this one
 * match nothing → 409), then one history entry and the notifications, all in the transaction.
 */
async function transition(
  tx: DbOrTx,
  user: SessionUser,
  before: PayrollPeriod,
  change: { from: readonly number[]; to: TimesheetStatus; version?: number; reviewComment?: string | null; refused: (now: PayrollPeriod) => string },
): Promise<PayrollPeriod> {
  const after = await changePeriodStatus(tx, before.id, { ...change, approved: change.to === TIMESHEET_STATUS.APPROVED });
  if (!after) {
    // Read after the concurrent change committed: its new status names why this one was refused.
    const now = (await findPeriod(tx, before.id, { companyId: null })) ?? before;
    throw conflict(change.refused(now));
  }
  const changes: HistoryChange[] = diffFields(periodRecord(before), periodRecord(after), PERIOD_HISTORY_FIELDS);
  await recordHistory(tx, { tableName: PERIODS_TABLE, recordId: after.id, action: 'STATUS', changes, newRecord: periodRecord(after), by: user });
  await queueTimesheetEvent(tx, change.to, toInfo(after), after.company_id);
  if (change.to === TIMESHEET_STATUS.PENDING_APPROVAL || change.to === TIMESHEET_STATUS.APPROVED) {
    // The leave accrual runs for everyone once the transition commits. Sent for review, the ended period's paid
    // days are in: its accrual is granted in the period itself, which is still open (RULES.md §7). Approved, they
    // are final: what changed since is granted in the first open period, never in the locked one (RULES.md §4).
    const payload: LeaveAccrualPayload = { employeeIds: null, reason: change.to === TIMESHEET_STATUS.APPROVED ? 'period-close' : 'period-review' };
    await enqueueJob(tx, { job: leaveAccrualJob, payload, createdBy: user.userId });
  }
  return after;
}

/** RULES.md §4: from Draft or Pending update, after the period's end date, to Pending approval; HR is told. */
export async function requestReview({ db, clock }: TimesheetReviewDeps, user: SessionUser, id: number, version: number | undefined): Promise<TimesheetInfo> {
  return db.transaction(async (tx) => {
    const before = await periodOrNotFound(tx, user, id);
    if (version !== undefined && before.version !== version) throw conflict(M.conflict);
    const refused = (p: PayrollPeriod) => ((TIMESHEET_EDITABLE_STATUSES as readonly number[]).includes(p.status) ? M.conflict : M.notEditableForReview);
    if (!(TIMESHEET_EDITABLE_STATUSES as readonly number[]).includes(before.status)) throw conflict(M.notEditableForReview);
    // spec 001 §4.1: only when the period end date has passed (today in the company zone is after it).
    if (clock.today() <= before.to_date) throw conflict(M.periodNotEnded);
    const after = await transition(tx, user, before, { from: TIMESHEET_EDITABLE_STATUSES, to: TIMESHEET_STATUS.PENDING_APPROVAL, version: before.version, refused });
    await repo.notifyRoles(tx, {
      roles: TIMESHEET_REVIEW_NOTIFIED.review,
      companyId: after.company_id,
      exceptUserId: user.userId,
      type: 'TIMESHEET_REVIEW',
      ...notificationColumns({ text: { key: 'timesheetSentForReview', params: periodText(after, user) } }),
      link: TIMESHEET_PAGE_LINK,
    });
    return toInfo(after);
  });
}

/**
 * RULES.md §4 review by HR: approve Pending approval → Approved (the period's dates lock); reject Pending approval
 * or Approved → Pending update with the comment kept in review_comment. Status 1 (Rejected) is read as a reject.
 * Approving clears the last reject comment (history keeps it).
 */
export async function review({ db }: TimesheetReviewDeps, user: SessionUser, id: number, body: ReviewBody, version: number | undefined): Promise<{ info: TimesheetInfo; approved: boolean }> {
  const approve = body.status === TIMESHEET_STATUS.APPROVED;
  return db.transaction(async (tx) => {
    const before = await periodOrNotFound(tx, user, id);
    if (version !== undefined && before.version !== version) throw conflict(M.conflict);
    const approveRefused = (p: PayrollPeriod) => (p.status === TIMESHEET_STATUS.APPROVED ? M.alreadyApproved : p.status === TIMESHEET_STATUS.PENDING_APPROVAL ? M.conflict : M.notPendingApproval);
    const rejectRefused = (p: PayrollPeriod) => ((TIMESHEET_REJECTABLE_STATUSES as readonly number[]).includes(p.status) ? M.conflict : M.notRejectable);
    const refused = approve ? approveRefused : rejectRefused;
    const from = approve ? TIMESHEET_APPROVABLE_STATUSES : TIMESHEET_REJECTABLE_STATUSES;
    if (!(from as readonly number[]).includes(before.status)) throw conflict(refused(before));
    const comment = approve ? null : body.content!.trim();
    const after = await transition(tx, user, before, {
      from,
      to: approve ? TIMESHEET_STATUS.APPROVED : TIMESHEET_STATUS.PENDING_UPDATE,
      version: before.version,
      reviewComment: comment,
      refused,
    });
    const text: NotificationText = approve
      ? { key: 'timesheetApproved', params: periodText(after, user) }
      : { key: 'timesheetRejected', params: { ...periodText(after, user), status: before.status, comment: comment ?? '' } };
    await repo.notifyRoles(tx, {
      roles: TIMESHEET_REVIEW_NOTIFIED.decision,
      companyId: after.company_id,
      exceptUserId: user.userId,
      type: approve ? 'TIMESHEET_APPROVED' : 'TIMESHEET_REJECTED',
      ...notificationColumns({ text }),
      link: TIMESHEET_PAGE_LINK,
    });
    return { info: toInfo(after), approved: approve };
  });
}

export async function listComments({ db }: TimesheetReviewDeps, user: SessionUser, timesheetId: number): Promise<TimesheetComment[]> {
  await periodOrNotFound(db, user, timesheetId);
  return (await repo.listComments(db, timesheetId)).map((c) => toComment(c, user));
}

export async function createComment({ db }: TimesheetReviewDeps, user: SessionUser, timesheetId: number, body: CommentCreate): Promise<TimesheetComment> {
  return db.transaction(async (tx) => {
    await periodOrNotFound(tx, user, timesheetId);
    const id = await repo.insertComment(tx, timesheetId, body.content, user.userId);
    const created = (await repo.findComment(tx, timesheetId, id))!;
    await recordHistory(tx, {
      tableName: repo.COMMENTS_TABLE,
      recordId: id,
      action: 'CREATE',
      changes: diffFields(null, commentRecord(created), COMMENT_HISTORY_FIELDS),
      newRecord: commentRecord(created),
      by: user,
    });
    return toComment(created, user);
  });
}

/** The comment of this timesheet, locked, and the caller must be its creator (spec 001 §6). */
async function ownComment(tx: DbOrTx, user: SessionUser, timesheetId: number, commentId: number): Promise<repo.CommentRecord> {
  await periodOrNotFound(tx, user, timesheetId);
  const comment = await repo.findComment(tx, timesheetId, commentId, { forUpdate: true });
  if (!comment) throw notFound(M.commentNotFound);
  if (comment.created_by !== user.userId) throw forbidden(M.commentCreatorOnly);
  return comment;
}

export async function updateComment({ db }: TimesheetReviewDeps, user: SessionUser, timesheetId: number, body: CommentUpdate, version: number | undefined): Promise<TimesheetComment> {
  return db.transaction(async (tx) => {
    const before = await ownComment(tx, user, timesheetId, body.comment_id);
    if (version !== undefined && before.version !== version) throw conflict(M.conflict);
    if (before.content === body.content) return toComment(before, user);
    if (!(await repo.updateComment(tx, before.id, body.content, user.userId, before.version))) throw conflict(M.conflict);
    const after = (await repo.findComment(tx, timesheetId, before.id))!;
    await recordHistory(tx, {
      tableName: repo.COMMENTS_TABLE,
      recordId: after.id,
      action: 'UPDATE',
      changes: diffFields(commentRecord(before), commentRecord(after), COMMENT_HISTORY_FIELDS),
      newRecord: commentRecord(after),
      by: user,
    });
    return toComment(after, user);
  });
}

/** Soft delete: the row stays (deleted_at) for its history. */
export async function deleteComment({ db }: TimesheetReviewDeps, user: SessionUser, timesheetId: number, commentId: number, version: number | undefined): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await ownComment(tx, user, timesheetId, commentId);
    if (version !== undefined && before.version !== version) throw conflict(M.conflict);
    if (!(await repo.markCommentDeleted(tx, before.id, user.userId, before.version))) throw conflict(M.conflict);
    await recordHistory(tx, {
      tableName: repo.COMMENTS_TABLE,
      recordId: before.id,
      action: 'DELETE',
      changes: [],
      newRecord: commentRecord({ ...before, version: before.version + 1 }),
      by: user,
    });
  });
}
