import { sql, type SQL } from 'drizzle-orm';
import { ABNORMAL_STATUS } from '@tms/contracts/requests';
import type { ModifyType } from '@tms/contracts/timesheet-modify';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import type { HistoryAuthor } from '../../lib/history.ts';
import { finalValue } from '../timesheet/day-value.repository.ts';

/**
 * All SQL of the HR cell, row and column edits (spec 001 §2.1 Modify, §7.1 PUT /tms/timesheets; RULES.md §4). Every
 * statement is set-based: a column of 10,000 employees is the same few statements as one cell.
 */

/** history.table_name of an edit: the entry is about the employee-day (its record id is the override's id). */
export const DAYS_TABLE = 'timesheet_days';

/** The company whose period an edit falls in: the edited employee's, else the caller's (null: any company). */
export async function companyOf(tx: DbOrTx, employeeIds: readonly (number | null | undefined)[]): Promise<number | null> {
  for (const id of employeeIds) {
    if (id === null || id === undefined) continue;
    const [row] = await queryRows<{ company_id: number }>(tx, sql`select company_id from employees where id = ${id}`);
    if (row) return Number(row.company_id);
  }
  return null;
}

/** An employee's working period (RULES.md §4: days outside it have no value), or undefined when there is no such employee. */
export async function findEmployment(tx: DbOrTx, id: number): Promise<{ start_working_day: string; last_working_day: string | null } | undefined> {
  const [row] = await queryRows<{ start_working_day: string; last_working_day: string | null }>(
    tx,
    sql`select start_working_day::text as start_working_day, last_working_day::text as last_working_day from employees where id = ${id}`,
  );
  return row;
}

/** The condition on the employees row `e` of one employee. */
export const oneEmployee = (id: number): SQL => sql`e.id = ${id}`;

/**
 * Locks the target employees' rows in id order, as the recalculation does (recalculate.repository lockEmployees):
 * a recalculation chunk of these employees either finishes first or starts after this edit commits and reads its
 * override, so it never writes the computed value over a newer edit. `employees` is a condition on alias `e`.
 */
export async function lockEmployees(tx: DbOrTx, employees: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from (select e.id from employees e where ${employees} order by e.id for no key update) locked`,
  );
  return Number(row?.n ?? 0);
}

export type ApplyEdit = {
  /** Condition on the employees row aliased `e`: the employees whose days are edited. */
  employees: SQL;
  from: string;
  to: string;
  /** Only days with an abnormal case (abnormal_only of a row or column), an approved one excepted. */
  abnormalOnly: boolean;
  /** The company's today: later days have no value and are not edited (RULES.md §4). */
  today: string;
  value: number;
  comment: string;
  type: ModifyType;
  by: HistoryAuthor;
};

/**
 * The edit as one statement. Targets: the stored days of the employees in [from, to] that are not weekends, not
 * after today and inside the employee's working period (RULES.md §4: those days have no value and cannot be modified;
 * a day without a row has nothing to edit either). For each: an override row (latest wins in the recalculation,
 * RULES.md §4) keeping the value shown before the edit; the day's shown value set by the one final-value decision
 * (day-value.repository: the new override is the latest); and one history entry with both values (RULES.md §8), the
 * same columns lib/history.ts recordHistories writes, built here from the inserted rows so 10,000 entries cost no
 * round trip nor bind parameters. Answers how many days were edited.
 */
export async function applyEdit(tx: DbOrTx, edit: ApplyEdit): Promise<{ overrides: number; days: number; histories: number }> {
  // RULES.md §4: an approved explanation's case (status 3) is no longer abnormal, so "Abnormal case" skips it.
  const abnormal = edit.abnormalOnly
    ? sql`and exists (select 1 from abnormal_cases a where a.employee_id = td.employee_id and a.abnormal_date = td.date and a.status <> ${ABNORMAL_STATUS.approved})`
    : sql``;
  const [row] = await queryRows<{ overrides: number; days: number; histories: number }>(
    tx,
    sql`
    with t as materialized (
      select td.employee_id, td.date, td.value as old_value
        from timesheet_days td
        join employees e on e.id = td.employee_id
       where ${edit.employees}
         and td.date between ${edit.from}::date and ${edit.to}::date
         and td.date <= ${edit.today}::date
         and td.date >= e.start_working_day and (e.last_working_day is null or td.date <= e.last_working_day)
         and td.day_type <> 'WEEKEND'
         ${abnormal}
    ),
    ins as (
      insert into timesheet_overrides (employee_id, date, value, old_value, comment, created_by)
      select employee_id, date, ${edit.value}::numeric(4, 2), old_value, ${edit.comment}::text, ${edit.by.userId}::int
        from t
       order by employee_id, date
      returning id, employee_id, date, value, old_value
    ),
    upd as (
      update timesheet_days td
         set value = ${finalValue({ overridden: sql`true`, override: sql`ins.value`, computed: sql`td.computed_value` })}, overridden = true
        from ins
       where td.employee_id = ins.employee_id and td.date = ins.date
      returning 1
    ),
    hist as (
      insert into history (table_name, record_id, employee_id, action, changes, new_record, created_by_user_id, created_by_username, created_by_name)
      select ${DAYS_TABLE}::varchar, ins.id, ins.employee_id, 'UPDATE',
             jsonb_build_array(jsonb_build_object('field', 'value', 'oldValue', ins.old_value::float8, 'newValue', ins.value::float8)),
             jsonb_build_object('employee_id', ins.employee_id, 'date', ins.date::text, 'value', ins.value::float8,
                                'comment', ${edit.comment}::text, 'type', ${edit.type}::text),
             ${edit.by.userId}::int, ${edit.by.username}::varchar, ${edit.by.name}::text
        from ins
       order by ins.id
      returning 1
    )
    select (select count(*) from ins)::int as overrides, (select count(*) from upd)::int as days, (select count(*) from hist)::int as histories`,
  );
  return { overrides: Number(row?.overrides ?? 0), days: Number(row?.days ?? 0), histories: Number(row?.histories ?? 0) };
}
