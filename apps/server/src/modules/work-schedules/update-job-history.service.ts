import type { FastifyBaseLogger } from 'fastify';
import { ruleTypeOfScheduleType } from '@tms/contracts/policies';
import { TIMESHEET_MODIFY_MESSAGES as M, type UpdateJobHistoryBody } from '@tms/contracts/timesheet-modify';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { dayjs, minDate, toDmy } from '../../lib/dates.ts';
import { diffFields, recordHistories, type HistoryRecordEntry } from '../../lib/history.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { getLockDate, latestPeriodEnd } from '../payroll-periods/payroll-periods.service.ts';
import { queueRecalculation } from '../timesheet/recalc-queue.ts';
import * as repo from './work-schedules.repository.ts';

const POLICY_FIELDS = ['work_schedule_code', 'rule_type', 'apply_date', 'expire_date', 'work_start_time', 'work_end_time'] as const;
const EMPLOYEE_FIELDS = ['work_schedule_type', 'work_schedule_apply_date'] as const;

/**
 * "Update employee work schedule" (spec 001 §2.1, §6: HR and ADMIN; §7.1 PUT update-job-history?userId): from the
 * apply date the employee works to the chosen schedule. The staff policy in force on that date is changed in place
 * when it starts that day, else split there; the employee's current schedule type follows when the change is already
 * in force. An employee covered on that date only by their department's policy gets a staff policy of their own
 * from the apply date (the department policy's terms, the chosen schedule). The employee's days from the apply date
 * are queued for recalculation in the same transaction (RULES.md §4: a changed schedule recomputes the affected
 * employee-days); `recalculatedDays` counts those up to today.
 */
export type UpdateJobHistoryDeps = { db: Db; clock: Clock; log?: FastifyBaseLogger };

export async function update(deps: UpdateJobHistoryDeps, user: SessionUser, employeeId: number, body: UpdateJobHistoryBody): Promise<{ policyId: number; recalculatedDays: number }> {
  const { db } = deps;
  const applyDate = body.apply_date;
  const today = deps.clock.today();

  const done = await db.transaction(async (tx) => {
    const employee = await repo.lockEmployee(tx, employeeId);
    if (!employee) throw notFound(M.employeeNotFound);
    const schedule = await repo.findActiveSchedule(tx, body.work_schedule_code);
    if (!schedule) throw notFound(M.scheduleNotFound);
    const lock = await getLockDate(tx, employee.company_id);
    if (lock !== null && applyDate <= lock) throw badRequest(M.applyDateLocked(toDmy(lock)!));
    const before = await repo.lockCoveringPolicy(tx, employeeId, applyDate);
    // Covered only by the department's policy (the view employee_policies): the employee gets a staff policy of
    // their own from the apply date, with the department policy's other terms, to the end of that stretch.
    const fromDepartment = before ? undefined : await repo.departmentPolicyCovering(tx, employeeId, applyDate);
    if (!before && !fromDepartment) throw badRequest(M.noPolicy);

    const change: repo.ScheduleChange = {
      code: schedule.work_schedule_code,
      ruleType: ruleTypeOfScheduleType(schedule.work_schedule_type),
      start: schedule.work_start_time,
      end: schedule.work_end_time,
    };
    const entries: HistoryRecordEntry[] = [];
    let policy: repo.PolicyRecord;
    if (!before) {
      const id = await repo.insertPolicyFromDepartment(tx, employeeId, fromDepartment!.id, applyDate, fromDepartment!.expire_date, change, user.userId);
      policy = await repo.findPolicy(tx, id);
      entries.push({ tableName: repo.POLICIES_TABLE, recordId: policy.id, employeeId, action: 'CREATE', changes: diffFields(null, policy, POLICY_FIELDS), newRecord: policy });
    } else if (before.work_schedule_code === change.code && before.rule_type === change.ruleType) {
      // Already that schedule from the apply date on: nothing to split or record.
      policy = before;
    } else if (before.apply_date === applyDate) {
      await repo.setPolicySchedule(tx, before.id, change);
      policy = await repo.findPolicy(tx, before.id);
      entries.push({ tableName: repo.POLICIES_TABLE, recordId: policy.id, employeeId, action: 'UPDATE', changes: diffFields(before, policy, POLICY_FIELDS), newRecord: policy });
    } else {
      const id = await repo.splitPolicy(tx, before.id, applyDate, change, user.userId);
      const closed = await repo.findPolicy(tx, before.id);
      policy = await repo.findPolicy(tx, id);
      entries.push(
        { tableName: repo.POLICIES_TABLE, recordId: closed.id, employeeId, action: 'UPDATE', changes: diffFields(before, closed, POLICY_FIELDS), newRecord: closed },
        { tableName: repo.POLICIES_TABLE, recordId: policy.id, employeeId, action: 'CREATE', changes: diffFields(null, policy, POLICY_FIELDS), newRecord: policy },
      );
    }

    // The employee's current schedule (user detail's requestType, the grid's schedule filter) follows the change
    // once it is in force today; a change dated later leaves today's schedule as it is.
    if (applyDate <= today && today <= policy.expire_date) {
      const current = { work_schedule_type: employee.work_schedule_type, work_schedule_apply_date: employee.work_schedule_apply_date };
      const wanted = { work_schedule_type: schedule.work_schedule_type, work_schedule_apply_date: applyDate };
      const changes = diffFields(current, wanted, EMPLOYEE_FIELDS);
      if (changes.length > 0) {
        const after = await repo.setEmployeeSchedule(tx, employeeId, schedule.work_schedule_type, applyDate);
        entries.push({ tableName: repo.EMPLOYEES_TABLE, recordId: employeeId, employeeId, action: 'UPDATE', changes, newRecord: after });
      }
    }
    await recordHistories(tx, entries, user);

    // From the apply date to the end of the latest payroll period, within the new policy, queued in this
    // transaction; the drain clips it to today (the apply date is after the lock date, checked above).
    const lastEnd = await latestPeriodEnd(tx, { companyId: employee.company_id });
    const to = lastEnd === null ? null : minDate(lastEnd, policy.expire_date);
    if (to === null || applyDate > to) return { policy, recalculatedDays: 0 };
    await queueRecalculation(tx, { ranges: [{ employeeId, from: applyDate, to }] }, { createdBy: user.userId });
    const last = minDate(to, today)!;
    return { policy, recalculatedDays: applyDate > last ? 0 : dayjs(last).diff(dayjs(applyDate), 'day') + 1 };
  });
  return { policyId: done.policy.id, recalculatedDays: done.recalculatedDays };
}

export async function listSchedules({ db }: UpdateJobHistoryDeps) {
  return repo.listActiveSchedules(db);
}
