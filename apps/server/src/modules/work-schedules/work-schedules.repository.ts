import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { workScheduleName } from '../../lib/localized-name.ts';

/**
 * SQL of work schedules and staff policies (RULES.md §4): "update employee work schedule" (spec 001 §2.1, §6, §7.1
 * update-job-history) and the schedule list (§7.10).
 */
export const POLICIES_TABLE = 'staff_policies';

/**
 * The policy of an employee on `date`, else the latest one before it (spec 001 §3 jobInfoHistoryNestedDTO), as a
 * subquery over `employee_policies`: My Timesheet's staff card and standard minutes, the grid's rule type and the
 * Timesheets Summary's standard minutes read it.
 */
export const policyOn = (employeeId: SQL, date: SQL) =>
  sql`select sp.* from employee_policies sp
       where sp.employee_id = ${employeeId} and sp.apply_date <= ${date}
       order by (sp.expire_date >= ${date}) desc, sp.apply_date desc, sp.id desc limit 1`;

/**
 * RULES.md §4: the rule type an employee is computed with — hour-based exactly when the schedule is FLEXIBLE
 * (contracts `ruleTypeOfScheduleType`, in SQL) — whatever an older policy row stored. Over a `work_schedules` row.
 */
export const ruleTypeOfSchedule = (scheduleType: SQL) => sql`(case when ${scheduleType} is null then null when ${scheduleType} = 'FLEXIBLE' then 'HOUR' else 'DAY' end)`;
export const EMPLOYEES_TABLE = 'employees';

export type EmployeeRecord = { id: number; company_id: number; work_schedule_type: string | null; work_schedule_apply_date: string | null; version: number };

/** The employee, locked until the transaction ends (the same lock mode as the recalculation takes, in its order). */
export async function lockEmployee(tx: DbOrTx, id: number): Promise<EmployeeRecord | undefined> {
  const [row] = await queryRows<EmployeeRecord>(
    tx,
    sql`select id, company_id, work_schedule_type, work_schedule_apply_date::text as work_schedule_apply_date, version
          from employees where id = ${id} for no key update`,
  );
  return row ? { ...row, id: Number(row.id), company_id: Number(row.company_id), version: Number(row.version) } : undefined;
}

export type ScheduleRecord = { work_schedule_code: string; work_schedule_name: string; work_schedule_type: string; work_start_time: string; work_end_time: string };

const scheduleColumns = () => sql`work_schedule_code, ${workScheduleName(sql`work_schedules`)} as work_schedule_name, work_schedule_type,
  to_char(work_start_time, 'HH24:MI') as work_start_time, to_char(work_end_time, 'HH24:MI') as work_end_time`;

export async function findActiveSchedule(tx: DbOrTx, code: string): Promise<ScheduleRecord | undefined> {
  const [row] = await queryRows<ScheduleRecord>(tx, sql`select ${scheduleColumns()} from work_schedules where work_schedule_code = ${code} and active`);
  return row;
}

/** GET /tms/employee/get-all-work-schedule: the active schedules by name. */
export async function listActiveSchedules(db: DbOrTx): Promise<ScheduleRecord[]> {
  return queryRows<ScheduleRecord>(db, sql`select ${scheduleColumns()} from work_schedules where active order by work_schedule_name, work_schedule_code`);
}

export type PolicyRecord = {
  id: number;
  employee_id: number;
  work_schedule_code: string;
  rule_type: string;
  ot_type: string;
  apply_date: string;
  expire_date: string;
  work_start_time: string | null;
  work_end_time: string | null;
  version: number;
};

const policyColumns = sql`id, employee_id, work_schedule_code, rule_type, ot_type, apply_date::text as apply_date, expire_date::text as expire_date,
  to_char(work_start_time, 'HH24:MI') as work_start_time, to_char(work_end_time, 'HH24:MI') as work_end_time, version`;

const policyOf = (row: PolicyRecord): PolicyRecord => ({ ...row, id: Number(row.id), employee_id: Number(row.employee_id), version: Number(row.version) });

export async function findPolicy(tx: DbOrTx, id: number): Promise<PolicyRecord> {
  const [row] = await queryRows<PolicyRecord>(tx, sql`select ${policyColumns} from staff_policies where id = ${id}`);
  return policyOf(row!);
}

/**
 * The staff policy in force on `date`, locked: when several overlap, the latest applied (as user detail reads it,
 * auth.repository findUserDetail).
 */
export async function lockCoveringPolicy(tx: DbOrTx, employeeId: number, date: string): Promise<PolicyRecord | undefined> {
  const [row] = await queryRows<PolicyRecord>(
    tx,
    sql`select ${policyColumns} from staff_policies
         where employee_id = ${employeeId} and apply_date <= ${date}::date and expire_date >= ${date}::date
         order by apply_date desc, id desc
         limit 1
           for update`,
  );
  return row ? policyOf(row) : undefined;
}

export type ScheduleChange = { code: string; ruleType: string; start: string; end: string };

/** The policy now names the schedule (it starts on the apply date). */
export async function setPolicySchedule(tx: DbOrTx, id: number, change: ScheduleChange): Promise<void> {
  await tx.execute(sql`
    update staff_policies
       set work_schedule_code = ${change.code}, rule_type = ${change.ruleType},
           work_start_time = ${change.start}::time, work_end_time = ${change.end}::time,
           version = version + 1, updated_at = now()
     where id = ${id}`);
}

/**
 * Splits the policy at `applyDate`: a copy from `applyDate` to its expire date names the schedule (the policy's other
 * terms kept), and the policy itself ends the day before. Answers the copy's id.
 */
export async function splitPolicy(tx: DbOrTx, id: number, applyDate: string, change: ScheduleChange, byUserId: number): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into staff_policies (employee_id, work_schedule_code, rule_type, explanation_number, refund_hours_per_explanation,
                                    explanation_time_per_days, lack_of_time_allowed, ot_type, url_policy, apply_date, expire_date,
                                    work_start_time, work_end_time, created_by)
        select employee_id, ${change.code}, ${change.ruleType}, explanation_number, refund_hours_per_explanation,
               explanation_time_per_days, lack_of_time_allowed, ot_type, url_policy, ${applyDate}::date, expire_date,
               ${change.start}::time, ${change.end}::time, ${byUserId}::int
          from staff_policies where id = ${id}
        returning id`,
  );
  await tx.execute(sql`
    update staff_policies
       set expire_date = ${applyDate}::date - 1, version = version + 1, updated_at = now()
     where id = ${id}`);
  return Number(row!.id);
}

export async function setEmployeeSchedule(tx: DbOrTx, id: number, type: string, applyDate: string): Promise<EmployeeRecord> {
  const [row] = await queryRows<EmployeeRecord>(
    tx,
    sql`update employees
           set work_schedule_type = ${type}, work_schedule_apply_date = ${applyDate}::date, version = version + 1, updated_at = now()
         where id = ${id}
        returning id, company_id, work_schedule_type, work_schedule_apply_date::text as work_schedule_apply_date, version`,
  );
  return { ...row!, id: Number(row!.id), company_id: Number(row!.company_id), version: Number(row!.version) };
}

/**
 * The department policy in force for the employee on `date` (the view `employee_policies`: on a date no staff policy
 * covers), with the last day of that uncovered stretch; undefined when none.
 */
export async function departmentPolicyCovering(tx: DbOrTx, employeeId: number, date: string): Promise<{ id: number; expire_date: string } | undefined> {
  const [row] = await queryRows<{ id: number; expire_date: string }>(
    tx,
    sql`select p.id, p.expire_date::text as expire_date from employee_policies p
         where p.employee_id = ${employeeId} and p.source = 'department' and p.apply_date <= ${date}::date and p.expire_date >= ${date}::date
         order by p.apply_date desc, p.id desc
         limit 1`,
  );
  return row ? { id: Number(row.id), expire_date: row.expire_date } : undefined;
}

/**
 * A staff policy from `applyDate` to `expireDate` naming the schedule, with the other terms of the department policy
 * `departmentPolicyId` (the employee was covered by it only). Answers the new id.
 */
export async function insertPolicyFromDepartment(
  tx: DbOrTx,
  employeeId: number,
  departmentPolicyId: number,
  applyDate: string,
  expireDate: string,
  change: ScheduleChange,
  byUserId: number,
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into staff_policies (employee_id, work_schedule_code, rule_type, explanation_number, refund_hours_per_explanation,
                                    explanation_time_per_days, lack_of_time_allowed, ot_type, url_policy, apply_date, expire_date,
                                    work_start_time, work_end_time, created_by)
        select ${employeeId}::int, ${change.code}, ${change.ruleType}, explanation_number, refund_hours_per_explanation,
               explanation_time_per_days, lack_of_time_allowed, ot_type, url_policy, ${applyDate}::date, ${expireDate}::date,
               ${change.start}::time, ${change.end}::time, ${byUserId}::int
          from department_policies where id = ${departmentPolicyId}
        returning id`,
  );
  return Number(row!.id);
}
