import { ruleTypeOfScheduleType } from '@tms/contracts/policies';
import type { DbOrTx } from '../../db/client.ts';
import { staffPolicies } from '../../db/schema/schedules.ts';
import { diffFields, recordHistory, type HistoryAuthor } from '../../lib/history.ts';
import { defaultPolicyTerms, OPEN_END_DATE } from './policy-defaults.ts';
import { POLICY_HISTORY_FIELDS } from './policy.service.ts';
import { findActiveSchedule, POLICIES_TABLE } from './work-schedules.repository.ts';

/** A policy's history fields, plus the schedule times a staff policy copies. */
const HISTORY_FIELDS = [...POLICY_HISTORY_FIELDS, 'work_start_time', 'work_end_time'] as const;

export type InitialPolicyResult = { ok: true; policyId: number } | { ok: false; reason: 'no-schedule' };

/**
 * The first staff policy of a new employee (spec 002 §3 Staff policy; issue 10): from the work schedule apply date
 * (the caller passes start_working_day when none is given) to 9999-12-30, on the active work schedule whose code is
 * the chosen work schedule type (HCM or FLEXIBLE), with the demo seed's explanation fund (3 × 1 hour, at most 1 a
 * day), 15 minutes allowed (30 for FLEXIBLE) and the matching OT type. Written with its history in the caller's
 * transaction.
 */
export async function assignInitialPolicy(
  tx: DbOrTx,
  input: { employeeId: number; workScheduleType: string; applyDate: string; by: HistoryAuthor },
): Promise<InitialPolicyResult> {
  const schedule = await findActiveSchedule(tx, input.workScheduleType);
  if (!schedule) return { ok: false, reason: 'no-schedule' };
  const [row] = await tx
    .insert(staffPolicies)
    .values({
      employeeId: input.employeeId,
      workScheduleCode: schedule.work_schedule_code,
      ruleType: ruleTypeOfScheduleType(schedule.work_schedule_type),
      ...defaultPolicyTerms(schedule.work_schedule_type),
      applyDate: input.applyDate,
      expireDate: OPEN_END_DATE,
      workStartTime: schedule.work_start_time,
      workEndTime: schedule.work_end_time,
      createdBy: input.by.userId,
    })
    .returning();
  const record = {
    id: row!.id,
    employee_id: row!.employeeId,
    work_schedule_code: row!.workScheduleCode,
    rule_type: row!.ruleType,
    explanation_number: row!.explanationNumber,
    refund_hours_per_explanation: Number(row!.refundHoursPerExplanation),
    explanation_time_per_days: row!.explanationTimePerDays,
    lack_of_time_allowed: row!.lackOfTimeAllowed,
    ot_type: row!.otType,
    url_policy: row!.urlPolicy,
    apply_date: row!.applyDate,
    expire_date: row!.expireDate,
    work_start_time: schedule.work_start_time,
    work_end_time: schedule.work_end_time,
  };
  await recordHistory(tx, {
    tableName: POLICIES_TABLE,
    recordId: row!.id,
    employeeId: input.employeeId,
    action: 'CREATE',
    changes: diffFields(null, record, HISTORY_FIELDS),
    newRecord: record,
    by: input.by,
  });
  return { ok: true, policyId: row!.id };
}
