import { sql, type SQL } from 'drizzle-orm';
import type { GridFilter } from '@tms/contracts/timesheet-grid';
import type { ModifyFilter } from '@tms/contracts/timesheet-modify';
import type { ExportBody, SendEmailBody } from '@tms/contracts/timesheet-export';
import { intArray, textArray } from '../../db/sql-fragments.ts';

/**
 * The timesheet core's employee filter (issue 7 §6): every list, export and Modify Column of a period picks its
 * employees here. The HR grid's employee filter in one normal form, whatever call it came from (list, statistic, day totals,
 * Modify Column, exports, send email name the same parts differently in spec 001 §7.1).
 */
export type EmployeeFilter = {
  locations?: readonly string[];
  divisionIds?: readonly number[];
  departmentIds?: readonly number[];
  /** TMS role short names (STAFF, HR, …) held by the employee's user. */
  roles?: readonly string[];
  employeeIds?: readonly number[];
  workScheduleTypes?: readonly string[];
  /** Only employees with an abnormal case in the period. */
  abnormalOnly?: boolean;
  /** Only employees with a request (pending, approved or rejected) of these reason types dated in the period. */
  reasonTypes?: readonly string[];
  /** Left out even when matched (send email's except_employee). */
  exceptEmployeeIds?: readonly number[];
};

export const fromGridFilter = (f: GridFilter): EmployeeFilter => ({
  locations: f.location,
  divisionIds: f.divisions,
  departmentIds: f.departmentsFilter,
  roles: f.role,
  employeeIds: f.employee,
  workScheduleTypes: f.workScheduleTypes,
  abnormalOnly: f.actionAbnormalCase,
  reasonTypes: f.reason_type,
});

export const fromModifyFilter = (f: ModifyFilter): EmployeeFilter => ({
  locations: f?.location,
  divisionIds: f?.divisions,
  departmentIds: f?.department,
  roles: f?.role,
  employeeIds: f?.list_employee,
  workScheduleTypes: f?.workScheduleTypes,
  abnormalOnly: f?.abnormal,
  reasonTypes: f?.request_type,
});

/** Export bodies: `employee_id` (chosen rows) narrows further than the `employee` filter. */
export const fromExportBody = (b: ExportBody): EmployeeFilter => ({
  locations: b?.location,
  divisionIds: b?.divisions,
  departmentIds: b?.departmentsFilter,
  roles: b?.role,
  employeeIds: b?.employee_id?.length ? b.employee_id : b?.employee,
  workScheduleTypes: b?.workScheduleTypes,
  abnormalOnly: b?.actionAbnormalCase,
  reasonTypes: b?.reason_type,
});

/** Send email: the chosen rows (`employee_id`) win over the whole filter; `except_employee` always applies. */
export const fromSendEmailBody = (b: SendEmailBody): EmployeeFilter =>
  b?.employee_id?.length
    ? { employeeIds: b.employee_id, exceptEmployeeIds: b.except_employee }
    : {
        locations: b?.location,
        divisionIds: b?.divisions,
        departmentIds: b?.department,
        roles: b?.role,
        workScheduleTypes: b?.workScheduleTypes,
        employeeIds: b?.employee,
        abnormalOnly: b?.action_abnormal_case,
        reasonTypes: b?.reason_type,
        exceptEmployeeIds: b?.except_employee,
      };

const present = <T>(list: readonly T[] | undefined): list is readonly T[] => list !== undefined && list.length > 0;
// drizzle expands an interpolated JS array into a parenthesised parameter list, not one array parameter: spell the
// array out (one parameter per text; the lists are short filter choices).

/** The period a filter is read against: its company and dates. */
export type FilterPeriod = { company_id: number; from_date: string; to_date: string };

/**
 * One SQL condition on the employees row aliased `e` for a period: the employees the grid shows — those of the
 * period's company who worked at some point of it (started on or before its end, not left before its start) — and
 * what the filter keeps of them.
 */
export function employeeFilterSql(f: EmployeeFilter, period: FilterPeriod): SQL {
  const from = period.from_date;
  const to = period.to_date;
  const parts: SQL[] = [
    sql`e.company_id = ${period.company_id}`,
    sql`e.start_working_day <= ${to}::date`,
    sql`(e.last_working_day is null or e.last_working_day >= ${from}::date)`,
  ];
  if (present(f.locations)) parts.push(sql`e.location = any(${textArray(f.locations)})`);
  if (present(f.divisionIds)) parts.push(sql`e.division_id = any(${intArray(f.divisionIds)})`);
  if (present(f.departmentIds)) parts.push(sql`e.department_id = any(${intArray(f.departmentIds)})`);
  if (present(f.employeeIds)) parts.push(sql`e.id = any(${intArray(f.employeeIds)})`);
  if (present(f.exceptEmployeeIds)) parts.push(sql`e.id <> all(${intArray(f.exceptEmployeeIds)})`);
  if (present(f.workScheduleTypes)) parts.push(sql`e.work_schedule_type = any(${textArray(f.workScheduleTypes)})`);
  if (present(f.roles)) {
    parts.push(sql`exists (select 1 from users u join user_roles r on r.user_id = u.id where u.employee_id = e.id and r.role = any(${textArray(f.roles)}))`);
  }
  if (f.abnormalOnly) {
    parts.push(sql`exists (select 1 from abnormal_cases a where a.employee_id = e.id and a.abnormal_date between ${from}::date and ${to}::date)`);
  }
  // A request of one of the reasons with a date in the period, pending, approved or rejected (not withdrawn): the
  // requests the grid's cells show (request_dates, indexed by employee and date).
  if (present(f.reasonTypes)) {
    parts.push(sql`exists (select 1 from request_dates rd join requests r on r.id = rd.request_id
                            where rd.employee_id = e.id and rd.date between ${from}::date and ${to}::date
                              and r.status in (1, 3, 4) and r.reason_type = any(${textArray(f.reasonTypes)}))`);
  }
  return sql.join(parts, sql` and `);
}
