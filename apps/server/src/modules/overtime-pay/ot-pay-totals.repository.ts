import { sql, type SQL } from 'drizzle-orm';
import { APPROVED_OT } from '../../db/sql-fragments.ts';

/**
 * One employee's OT hours of an ot_date range from the engine's stored pay lines (docs/overtime-pay.md), as one row
 * (a lateral subquery for set-based reads such as the Timesheets Summary). Only paid OT counts — the rows the OT
 * report lists: a fixed request's staff row approved (3), a flexible request approved (5). Per line, final hours are
 * the confirmed hours when the PM confirmed the shift, else the actual ones (the engine stores the confirmation
 * capped at the actual). Columns (float8, 2 decimals):
 * - ot_{weekday|weekend|holiday}_{day|night}_hours: final hours by the line's date_type (WORKDAY, DAY_OFF, HOLIDAY)
 *   and is_night;
 * - original_total_ot_hours Σ actual, final_total_ot_hours Σ final, ot_pay_hours Σ pay_hours, ot_without_tax
 *   Σ non_tax_hours.
 * Reads overtime_pay_lines by (employee_id, ot_date).
 */
export const otPayTotals = (employeeId: SQL, from: SQL, to: SQL) => {
  const final = sql`coalesce(l.duration_confirm, l.duration_actual)`;
  const part = (dateType: string, night: boolean) =>
    sql`coalesce(round(sum(${final}) filter (where l.date_type = ${dateType} and l.is_night = ${night}), 2), 0)::float8`;
  return sql`
  select ${part('WORKDAY', false)} as ot_weekday_day_hours,
         ${part('WORKDAY', true)} as ot_weekday_night_hours,
         ${part('DAY_OFF', false)} as ot_weekend_day_hours,
         ${part('DAY_OFF', true)} as ot_weekend_night_hours,
         ${part('HOLIDAY', false)} as ot_holiday_day_hours,
         ${part('HOLIDAY', true)} as ot_holiday_night_hours,
         coalesce(round(sum(l.duration_actual), 2), 0)::float8 as original_total_ot_hours,
         coalesce(round(sum(${final}), 2), 0)::float8 as final_total_ot_hours,
         coalesce(round(sum(l.pay_hours), 2), 0)::float8 as ot_pay_hours,
         coalesce(round(sum(l.non_tax_hours), 2), 0)::float8 as ot_without_tax
    from overtime_pay_lines l
    join overtime_requests q on q.id = l.overtime_request_id
    join overtime_request_staff s on s.overtime_request_id = q.id and s.employee_id = l.employee_id
   where l.employee_id = ${employeeId} and l.ot_date between ${from} and ${to} and ${APPROVED_OT}`;
};
