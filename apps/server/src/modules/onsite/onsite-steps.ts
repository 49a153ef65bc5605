import { ONSITE_MESSAGES as M, ONSITE_STAGES } from '@tms/contracts/onsite';
import type { ApprovalPerson, ApprovalTimeline, ApprovalTimelineStep } from '@tms/contracts/approval-flows';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { recordHistories } from '../../lib/history.ts';
import type { NotifyMailConfig } from '../../lib/notify.ts';
import { itemTimeline, passStep, planApproval, type ApprovalPlan, type StepItem, type StepOutcome } from '../approval-flows/approval-steps.ts';
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
 * approver who is not the creator, else the record cannot be filed (the single step's message).
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
  if (plan && plan.steps.some((s) => !s.approver || s.approver.user_id === p.creatorUserId)) throw badRequest(M.noApprover);
  return plan;
}

/**
 * An approval at step k < n of the Department stage: the record moves to the next step's approver (409 when a parallel
 * approval moved it first), stays pending at the Department stage, its pending staff rows follow the new approver, the
 * step is recorded with a history entry, and the next approver is told. Nothing else happens until the last step.
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
  const rows = await repo.moveStaffAssignee(tx, row.id, flow.nextApprover);
  await recordHistories(
    tx,
    rows.map((r) => ({
      tableName: 'requests',
      recordId: r.id,
      employeeId: r.employee_id,
      action: 'UPDATE' as const,
      changes: [{ field: 'assignee_user_id', oldValue: r.old_assignee, newValue: flow.nextApprover }],
      newRecord: { id: r.id, assignee_user_id: flow.nextApprover, version: r.version, onsite_request_id: row.id },
    })),
    user,
  );
  await onsiteHistory(tx, row, user, {
    action: 'STATUS',
    changes: [
      { field: 'approval_step', oldValue: flow.step, newValue: flow.nextStep },
      { field: 'approver_user_id', oldValue: row.approver_user_id, newValue: flow.nextApprover },
    ],
    newRecord: { id: row.id, stage: ONSITE_STAGES.department, status: 1, status_department: 1, approval_step: flow.nextStep, approval_step_count: flow.count, version },
  });
  if (flow.nextApprover !== null) {
    await tellOnsite(tx, mail, row, [flow.nextApprover], 'ASSIGNED', { key: 'onsiteAssigned', params: { id: row.id, title: row.title, name: row.creator_name ?? '' } });
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
