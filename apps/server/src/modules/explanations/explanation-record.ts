/**
 * An explanation as the API answers it (contracts `Explanation`): its people, status and the actions the caller may
 * take now. Shared by the Explanation Management list and the webhook events, which send it without the actions.
 */
import { decidesItem } from '@tms/contracts/approval-flows';
import { EXPLANATION_STATUS_TEXT, type Explanation } from '@tms/contracts/explanations';
import { EXPLANATION_STATUS } from '@tms/contracts/requests';
import type { SessionUser } from '../../plugins/auth.ts';
import { moverRefusal, type ReassignItem } from '../auth/reassign-rule.ts';
import type * as xrepo from './explanation.repository.ts';

/** An explanation as the reassignment rule reads it: its owner's item (they filed it). */
export const explanationItem = (r: Pick<xrepo.ExplanationRow, 'employee_id' | 'created_by_user_id'>, inMoverLeadScope: boolean): ReassignItem => ({
  requesterEmployeeIds: [r.employee_id],
  creatorUserId: r.created_by_user_id,
  inMoverLeadScope,
});

const personOf = (id: number | null, userName: string | null, name: string | null) => (id === null ? null : { id, user_name: userName, name });

export function toExplanation(r: xrepo.ExplanationRow, user: SessionUser, lock: string | null): Explanation {
  const open = r.status === EXPLANATION_STATUS.pending || r.status === EXPLANATION_STATUS.delegated;
  const unlocked = lock === null || r.abnormal_date > lock;
  const owner = r.employee_id === user.employeeId;
  const assignee = decidesItem({ assigneeUserId: r.assignee_user_id, assigneeRole: r.assignee_role }, user) && !owner;
  return {
    id: r.id,
    abnormal_id: r.abnormal_id,
    title: r.title,
    employee: { id: r.employee_id, name: r.employee_name, code: r.employee_code, department: r.department_name },
    assignee: personOf(r.assignee_user_id, r.assignee_user_name, r.assignee_name),
    original_assignee: personOf(r.original_assignee_user_id, r.original_user_name, r.original_name),
    approver: personOf(r.assignee_user_id, r.assignee_user_name, r.assignee_name),
    created_by: personOf(r.created_by_user_id, r.created_by_user_name, r.created_by_name),
    approved_by: personOf(r.approved_by_user_id, r.approved_by_user_name, r.approved_by_name),
    abnormal_date: r.abnormal_date,
    created_date: r.created_date,
    modify_date: r.modify_date,
    reason_type: r.reason_type,
    reason_type_name: r.reason_type_name,
    reason_detail: r.reason_detail,
    absent_type: r.absent_type,
    actual: r.actual,
    description: r.description,
    reasons_for_rejection: r.reasons_for_rejection,
    case_reason: r.case_reason,
    is_flexible: r.is_flexible,
    status: r.status,
    statusText: EXPLANATION_STATUS_TEXT[r.status] ?? String(r.status),
    approval_step: open && r.approval_step !== null && r.approval_step_count !== null ? { step: Number(r.approval_step), count: Number(r.approval_step_count) } : null,
    version: r.version,
    actions: {
      cancel: owner && open && unlocked,
      approve: assignee && open && unlocked,
      reject: assignee && open && unlocked,
      edit: owner && open && unlocked,
      changeAssignee: open && unlocked && moverRefusal(user, explanationItem(r, r.in_lead_scope ?? false)) === null,
    },
  };
}
