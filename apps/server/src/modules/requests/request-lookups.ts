import {
  DEFAULT_MINIMUM_MINUTE_BLOCK,
  REQUEST_MESSAGES as M,
  REQUEST_TYPE_NAMES,
  REQUEST_TYPES,
  type ApproverFor,
  type RequestType,
  type RequestTypeOption,
  type WorkScheduleInfo,
} from '@tms/contracts/requests';
import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { resolveApprover } from '../auth/approver.repository.ts';
import { planApproval } from '../approval-flows/approval-steps.ts';
import { visibleEmployee } from '../request-days/request-author.ts';
import * as repo from '../request-days/request.repository.ts';

/**
 * Lookups of the request form (spec 001 §3 Lookups, Work schedule, Absent data; §7.2): the request types with their
 * reasons, the approver a new item would get, the employee's schedule for a date (the explanation fund left is
 * explanations/explanation-info.ts). Employee lookups answer 404 outside the caller's scope (RULES.md §3).
 *
 * Request types with their active reasons; `screenType` ONSITE / WORK_OUTSIDE / LEAVE_REQUEST narrows to one type. */
export async function requestSelections(db: DbOrTx, screenType?: string): Promise<RequestTypeOption[]> {
  const reasons = await repo.reasonTypes(db);
  const wanted = REQUEST_TYPES.filter((t) => !screenType || !REQUEST_TYPES.includes(screenType as RequestType) || t === screenType);
  return wanted
    .map((t) => ({
      request_type: t,
      request_type_name: REQUEST_TYPE_NAMES[t],
      reasons: reasons
        .filter((r) => r.request_type === t)
        // `name` and `name_vi` both in the request's language (the web reads either, issue 25).
        .map((r) => ({ code: r.code, name: r.name, name_vi: r.name, request_code: r.request_code, requires_file: r.requires_file })),
    }))
    .filter((t) => t.reasons.length > 0);
}

/** Reason selections in the filter shape (spec 001 §3: reason_type_code, reason_type, reasons). */
export async function reasonSelections(db: DbOrTx, screenType?: string) {
  return (await requestSelections(db, screenType)).map((t) => ({
    reason_type_code: t.request_type,
    reason_type: t.request_type_name,
    reasons: t.reasons.map((r) => ({ code: r.code, name: r.name, name_vi: r.name_vi })),
  }));
}

/** The item the form is filling in, when it says (issue 29: the approval flow it would follow). */
export type ApproverItem = { request_type?: string; reason_type?: string; days?: number };

export async function approverFor(db: DbOrTx, user: SessionUser, username: string | undefined, date: string | undefined, item: ApproverItem = {}): Promise<ApproverFor | null> {
  const employee = username ? await visibleEmployee(db, user, { username }) : user.employeeId ? await visibleEmployee(db, user, { id: user.employeeId }) : null;
  if (!employee) throw badRequest(M.staffRequired);
  const approver = await resolveApprover(db, { employeeId: employee.id, date: date ?? null });
  const single = approver ? { id: approver.userId, user_name: approver.username, name: approver.name } : null;
  const kind = item.request_type === 'LEAVE_REQUEST' || item.request_type === 'WORK_OUTSIDE' ? item.request_type : null;
  if (kind === null || item.days === undefined || !date) return single;
  const plan = await planApproval(db, { kind, employeeId: employee.id, reasonType: item.reason_type ?? null, amount: item.days, projectId: null, date });
  if (!plan) return single;
  const first = plan.steps[0]?.approver ?? null;
  const flow = { name: plan.flow.name, auto_approve: plan.steps.length === 0, steps: plan.steps.map((s) => ({ user_name: s.approver?.username ?? null, name: s.approver?.name ?? null })) };
  if (first) return { id: first.user_id, user_name: first.username, name: first.name, approval_flow: flow };
  return single ? { ...single, approval_flow: flow } : null;
}

export async function workSchedule(deps: { db: DbOrTx; clock: Clock }, user: SessionUser, employeeId: number | undefined, date: string | undefined): Promise<WorkScheduleInfo> {
  const id = employeeId ?? user.employeeId;
  if (!id) throw badRequest(M.staffRequired);
  await visibleEmployee(deps.db, user, { id });
  const day = date ?? deps.clock.today();
  const rows = await repo.scheduleDays(deps.db, id, [day]);
  const row = rows[0];
  if (!row || row.code === null || row.standard === null) throw badRequest(M.noWorkSchedule);
  const hourBased = row.rule_type === 'HOUR' || row.type === 'FLEXIBLE';
  return {
    standard_working_time: row.standard,
    request_type: hourBased ? 'hour' : 'day',
    explanation_type: hourBased ? 'hour' : 'day',
    minimum_minute_block_request: DEFAULT_MINIMUM_MINUTE_BLOCK,
    work_schedule_code: row.code,
    is_working_day: !row.holiday && (row.working ?? row.isodow <= 5),
  };
}
