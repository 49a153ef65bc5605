/**
 * Flexible overtime's manager stage under approval flows (issue 29, docs/approval-flows.md, docs/overtime-flexible.md
 * "Approval flows"). The PM stage (0 → 1, the confirmation) is unchanged; the manager stage (3 → 5 / 4) follows the
 * first active FLEXIBLE_OT flow whose conditions hold when the request is created (amount: the OT window's hours).
 * The flow's steps are kept for the request's one staff row (`overtime_approval_steps`, item OVERTIME), which also
 * keeps the flow's state (`approval_step`, from 1 at creation) and, as the core moves it, the current step's approver;
 * `overtime_requests.manager_user_id` is the current step's approver too (so the enable rules, the lists, "What needs
 * me" and a reassignment at 3 read the manager stage as before), and the assignee from the confirmation on. At a ROLE
 * step ("anyone of a role") both are null and the role stands in their place: the staff row's `approver_role` (the
 * manager stage's, contracts `FlexibleFacts.approverRole`) and, from the confirmation on, `overtime_requests.assignee_role`
 * (who acts now: My Work, `decidesItem`); everyone of the role but the requester is told.
 */
import type { ApprovalPerson, ApprovalTimeline, ApprovalTimelineStep, TimelineDecision } from '@tms/contracts/approval-flows';
import { FLEXIBLE_STATUS as S, shownFlexibleStatus } from '@tms/contracts/overtime';
import { FLEXIBLE_MESSAGES as M, type FlexibleApprovalStep } from '@tms/contracts/overtime-flexible';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { getLockDate } from '../payroll-periods/payroll-periods.service.ts';
import { itemTimeline, planApproval, stepOutcome, type ApprovalPlan, type StepItem, type StepOutcome } from '../approval-flows/approval-steps.ts';
import * as repo from './flexible-overtime.repository.ts';
import { windowHours } from './fixed-overtime-flows.ts';

/** The approval core's item of a flexible request: its one staff row. */
export const flexibleItem = (row: Pick<repo.FlexibleRowDb, 'staff_row_id'>): StepItem => ({ type: 'OVERTIME', id: row.staff_row_id });


/** The flow a new request's manager stage follows, or null (the single step: the requester's approver). */
export function planFlexibleApproval(tx: DbOrTx, p: { employeeId: number; projectId: number; otDate: string; startAt: Date; endAt: Date }): Promise<ApprovalPlan | null> {
  return planApproval(tx, { kind: 'FLEXIBLE_OT', employeeId: p.employeeId, reasonType: null, amount: windowHours(p.startAt, p.endAt), projectId: p.projectId, date: p.otDate });
}

/**
 * Who holds the manager stage of a new request: with a flow of steps, step 1's approver (the staff row's approver
 * too); with a flow of no step, nobody (the confirmation approves it); with no flow, `single` as before. A ROLE step 1
 * names no one (`manager_user_id` null) but is not "nobody": the staff row keeps its role (`approver_role`, set by the
 * core's `startFlow`) and the confirmation hands the request to that role (`overtime_requests.assignee_role`).
 */
export function managerOfPlan(plan: ApprovalPlan | null, single: number | null): { managerUserId: number | null; staffApproverUserId: number | null | undefined } {
  if (plan === null) return { managerUserId: single, staffApproverUserId: undefined };
  if (plan.steps.length === 0) return { managerUserId: null, staffApproverUserId: undefined };
  const first = plan.steps[0]!.approver?.user_id ?? null;
  return { managerUserId: first, staffApproverUserId: first };
}

/** A request whose manager stage follows a flow of no step: its confirmation approves it. */
export const autoApproves = (row: Pick<repo.FlexibleRowDb, 'approval_step_count'>) => row.approval_step_count === 0;

/**
 * What a manager decision does now: only at 3 (the manager stage) does the flow's step count; at the PM stage a
 * request in a flow decides as the single step.
 */
export function managerStepOutcome(db: DbOrTx, row: repo.FlexibleRowDb): Promise<StepOutcome> {
  if (row.status !== S.confirmed) return Promise.resolve({ kind: 'single', step: null });
  return stepOutcome(db, flexibleItem(row), row);
}

/** The detail's and the list's step: while confirmed (3, shown) and in a flow of steps. */
export function approvalStepOf(row: Pick<repo.FlexibleRowDb, 'approval_step' | 'approval_step_count' | 'approval_flow_name'>, shownStatus: number): FlexibleApprovalStep | null {
  if (shownStatus !== S.confirmed || row.approval_step === null || row.approval_step_count === null) return null;
  return { step: row.approval_step, count: row.approval_step_count, flow_name: row.approval_flow_name ?? '' };
}

const open = (status: number) => status === S.pendingPm || status === S.approvedByPm || status === S.confirmed;

/**
 * GET …/v2/:id/approval-timeline: the manager stage's steps of a request the caller can see (the module's `load`:
 * 404 otherwise). Before the confirmation every step waits; at 3 the current one decides; once decided, rejected,
 * cancelled or expired the steps never reached are closed. A request in no flow answers its single step: the manager
 * (`manager_user_id`).
 */
export async function flexibleTimeline(db: DbOrTx, tz: string, user: SessionUser, id: number): Promise<ApprovalTimeline> {
  const row = await repo.findFlexible(db, id, user, tz);
  if (!row) throw notFound(M.notFound);
  const lockDate = await getLockDate(db, row.company_id);
  const shown = shownFlexibleStatus(row.status, row.ot_date, lockDate);
  const ids = [row.manager_user_id].filter((x): x is number => x !== null);
  const [manager] = await repo.peopleByUserIds(db, ids);
  const approver: ApprovalPerson | null = manager && manager.user_id !== null ? { user_id: manager.user_id, username: manager.username, name: manager.name } : null;
  const decision: TimelineDecision =
    shown === S.confirmed ? 'CURRENT' : shown === S.approved ? 'APPROVED' : shown === S.rejectedByManager ? 'REJECTED' : shown === S.pendingPm || shown === S.approvedByPm ? 'WAITING' : 'CLOSED';
  const decided = shown === S.approved || shown === S.rejectedByManager;
  const single: ApprovalTimelineStep = {
    position: 1,
    rule: null,
    approver,
    decision,
    // Only the manager decides the single step (RULES.md §5; an HR override decides in their place).
    decided_by: decided ? approver : null,
    decided_at: decided ? row.updated_at : null,
    comment: shown === S.rejectedByManager ? row.reasons_for_rejection : null,
  };
  const inFlow = row.approval_step_count !== null;
  return itemTimeline(
    db,
    flexibleItem(row),
    {
      request_id: row.id,
      status: shown,
      flow_name: row.approval_flow_name,
      created_at: row.created_at,
      // A flow's steps wait through the PM stage (no current step), decide from the confirmation on.
      pending: inFlow ? open(shown) : shown === S.confirmed,
      approved: shown === S.approved,
      approval_step: shown === S.confirmed ? row.approval_step : null,
      approval_step_count: row.approval_step_count,
    },
    single,
  );
}
