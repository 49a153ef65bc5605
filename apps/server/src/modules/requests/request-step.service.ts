import { REQUEST_RULE_MESSAGES as R, REQUEST_STATUS as S } from '@tms/contracts/requests';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { passRequestStep, requestItem, stepDeciders, type StepOutcome } from '../approval-flows/approval-steps.ts';
import { fundAvailable } from '../request-days/request-effects.ts';
import type { FundEffect } from '../request-days/request-form.ts';
import type { RequestAuthor } from '../request-days/request-author.ts';
import * as repo from '../request-days/request.repository.ts';
import { linkOf, tell, type RequestDeps } from './request-access.ts';

/**
 * A request's approval flow at update-status (issue 29, docs/approval-flows.md): an approval at a step that is not the
 * last moves the request to the next step and changes nothing else; the last step's approval, and a rejection at any
 * step, go the single step's way (request-status.service.ts) with the step's decision recorded beside it
 * (approval-steps.ts `recordStepDecision`).
 */

/** An approval at step k < n: the balance still suffices, the step is recorded, the next approver told. No effect yet. */
export async function approveStep(
  tx: DbOrTx,
  deps: RequestDeps,
  user: RequestAuthor,
  row: repo.StoredRequest,
  flow: Extract<StepOutcome, { kind: 'next' }>,
  comment: string | null,
): Promise<{ id: number; status: number; version: number; days: [] }> {
  // The leave is drawn only at the last step, but an approver never passes on a request the balance cannot cover.
  const dates = await repo.requestDates(tx, row.id);
  const need = dates.reduce((sum, d) => sum + d.hours, 0);
  const available = await fundAvailable(tx, row.employee_id, row.effect as FundEffect, row.start_date);
  if (available !== null && available < need - 1e-9) throw badRequest(R.insufficientBalance);
  const moved = await passRequestStep(tx, {
    requestId: row.id,
    employeeId: row.employee_id,
    status: S.pending,
    assigneeUserId: row.assignee_user_id,
    step: flow.step,
    nextStep: flow.nextStep,
    nextApprover: flow.nextApprover,
    comment,
    by: user,
  });
  const [owner] = await repo.employeesBy(tx, { ids: [row.employee_id] }, 'all');
  // The next step's approver, or everyone of its role (a ROLE step).
  for (const userId of await stepDeciders(tx, requestItem(row.id), flow.nextStep, row.employee_id)) {
    await tell(tx, deps.mail, {
      userId,
      type: 'ASSIGNED',
      text: { key: 'requestStepAssigned', params: { id: row.id, name: owner?.name ?? '', step: flow.nextStep, count: flow.count } },
      link: linkOf(row.id),
    });
  }
  return { id: row.id, status: S.pending, version: moved.version, days: [] };
}
