import { abnormalCaseLink } from '@tms/contracts/abnormal-case';
import { ABNORMAL_STATUS, EXPLANATION_STATUS } from '@tms/contracts/requests';
import type { DbOrTx } from '../../db/client.ts';
import { recordHistory } from '../../lib/history.ts';
import { notifyEvent, type NotifyMailConfig } from '../../lib/notify.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { queueRecalculation } from '../timesheet/recalc-queue.ts';
import { flowAuthor, passRequestStep, planApproval, requestItem, startRequestFlow, stepDeciders, type ApprovalPlan, type StepOutcome } from '../approval-flows/approval-steps.ts';
import * as repo from './abnormal-case.repository.ts';

/**
 * Explanations under approval flows (issue 29, docs/approval-flows.md): the flow an explanation follows (its amount
 * is the explained minutes, its reason type the explanation's reason), the automatic approval of a flow without a
 * step, and a decision at a step that is not the last. The last step's approval and a rejection at any step are the
 * single step's (explanation.service.ts `decideExplanation`), with the step's decision recorded beside them.
 */

export async function explanationPlan(tx: DbOrTx, row: repo.CaseRow, reasonType: string, minutes: number): Promise<ApprovalPlan | null> {
  return planApproval(tx, { kind: 'EXPLANATION', employeeId: row.employee_id, reasonType, amount: minutes, projectId: null, date: row.abnormal_date });
}

/** The first step's approver, or null when the plan approves automatically. */
export const firstApprover = (plan: ApprovalPlan) => plan.steps[0]?.approver?.user_id ?? null;

/**
 * Copies the plan's steps to the new explanation; a flow without a step approves it at once: the explanation and its
 * case Approved, the history by the flow, the day queued for recalculation, the owner told.
 */
export async function startExplanationFlow(tx: DbOrTx, mail: NotifyMailConfig, row: repo.CaseRow, requestId: number, plan: ApprovalPlan): Promise<{ approved: boolean; version: number | null }> {
  await startRequestFlow(tx, requestId, plan.flow, plan.steps);
  if (plan.steps.length > 0) return { approved: false, version: null };
  const author = flowAuthor(plan.flow.name);
  const req = await repo.setRequestStatus(tx, requestId, [EXPLANATION_STATUS.pending], EXPLANATION_STATUS.approved, { approvedByUserId: null });
  const moved = await repo.setCaseStatus(tx, row.id, [ABNORMAL_STATUS.pending], ABNORMAL_STATUS.approved);
  await recordHistory(tx, {
    tableName: repo.REQUESTS_TABLE,
    recordId: requestId,
    employeeId: row.employee_id,
    action: 'STATUS',
    changes: [{ field: 'status', oldValue: EXPLANATION_STATUS.pending, newValue: EXPLANATION_STATUS.approved }],
    newRecord: { id: requestId, status: EXPLANATION_STATUS.approved, approval_flow: plan.flow.name },
    by: author,
  });
  await recordHistory(tx, {
    tableName: repo.ABNORMAL_TABLE,
    recordId: row.id,
    employeeId: row.employee_id,
    action: 'STATUS',
    changes: [{ field: 'status', oldValue: ABNORMAL_STATUS.pending, newValue: ABNORMAL_STATUS.approved }],
    newRecord: { id: row.id, status: ABNORMAL_STATUS.approved, version: moved?.version ?? null },
    by: author,
  });
  await notifyEvent(tx, mail, {
    employeeIds: [row.employee_id],
    type: 'APPROVED',
    text: { key: 'explanationDecided', params: { date: row.abnormal_date, decision: 'approved' } },
    link: abnormalCaseLink(row.id),
  });
  await queueRecalculation(tx, [{ employeeId: row.employee_id, date: row.abnormal_date }], { createdBy: null });
  return { approved: true, version: req?.version ?? null };
}

/** An approval at step k < n: recorded, the explanation handed to the next step's approver (still pending), who is told. */
export async function approveExplanationStep(
  tx: DbOrTx,
  mail: NotifyMailConfig,
  row: repo.CaseRow & { request_id: number },
  flow: Extract<StepOutcome, { kind: 'next' }>,
  user: SessionUser,
): Promise<{ version: number }> {
  const moved = await passRequestStep(tx, {
    requestId: row.request_id,
    employeeId: row.employee_id,
    status: row.request_status ?? EXPLANATION_STATUS.pending,
    assigneeUserId: row.assignee_user_id,
    step: flow.step,
    nextStep: flow.nextStep,
    nextApprover: flow.nextApprover,
    comment: null,
    by: user,
  });
  // The next step's approver, or everyone of its role (a ROLE step).
  const deciders = await stepDeciders(tx, requestItem(row.request_id), flow.nextStep, row.employee_id);
  if (deciders.length > 0) {
    await notifyEvent(tx, mail, {
      userIds: deciders,
      type: 'ASSIGNED',
      text: { key: 'explanationAssigned', params: { name: row.employee_name, date: row.abnormal_date } },
      link: abnormalCaseLink(row.id),
    });
  }
  return moved;
}
