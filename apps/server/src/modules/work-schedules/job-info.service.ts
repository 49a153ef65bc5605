import { POLICY_MESSAGES as M, ruleTypeOfScheduleType, type JobInfoCreateBody, type JobInfoListQuery, type JobInfoRow, type JobInfoUpdateBody } from '@tms/contracts/policies';
import type { PageInfo } from '@tms/contracts/api';
import { parseDmy } from '../../lib/dates.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { pageInfo } from '../../lib/page-answer.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { getLockDate } from '../payroll-periods/payroll-periods.service.ts';
import * as repo from './policy.repository.ts';
import { actionsOf, policyChanged, checkValues, editPolicy, removePolicy, writeNewPolicies, type PolicyDeps } from './policy.service.ts';

/**
 * Job info history (spec 002 §2, §3 Job info record, §5 Job info, §7): staff policy rows seen by their schedule part.
 * A new row takes the other terms of the policy in force on its start date (staff or department), else the
 * schedule's defaults; the same trim rule as set-policy; edits and removals follow spec 002 §4.
 */
const rowOf = (r: repo.JobInfoDbRow, ctx: { lockDate: string | null; today: string }): JobInfoRow => ({
  _id: Number(r.id),
  employee_id: Number(r.employee_id),
  employee_name: r.employee_name,
  username: r.user_name,
  work_schedule_code: r.work_schedule_code,
  effective_start_date: r.apply_date,
  end_date: r.expire_date,
  work_start_time: r.work_start_time,
  work_end_time: r.work_end_time,
  is_from: r.is_from,
  version: Number(r.version),
  actions: actionsOf(r, ctx),
});

export async function list({ db, clock }: PolicyDeps, q: JobInfoListQuery): Promise<{ data: JobInfoRow[]; page: PageInfo }> {
  const today = clock.today();
  const [rows, lockDate] = await Promise.all([
    repo.jobInfoRows(db, {
      employeeIds: q.employee,
      workScheduleCode: q.workScheduleCode?.trim() || undefined,
      from: parseDmy(q.fromDate),
      to: parseDmy(q.toDate),
      limit: q.size,
      offset: (q.page - 1) * q.size,
    }),
    getLockDate(db),
  ]);
  return { data: rows.map((r) => rowOf(r, { lockDate, today })), page: await pageInfo(q, rows) };
}

export async function ofEmployee({ db, clock }: PolicyDeps, employeeId: number): Promise<JobInfoRow[]> {
  const today = clock.today();
  const [rows, lockDate] = await Promise.all([repo.jobInfoRows(db, { employeeIds: [employeeId], limit: 1000, offset: 0 }), getLockDate(db)]);
  return rows.map((r) => rowOf(r, { lockDate, today }));
}

/** Answers one success message per employee (spec 002 §8 Job info create). */
export async function create(deps: PolicyDeps, user: SessionUser, body: JobInfoCreateBody): Promise<string[]> {
  const { db, clock } = deps;
  const today = clock.today();
  const done = await db.transaction(async (tx) => {
    const staff = await repo.employeesByIds(tx, body.employeeIds);
    if (staff.length !== body.employeeIds.length) throw badRequest(M.employeeNotFound);
    const lockDate = await getLockDate(tx);
    const [schedule] = await repo.activeSchedules(tx, [body.code]);
    if (!schedule) throw badRequest(M.scheduleNotFound(body.code));
    const inForce = new Map((await repo.policiesInForce(tx, body.employeeIds, body.start)).map((p) => [p.owner_id, p]));
    const flexible = schedule.work_schedule_type === 'FLEXIBLE';
    const rows = staff.map((s): repo.NewPolicy => {
      const p = inForce.get(Number(s.id));
      return {
        owner: Number(s.id),
        work_schedule_code: schedule.work_schedule_code,
        rule_type: ruleTypeOfScheduleType(schedule.work_schedule_type),
        explanation_number: p?.explanation_number ?? 0,
        refund_hours_per_explanation: p?.refund_hours_per_explanation ?? 0,
        explanation_time_per_days: p?.explanation_time_per_days ?? 0,
        lack_of_time_allowed: p?.lack_of_time_allowed ?? Number(schedule.lack_of_time_allowed),
        ot_type: flexible ? 'OT_FLEXIBLE' : 'OT_FIXED',
        url_policy: p?.url_policy ?? null,
        apply_date: body.start,
        expire_date: body.end,
      };
    });
    await checkValues(tx, { ...rows[0]!, url_policy: rows[0]!.url_policy ?? '' }, { lockDate, today });
    const written = await writeNewPolicies(tx, 'staff', rows, user);
    await policyChanged(tx, deps, written.touched, user);
    return { written, staff };
  });
  return done.staff.map((s) => M.jobCreated(s.user_name));
}

export async function update(deps: PolicyDeps, user: SessionUser, body: JobInfoUpdateBody): Promise<number> {
  const { db, clock } = deps;
  const today = clock.today();
  const done = await db.transaction(async (tx) => {
    const row = await repo.findPolicy(tx, 'staff', body._id);
    if (!row) throw notFound(M.notFound);
    const [schedule] = await repo.activeSchedules(tx, [body.work_schedule_code]);
    if (!schedule) throw badRequest(M.scheduleNotFound(body.work_schedule_code));
    const keepType = schedule.work_schedule_code === row.work_schedule_code;
    const edited = await editPolicy(
      tx,
      'staff',
      {
        id: row.id,
        version: body.version ?? row.version,
        work_schedule_code: body.work_schedule_code,
        rule_type: keepType ? row.rule_type : ruleTypeOfScheduleType(schedule.work_schedule_type),
        explanation_number: row.explanation_number,
        refund_hours_per_explanation: row.refund_hours_per_explanation,
        explanation_time_per_days: row.explanation_time_per_days,
        lack_of_time_allowed: row.lack_of_time_allowed,
        ot_type: keepType ? row.ot_type : schedule.work_schedule_type === 'FLEXIBLE' ? 'OT_FLEXIBLE' : 'OT_FIXED',
        url_policy: row.url_policy ?? '',
        apply_date: body.effective_start_date,
        expire_date: body.end_date,
      },
      { lockDate: await getLockDate(tx), today, by: user },
    );
    await policyChanged(tx, deps, edited.touched, user);
    return edited;
  });
  return done.id;
}

export async function remove(deps: PolicyDeps, user: SessionUser, id: number) {
  const { db, clock } = deps;
  const today = clock.today();
  await db.transaction(async (tx) => {
    const range = await removePolicy(tx, 'staff', id, { lockDate: await getLockDate(tx), today, by: user });
    await policyChanged(tx, deps, [range], user);
  });
  return id;
}
