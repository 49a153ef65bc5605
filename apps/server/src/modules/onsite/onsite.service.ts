/**
 * Onsite management, write side (spec 002 §2 Onsite management, §3, §4, §5, §6; RULES.md §3, §5, §8).
 * Two stages: Department (the project's PM, else the creator's approver; nobody approves their own request), then C&B
 * (HR, HRM, ADMIN). Each transition is one conditional UPDATE (onsite.repository `transition`). One record, one status
 * (docs/onsite.md): filing writes every listed staff member's ONSITE request row (pending, with its dates; what Request
 * Management lists, onsite-credits.ts) in the same transaction, and each decision moves those rows with the record —
 * the C&B approval approves them (the timesheet credit), a rejection at either stage rejects them, a withdrawal
 * withdraws them. Request Management's approve / reject / withdraw of such a row comes here too. The timesheet is
 * recalculated after the commit.
 * Approval flows (docs/approval-flows.md): a record whose creator a flow applies to goes through that flow's steps in
 * place of the single Department approver (onsite-steps.ts); the C&B stage follows unchanged.
 * The read side is onsite-read.service.ts, the attachments onsite-files.service.ts.
 */
import {
  ONSITE_MESSAGES as M,
  ONSITE_STAGES,
  type OnsiteCreatePayload,
  type OnsiteReasonPayload,
  type OnsiteType,
  type OnsiteUpdatePayload,
} from '@tms/contracts/onsite';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, forbidden } from '../../lib/errors.ts';
import { diffFields, recordHistory } from '../../lib/history.ts';
import { notifyEvent } from '../../lib/notify.ts';
import { lockDateFor } from '../payroll-periods/payroll-periods.service.ts';
import { queueRecalculation } from '../timesheet/recalc-queue.ts';
import type { EmployeeRange } from '../timesheet/recalculate.ts';
import { resolveApprover } from '../auth/approver.repository.ts';
import { isAfterLock } from '../request-days/request-rules.ts';
import * as requestRepo from '../request-days/request.repository.ts';
import { contextsOf, isPrivileged, linkOf, loadVisible, onsiteHistory, refuse, staleVersion, tellOnsite, type Caller, type OnsiteDeps } from './onsite-access.ts';
import { createCredits, settleStaffRequests, withdrawCreditsOf } from './onsite-credits.ts';
import { readOnsiteForm, type OnsiteForm } from './onsite-form.ts';
import { cbStage, departmentStage, mayChangeStaff } from '../request-days/onsite-rules.ts';
import { facts, snapshot } from './onsite-view.ts';
import * as repo from './onsite.repository.ts';
import { provideOnsitePort } from '../request-days/onsite-port.ts';
import { FLOW_HISTORY_FIELDS, flowAuthor, flowHistoryValues, recordStepDecision, refuseDecidedStep, restartFlow, startFlow, stepOutcome, type StepOutcome } from '../approval-flows/approval-steps.ts';
import { decidesItem } from '@tms/contracts/approval-flows';
import { onsiteDeciders, onsiteItem, passOnsiteStep, planOnsite } from './onsite-steps.ts';
import { queueOnsiteEvents } from './onsite-webhook-events.ts';

export type { OnsiteDeps } from './onsite-access.ts';

const HISTORY_FIELDS = ['title', 'project_id', 'from_date', 'to_date', 'onsite_type', 'location', 'description', 'approver_user_id', 'staff', 'cc'] as const;

/** Staff within the author's scope (RULES.md §3): HR, HRM, ADMIN anyone; a staff member only themselves. */
async function checkStaffScope(tx: DbOrTx, user: Caller, ids: readonly number[]) {
  const reach: requestRepo.Reach = isPrivileged(user) ? 'all' : { roles: user.roles, employeeId: user.employeeId, isPm: user.isPm };
  const found = await requestRepo.employeesBy(tx, { ids }, reach);
  if (found.length === new Set(ids).size) return;
  const lead = user.roles.includes('GROUP_LEAD') || user.roles.includes('DULEAD') || user.isPm;
  throw badRequest(lead || isPrivileged(user) ? M.staffOutOfScope : M.staffOnlySelf);
}

async function checkProjectAndCc(tx: DbOrTx, form: OnsiteForm, ccUsernames: readonly string[] | null | undefined) {
  if (!(await repo.projectOf(tx, form.projectId))) throw badRequest(M.projectRequired);
  const names = [...new Set((ccUsernames ?? []).map((u) => u.trim().toLowerCase()).filter(Boolean))];
  if (names.length > 0) {
    const ids = await repo.userIdsByUsernames(tx, names);
    if (ids.length !== names.length) throw badRequest(M.ccNotFound);
    form.cc = [...new Set([...form.cc, ...ids])];
  }
  if ((await repo.usersByIds(tx, form.cc)).length !== form.cc.length) throw badRequest(M.ccNotFound);
}

async function departmentApprover(tx: DbOrTx, creatorEmployeeId: number | null, projectId: number, creatorUserId: number, date: string): Promise<number> {
  // RULES.md §5: a delegation in force on the first date, else the project's PM, else the creator's group lead,
  // division lead, an HRM; never the creator.
  const found = await resolveApprover(tx, { employeeId: creatorEmployeeId ?? 0, projectId, date });
  if (!found || found.userId === creatorUserId) throw badRequest(M.noApprover);
  return found.userId;
}

/** The company of the filer (the lock date the staff rows' dates are checked against, as for the record itself). */
async function companyOf(tx: DbOrTx, user: Caller): Promise<number | null> {
  if (user.employeeId === null) return null;
  const [e] = await requestRepo.employeesBy(tx, { ids: [user.employeeId] }, 'all');
  return e?.company_id ?? null;
}

export async function createOnsite(deps: OnsiteDeps, user: Caller, p: OnsiteCreatePayload) {
  const form = readOnsiteForm(p);
  return deps.db.transaction(async (tx) => {
    await checkProjectAndCc(tx, form, p.ccUsernames);
    await checkStaffScope(tx, user, form.staff.map((s) => s.employeeId));
    const lockDate = await lockDateFor(tx, user.employeeId);
    if (!isAfterLock(form.fromDate, lockDate)) throw badRequest(M.locked);
    // Approval flows: the first flow whose conditions hold for the creator decides the Department stage's approvers;
    // none, the single step. A flow with no step approves the Department stage at once.
    const plan = await planOnsite(tx, { creatorEmployeeId: user.employeeId, creatorUserId: user.userId, projectId: form.projectId, fromDate: form.fromDate, toDate: form.toDate });
    const autoApproved = plan !== null && plan.steps.length === 0;
    // Step 1's approver; a ROLE step 1 has none: anyone of its role decides (startFlow sets the record's approver_role).
    const approver = plan === null ? await departmentApprover(tx, user.employeeId, form.projectId, user.userId, form.fromDate) : autoApproved ? null : (plan.steps[0]!.approver?.user_id ?? null);
    const role = plan?.steps[0]?.role ?? null;
    const created = await repo.insertOnsite(tx, { ...form, approverUserId: approver, createdByUserId: user.userId });
    if (plan) await startFlow(tx, onsiteItem(created.id), plan.flow, plan.steps);
    await repo.writeStaffAndCc(tx, created.id, form.staff, form.cc);
    const terms = { title: form.title, from_date: form.fromDate, to_date: form.toDate, onsite_type: form.type, project_id: form.projectId };
    await createCredits(tx, { id: created.id, ...terms, company_id: await companyOf(tx, user), approver_user_id: approver, approver_role: role, created_by_user_id: user.userId }, user, 1);
    const record = { ...snapshot(form, approver), ...flowHistoryValues(plan), ...(role ? { approver_role: role } : {}) };
    await recordHistory(tx, {
      tableName: repo.ONSITE_TABLE,
      recordId: created.id,
      employeeId: user.employeeId,
      action: 'CREATE',
      changes: diffFields(null, record, plan ? [...HISTORY_FIELDS, ...FLOW_HISTORY_FIELDS, ...(role ? ['approver_role' as const] : [])] : HISTORY_FIELDS),
      newRecord: { ...record, status: 1, status_department: 1, status_cb: 1 },
      by: user,
    });
    if (autoApproved) {
      const moved = await repo.approveDepartmentByFlow(tx, created.id);
      if (!moved) throw new AppError(409, M.alreadyChanged, [M.alreadyChanged]);
      await recordHistory(tx, {
        tableName: repo.ONSITE_TABLE,
        recordId: created.id,
        employeeId: user.employeeId,
        action: 'STATUS',
        changes: [{ field: 'status_department', oldValue: 1, newValue: 3 }],
        newRecord: { id: created.id, stage: ONSITE_STAGES.department, status_department: 3, status: moved.status, version: moved.version, approval_flow: plan.flow.name },
        by: flowAuthor(plan.flow.name),
      });
      await tellCb(tx, deps, { id: created.id, title: form.title, created_by_user_id: user.userId });
      await queueOnsiteEvents(tx, deps.clock, ['request.created'], created.id);
      return { id: created.id, version: moved.version, status: moved.status };
    }
    // Step 1's approver, or everyone of a ROLE step 1's role but the creator.
    const deciders = plan ? await onsiteDeciders(tx, { id: created.id, created_by_user_id: user.userId, creator_employee_id: user.employeeId }, 1) : [approver!];
    if (deciders.length > 0) {
      await tellOnsite(tx, deps.mail, { id: created.id, title: form.title }, deciders, 'ASSIGNED', { key: 'onsiteAssigned', params: { id: created.id, title: form.title, name: user.name } });
    }
    await queueOnsiteEvents(tx, deps.clock, ['request.created'], created.id);
    return { id: created.id, version: created.version, status: 1 };
  });
}

/** HR and HRM (not the creator) are told that the C&B stage awaits them. */
async function tellCb(tx: DbOrTx, deps: OnsiteDeps, row: { id: number; title: string; created_by_user_id: number | null }) {
  const hr = (await repo.cbUsers(tx)).filter((u) => u !== row.created_by_user_id);
  if (hr.length > 0) await notifyEvent(tx, deps.mail, { userIds: hr, type: 'ASSIGNED', text: { key: 'onsiteAwaitsCb', params: { id: row.id, title: row.title } }, link: linkOf(row.id) });
}

/** The history snapshot of the stored terms, before an edit. */
function storedSnapshot(row: repo.OnsiteRowDb, staff: readonly repo.StaffRow[], cc: readonly repo.CcUser[]) {
  return snapshot(
    {
      title: row.title,
      projectId: row.project_id,
      fromDate: row.from_date,
      toDate: row.to_date,
      type: row.onsite_type as OnsiteType,
      location: row.location,
      description: row.description,
      cc: cc.map((c) => c.id),
      staff: staff.map((s) => ({ employeeId: s.employee_id, startTime: s.start_time, endTime: s.end_time, duration: s.duration })),
    },
    row.approver_user_id,
  );
}

/** Who may change the staff list (HR only) and whether the new staff are in the author's scope. */
async function checkStaffChange(tx: DbOrTx, user: Caller, oldStaff: readonly repo.StaffRow[], form: OnsiteForm) {
  const oldIds = new Set(oldStaff.map((s) => s.employee_id));
  const newIds = new Set(form.staff.map((s) => s.employeeId));
  const staffChanged = oldIds.size !== newIds.size || [...newIds].some((e) => !oldIds.has(e));
  if (staffChanged) {
    if (!mayChangeStaff(user)) throw forbidden(M.staffChangeHrOnly);
    await checkStaffScope(tx, user, [...newIds]);
  }
}

export async function updateOnsite(deps: OnsiteDeps, user: Caller, id: number, p: OnsiteUpdatePayload) {
  const form = readOnsiteForm(p);
  const out = await deps.db.transaction(async (tx) => {
    const row = await loadVisible(tx, user, id, true);
    staleVersion(p.version, row);
    const ctx = await contextsOf(deps.clock, user)(tx, row.company_id);
    refuse('edit', row, ctx);
    const oldStaff = await repo.staffOf(tx, row.id);
    await checkStaffChange(tx, user, oldStaff, form);
    await checkProjectAndCc(tx, form, p.ccUsernames);
    if (!isAfterLock(form.fromDate, ctx.lockDate)) throw badRequest(M.locked);
    // Approval flows: an edit of a record pending past its first step starts its flow again at step 1 (nobody's
    // approval covers terms they never saw). A project change on a record in a flow keeps its flow and the approvers
    // resolved at filing (no new plan: as an edit of a flow changes only records filed afterwards); the single step
    // resolves its approver again for the new project, as before.
    const inFlow = row.approval_step_count !== null;
    const restarted = inFlow ? await restartFlow(tx, onsiteItem(row.id)) : undefined;
    const approver = inFlow
      ? (restarted ? restarted.approver_user_id : row.approver_user_id)
      : form.projectId === row.project_id || row.status !== 1 || row.approver_user_id === null
        ? row.approver_user_id
        : await departmentApprover(tx, row.creator_employee_id, form.projectId, row.created_by_user_id ?? user.userId, form.fromDate);
    const updated = await repo.updateTerms(tx, row.id, { version: row.version, status: row.status, statusDepartment: row.status_department }, { ...form, approverUserId: approver });
    if (!updated) throw new AppError(409, M.alreadyChanged, [M.alreadyChanged]);
    const oldCc = await repo.ccOf(tx, row.id);
    let ranges: EmployeeRange[] = [];
    // The staff rows follow the new terms: the old ones are withdrawn and new ones written with the record's status.
    ranges = await withdrawCreditsOf(tx, row.id, user, 'Onsite request edited');
    await repo.writeStaffAndCc(tx, row.id, form.staff, form.cc);
    // At a ROLE step (step 1 again after a restart, or the step it waits at) the pending rows are its role's.
    const role = restarted ? restarted.approver_role : row.approver_role;
    const terms = { from_date: form.fromDate, to_date: form.toDate, onsite_type: form.type, title: form.title, project_id: form.projectId, approver_user_id: approver, approver_role: role };
    ranges = [...ranges, ...(await createCredits(tx, { ...row, ...terms }, user, row.status === 3 ? 3 : 1))];
    const before = storedSnapshot(row, oldStaff, oldCc);
    const after = snapshot(form, approver);
    await onsiteHistory(tx, row, user, {
      action: 'UPDATE',
      changes: [
        ...diffFields(before, after, HISTORY_FIELDS),
        ...(restarted ? [{ field: 'approval_step', oldValue: restarted.from_step, newValue: 1 }] : []),
        ...(restarted && restarted.approver_role !== row.approver_role ? [{ field: 'approver_role', oldValue: row.approver_role, newValue: restarted.approver_role }] : []),
      ],
      newRecord: { ...after, status: row.status, version: updated.version, ...(restarted ? { approval_step: 1 } : {}), ...(role ? { approver_role: role } : {}) },
    });
    // A restart tells step 1 again (its approver, or everyone of its role); the single step a new approver.
    const told = restarted ? await onsiteDeciders(tx, row, 1) : approver !== null && approver !== row.approver_user_id ? [approver] : [];
    if (told.length > 0) {
      await tellOnsite(tx, deps.mail, { id: row.id, title: form.title }, told, 'ASSIGNED', { key: 'onsiteReassigned', params: { id: row.id, title: form.title } });
    }
    await queueRecalculation(tx, { ranges }, { createdBy: user.userId });
    return { id: row.id, version: updated.version, status: row.status };
  });
  return out;
}

async function decide(deps: OnsiteDeps, user: Caller, id: number, action: 'approve' | 'reject', p: OnsiteReasonPayload) {
  const reason = p.reason?.trim() ? p.reason.trim() : null;
  if (action === 'reject' && !reason) throw badRequest(M.reasonRequired);
  const out = await deps.db.transaction(async (tx) => {
    const row = await loadVisible(tx, user, id, true);
    staleVersion(p.version, row);
    const ctx = await contextsOf(deps.clock, user)(tx, row.company_id);
    const atDepartment = departmentStage(facts(row));
    // Approval flows: the Department stage under a flow is decided step by step (onsite-steps.ts); the current step's
    // approver is the record's approver — or at a ROLE step anyone of its role (`approver_role`) — so the rules below
    // hold at every step. A second approve by someone who decided an earlier step is a 409; a role holder counts as
    // the current step's approver.
    const flow: StepOutcome = atDepartment ? await stepOutcome(tx, onsiteItem(row.id), row) : { kind: 'single', step: null };
    const decides = decidesItem({ assigneeUserId: row.approver_user_id, assigneeRole: row.approver_role }, user);
    const current = { item: onsiteItem(row.id), pending: atDepartment, assigneeUserId: decides ? user.userId : row.approver_user_id };
    if (action === 'approve') await refuseDecidedStep(tx, current, flow, user.userId, null);
    refuse(action, row, ctx);
    if (!atDepartment && !cbStage(facts(row))) throw new AppError(409, M.alreadyChanged, [M.alreadyChanged]);
    if (action === 'approve' && flow.kind === 'next') return passOnsiteStep(tx, deps.mail, user, row, flow);
    const to = action === 'approve' ? 3 : 4;
    const moved = await repo.transition(tx, row.id, row.version, { kind: atDepartment ? 'department' : 'cb', to, by: user.userId, reason: action === 'reject' ? reason : null });
    if (!moved) throw new AppError(409, M.alreadyChanged, [M.alreadyChanged]);
    if (atDepartment) await recordStepDecision(tx, onsiteItem(row.id), flow, to, user.userId, action === 'reject' ? reason : null);
    const field = atDepartment ? 'status_department' : 'status_cb';
    await onsiteHistory(tx, row, user, {
      action: 'STATUS',
      changes: [
        { field, oldValue: 1, newValue: to },
        ...(moved.status !== row.status ? [{ field: 'status', oldValue: row.status, newValue: moved.status }] : []),
        ...(reason && action === 'reject' ? [{ field: 'reasons_for_rejection', oldValue: row.reasons_for_rejection, newValue: reason }] : []),
      ],
      newRecord: { id: row.id, stage: atDepartment ? ONSITE_STAGES.department : ONSITE_STAGES.cb, [field]: to, status: moved.status, version: moved.version },
    });
    // The final decision (C&B approval, or a rejection at either stage) reaches the staff rows in this transaction.
    const ranges = moved.status === 3 || moved.status === 4 ? await settleStaffRequests(tx, row, user, moved.status, reason) : [];
    if (moved.status === 3 || moved.status === 4) await queueOnsiteEvents(tx, deps.clock, [moved.status === 3 ? 'request.approved' : 'request.rejected'], row.id);
    const decided = { id: row.id, title: row.title, stage: atDepartment ? ('department' as const) : ('cb' as const), decision: action === 'approve' ? ('approved' as const) : ('rejected' as const) };
    if (row.created_by_user_id !== null) {
      await tellOnsite(tx, deps.mail, row, [row.created_by_user_id], action === 'approve' ? 'APPROVED' : 'REJECTED', { key: 'onsiteDecided', params: decided }, reason);
    }
    if (atDepartment && action === 'approve') await tellCb(tx, deps, row);
    await queueRecalculation(tx, { ranges }, { createdBy: user.userId });
    return { id: row.id, version: moved.version, status: moved.status };
  });
  return out;
}

export const approveOnsite = (deps: OnsiteDeps, user: Caller, id: number, p: { version?: number | null } | null | undefined) => decide(deps, user, id, 'approve', { version: p?.version ?? null });
export const rejectOnsite = (deps: OnsiteDeps, user: Caller, id: number, p: OnsiteReasonPayload | null | undefined) => decide(deps, user, id, 'reject', p ?? {});

export async function withdrawOnsite(deps: OnsiteDeps, user: Caller, id: number, p: OnsiteReasonPayload | null | undefined) {
  const reason = p?.reason?.trim() ? p.reason.trim() : null;
  if (!reason) throw badRequest(M.reasonRequired);
  const out = await deps.db.transaction(async (tx) => {
    const row = await loadVisible(tx, user, id, true);
    staleVersion(p?.version, row);
    const ctx = await contextsOf(deps.clock, user)(tx, row.company_id);
    refuse('withdraw', row, ctx);
    const moved = await repo.transition(tx, row.id, row.version, { kind: 'withdraw', from: row.status === 3 ? 3 : 1, reason });
    if (!moved) throw new AppError(409, M.alreadyChanged, [M.alreadyChanged]);
    const ranges = await withdrawCreditsOf(tx, row.id, user, reason);
    await onsiteHistory(tx, row, user, {
      action: 'STATUS',
      changes: [
        { field: 'status', oldValue: row.status, newValue: 5 },
        { field: 'withdraw_reason', oldValue: row.withdraw_reason, newValue: reason },
      ],
      newRecord: { id: row.id, status: 5, version: moved.version, credits_withdrawn: ranges.length },
    });
    await queueOnsiteEvents(tx, deps.clock, ['request.withdrawn'], row.id);
    // Whoever the Department stage waits on: its approver, or at a ROLE step everyone of its role.
    const waiting = !departmentStage(facts(row)) ? [] : row.approver_user_id === null && row.approver_role && row.approval_step !== null ? await onsiteDeciders(tx, row, row.approval_step) : [row.approver_user_id];
    const told = [...new Set([...waiting, row.created_by_user_id !== user.userId ? row.created_by_user_id : null])].filter((x): x is number => x !== null);
    if (told.length > 0) await tellOnsite(tx, deps.mail, row, told, 'WITHDRAWN', { key: 'onsiteWithdrawn', params: { id: row.id, title: row.title } }, reason);
    await queueRecalculation(tx, { ranges }, { createdBy: user.userId });
    return { id: row.id, version: moved.version, status: 5 };
  });
  return out;
}

// Request Management files ONSITE requests and decides their rows through these (request-days/onsite-port.ts).
provideOnsitePort({
  file: async (deps, caller, payload) => {
    const created = await createOnsite(deps, caller, payload);
    const staff = await repo.staffOf(deps.db, created.id);
    return new Map(staff.map((s) => [s.employee_id, s.request_id]));
  },
  decide: (deps, caller, onsiteId, action, reason) =>
    action === 'approve' ? approveOnsite(deps, caller, onsiteId, null) : action === 'reject' ? rejectOnsite(deps, caller, onsiteId, { reason }) : withdrawOnsite(deps, caller, onsiteId, { reason }),
});
