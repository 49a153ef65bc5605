import { ONSITE_MESSAGES as M, ONSITE_STAGES } from '@tms/contracts/onsite';
import type { ApprovalPerson, ApprovalTimeline, ApprovalTimelineStep } from '@tms/contracts/approval-flows';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { recordHistories } from '../../lib/history.ts';
import type { NotifyMailConfig } from '../../lib/notify.ts';
import { itemTimeline, passStep, planApproval, stepDeciders, type ApprovalPlan, type StepItem, type StepOutcome } from '../approval-flows/approval-steps.ts';
import { daysBetween } from '../request-days/request-form.ts';
import { onsiteHistory, tellOnsite, type Caller } from './onsite-access.ts';
import * as repo from './onsite.repository.ts';

/**
 * An onsite record's Department stage under an approval flow (docs/approval-flows.md, docs/onsite.md "Approval
 * flows"): the flow a new record follows, an approval at a step that is not the last, and the stage's timeline. The C&B
 * stage that follows is unchanged. The write side (onsite.service.ts) calls these in its own transaction.
 */

export const onsiteItem = (id: number): StepItem => ({ type: 'ONSITE', id });

/** A flow's amount for an onsite record: the calendar days from its first date to its last, both included. */
export const onsiteDays = (fromDate: string, toDate: string) => daysBetween(fromDate, toDate) + 1;

/**
 * The flow a new record's Department stage follows, or null (the single step: the project's PM, else the creator's
 * approver). The requester is the creator (the filer's employee), as for the single step. Every step must have an
 * approver who is not the creator, else the record cannot be filed (the single step's message) — but a ROLE step
 * ("anyone of a role") names no one: anyone of its role but the creator decides it.
 */
export async function planOnsite(
  tx: DbOrTx,
  p: { creatorEmployeeId: number | null; creatorUserId: number; projectId: number; fromDate: string; toDate: string },
): Promise<ApprovalPlan | null> {
  const plan = await planApproval(tx, {
    kind: 'ONSITE',
    employeeId: p.creatorEmployeeId ?? 0,
    reasonType: null,
    amount: onsiteDays(p.fromDate, p.toDate),
    projectId: p.projectId,
    date: p.fromDate,
  });
  const nobody = (s: ApprovalPlan['steps'][number]) => (s.rule === 'ROLE' ? !s.role : !s.approver || s.approver.user_id === p.creatorUserId);
  if (plan && plan.steps.some(nobody)) throw badRequest(M.noApprover);
  return plan;
}

/**
 * Who decides step `position` of a record's Department stage: its approver, or at a ROLE step every enabled user of
 * the role — never the creator (the requester), who may not decide their own record.
 */
export async function onsiteDeciders(db: DbOrTx, row: { id: number; created_by_user_id: number | null; creator_employee_id: number | null }, position: number): Promise<number[]> {
  const deciders = await stepDeciders(db, onsiteItem(row.id), position, row.creator_employee_id ?? -1);
  return deciders.filter((u) => u !== row.created_by_user_id);
}

/**
 * An approval at step k < n of the Department stage: the record moves to the next step's approver, or at a ROLE step
 * to anyone of its role (409 when a parallel approval moved it first), stays pending at the Department stage, its
 * pending staff rows follow (their assignee, or their `assignee_role`), the step is recorded with a history entry,
 * and whoever decides the next step is told (everyone of its role at a ROLE step). Nothing else happens until the
 * last step.
 */
export async function passOnsiteStep(
  tx: DbOrTx,
  mail: NotifyMailConfig,
  user: Caller,
  row: repo.OnsiteRowDb,
  flow: Extract<StepOutcome, { kind: 'next' }>,
): Promise<{ id: number; version: number; status: number }> {
  const moved = await passStep(tx, onsiteItem(row.id), { step: flow.step, nextApprover: flow.nextApprover, comment: null, userId: user.userId });
  const version = moved.version ?? row.version + 1;
  // The core moved the record's approver and role to the next step's; the staff rows follow the record.
  const rows = await repo.moveStaffAssignee(tx, row.id);
  await recordHistories(
    tx,
    rows.map((r) => ({
      tableName: 'requests',
      recordId: r.id,
      employeeId: r.employee_id,
      action: 'UPDATE' as const,
      changes: [
        ...(r.old_assignee !== r.assignee ? [{ field: 'assignee_user_id', oldValue: r.old_assignee, newValue: r.assignee }] : []),
        ...(r.old_role !== r.role ? [{ field: 'assignee_role', oldValue: r.old_role, newValue: r.role }] : []),
      ],
      newRecord: { id: r.id, assignee_user_id: r.assignee, assignee_role: r.role, version: r.version, onsite_request_id: row.id },
    })),
    user,
  );
  const nextRole = await repo.approverRoleOf(tx, row.id);
  await onsiteHistory(tx, row, user, {
    action: 'STATUS',
    changes: [
      { field: 'approval_step', oldValue: flow.step, newValue: flow.nextStep },
      { field: 'approver_user_id', oldValue: row.approver_user_id, newValue: flow.nextApprover },
      ...(row.approver_role !== nextRole ? [{ field: 'approver_role', oldValue: row.approver_role, newValue: nextRole }] : []),
    ],
    newRecord: {
      id: row.id,
      stage: ONSITE_STAGES.department,
      status: 1,
      status_department: 1,
      approval_step: flow.nextStep,
      approval_step_count: flow.count,
      ...(nextRole ? { approver_role: nextRole } : {}),
      version,
    },
  });
  const deciders = await onsiteDeciders(tx, row, flow.nextStep);
  if (deciders.length > 0) {
    await tellOnsite(tx, mail, row, deciders, 'ASSIGNED', { key: 'onsiteAssigned', params: { id: row.id, title: row.title, name: row.creator_name ?? '' } });
  }
  return { id: row.id, version, status: 1 };
}

const person = (id: number | null, username: string | null, name: string | null): ApprovalPerson | null =>
  id === null ? null : { user_id: id, username: username ?? '', name: name ?? username ?? '' };

/** The single step of a record in no flow: its Department approver and that stage's decision. */
function singleStep(r: repo.OnsiteRowDb): ApprovalTimelineStep {
  const pending = r.status === 1 && r.status_department === 1;
  const decided = r.status_department === 3 || r.status_department === 4;
  return {
    position: 1,
    rule: null,
    approver: person(r.approver_user_id, r.approver_username, r.approver_name),
    decision: r.status_department === 3 ? 'APPROVED' : r.status_department === 4 ? 'REJECTED' : pending ? 'CURRENT' : 'CLOSED',
    decided_by: decided ? person(r.department_decided_by, r.department_decider_username, r.department_decider_name) : null,
    decided_at: decided ? r.department_decided_at : null,
    comment: r.status_department === 4 ? r.reasons_for_rejection : null,
  };
}

/** The Department stage's timeline: each step of its flow, or its single step. */
export function onsiteTimeline(db: DbOrTx, r: repo.OnsiteRowDb): Promise<ApprovalTimeline> {
  return itemTimeline(
    db,
    onsiteItem(r.id),
    {
      request_id: r.id,
      status: r.status,
      flow_name: r.approval_flow_name,
      created_at: r.created_at,
      pending: r.status === 1 && r.status_department === 1,
      approved: r.status_department === 3,
      approval_step: r.approval_step,
      approval_step_count: r.approval_step_count,
    },
    singleStep(r),
  );
}
