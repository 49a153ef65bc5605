import { sql } from 'drizzle-orm';
import type { TestApp } from './harness.ts';
import { insertStaffPolicies, insertWeekdaySchedule } from './schedules.ts';

/** The explanation tests' periods: T10-2026 locked (status 4) and T11-2026 open, so November's cases may be explained. */
export async function insertExplanationPeriods(t: TestApp): Promise<void> {
  const c = t.fixture.companyId;
  await t.db.execute(sql`
    insert into payroll_periods (company_id, name, from_date, to_date, working_days, status) values
      (${c}, 'T10-2026', '2026-09-26', '2026-10-25', 22, 4), (${c}, 'T11-2026', '2026-10-26', '2026-11-25', 22, 0)`);
}

/**
 * The company the abnormal-case tests judge days in: the fixed HCM schedule (08:30–17:30, lunch 12:00–13:00), the
 * FLEXIBLE one (07:00–19:00) with staff3 on a flexible staff policy, and the periods above.
 */
export async function insertExplanationCompany(t: TestApp): Promise<void> {
  await insertWeekdaySchedule(t.db, { code: 'HCM', start: '08:30', end: '17:30', breakStart: '12:00', breakEnd: '13:00' });
  await insertWeekdaySchedule(t.db, { code: 'FLEXIBLE', start: '07:00', end: '19:00' });
  await insertStaffPolicies(t.db, 'staff3');
  await insertExplanationPeriods(t);
}

/** Two punches a day on `days` for everyone: staff in at 09:00 (late), the others at 08:20; all out at 17:40. */
export async function insertLateStaffPunches(t: TestApp, days: readonly string[], timeZone: string): Promise<void> {
  await t.db.execute(sql`
    insert into punches (system, attendance_check_id, employee_id, punched_at, source)
    select 'TEST', e.user_name, e.id, (g.d::date + v.t) at time zone ${timeZone}, 'test'
      from employees e
     cross join unnest(${`{${days.join(',')}}`}::date[]) as g(d)
     cross join lateral (values (case when e.user_name = 'staff' then time '09:00' else time '08:20' end), (time '17:40')) as v(t)`);
}
