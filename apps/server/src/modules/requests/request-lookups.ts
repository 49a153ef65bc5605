import {
  DEFAULT_MINIMUM_MINUTE_BLOCK,
  REQUEST_MESSAGES as M,
  REQUEST_TYPE_NAMES,
  REQUEST_TYPES,
  type ApproverInfo,
  type ExplanationInfo,
  type RequestType,
  type RequestTypeOption,
  type WorkScheduleInfo,
} from '@tms/contracts/requests';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { resolveApprover } from '../auth/approver.repository.ts';
import { fundLeft } from './explanation.repository.ts';
import { explanationFundOf } from './explanation.service.ts';
import * as repo from './request.repository.ts';
import { scheduleMap } from './request.service.ts';

/**
 * Lookups of the request form (spec 001 §3 Lookups, Work schedule, Absent data; §7.2): the request types with their
 * reasons, the approver a new item would get, the employee's schedule for a date and the explanation fund left.
 * Employee lookups answer 404 outside the caller's scope (RULES.md §3).
 */
export function requestLookups(deps: { db: Db; clock: Clock }) {
  async function visibleEmployee(user: SessionUser, by: { id?: number; username?: string }) {
    const rows = await repo.employeesBy(deps.db, { ids: by.id ? [by.id] : [], usernames: by.username ? [by.username] : [] }, user);
    const row = rows[0];
    if (!row) throw notFound('Employee not found');
    return row;
  }

  /** Request types with their active reasons; `screenType` ONSITE / WORK_OUTSIDE / LEAVE_REQUEST narrows to one type. */
  async function selections(screenType?: string): Promise<RequestTypeOption[]> {
    const reasons = await repo.reasonTypes(deps.db);
    const wanted = REQUEST_TYPES.filter((t) => !screenType || !REQUEST_TYPES.includes(screenType as RequestType) || t === screenType);
    return wanted
      .map((t) => ({
        request_type: t,
        request_type_name: REQUEST_TYPE_NAMES[t],
        reasons: reasons
          .filter((r) => r.request_type === t)
          .map((r) => ({ code: r.code, name: r.name_en, name_vi: r.name_vi, request_code: r.request_code, requires_file: r.requires_file })),
      }))
      .filter((t) => t.reasons.length > 0);
  }

  /** Reason selections in the filter shape (spec 001 §3: reason_type_code, reason_type, reasons). */
  async function reasonSelections(screenType?: string) {
    return (await selections(screenType)).map((t) => ({
      reason_type_code: t.request_type,
      reason_type: t.request_type_name,
      reasons: t.reasons.map((r) => ({ code: r.code, name: r.name, name_vi: r.name_vi })),
    }));
  }

  async function approverFor(user: SessionUser, username: string | undefined, date: string | undefined): Promise<ApproverInfo | null> {
    const employee = username ? await visibleEmployee(user, { username }) : user.employeeId ? await visibleEmployee(user, { id: user.employeeId }) : null;
    if (!employee) throw badRequest(M.staffRequired);
    const approver = await resolveApprover(deps.db, { employeeId: employee.id, date: date ?? null });
    return approver ? { id: approver.userId, user_name: approver.username, name: approver.name } : null;
  }

  async function workSchedule(user: SessionUser, employeeId: number | undefined, date: string | undefined): Promise<WorkScheduleInfo> {
    const id = employeeId ?? user.employeeId;
    if (!id) throw badRequest(M.staffRequired);
    await visibleEmployee(user, { id });
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

  /** explanation-info: absent minutes of the stored day and the explanation uses left in its period (RULES.md §4). */
  async function explanationInfo(user: SessionUser, userId: number, date: string): Promise<ExplanationInfo> {
    const target = await repo.userBy(deps.db, { id: userId });
    if (!target?.employee_id) throw notFound('Employee not found');
    await visibleEmployee(user, { id: target.employee_id });
    const f = await explanationFundOf(deps.db, target.employee_id, date);
    const refund = Number(f.refund_hours ?? 0);
    const remain = fundLeft(f);
    return { absentTime: f.absent_minutes ?? 0, remainExplanationTime: remain, refundHoursPerExplanation: refund, balancesTime: Math.round(remain * refund * 100) / 100 };
  }

  return { selections, reasonSelections, approverFor, workSchedule, explanationInfo, scheduleMap: (id: number, dates: readonly string[]) => scheduleMap(deps.db, id, dates) };
}
