import type { DbOrTx } from '../../db/client.ts';
import type { ScheduleDay } from './request-form.ts';
import * as repo from './request.repository.ts';

/** The employee's schedule over [from, to] as the form reads it (dates without a schedule are left out). */
export async function scheduleMap(db: DbOrTx, employeeId: number, dates: readonly string[]): Promise<Map<string, ScheduleDay>> {
  const rows = await repo.scheduleDays(db, employeeId, dates);
  const map = new Map<string, ScheduleDay>();
  for (const r of rows) {
    if (r.standard === null || r.code === null) continue;
    map.set(r.date, {
      date: r.date,
      standardMinutes: r.standard,
      hourBased: r.rule_type === 'HOUR' || r.type === 'FLEXIBLE',
      working: !r.holiday && (r.working ?? r.isodow <= 5),
    });
  }
  return map;
}
