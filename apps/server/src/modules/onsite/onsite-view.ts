import { ONSITE_STAGE_LETTER, ONSITE_STAGES, type OnsiteFile, type OnsiteRow, type OnsiteStage } from '@tms/contracts/onsite';
import { POOL_ROLES } from '@tms/contracts/approval-flows';
import type { OnsiteForm } from './onsite-form.ts';
import { onsiteActions, type OnsiteContext, type OnsiteFacts } from '../request-days/onsite-rules.ts';
import type * as repo from './onsite.repository.ts';

/** The fields of a stored onsite request that the rules read. */
export const facts = (r: repo.OnsiteRowDb): OnsiteFacts => ({
  status: r.status,
  statusDepartment: r.status_department,
  statusCb: r.status_cb,
  approverUserId: r.approver_user_id,
  approverRole: r.approver_role,
  departmentDecidedBy: r.department_decided_by,
  createdByUserId: r.created_by_user_id,
  creatorPrivileged: r.creator_privileged,
  fromDate: r.from_date,
});

const person = (id: number | null, username: string | null, name: string | null) => (id === null ? null : { id, user_name: username ?? '', name: name ?? username ?? '' });

function stage(name: string, status: number, by: ReturnType<typeof person>, at: string | null): OnsiteStage {
  return { stage: name, status: ONSITE_STAGE_LETTER[status] ?? 'P', status_num: status, decidedBy: by, decidedAt: at };
}

/** A record pending at the Department stage under an approval flow: the step now deciding; null otherwise. */
export function approvalStepOf(r: Pick<repo.OnsiteRowDb, 'status' | 'status_department' | 'approval_step' | 'approval_step_count' | 'approval_flow_name'>): OnsiteRow['approval_step'] {
  if (r.status !== 1 || r.status_department !== 1 || r.approval_step === null || r.approval_step_count === null) return null;
  return { step: Number(r.approval_step), count: Number(r.approval_step_count), flow_name: r.approval_flow_name ?? '' };
}

/** The role of an approval flow's ROLE step the Department stage waits on (anyone of it decides); null otherwise. */
export function approverRoleOf(r: Pick<repo.OnsiteRowDb, 'status' | 'status_department' | 'approver_user_id' | 'approver_role'>): OnsiteRow['approver_role'] {
  if (r.status !== 1 || r.status_department !== 1 || r.approver_user_id !== null) return null;
  return POOL_ROLES.find((role) => role === r.approver_role) ?? null;
}

export function toRow(r: repo.OnsiteRowDb, ctx: OnsiteContext): OnsiteRow {
  return {
    id: r.id,
    title: r.title,
    projectid: r.project_id,
    projectName: r.project_name,
    projectCode: r.project_code,
    fromDate: r.from_date,
    toDate: r.to_date,
    type: r.onsite_type,
    location: r.location,
    description: r.description,
    approver: person(r.approver_user_id, r.approver_username, r.approver_name),
    approver_role: approverRoleOf(r),
    createdBy: person(r.created_by_user_id, r.creator_username, r.creator_name),
    createdDate: r.created_at,
    lastModifiedDate: r.updated_at,
    status: r.status,
    status_department: stage(ONSITE_STAGES.department, r.status_department, person(r.department_decided_by, r.department_decider_username, r.department_decider_name), r.department_decided_at),
    status_CB: stage(ONSITE_STAGES.cb, r.status_cb, person(r.cb_decided_by, r.cb_decider_username, r.cb_decider_name), r.cb_decided_at),
    reasonsForRejection: r.reasons_for_rejection,
    withdrawReason: r.withdraw_reason,
    employeeList: r.staff,
    approval_step: approvalStepOf(r),
    version: r.version,
    actions: onsiteActions(facts(r), ctx),
  };
}

/** What the history keeps of a request. */
export function snapshot(f: Pick<OnsiteForm, 'title' | 'projectId' | 'fromDate' | 'toDate' | 'type' | 'location' | 'description' | 'cc' | 'staff'>, approverUserId: number | null) {
  return {
    title: f.title,
    project_id: f.projectId,
    from_date: f.fromDate,
    to_date: f.toDate,
    onsite_type: f.type,
    location: f.location,
    description: f.description,
    approver_user_id: approverUserId,
    staff: f.staff.map((s) => ({ employee_id: s.employeeId, start_time: s.startTime, end_time: s.endTime, duration: s.duration })),
    cc: [...f.cc].sort((a, b) => a - b),
  };
}

export function toFile(r: repo.OnsiteFileRow): OnsiteFile {
  return { name: r.stored_name, original_name: r.original_name, size: Number(r.size), content_type: r.content_type, created_date: r.created_date };
}
