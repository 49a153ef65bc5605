import { sql, type SQL } from 'drizzle-orm';

/**
 * The days of one employee's approved requests (status 3) dated in [from, to], by what the reason is
 * (reason_types.effect / paid / social_insurance, RULES.md §5): a FULL_DAY date counts 1, a MORNING or AFTERNOON 0.5,
 * an hourly one its minutes (else its hours) over the schedule's standard minutes (480 without one), at most 1.
 * Leave kinds: paid (paid and not social insurance), unpaid (neither), social insurance; of the paid ones birthday,
 * offset and annual by effect. Onsite counts ONSITE requests.
 * One owner for these figures: My Timesheet's summary and the Timesheets Summary / Details reports both read them here.
 */
export const requestDayFacts = (employeeId: SQL, from: SQL, to: SQL, standardMinutes: SQL) => sql`
  select coalesce(round(sum(q.days) filter (where q.request_type = 'LEAVE_REQUEST' and q.paid and not q.social_insurance), 3), 0)::float8 as paid_leave_days,
         coalesce(round(sum(q.days) filter (where q.request_type = 'LEAVE_REQUEST' and not q.paid and not q.social_insurance), 3), 0)::float8 as unpaid_leave_days,
         coalesce(round(sum(q.days) filter (where q.request_type = 'LEAVE_REQUEST' and q.social_insurance), 3), 0)::float8 as social_insurance_days,
         coalesce(round(sum(q.days) filter (where q.effect = 'BIRTHDAY'), 3), 0)::float8 as birthday_leave_days,
         coalesce(round(sum(q.days) filter (where q.effect = 'OFFSET'), 3), 0)::float8 as offset_leave_days,
         coalesce(round(sum(q.days) filter (where q.effect = 'ANNUAL'), 3), 0)::float8 as annual_leave_days,
         coalesce(round(sum(q.days) filter (where q.request_type = 'ONSITE'), 3), 0)::float8 as onsite_days
    from (
      select r.request_type, rt.effect, rt.paid, rt.social_insurance,
             least(1, case when rd.shift = 'FULL_DAY' then 1
                           when rd.shift in ('MORNING', 'AFTERNOON') then 0.5
                           else coalesce(rd.minutes::numeric, rd.hours * 60) / ${standardMinutes} end) as days
        from request_dates rd
        join requests r on r.id = rd.request_id and r.status = 3
        join reason_types rt on rt.code = r.reason_type
       where rd.employee_id = ${employeeId} and rd.date between ${from} and ${to}
    ) q`;

/**
 * A reason type's notation for one shift (RULES.md §4): the notation table's half-day one ('P/2') when it has it,
 * else the whole day's; `rt` is the `reason_types` row. The recalculation and the read of days not computed yet
 * (the grid, My Timesheet) both name a leave with it.
 */
export const halfDayNotation = (rt: SQL) =>
  sql`coalesce((select n2.notation from notations n2 where n2.notation = ${rt}.notation || '/2'), ${rt}.notation)`;
