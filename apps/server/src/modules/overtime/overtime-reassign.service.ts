/**
 * update-assignee of overtime, both kinds (spec 001 §4.5 Delegate, §7.3 `PUT /tms/overtime-request/{id}/update-assignee`;
 * RULES.md §5), and the approver picker's candidates. Who may move a request and to whom is the shared reassignment
 * rule (auth core `reassign-rule.ts`): never one's own request, a lead only for the people they lead, HR, HRM and Admin
 * any; the new assignee entitled to approve it — the project's PM keeps overtime unless a delegation or HR moves it.
 * A refusal writes nothing (no assignee, history or notification).
 */
import { FIXED_STAFF_STATUS as FS, FLEXIBLE_STATUS as XS, OVERTIME_PAGE, overtimeDetailPath } from '@tms/contracts/overtime';
import { FIXED_MESSAGES as F, fixedRefusal, type FixedAssigneePayload } from '@tms/contracts/overtime-fixed';
import { FLEXIBLE_MESSAGES as M, flexibleRefusal } from '@tms/contracts/overtime-flexible';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { recordHistory } from '../../lib/history.ts';
import { notifyEvent, type NotifyMailConfig } from '../../lib/notify.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { moverRefusal, targetRefusal, type ReassignItem } from '../auth/reassign-rule.ts';
import { reassignCandidates, reassignFacts, type RequesterOn } from '../auth/reassign.repository.ts';
import { getLockDate, lockDateFor } from '../payroll-periods/payroll-periods.service.ts';
import * as fixedRepo from './fixed-overtime.repository.ts';
import * as flexRepo from './flexible-overtime.repository.ts';
import { OVERTIME_TABLE } from './overtime-files.repository.ts';

export type OvertimeReassignDeps = { db: Db; clock: Clock; mail: NotifyMailConfig };

const fail = (r: { statusCode?: number; code?: number; message: string }) => new AppError(r.statusCode ?? r.code ?? 403, r.message, [r.message]);

/** The rule's view of an item: its requesters on the date, the project that holds it (or none), owners. */
async function viewOf(db: DbOrTx, user: SessionUser, v: { requesters: RequesterOn[]; owners: number[]; creatorUserId: number | null; projectId: number | null; targetUserId: number | null }) {
  const facts = await reassignFacts(db, { requesters: v.requesters, projectId: v.projectId, mover: user, targetUserId: v.targetUserId });
  const item: ReassignItem = { requesterEmployeeIds: v.owners, creatorUserId: v.creatorUserId, inMoverLeadScope: facts.inMoverLeadScope };
  return { requesters: v.requesters, projectId: v.projectId, facts, item, moverRefused: moverRefusal(user, item) };
}

/**
 * A fixed request: every staff member and the creator own it; the approvers that move are those of the rows still
 * pending, for the OT date; the project's PM holds it.
 */
export function fixedReassignView(db: DbOrTx, user: SessionUser, row: fixedRepo.FixedRowDb, staff: readonly fixedRepo.StaffRowDb[], targetUserId: number | null) {
  const requesters = staff.filter((s) => s.status === FS.pending).map((s) => ({ employeeId: s.employee_id, date: row.ot_date }));
  return viewOf(db, user, { requesters, owners: staff.map((s) => s.employee_id), creatorUserId: row.created_by_user_id, projectId: row.project_id, targetUserId });
}

/** The open stage of a flexible request: the PM stage at 0 and 1 (a project item), the manager stage at 3 (the lead chain). */
const pmStageOpen = (status: number) => status === XS.pendingPm || status === XS.approvedByPm;

export function flexibleReassignView(db: DbOrTx, user: SessionUser, row: flexRepo.FlexibleRowDb, targetUserId: number | null) {
  return viewOf(db, user, {
    requesters: [{ employeeId: row.requester_employee_id, date: row.ot_date }],
    owners: [row.requester_employee_id],
    creatorUserId: row.created_by_user_id,
    projectId: pmStageOpen(row.status) ? row.project_id : null,
    targetUserId,
  });
}

/** ASSIGNED to the new assignee, linking where each kind's other notifications link (the list's drawer, the detail page). */
const tell = (tx: DbOrTx, mail: NotifyMailConfig, id: number, title: string, userId: number, link: string) =>
  notifyEvent(tx, mail, { userIds: [userId], type: 'ASSIGNED', text: { key: 'overtimeAssigned', params: { id, title } }, body: null, link });

/** The target as the rule reads it, else 400 (unknown or disabled, as before this rule). */
const activeTarget = (tx: DbOrTx, p: FixedAssigneePayload) => fixedRepo.activeUser(tx, { id: p.data.assignee ?? null, username: p.data.username?.trim() || null });

async function moveFixed(tx: DbOrTx, deps: OvertimeReassignDeps, user: SessionUser, row: fixedRepo.FixedRowDb, p: FixedAssigneePayload) {
  const staff = await fixedRepo.staffOf(tx, row.id);
  const target = await activeTarget(tx, p);
  const view = await fixedReassignView(tx, user, row, staff, target?.id ?? null);
  if (view.moverRefused) throw fail(view.moverRefused);
  const facts = { created_by_user_id: row.created_by_user_id, start_at: row.start_at, ot_date: row.ot_date, may_reassign: true, staff: staff.map((s) => ({ employee_id: s.employee_id, status: s.status, approver_id: s.approver_user_id })) };
  const refused = fixedRefusal('delegate', facts, { userId: user.userId, employeeId: user.employeeId, actors: user.actors }, { now: deps.clock.now(), lockDate: await lockDateFor(tx, row.creator_employee_id) });
  if (refused) throw fail(refused);
  if (!target || !view.facts.target) throw badRequest(F.assigneeNotFound);
  const wrongTarget = targetRefusal(user, view.item, view.facts, view.facts.target);
  if (wrongTarget) throw fail(wrongTarget);
  const movedRows = await fixedRepo.moveApprover(tx, row.id, target.id);
  const touched = await fixedRepo.touchRequest(tx, row.id, row.version, { assigneeUserId: target.id });
  if (!touched) throw new AppError(409, F.alreadyChanged, [F.alreadyChanged]);
  await recordHistory(tx, {
    tableName: OVERTIME_TABLE,
    recordId: row.id,
    employeeId: row.creator_employee_id,
    action: 'UPDATE',
    changes: [
      { field: 'assignee_user_id', oldValue: row.assignee_user_id, newValue: target.id },
      ...movedRows.map((e) => ({ field: `staff[${e}].approver_id`, oldValue: staff.find((s) => s.employee_id === e)?.approver_user_id ?? null, newValue: target.id })),
    ],
    newRecord: { id: row.id, assignee_user_id: target.id, version: touched.version },
    by: user,
  });
  await tell(tx, deps.mail, row.id, row.title, target.id, `${OVERTIME_PAGE}?id=${row.id}`);
  return { id: row.id, version: touched.version };
}

/** The open stage moves: `pm_user_id` (PM stage) or `manager_user_id` (manager stage), and the assignee with it. */
async function moveFlexible(tx: DbOrTx, deps: OvertimeReassignDeps, user: SessionUser, row: flexRepo.FlexibleRowDb, p: FixedAssigneePayload) {
  const target = await activeTarget(tx, p);
  const view = await flexibleReassignView(tx, user, row, target?.id ?? null);
  if (view.moverRefused) throw fail(view.moverRefused);
  const refused = flexibleRefusal(
    'delegate',
    { statusStored: row.status, otDate: row.ot_date, endAt: row.end_at, creatorIsPm: false, requester: { userId: row.requester_user_id, employeeId: row.requester_employee_id }, createdBy: { userId: row.created_by_user_id, employeeId: row.creator_employee_id }, pms: [], approver: null, project: { pmEmployeeId: row.project_pm_employee_id }, mayReassign: true },
    { userId: user.userId, employeeId: user.employeeId },
    { now: deps.clock.now(), lockDate: await getLockDate(tx, row.company_id) },
  );
  if (refused) throw fail(refused);
  if (!target || !view.facts.target) throw badRequest(F.assigneeNotFound);
  const wrongTarget = targetRefusal(user, view.item, view.facts, view.facts.target);
  if (wrongTarget) throw fail(wrongTarget);
  const stage = pmStageOpen(row.status) ? 'pm' : 'manager';
  const moved = await flexRepo.moveStage(tx, row.id, { status: row.status, version: row.version, stage, userId: target.id });
  if (!moved) throw new AppError(409, M.statusChanged, [M.statusChanged]);
  const stageField = stage === 'pm' ? 'pm_user_id' : 'manager_user_id';
  await recordHistory(tx, {
    tableName: OVERTIME_TABLE,
    recordId: row.id,
    employeeId: row.requester_employee_id,
    action: 'UPDATE',
    changes: [
      { field: 'assignee_user_id', oldValue: row.assignee_user_id, newValue: target.id },
      { field: stageField, oldValue: stage === 'pm' ? row.pm_user_id : row.manager_user_id, newValue: target.id },
    ],
    newRecord: { id: row.id, assignee_user_id: target.id, [stageField]: target.id, status: row.status, version: moved.version },
    by: user,
  });
  await tell(tx, deps.mail, row.id, row.title, target.id, overtimeDetailPath(row.id));
  return { id: row.id, version: moved.version };
}

/** A request of either kind in the caller's scope, else 404 (RULES.md §3). */
async function load(tx: DbOrTx, tz: string, user: SessionUser, id: number, forUpdate: boolean) {
  const row = await fixedRepo.findRequest(tx, id, user, { forUpdate });
  if (!row) throw notFound(F.notFound);
  if (row.kind === 'FIXED') return { kind: 'FIXED' as const, row };
  const flexible = await flexRepo.findFlexible(tx, id, user, tz, { forUpdate });
  if (!flexible) throw notFound(F.notFound);
  return { kind: 'FLEXIBLE' as const, row: flexible, version: row.version };
}

export async function updateOvertimeAssignee(deps: OvertimeReassignDeps, user: SessionUser, id: number, p: FixedAssigneePayload) {
  return deps.db.transaction(async (tx) => {
    const found = await load(tx, deps.clock.timeZone, user, id, true);
    if (p.version != null && p.version !== found.row.version) throw new AppError(409, M.stale, [M.stale]);
    return found.kind === 'FIXED' ? moveFixed(tx, deps, user, found.row, p) : moveFlexible(tx, deps, user, found.row, p);
  });
}

/** The people the caller may hand the request to (the approver picker): the rule's candidates it accepts. */
export async function overtimeAssigneeCandidates(deps: OvertimeReassignDeps, user: SessionUser, id: number, search: string | null) {
  const { db } = deps;
  const found = await load(db, deps.clock.timeZone, user, id, false);
  const view = found.kind === 'FIXED' ? await fixedReassignView(db, user, found.row, await fixedRepo.staffOf(db, found.row.id), null) : await flexibleReassignView(db, user, found.row, null);
  if (view.moverRefused || view.requesters.length === 0) return [];
  const candidates = await reassignCandidates(db, { requesters: view.requesters, projectId: view.projectId, search });
  return candidates.filter((c) => targetRefusal(user, view.item, view.facts, c) === null);
}
