/**
 * Fixed overtime, write and read side (spec 001 §3, §4.5, §5.6, §7.3; RULES.md §3, §5, §6, §8): create and edit with
 * every §5.6 rule and the date rules of the overtime decisions, the detail and the history; update-status (approve, reject,
 * withdraw one, cancel all) is `fixed-overtime-status.service.ts`, update-assignee of both kinds
 * `overtime-reassign.service.ts`. The enable rules are contracts `fixedRefusal` (the drawer's `fixedActions`);
 * every staff-row transition is a conditional UPDATE; the pay core recomputes after the commit.
 */
import type { FastifyBaseLogger } from 'fastify';
import { FIXED_STAFF_STATUS_TEXT, OVERTIME_MESSAGES as M, OVERTIME_PAGE, fixedRequestTag, otTypeNeedsFile, shownFixedStaffStatus } from '@tms/contracts/overtime';
import {
  FIXED_MESSAGES as F,
  fixedActions,
  fixedRefusal,
  type FixedCreatePayload,
  type FixedDetail,
  type FixedFacts,
  type FixedUpdatePayload,
} from '@tms/contracts/overtime-fixed';
import { POOL_ROLES, type PoolRole } from '@tms/contracts/approval-flows';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { diffFields, listHistory, recordHistory, type HistoryChange, type HistoryEntryDto } from '../../lib/history.ts';
import type { NotificationText } from '@tms/contracts/notification-texts';
import { notifyEvent, type NotificationType, type NotifyMailConfig } from '../../lib/notify.ts';
import { storeFile, type UploadedFile } from '../../lib/uploads.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { resolveApprover } from '../auth/approver.repository.ts';
import { dayTypesOf } from '../overtime-pay/day-type.repository.ts';
import { usageOfRequest } from '../overtime-pay/ot-limits.service.ts';
import { queueRecalculation } from '../timesheet/recalc-queue.ts';
import { lockDateFor } from '../payroll-periods/payroll-periods.service.ts';
import { localTime, readFixedForm, type FixedForm } from './fixed-overtime-form.ts';
import * as repo from './fixed-overtime.repository.ts';
import { fixedReassignView } from './overtime-reassign.service.ts';
import * as filesRepo from './overtime-files.repository.ts';
import { OVERTIME_TABLE } from './overtime-files.repository.ts';
import * as commentsRepo from './overtime-comments.repository.ts';
import {
  approveAutomatically,
  flowChanges,
  planRows,
  restartKeptRows,
  rowApprovalStep,
  rowDeciders,
  startRowFlows,
  teamApprover,
  fixedRowTimeline,
  type RowPlan,
  type RowWait,
} from './fixed-overtime-flows.ts';
import { refuseEarlyStart, refuseLockedOrTooFar, refuseOverlap, refuseWeekend } from './overtime-window-rules.ts';
import { queueOvertimeCreated } from './overtime-webhook-events.ts';

export type FixedDeps = { db: Db; clock: Clock; log?: FastifyBaseLogger; mail: NotifyMailConfig };

const HISTORY_FIELDS = ['title', 'project_id', 'ot_date', 'start_time', 'end_time', 'ot_type', 'description', 'staff', 'cc', 'assignee_user_id'] as const;
const PRIVILEGED_STAFF_PICKERS = ['HR', 'ADMIN'] as const;
export const linkOf = (id: number) => `${OVERTIME_PAGE}?id=${id}`;
const num = (v: string | null) => (v === null ? null : Number(v));
export const fail = (r: { statusCode: number; message: string }) => new AppError(r.statusCode, r.message, [r.message]);

export const factsOf = (row: repo.FixedRowDb, staff: readonly repo.StaffRowDb[]): FixedFacts => ({
  created_by_user_id: row.created_by_user_id,
  start_at: row.start_at,
  ot_date: row.ot_date,
  staff: staff.map((s) => ({ employee_id: s.employee_id, status: s.status, approver_id: s.approver_user_id, approver_role: s.approver_role })),
});

export const viewerOf = (u: SessionUser) => ({ userId: u.userId, employeeId: u.employeeId, actors: u.actors });

/** A row's role column as the detail answers it (a ROLE step names one of the pool roles). */
const poolRole = (role: string | null): PoolRole | null => ((POOL_ROLES as readonly string[]).includes(role ?? '') ? (role as PoolRole) : null);

/** New rows as they wait once planned (`rowDeciders`): a row in a flow at step 1, a row of the single step on its approver. */
const newRowWaits = (plans: readonly RowPlan[], ids: ReadonlyMap<number, number>): RowWait[] =>
  plans.map((p) => ({ staffId: ids.get(p.employeeId)!, employeeId: p.employeeId, step: p.plan && p.plan.steps.length > 0 ? 1 : null, approverUserId: p.approverUserId, approverRole: p.approverRole }));

/** A FIXED request within the caller's scope, else 404 (RULES.md §3). */
export async function loadFixed(tx: DbOrTx, user: SessionUser, id: number, forUpdate = false) {
  const row = await repo.findRequest(tx, id, user, { forUpdate });
  if (!row || row.kind !== 'FIXED') throw notFound(F.notFound);
  return row;
}

export const lockOf = (tx: DbOrTx, row: { creator_employee_id: number | null }) => lockDateFor(tx, row.creator_employee_id);

/** Notifies the users and staff given (none → nothing), linking the request. */
export async function tell(tx: DbOrTx, mail: NotifyMailConfig, row: { id: number; title: string }, input: { userIds?: number[]; employeeIds?: number[]; cc?: number[]; type: NotificationType; text: NotificationText; body?: string | null }) {
  if ((input.userIds?.length ?? 0) + (input.employeeIds?.length ?? 0) === 0) return;
  await notifyEvent(tx, mail, { userIds: input.userIds, employeeIds: input.employeeIds, ccEmployeeIds: input.cc, type: input.type, text: input.text, body: input.body ?? null, link: linkOf(row.id) });
}

/**
 * The rules that need the database (spec 001 §5.6 and the overtime date decisions), in order: project, staff
 * (exist, active, members of the project unless HR or ADMIN), CC, weekend, lock, the 10-day limit, the weekday
 * start after the schedule's end + 0.5 h, overlaps. Returns the approvers and the date type.
 */
async function checkForm(tx: DbOrTx, user: SessionUser, form: FixedForm, excludeId: number | null, creatorEmployeeId: number | null) {
  if (!(await repo.projectOf(tx, form.projectId))) throw badRequest(M.projectRequired);
  const found = await repo.staffCandidates(tx, form.projectId, form.staffIds);
  if (found.length !== form.staffIds.length) throw badRequest(F.staffNotFound);
  const byId = new Map(found.map((s) => [s.id, s]));
  const inactive = found.find((s) => !s.active);
  if (inactive) throw badRequest(F.staffNotFound);
  if (!PRIVILEGED_STAFF_PICKERS.some((r) => user.roles.includes(r))) {
    const outsider = form.staffIds.map((id) => byId.get(id)!).find((s) => !s.member);
    if (outsider) throw badRequest(M.notStaffOfProject(outsider.name));
  }
  if (form.cc.length > 0 && (await repo.existingEmployeeIds(tx, form.cc)).length !== form.cc.length) throw badRequest(F.ccNotFound);
  refuseWeekend(form.otDate);
  await refuseLockedOrTooFar(tx, form.otDate, creatorEmployeeId);
  const dayTypes = await dayTypesOf(tx, form.staffIds.map((employeeId) => ({ employeeId, date: form.otDate })));
  for (const d of dayTypes) refuseEarlyStart(d, form.startClock.slice(0, 5));
  await refuseOverlap(tx, form.staffIds, form.startAt, form.endAt, excludeId);
  const approvers: { employeeId: number; approverUserId: number }[] = [];
  for (const employeeId of form.staffIds) {
    const a = await resolveApprover(tx, { employeeId, projectId: form.projectId, date: form.otDate });
    if (!a) throw badRequest(F.noApprover(byId.get(employeeId)!.name));
    approvers.push({ employeeId, approverUserId: a.userId });
  }
  // The request's one approver (issue 26, RULES.md §5; docs/overtime.md "Assignment"): `teamApprover`.
  return { approvers, assigneeUserId: teamApprover(approvers, creatorEmployeeId), dateType: dayTypes[0]?.dateType ?? 'WORKDAY' };
}

const snapshot = (tz: string, f: { title: string; projectId: number; otDate: string; startAt: Date | string; endAt: Date | string; otType: string; description: string | null; staff: readonly number[]; cc: readonly number[]; assignee: number | null }) => ({
  title: f.title,
  project_id: f.projectId,
  ot_date: f.otDate,
  start_time: localTime(f.startAt, tz),
  end_time: localTime(f.endAt, tz),
  ot_type: f.otType,
  description: f.description,
  staff: [...f.staff],
  cc: [...f.cc].sort((a, b) => a - b),
  assignee_user_id: f.assignee,
});

async function attach(tx: DbOrTx, user: SessionUser, id: number, files: readonly UploadedFile[]) {
  for (const file of files) {
    const stored = await storeFile(tx, file, { folder: filesRepo.OVERTIME_FILE_FOLDER, ownerTable: OVERTIME_TABLE, ownerId: id, createdBy: user.userId });
    await filesRepo.attachFile(tx, id, stored.id, stored.originalName);
  }
}

async function addComments(tx: DbOrTx, user: SessionUser, id: number, comments: readonly string[]) {
  for (const c of comments) await commentsRepo.insertComment(tx, { requestId: id, authorUserId: user.userId, receiverEmployeeId: null, content: c });
}

async function buildDetail(deps: FixedDeps, user: SessionUser, row: repo.FixedRowDb): Promise<FixedDetail> {
  const { db, clock } = deps;
  const tz = clock.timeZone;
  const [staff, cc, comments, files, lockDate] = [await repo.staffOf(db, row.id), await repo.ccOf(db, row.id), await repo.commentTexts(db, row.id), await filesRepo.listFiles(db, row.id), await lockOf(db, row)];
  const now = clock.now();
  const mayReassign = (await fixedReassignView(db, user, row, staff, null)).moverRefused === null;
  const facts = { ...factsOf(row, staff), may_reassign: mayReassign };
  const shown = staff.map((s) => shownFixedStaffStatus(s.status, row.ot_date, lockDate));
  return {
    id: row.id,
    kind: 'FIXED',
    title: row.title,
    project_id: row.project_id,
    project_name: row.project_name,
    project_code: row.project_code,
    ot_date: row.ot_date,
    start_time: localTime(row.start_at, tz),
    end_time: localTime(row.end_at, tz),
    start_at: row.start_at,
    end_at: row.end_at,
    ot_type: row.ot_type,
    description: row.description,
    category: row.date_type,
    is_ot_paid_by_offset_day: row.is_ot_paid_by_offset_day,
    source: row.source,
    assignee: row.assignee_user_id,
    assignee_ob:
      row.assignee_user_id === null
        ? null
        : { id: row.assignee_user_id, name: row.assignee_name ?? '', user_name: row.assignee_username ?? '', department_name: { name: row.assignee_department } },
    created_by_user_id: row.created_by_user_id,
    creator:
      row.created_by_user_id === null
        ? null
        : { id: row.created_by_user_id, name: row.creator_name ?? '', user_name: row.creator_username ?? '', department_name: { nameEn: row.creator_department } },
    mailList: cc,
    mail_cc: cc.map((c) => c.employee_id),
    comment: comments,
    reject_all_reason: row.reject_all_reason,
    withdraw_reason: row.withdraw_reason,
    created_date: row.created_at,
    last_modified_date: row.updated_at,
    staff: staff.map((s, i) => ({
      id: s.id,
      employee_id: s.employee_id,
      employee: { name: s.name, user_name: s.user_name, department_name: s.department_name },
      status: s.status,
      shown_status: shown[i]!,
      status_text: FIXED_STAFF_STATUS_TEXT[shown[i]!] ?? String(shown[i]),
      approver_id: s.approver_user_id,
      approver: s.approver_user_id === null ? null : { id: s.approver_user_id, name: s.approver_name ?? '', user_name: s.approver_username ?? '' },
      approver_role: poolRole(s.approver_role),
      reject_reason: s.reject_reason,
      decided_date: s.decided_at,
      check_in: s.check_in,
      check_out: s.check_out,
      total_time_actual: num(s.total_time_actual),
      total_time_confirm: num(s.total_time_confirm),
      limit_override_reason: s.limit_override_reason,
      approval_step: rowApprovalStep(s),
    })),
    tag: fixedRequestTag(shown),
    files: files.map(toFile),
    lock_date: lockDate,
    server_now: now.toISOString(),
    version: row.version,
    may_reassign: mayReassign,
    actions: fixedActions(facts, viewerOf(user), { now, lockDate }),
  };
}

export const staleVersion = (sent: number | null | undefined, row: { version: number }) => {
  if (sent != null && sent !== row.version) throw new AppError(409, M.stale, [M.stale]);
};

export async function fixedDetail(deps: FixedDeps, user: SessionUser, id: number): Promise<FixedDetail> {
  return buildDetail(deps, user, await loadFixed(deps.db, user, id));
}

/** Issue 29: the approval timeline of one staff row (`fixed-overtime-flows.ts`); 404 outside the caller's scope. */
export async function fixedTimeline(deps: FixedDeps, user: SessionUser, id: number, employeeId: number) {
  return fixedRowTimeline(deps.db, user, id, employeeId, (db, u, i) => loadFixed(db, u, i));
}

export async function fixedHistory(deps: FixedDeps, user: SessionUser, id: number): Promise<HistoryEntryDto[]> {
  await loadFixed(deps.db, user, id);
  return listHistory(deps.db, OVERTIME_TABLE, id, deps.clock.timeZone);
}

export async function createFixedOvertime(deps: FixedDeps, user: SessionUser, p: FixedCreatePayload, files: readonly UploadedFile[]) {
  const { db, clock } = deps;
  const tz = clock.timeZone;
  const form = readFixedForm(p, tz);
  if (otTypeNeedsFile(form.otType) && files.length === 0) throw badRequest(M.fileRequired);
  const out = await db.transaction(async (tx) => {
    const checked = await checkForm(tx, user, form, null, user.employeeId);
    // Issue 29: each staff row follows its own approval flow, or the single step (fixed-overtime-flows.ts).
    const planned = await planRows(tx, form, checked.approvers);
    const created = await repo.insertRequest(tx, { ...form, dateType: checked.dateType, assigneeUserId: teamApprover(planned, user.employeeId), createdByUserId: user.userId });
    const ids = await repo.insertStaff(tx, created.id, planned);
    const started = await startRowFlows(tx, { id: created.id, ot_date: form.otDate, date_type: checked.dateType }, planned, ids, clock.now());
    const assignee = teamApprover(started.plans, user.employeeId);
    if (assignee !== teamApprover(planned, user.employeeId)) await repo.setAssignee(tx, created.id, assignee);
    await repo.writeCc(tx, created.id, form.cc);
    await attach(tx, user, created.id, files);
    await addComments(tx, user, created.id, form.comments);
    const record = snapshot(tz, { ...form, staff: form.staffIds, assignee });
    const approvers = started.plans.map((p) => ({ employeeId: p.employeeId, approverUserId: p.approverUserId, ...(p.approverRole ? { approverRole: p.approverRole } : {}) }));
    await recordHistory(tx, {
      tableName: OVERTIME_TABLE,
      recordId: created.id,
      employeeId: user.employeeId,
      action: 'CREATE',
      changes: [...diffFields(null, record, HISTORY_FIELDS), ...flowChanges(started.plans)],
      newRecord: { ...record, kind: 'FIXED', approvers, files: files.map((f) => f.fileName) },
      by: user,
    });
    await approveAutomatically(tx, { id: created.id, creator_employee_id: user.employeeId }, started.automatic);
    await queueOvertimeCreated(tx, clock, 'FIXED', [created.id]);
    // Each row's approver, or everyone of a ROLE step 1's role but the staff member (the first of them to act decides).
    const approverIds = await rowDeciders(tx, newRowWaits(started.plans, ids));
    await tell(tx, deps.mail, { id: created.id, title: form.title }, { userIds: approverIds, cc: form.cc, type: 'ASSIGNED', text: { key: 'overtimeCreated', params: { id: created.id, title: form.title, name: user.name } } });
    // RULES.md §6: the pay lines follow the request (an automatic approval's too), recomputed once this commits (recalc-queue.ts).
    await queueRecalculation(tx, { overtimeRequestIds: [created.id] }, { createdBy: user.userId });
    const limits = await usageOfRequest(tx, { requestId: created.id, employeeIds: form.staffIds, otDate: form.otDate, dateType: checked.dateType, now: clock.now() });
    return { ...created, limits };
  });
  return out;
}

export async function updateFixedOvertime(deps: FixedDeps, user: SessionUser, p: FixedUpdatePayload, files: readonly UploadedFile[]) {
  const { db, clock } = deps;
  const tz = clock.timeZone;
  const form = readFixedForm(p, tz);
  const out = await db.transaction(async (tx) => {
    const row = await loadFixed(tx, user, p.id, true);
    staleVersion(p.version, row);
    const staff = await repo.staffOf(tx, row.id);
    const refused = fixedRefusal('edit', factsOf(row, staff), viewerOf(user), { now: clock.now(), lockDate: await lockOf(tx, row) });
    if (refused) throw fail(refused);
    if (otTypeNeedsFile(form.otType) && files.length + (await filesRepo.fileCount(tx, row.id)) === 0) throw badRequest(M.fileRequired);
    const checked = await checkForm(tx, user, form, row.id, row.creator_employee_id);
    const updated = await repo.updateTerms(tx, row.id, row.version, { ...form, dateType: checked.dateType, assigneeUserId: checked.assigneeUserId });
    if (!updated) throw new AppError(409, F.alreadyChanged, [F.alreadyChanged]);
    const oldCc = await repo.ccOf(tx, row.id);
    // Issue 29: the staff kept keep their rows — a row in an approval flow starts again at step 1, a row of the single
    // step goes to the approver of the new terms — those removed go, and each one added is planned as at creation.
    const single = new Map(checked.approvers.map((a) => [a.employeeId, a.approverUserId]));
    const kept = staff.filter((s) => single.has(s.employee_id));
    await repo.removeStaffExcept(tx, row.id, form.staffIds);
    const restarted = await restartKeptRows(tx, kept);
    // Who each row waits on after the edit: its approver, or (a ROLE step) anyone of its role.
    const rowApprover = new Map<number, { approverUserId: number | null; approverRole: string | null }>();
    for (const s of kept) {
      if (s.approval_step_count !== null) {
        rowApprover.set(s.employee_id, restarted.approvers.get(s.employee_id) ?? { approverUserId: s.approver_user_id, approverRole: s.approver_role });
        continue;
      }
      const approver = single.get(s.employee_id)!;
      if (approver !== s.approver_user_id) await repo.setRowApprover(tx, s.id, approver);
      rowApprover.set(s.employee_id, { approverUserId: approver, approverRole: null });
    }
    const added = await planRows(tx, form, checked.approvers.filter((a) => !rowApprover.has(a.employeeId)));
    const ids = await repo.insertStaff(tx, row.id, added);
    const started = await startRowFlows(tx, { id: row.id, ot_date: form.otDate, date_type: checked.dateType }, added, ids, clock.now());
    for (const p of started.plans) rowApprover.set(p.employeeId, { approverUserId: p.approverUserId, approverRole: p.approverRole });
    const assignee = teamApprover(
      form.staffIds.map((e) => ({ employeeId: e, ...(rowApprover.get(e) ?? { approverUserId: null, approverRole: null }) })),
      row.creator_employee_id,
    );
    if (assignee !== checked.assigneeUserId) await repo.setAssignee(tx, row.id, assignee);
    await repo.writeCc(tx, row.id, form.cc);
    await attach(tx, user, row.id, files);
    await addComments(tx, user, row.id, form.comments);
    const before = snapshot(tz, {
      title: row.title,
      projectId: row.project_id,
      otDate: row.ot_date,
      startAt: row.start_at,
      endAt: row.end_at,
      otType: row.ot_type,
      description: row.description,
      staff: staff.map((s) => s.employee_id),
      cc: oldCc.map((c) => c.employee_id),
      assignee: row.assignee_user_id,
    });
    const after = snapshot(tz, { ...form, staff: form.staffIds, assignee });
    const changes: HistoryChange[] = [...diffFields(before, after, HISTORY_FIELDS), ...restarted.changes, ...flowChanges(started.plans)];
    if (files.length > 0) changes.push({ field: 'attachments', oldValue: null, newValue: files.map((f) => f.fileName) });
    await recordHistory(tx, { tableName: OVERTIME_TABLE, recordId: row.id, employeeId: row.creator_employee_id, action: 'UPDATE', changes, newRecord: { ...after, version: updated.version }, by: user });
    await approveAutomatically(tx, row, started.automatic);
    // New approvers are told, and so is step 1's approver of a row whose flow starts again — or everyone of its role
    // (a ROLE step), as for a row added whose step 1 is one.
    const oldApprovers = new Set(staff.map((s) => s.approver_user_id));
    const newApprovers = [...rowApprover.values()].flatMap((a) => (a.approverUserId !== null && !oldApprovers.has(a.approverUserId) ? [a.approverUserId] : []));
    const addedRoles = await rowDeciders(tx, newRowWaits(started.plans, ids).filter((w) => w.approverRole !== null));
    const toTell = [...new Set([...newApprovers, ...restarted.told, ...addedRoles])];
    await tell(tx, deps.mail, { id: row.id, title: form.title }, { userIds: toTell, type: 'ASSIGNED', text: { key: 'overtimeAssigned', params: { id: row.id, title: form.title } } });
    await queueRecalculation(tx, { overtimeRequestIds: [row.id] }, { createdBy: user.userId });
    const limits = await usageOfRequest(tx, { requestId: row.id, employeeIds: form.staffIds, otDate: form.otDate, dateType: checked.dateType, now: clock.now() });
    return { id: row.id, version: updated.version, limits };
  });
  return out;
}

export function toFile(r: filesRepo.FileRowDb) {
  return { name: r.stored_name, original_name: r.original_name, size: Number(r.size), content_type: r.content_type, created_date: r.created_date };
}
