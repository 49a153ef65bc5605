import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';

/** SQL reading the accrual engine's inputs set-based (accrual-inputs.ts says what each figure means). */

const employeeFilter = (column: string, employeeIds: readonly number[] | null) =>
  employeeIds === null ? sql`true` : sql`${sql.raw(column)} = any(${`{${employeeIds.join(',')}}`}::int[])`;

export type GeneralConfigRow = {
  id: number;
  leave_hour_in_month: string;
  conditional_month: number;
  seniority_leave_hour: string;
  seniority_leave_year: string;
  advance_leave: number;
  apply_date: string;
  expire_date: string;
};

/** Every live general configuration (a handful of rows). */
export async function generalConfigs(db: DbOrTx): Promise<GeneralConfigRow[]> {
  return queryRows<GeneralConfigRow>(
    db,
    sql`select id, leave_hour_in_month::text, conditional_month, seniority_leave_hour::text, seniority_leave_year::text, advance_leave,
               apply_date::text as apply_date, expire_date::text as expire_date
          from leave_general_configs where deleted_at is null order by apply_date, id`,
  );
}

export type AccrualEmployeeRow = {
  id: number;
  company_id: number;
  seniority_date: string | null;
  start_working_day: string;
  last_working_day: string | null;
  contract_type: string | null;
  contract_start_date: string | null;
  contract_end_date: string | null;
};

/** The employees of an accrual run (all, or the ids given), by id. */
export async function accrualEmployees(db: DbOrTx, employeeIds: readonly number[] | null): Promise<AccrualEmployeeRow[]> {
  return queryRows<AccrualEmployeeRow>(
    db,
    sql`select e.id, e.company_id, e.seniority_date::text as seniority_date, e.start_working_day::text as start_working_day,
               e.last_working_day::text as last_working_day, e.contract_type, e.contract_start_date::text as contract_start_date,
               e.contract_end_date::text as contract_end_date
          from employees e
         where ${employeeFilter('e.id', employeeIds)}
         order by e.id`,
  );
}

export type ContractRow = { employee_id: number; contract_type: string; start_date: string; end_date: string | null };

/** The contract history rows of the employees given (or all), by employee then start. */
export async function contractRows(db: DbOrTx, employeeIds: readonly number[] | null): Promise<ContractRow[]> {
  return queryRows<ContractRow>(
    db,
    sql`select c.employee_id, c.contract_type, c.start_date::text as start_date, c.end_date::text as end_date
          from employee_contracts c
         where ${employeeFilter('c.employee_id', employeeIds)}
         order by c.employee_id, c.start_date, c.id`,
  );
}

export type PaidPeriodRow = { employee_id: number; from_date: string; to_date: string; working_days: number; paid_days: string };

/**
 * Per employee and payroll period of the employee's company ending in [from, to]: the period's working days and the
 * employee's paid days, Σ of the final day values (timesheet_days.value: attendance, paid leave, holidays, HR edits).
 * One grouped scan of the days in range.
 */
export async function paidPeriods(db: DbOrTx, opts: { employeeIds: readonly number[] | null; from: string; to: string }): Promise<PaidPeriodRow[]> {
  return queryRows<PaidPeriodRow>(
    db,
    sql`with p as (
          select id, company_id, from_date, to_date, working_days from payroll_periods
           where to_date between ${opts.from}::date and ${opts.to}::date
        ), paid as (
          select d.employee_id, p.id as period_id, sum(d.value) as paid
            from p
            join timesheet_days d on d.date between p.from_date and p.to_date
           where d.value is not null and ${employeeFilter('d.employee_id', opts.employeeIds)}
           group by d.employee_id, p.id
        )
        select e.id as employee_id, p.from_date::text as from_date, p.to_date::text as to_date, p.working_days,
               coalesce(paid.paid, 0)::text as paid_days
          from employees e
          join p on p.company_id = e.company_id
          left join paid on paid.employee_id = e.id and paid.period_id = p.id
         where ${employeeFilter('e.id', opts.employeeIds)}
         order by e.id, p.to_date`,
  );
}
