/**
 * Flexible overtime, write and read side (spec 001 §2.4, §3, §4.6, §5.6, §7.3; RULES.md §3, §5, §6, §8). One request per
 * requester; the PM stage (the project's PM, never the requester) approves or rejects at 0 and confirms the OT pay per
 * shift once the window has passed (→ 3); the manager stage (the requester's approver) approves (5) or rejects (4).
 * Every transition is one conditional UPDATE (`flexible-overtime-status.service.ts`); the enable rules are contracts
 * `flexibleRefusal`, the same the page reads. Attachments: `flexible-overtime-files.service.ts`. The pay core
 * recomputes after each commit.
 */
import type { FastifyBaseLogger } from 'fastify';
import { isFlexibleOvertimeType, overtimeDetailPath, FLEXIBLE_STATUS as S } from '@tms/contracts/overtime';
import {
  FLEXIBLE_MESSAGES as M,
  flexibleActions,
  flexibleRefusal,
  type FlexibleCreatePayload,
  type FlexibleDetail,
  type FlexibleEditPayload,
  type FlexibleFacts,
  type FlexibleFile,
  type FlexiblePerson,
  type FlexibleViewer,
  type ProjectRole,
} from '@tms/contracts/overtime-flexible';
import { hasAnyRole, PRIVILEGED_ROLES } from '@tms/contracts/roles';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { toDmy } from '../../lib/dates.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { diffFields, listHistory, recordHistory, type HistoryChange } from '../../lib/history.ts';
import type { NotificationText } from '@tms/contracts/notification-texts';
import { notifyEvent, type NotifyMailConfig } from '../../lib/notify.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { resolveApprover } from '../auth/approver.repository.ts';
import { dayTypesOf } from '../overtime-pay/day-type.repository.ts';
import { usageOfRequest } from '../overtime-pay/ot-limits.service.ts';
import type { OtUsage } from '@tms/contracts/overtime-limits';
import { queueRecalculation } from '../timesheet/recalc-queue.ts';
import { getLockDate } from '../payroll-periods/payroll-periods.service.ts';
import { startFlow } from '../approval-flows/approval-steps.ts';
import { approvalStepOf, managerOfPlan, planFlexibleApproval } from './flexible-overtime-flow.ts';
import { readFlexibleForm, type FlexibleForm } from './flexible-overtime-form.ts';
import * as repo from './flexible-overtime.repository.ts';
import { flexibleReassignView } from './overtime-reassign.service.ts';
import * as filesRepo from './overtime-files.repository.ts';
import { OVERTIME_TABLE } from './overtime-files.repository.ts';
import { refuseEarlyStart, refuseLockedOrTooFar, refuseOverlap, refuseWeekend } from './overtime-window-rules.ts';
import { queueOvertimeCreated } from './overtime-webhook-events.ts';

export type FlexibleDeps = { db: Db; clock: Clock; log?: FastifyBaseLogger; mail: NotifyMailConfig };
type Caller = SessionUser;

/** HR and ADMIN file for anyone (the brief: "others only if the caller is the project's PM or HR/ADMIN"). */
const FILES_FOR_OTHERS = ['HR', 'ADMIN'] as const;
const HISTORY_FIELDS = ['title', 'project_id', 'ot_date', 'start_time', 'end_time', 'ot_type', 'date_type', 'description', 'pm_user_id', 'cc'] as const;
/** Issue 29: the flow the manager stage follows, in the creation's entry. */
const FLOW_HISTORY_FIELDS = ['approval_flow', 'approval_step_count'] as const;
export const refusalError = (r: { code: number; message: string }) => new AppError(r.code, r.message, [r.message]);
export const facts = (r: repo.FlexibleRowDb): FlexibleFacts => ({
  statusStored: r.status,
  otDate: r.ot_date,
  endAt: r.end_at,
  creatorIsPm: r.created_by_user_id !== null && (r.created_by_user_id === r.pm_user_id || (r.creator_employee_id !== null && r.creator_employee_id === r.project_pm_employee_id)),
  requester: { userId: r.requester_user_id, employeeId: r.requester_employee_id },
  createdBy: { userId: r.created_by_user_id, employeeId: r.creator_employee_id },
  pms: r.pm_user_id === null ? [] : [{ userId: r.pm_user_id, employeeId: null }],
  approver: r.manager_user_id === null ? null : { userId: r.manager_user_id },
  approverRole: r.approver_role,
  project: { pmEmployeeId: r.project_pm_employee_id },
});
/** The caller as the enable rules read them: a holder of the manager stage's role (a ROLE step) decides it. */
export const viewerOf = (u: Caller): FlexibleViewer => ({ userId: u.userId, employeeId: u.employeeId, actors: u.actors });
const person = (p: repo.PersonRow | undefined): FlexiblePerson | null =>
  p ? { userId: p.user_id, employeeId: p.employee_id, username: p.username, name: p.name } : null;
const snapshot = (f: Pick<FlexibleForm, 'title' | 'projectId' | 'otDate' | 'startHm' | 'endHm' | 'requestType' | 'description' | 'cc'>, dateType: string, pmUserId: number | null) => ({
  title: f.title,
  project_id: f.projectId,
  ot_date: f.otDate,
  start_time: f.startHm,
  end_time: f.endHm,
  ot_type: f.requestType,
  date_type: dateType,
  description: f.description,
  pm_user_id: pmUserId,
  cc: [...f.cc].sort((a, b) => a - b),
});

export async function load(tx: DbOrTx, tz: string, user: Caller, id: number, forUpdate = false) {
  const row = await repo.findFlexible(tx, id, user, tz, { forUpdate });
  if (!row) throw notFound(M.notFound);
  return row;
}

export async function tell(tx: DbOrTx, mail: NotifyMailConfig, requestId: number, to: { userIds?: (number | null)[]; employeeIds?: number[] }, type: string, text: NotificationText, body: string | null = null) {
  const userIds = (to.userIds ?? []).filter((x): x is number => x !== null);
  const employeeIds = to.employeeIds ?? [];
  if (userIds.length === 0 && employeeIds.length === 0) return;
  const cc = await repo.ccOf(tx, requestId);
  await notifyEvent(tx, mail, { userIds, employeeIds, ccEmployeeIds: cc.map((c) => c.employee_id), type, text, body, link: overtimeDetailPath(requestId) });
}

export const history = (tx: DbOrTx, row: { id: number; requester_employee_id: number }, by: Caller, action: 'CREATE' | 'UPDATE' | 'STATUS', changes: HistoryChange[], newRecord: unknown) =>
  recordHistory(tx, { tableName: OVERTIME_TABLE, recordId: row.id, employeeId: row.requester_employee_id, action, changes, newRecord, by });

/**
 * The rules a requester's window must pass (common decisions; spec 001 §5.6): after the lock date, within the picker
 * limit (latest period end + 10 days), not a weekend, a policy in force (a work schedule) with a flexible OT type,
 * member or PM of the project, on a workday a start ≥ the schedule's end + 0.5 h, no overlap with a live request.
 * Answers the date type of each requester's OT date.
 */
async function checkWindow(tx: DbOrTx, user: Caller, form: FlexibleForm, requesterIds: number[], exceptId: number | null): Promise<Map<number, string>> {
  const project = await repo.projectOf(tx, form.projectId);
  if (!project) throw badRequest(M.projectRequired);
  const people = await repo.peopleByEmployeeIds(tx, requesterIds);
  if (people.length !== requesterIds.length) throw badRequest(M.staffRequired);
  const nameOf = new Map(people.map((p) => [p.employee_id!, p.name]));
  const members = new Set(await repo.membersOf(tx, form.projectId, requesterIds, form.otDate));
  for (const id of requesterIds) {
    if (id !== project.pm_employee_id && !members.has(id)) throw badRequest(M.notStaffOfProject(nameOf.get(id) ?? String(id)));
  }
  await refuseLockedOrTooFar(tx, form.otDate, user.employeeId);
  refuseWeekend(form.otDate);
  const days = await dayTypesOf(tx, requesterIds.map((employeeId) => ({ employeeId, date: form.otDate })));
  const policies = new Map((await repo.policiesOn(tx, requesterIds, form.otDate)).map((p) => [p.employee_id, p]));
  const types = new Map<number, string>();
  for (const d of days) {
    if (!d.hasPolicy) throw badRequest(M.noWorkSchedule);
    if (!isFlexibleOvertimeType(policies.get(d.employeeId)?.ot_type)) throw badRequest(M.notFlexible(nameOf.get(d.employeeId) ?? ''));
    refuseEarlyStart(d, form.startHm);
    types.set(d.employeeId, d.dateType);
  }
  await refuseOverlap(tx, requesterIds, form.startAt, form.endAt, exceptId);
  return types;
}

async function checkCc(tx: DbOrTx, cc: number[]) {
  if (cc.length > 0 && (await repo.peopleByEmployeeIds(tx, cc)).length !== cc.length) throw badRequest(M.ccNotFound);
}

/** The PM stage: the project's PM, or — when the requester is that PM — their own approver (RULES.md §5). */
async function pmStageOf(tx: DbOrTx, employeeId: number, projectId: number, otDate: string): Promise<number> {
  const found = await resolveApprover(tx, { employeeId, projectId, date: otDate });
  if (!found) throw badRequest(M.noApprover);
  return found.userId;
}

export function toFile(r: filesRepo.FileRowDb): FlexibleFile {
  return { name: r.stored_name, original_name: r.original_name, size: Number(r.size), content_type: r.content_type, created_date: r.created_date };
}

export async function createFlexibleOvertime(deps: FlexibleDeps, user: Caller, p: FlexibleCreatePayload) {
  const { db, clock } = deps;
  const tz = clock.timeZone;
  const form = readFlexibleForm(p, tz);
  const out = await db.transaction(async (tx) => {
    const project = await repo.projectOf(tx, form.projectId);
    if (!project) throw badRequest(M.projectRequired);
    const requesterIds = form.requesterIds ?? (user.employeeId !== null ? [user.employeeId] : []);
    if (requesterIds.length === 0) throw badRequest(M.staffRequired);
    const others = requesterIds.some((e) => e !== user.employeeId);
    if (others && !hasAnyRole(user.roles, FILES_FOR_OTHERS) && project.pm_employee_id !== user.employeeId) throw badRequest(M.onlySelf);
    await checkCc(tx, form.cc);
    const types = await checkWindow(tx, user, form, requesterIds, null);
    const created: { id: number; version: number; status: number; requesterId: number; limits?: OtUsage }[] = [];
    for (const requesterId of requesterIds) {
      const pmUserId = await pmStageOf(tx, requesterId, form.projectId, form.otDate);
      const single = await resolveApprover(tx, { employeeId: requesterId, date: form.otDate });
      // Issue 29: the manager stage follows the first approval flow whose conditions hold; without one, the single step.
      const plan = await planFlexibleApproval(tx, { employeeId: requesterId, projectId: form.projectId, otDate: form.otDate, startAt: form.startAt, endAt: form.endAt });
      const { managerUserId, staffApproverUserId } = managerOfPlan(plan, single?.userId ?? null);
      const dateType = types.get(requesterId) ?? 'WORKDAY';
      const ins = await repo.insertFlexible(
        tx,
        { ...form, otType: form.requestType, dateType, pmUserId, managerUserId, staffApproverUserId, createdByUserId: user.userId },
        requesterId,
      );
      if (plan) await startFlow(tx, { type: 'OVERTIME', id: ins.staffId }, plan.flow, plan.steps);
      await repo.writeCc(tx, ins.id, form.cc);
      const record = snapshot(form, dateType, pmUserId);
      const flowFields = plan ? { approval_flow: plan.flow.name, approval_step_count: plan.steps.length } : {};
      await history(tx, { id: ins.id, requester_employee_id: requesterId }, user, 'CREATE', diffFields(null, { ...record, ...flowFields }, plan ? [...HISTORY_FIELDS, ...FLOW_HISTORY_FIELDS] : HISTORY_FIELDS), {
        ...record,
        kind: 'FLEXIBLE',
        requester_employee_id: requesterId,
        manager_user_id: managerUserId,
        status: S.pendingPm,
        ...flowFields,
      });
      await tell(tx, deps.mail, ins.id, { userIds: [pmUserId] }, 'ASSIGNED', { key: 'overtimeAwaitsApproval', params: { id: ins.id, title: form.title } });
      const [limits] = await usageOfRequest(tx, { requestId: ins.id, employeeIds: [requesterId], otDate: form.otDate, dateType, now: clock.now() });
      created.push({ id: ins.id, version: ins.version, status: S.pendingPm, requesterId, limits });
    }
    await queueRecalculation(tx, { overtimeRequestIds: created.map((c) => c.id) }, { createdBy: user.userId });
    await queueOvertimeCreated(tx, clock, 'FLEXIBLE', created.map((c) => c.id));
    return created;
  });
  return out;
}

export async function editFlexibleOvertime(deps: FlexibleDeps, user: Caller, p: FlexibleEditPayload) {
  const { db, clock } = deps;
  const tz = clock.timeZone;
  const form = readFlexibleForm(p, tz);
  const out = await db.transaction(async (tx) => {
    const row = await load(tx, tz, user, p.id, true);
    if (p.version && p.version !== row.version) throw new AppError(409, M.stale, [M.stale]);
    const lockDate = await getLockDate(tx, row.company_id);
    const refused = flexibleRefusal('edit', facts(row), viewerOf(user), { now: clock.now(), lockDate });
    if (refused) throw refusalError(refused);
    if (form.requesterIds && (form.requesterIds.length !== 1 || form.requesterIds[0] !== row.requester_employee_id)) throw badRequest(M.requesterFixed);
    await checkCc(tx, form.cc);
    const types = await checkWindow(tx, user, form, [row.requester_employee_id], row.id);
    const pmUserId = form.projectId === row.project_id && row.pm_user_id !== null ? row.pm_user_id : await pmStageOf(tx, row.requester_employee_id, form.projectId, form.otDate);
    const dateType = types.get(row.requester_employee_id) ?? row.date_type;
    // Issue 29: an edit happens only at the PM stage (0, or 1 for a PM's own filing: contracts `flexibleRefusal`), before
    // the manager stage has decided anything, so the manager stage's flow has nothing to restart; it keeps the flow chosen
    // at creation, as a request does. A new confirmation at 3 ("Edit confirmation") restarts it instead
    // (flexible-overtime-status.service.ts).
    const updated = await repo.updateTerms(tx, row.id, { version: row.version, status: row.status }, { ...form, otType: form.requestType, dateType, pmUserId });
    if (!updated) throw new AppError(409, M.statusChanged, [M.statusChanged]);
    const oldCc = (await repo.ccOf(tx, row.id)).map((c) => c.employee_id);
    await repo.writeCc(tx, row.id, form.cc);
    const before = snapshot(
      { title: row.title, projectId: row.project_id, otDate: row.ot_date, startHm: row.start_hm, endHm: row.end_hm, requestType: row.ot_type, description: row.description, cc: oldCc },
      row.date_type,
      row.pm_user_id,
    );
    const after = snapshot(form, dateType, pmUserId);
    await history(tx, row, user, 'UPDATE', diffFields(before, after, HISTORY_FIELDS), { ...after, status: row.status, version: updated.version });
    if (pmUserId !== row.pm_user_id && row.status === S.pendingPm) await tell(tx, deps.mail, row.id, { userIds: [pmUserId] }, 'ASSIGNED', { key: 'overtimeAwaitsApproval', params: { id: row.id, title: form.title } });
    await queueRecalculation(tx, { overtimeRequestIds: [row.id] }, { createdBy: user.userId });
    return { id: row.id, version: updated.version, status: row.status, requesterId: row.requester_employee_id };
  });
  return out;
}

export async function flexibleDetail(deps: FlexibleDeps, user: Caller, id: number): Promise<FlexibleDetail> {
  const { db, clock } = deps;
  const tz = clock.timeZone;
  const row = await load(db, tz, user, id);
  const lockDate = await getLockDate(db, row.company_id);
  const userIds = [row.created_by_user_id, row.pm_user_id, row.manager_user_id, row.assignee_user_id].filter((x): x is number => x !== null);
  const users = new Map((await repo.peopleByUserIds(db, userIds)).map((u) => [u.user_id!, u]));
  const [requester] = await repo.peopleByEmployeeIds(db, [row.requester_employee_id]);
  const cc = await repo.ccOf(db, id);
  const files = await filesRepo.listFiles(db, id);
  const lines = await repo.payLinesOf(db, id);
  const mayReassign = (await flexibleReassignView(db, user, row, null)).moverRefused === null;
  const f = { ...facts(row), mayReassign };
  const now = clock.now();
  const shown = row.status === S.pendingPm || row.status === S.approvedByPm || row.status === S.confirmed ? (lockDate !== null && row.ot_date <= lockDate ? S.expired : row.status) : row.status;
  const reason = row.status === S.rejectedByPm || row.status === S.rejectedByManager ? row.reasons_for_rejection : row.status === S.cancelled ? row.reason_for_cancellation : null;
  const byUser = (uid: number | null) => (uid === null ? null : person(users.get(uid)));
  return {
    id: row.id,
    status: shown,
    statusStored: row.status,
    title: row.title,
    requester: person(requester)!,
    createdBy: byUser(row.created_by_user_id) ?? { userId: null, employeeId: null, username: '', name: '' },
    approver: byUser(row.manager_user_id),
    approverRole: row.approver_role,
    pms: row.pm_user_id === null ? [] : [byUser(row.pm_user_id)!].filter(Boolean),
    assignee: byUser(row.assignee_user_id),
    ccMails: cc.map((c) => ({ employeeId: c.employee_id, name: c.name, username: c.username, email: c.email })),
    description: row.description,
    reason,
    reasonsForRejection: row.reasons_for_rejection,
    reasonForCancellation: row.reason_for_cancellation,
    fileAttach: files.map(toFile),
    project: { projectId: row.project_id, projectName: row.project_name, projectCode: row.project_code, pmEmployeeId: row.project_pm_employee_id },
    overtimeDate: toDmy(row.ot_date)!,
    otDate: row.ot_date,
    requestType: row.ot_type,
    dateType: row.date_type,
    startTime: row.start_hm,
    endTime: row.end_hm,
    startAt: row.start_at,
    endAt: row.end_at,
    createdDate: row.created_at,
    modifiedDate: row.updated_at,
    limitOverrideReason: row.limit_override_reason,
    staff: requester ? [{ employeeId: requester.employee_id!, name: requester.name, username: requester.username, department: requester.department }] : [],
    overtimePayDetail: {
      check_in: row.check_in,
      check_out: row.check_out,
      total_time_actual: row.total_time_actual,
      total_time_confirm: row.total_time_confirm,
      details: lines.map((l) => ({
        shift: l.shift,
        date_type: l.date_type,
        is_night: l.is_night,
        work_date: l.work_date,
        check_in_actual: l.check_in_actual,
        check_out_actual: l.check_out_actual,
        duration_actual: l.duration_actual,
        duration_confirm: l.duration_confirm,
        reason: l.reason,
        required_reason: row.status !== S.approvedByPm,
        coefficient: l.coefficient,
        pay_hours: l.pay_hours,
        non_tax_hours: l.non_tax_hours,
      })),
    },
    creatorIsPm: f.creatorIsPm,
    lock_date: lockDate,
    server_now: now.toISOString(),
    version: row.version,
    mayReassign,
    approval_step: approvalStepOf(row, shown),
    actions: flexibleActions(f, viewerOf(user), { now, lockDate }),
    history: await listHistory(db, OVERTIME_TABLE, id, tz),
  };
}

/** spec 001 §7.3 role-employee: the user's role in the project. Others than oneself only for HR, HRM, ADMIN or the project's PM. */
export async function projectRoleOf(db: Db, user: Caller, projectId: number, username: string | undefined): Promise<{ projectId: number; username: string; role: ProjectRole }> {
  const project = await repo.projectOf(db, projectId);
  if (!project) throw notFound(M.projectRequired);
  const who = username?.trim() ? await repo.employeeOfUsername(db, username.trim()) : user.employeeId !== null ? { employee_id: user.employeeId, username: user.username } : undefined;
  if (!who) return { projectId, username: username?.trim() || user.username, role: 'NONE' };
  if (who.employee_id !== user.employeeId && !hasAnyRole(user.roles, PRIVILEGED_ROLES) && project.pm_employee_id !== user.employeeId) throw forbidden(M.notAllowed);
  const role: ProjectRole =
    project.pm_employee_id === who.employee_id ? 'PM' : (await repo.membersOf(db, projectId, [who.employee_id], null)).length > 0 ? 'MEMBER' : 'NONE';
  return { projectId, username: who.username, role };
}

/** The projects the caller may file flexible OT on (spec 001 §6: member or PM). */
export const flexibleProjects = (db: Db, user: Caller) => (user.employeeId === null ? Promise.resolve([]) : repo.projectsOfEmployee(db, user.employeeId));
