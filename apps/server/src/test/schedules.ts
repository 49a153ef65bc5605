import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../db/client.ts';

export type TestSchedule = {
  code: string;
  type?: string;
  name?: string;
  start: string;
  end: string;
  breakStart?: string | null;
  breakEnd?: string | null;
  /** Standard and daily working minutes. */
  minutes?: number;
  active?: boolean;
};

/** A work schedule working Monday to Friday from `start` to `end` (weekend rows are days off); returns its id. */
export async function insertWeekdaySchedule(db: DbOrTx, s: TestSchedule): Promise<number> {
  const minutes = s.minutes ?? 480;
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into work_schedules (work_schedule_code, work_schedule_type, work_schedule_name, work_start_time, work_end_time, standard_working_time, working_time, active)
        values (${s.code}, ${s.type ?? s.code}, ${s.name ?? s.code}, ${s.start}, ${s.end}, ${minutes}, ${minutes}, ${s.active ?? true}) returning id`,
  );
  await db.execute(sql`
    insert into work_schedule_days (work_schedule_id, day, working_day, start_time, end_time, break_start, break_end, working_time)
    select ${row!.id}, d, d <= 5, case when d <= 5 then ${s.start}::time end, case when d <= 5 then ${s.end}::time end,
           case when d <= 5 then ${s.breakStart ?? null}::time end, case when d <= 5 then ${s.breakEnd ?? null}::time end,
           case when d <= 5 then ${minutes}::int end
      from generate_series(1, 7) as d`);
  return row!.id;
}

/**
 * A staff policy for every employee from 2020-01-06 on: `flexibleUser` on the FLEXIBLE schedule (hour-based), everyone
 * else on HCM (day-based); 15 minutes allowed, an explanation fund of 3 × 1 hour, at most 1 a day.
 */
export async function insertStaffPolicies(db: DbOrTx, flexibleUser: string): Promise<void> {
  await db.execute(sql`
    insert into staff_policies (employee_id, work_schedule_code, rule_type, explanation_number, refund_hours_per_explanation,
                                explanation_time_per_days, lack_of_time_allowed, ot_type, apply_date, expire_date, url_policy)
    select e.id, case when e.user_name = ${flexibleUser} then 'FLEXIBLE' else 'HCM' end,
           case when e.user_name = ${flexibleUser} then 'HOUR' else 'DAY' end,
           3, 1, 1, 15, 'OT_FIXED', '2020-01-06', '9999-12-30', 'https://policy.test/' || e.user_name
      from employees e`);
}
