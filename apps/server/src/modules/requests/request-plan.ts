import {
  REQUEST_MESSAGES as M,
  REQUEST_RULE_MESSAGES as R,
  type RequestPayload,
} from '@tms/contracts/requests';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { getLockDate } from '../payroll-periods/payroll-periods.service.ts';
import { resolveApprover } from '../auth/approver.repository.ts';
import type { NewApprovalItem } from '../approval-flows/approval-steps.ts';
import { fundAvailable, type EffectRequest } from '../request-days/request-effects.ts';
import { findOverlap, planDates, readHead, readWanted, wantedDates, type FundEffect, type FormMode, type Plan, type ScheduleDay } from '../request-days/request-form.ts';
import { isAfterLock } from '../request-days/request-rules.ts';
import * as repo from '../request-days/request.repository.ts';
import { scheduleMap } from '../request-days/schedule-days.ts';

export type CreateItem = RequestPayload & {
  employeeId: number;
  /** 'HR' for onsite / work outside filed by HR, HRM, ADMIN (spec 001 §4.2 "special role"). */
  createdByRole?: string | null;
};
export const HISTORY_FIELDS = ['request_type', 'reason_type', 'start_date', 'end_date', 'start_shift', 'end_shift', 'quantity_in_hours', 'description', 'status', 'assignee_user_id', 'project_id', 'request_dates'] as const;

export type Planned = { head: ReturnType<typeof readHead>; reason: repo.ReasonRow; effect: FundEffect; plan: Plan; schedule: Map<string, ScheduleDay> };

/** Reads and checks a payload for `employeeId`: the §5.2 messages, the amounts, lock, overlap and balance. */
export async function planRequest(tx: DbOrTx, item: CreateItem, opts: { mode: FormMode; excludeId: number | null; companyId: number | null; checkBalance: boolean }): Promise<Planned> {
  const head = readHead(item);
  const reason = await repo.reasonType(tx, head.reasonType);
  if (!reason || reason.request_type !== head.requestType) throw badRequest(M.reasonRequired);
  // Explanations have their own flow (abnormal case, spec 001 §5.4).
  if (reason.request_type === 'EXPLANATION_REQUEST') throw badRequest(M.requestTypeRequired);
  const wanted = readWanted(item, opts.mode);
  const schedule = await scheduleMap(tx, item.employeeId, wantedDates(wanted));
  if (schedule.size === 0) throw badRequest(M.noWorkSchedule);
  const effect = reason.effect as FundEffect;
  const plan = planDates(wanted, schedule, effect);
  const lockDate = await getLockDate(tx, opts.companyId);
  if (!isAfterLock(plan.startDate, lockDate)) throw badRequest(R.locked);
  const existing = await repo.coveredDates(tx, item.employeeId, plan.dates.map((d) => d.date), opts.excludeId);
  if (findOverlap(plan, existing, schedule)) throw badRequest(R.overlapping);
  if (opts.checkBalance) {
    const available = await fundAvailable(tx, item.employeeId, effect, plan.startDate);
    if (available !== null) {
      const pending = await repo.pendingAmount(tx, item.employeeId, reason.code, opts.excludeId);
      const need = plan.dates.reduce((s, d) => s + d.fundAmount, 0);
      if (available - pending < need - 1e-9) throw badRequest(R.insufficientBalance);
    }
  }
  return { head, reason, effect, plan, schedule };
}

export const snapshot = (p: Planned, extra: Record<string, unknown>) => ({
  request_type: p.head.requestType,
  reason_type: p.head.reasonType,
  start_date: p.plan.startDate,
  end_date: p.plan.endDate,
  start_shift: p.plan.startShift,
  end_shift: p.plan.endShift,
  quantity_in_hours: p.plan.quantityInHours,
  description: p.head.description,
  project_id: p.head.projectId,
  request_dates: p.plan.dates.map((d) => ({ request_date: d.date, duration: d.shift, request_minutes: d.minutes })),
  ...extra,
});

/** RULES.md §5: a delegation in force on the request's first date, else the project's PM (onsite), else the lead chain. */
export async function assigneeFor(tx: DbOrTx, employeeId: number, head: Planned['head'], date: string): Promise<number | null> {
  if (head.requestType === 'ONSITE' && !head.projectId) throw badRequest(M.projectRequired);
  const project = head.projectId ? await repo.projectPm(tx, head.projectId) : undefined;
  if (head.projectId && !project) throw badRequest(M.projectRequired);
  const projectId = head.requestType === 'ONSITE' ? head.projectId : null;
  const approver = await resolveApprover(tx, { employeeId, projectId, date });
  return approver?.userId ?? null;
}

/**
 * A planned request as a flow's conditions read it: leave and work outside only (other kinds keep the single step);
 * its amount in days, each date counting its covered minutes over that day's standard minutes.
 */
export function approvalItemOf(employeeId: number, p: Planned): NewApprovalItem {
  const kind = p.head.requestType === 'LEAVE_REQUEST' || p.head.requestType === 'WORK_OUTSIDE' ? p.head.requestType : null;
  const amount = p.plan.dates.reduce((sum, d) => sum + d.coveredMinutes / (p.schedule.get(d.date)?.standardMinutes || 480), 0);
  return { kind, employeeId, reasonType: p.head.reasonType, amount: Math.round(amount * 1000) / 1000, projectId: p.head.projectId ?? null, date: p.plan.startDate };
}

export const effectRequest = (id: number, employeeId: number, effect: FundEffect, dates: EffectRequest['dates']): EffectRequest => ({ id, employeeId, effect, dates });
