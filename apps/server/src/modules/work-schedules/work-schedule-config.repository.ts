import { sql, type SQL } from 'drizzle-orm';
import type { CheckedScheduleDay, CheckedSchedule } from '@tms/contracts/work-schedule-config';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { foldedContains } from '../../db/sql-fragments.ts';
import { workScheduleName, workScheduleNameColumn } from '../../lib/localized-name.ts';

/** The SQL of the work schedule config (spec 002 §2 Policy config, create/edit page): work_schedules and their weekday rows. */

export const WORK_SCHEDULES_TABLE = 'work_schedules';

/** A stored schedule; durations in minutes, times 'HH:mm'. */
export type StoredSchedule = {
  id: number;
  work_schedule_code: string;
  work_schedule_name: string;
  work_schedule_name_vi: string | null;
  work_schedule_type: string;
  work_start_time: string;
  work_end_time: string;
  standard_working_time: number;
  working_time: number;
  break_time: number;
  lack_of_time_allowed: number;
  active: boolean;
  in_use: boolean;
  version: number;
};

export type StoredDay = CheckedScheduleDay;

/**
 * Both name fields carry the name in the request's language (issue 25): the list and the form show the name the
 * reader reads, and an edit writes that language's column only (updateSchedule).
 */
const columns = () => sql`ws.id, ws.work_schedule_code, ${workScheduleName(sql`ws`)} as work_schedule_name, ${workScheduleName(sql`ws`)} as work_schedule_name_vi, ws.work_schedule_type,
  to_char(ws.work_start_time, 'HH24:MI') as work_start_time, to_char(ws.work_end_time, 'HH24:MI') as work_end_time,
  ws.standard_working_time, ws.working_time, ws.break_time, ws.lack_of_time_allowed, ws.active, ws.version,
  ${usedBy(sql`ws.work_schedule_code`)} as in_use`;

/** Whether a staff or department policy names the code (any dates: a past assignment still explains past timesheets). */
function usedBy(code: SQL): SQL {
  return sql`(exists (select 1 from staff_policies sp where sp.work_schedule_code = ${code})
           or exists (select 1 from department_policies dp where dp.work_schedule_code = ${code}))`;
}

const num = (row: StoredSchedule): StoredSchedule => ({
  ...row,
  id: Number(row.id),
  standard_working_time: Number(row.standard_working_time),
  working_time: Number(row.working_time),
  break_time: Number(row.break_time),
  lack_of_time_allowed: Number(row.lack_of_time_allowed),
  version: Number(row.version),
});

/** One page of schedules whose code or name contains the text (case and diacritics ignored), by code, with the total. */
export async function listPage(db: DbOrTx, f: { keyword?: string; limit: number; offset: number }): Promise<{ rows: StoredSchedule[]; total: number }> {
  const text = f.keyword?.trim();
  const where = text
    ? sql`(${foldedContains(sql`ws.work_schedule_code`, text)} or ${foldedContains(sql`ws.work_schedule_name`, text)} or ${foldedContains(sql`coalesce(ws.work_schedule_name_vi, '')`, text)})`
    : sql`true`;
  const rows = await queryRows<StoredSchedule & { total: number }>(
    db,
    sql`select ${columns()}, count(*) over ()::int as total
          from work_schedules ws
         where ${where}
         order by ws.work_schedule_code, ws.id
         limit ${f.limit} offset ${f.offset}`,
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    const [c] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from work_schedules ws where ${where}`);
    total = c?.n ?? 0;
  }
  return { rows: rows.map(num), total: Number(total) };
}

/** A schedule by id; `lock` takes its row lock for an edit. */
export async function findSchedule(db: DbOrTx, id: number, opts: { lock?: boolean } = {}): Promise<StoredSchedule | undefined> {
  const [row] = await queryRows<StoredSchedule>(db, sql`select ${columns()} from work_schedules ws where ws.id = ${id} ${opts.lock ? sql`for update` : sql``}`);
  return row ? num(row) : undefined;
}

/** Its weekday rows, Monday first. */
export async function findDays(db: DbOrTx, scheduleId: number): Promise<StoredDay[]> {
  const rows = await queryRows<StoredDay & { work_schedule_id: number }>(
    db,
    sql`select d.day, d.working_day as "workingDay", to_char(d.start_time, 'HH24:MI') as "startTime", to_char(d.end_time, 'HH24:MI') as "endTime",
               to_char(d.break_start, 'HH24:MI') as "breakStart", to_char(d.break_end, 'HH24:MI') as "breakEnd",
               d.working_time as "workingTime", d.minimum_working_time as "minimumWorkingTime",
               d.continuous_working_time as "continuousWorkingTime", d.break_time as "breakTime"
          from work_schedule_days d where d.work_schedule_id = ${scheduleId} order by d.day`,
  );
  const n = (v: number | null) => (v === null || v === undefined ? null : Number(v));
  return rows.map((r) => ({
    day: Number(r.day),
    workingDay: r.workingDay,
    startTime: r.startTime,
    endTime: r.endTime,
    breakStart: r.breakStart,
    breakEnd: r.breakEnd,
    workingTime: n(r.workingTime),
    minimumWorkingTime: n(r.minimumWorkingTime),
    continuousWorkingTime: n(r.continuousWorkingTime),
    breakTime: n(r.breakTime),
  }));
}

/** Whether another schedule already has the code (codes compare case-insensitively). */
export async function codeTaken(db: DbOrTx, code: string): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from work_schedules where lower(work_schedule_code) = lower(${code})`);
  return (row?.n ?? 0) > 0;
}

/**
 * Inserts the schedule; undefined when the code is taken meanwhile (the unique index decides). The form has one name:
 * it names the schedule in both languages until someone edits it in the other.
 */
export async function insertSchedule(tx: DbOrTx, s: CheckedSchedule): Promise<number | undefined> {
  const h = s.header;
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into work_schedules (work_schedule_code, work_schedule_type, work_schedule_name, work_schedule_name_vi, active,
                                    work_start_time, work_end_time, standard_working_time, working_time, break_time)
        values (${s.code}, ${s.type}, ${s.name}, ${s.name}, ${s.active}, ${h.workStartTime}::time, ${h.workEndTime}::time,
                ${h.standardWorkingTime}, ${h.workingTime}, ${h.breakTime})
        on conflict (work_schedule_code) do nothing
        returning id`,
  );
  return row ? Number(row.id) : undefined;
}

/**
 * The edit when the version still matches (the code never changes); false when someone else changed it first. The
 * name is written in the editor's language only: the other language's name stays.
 */
export async function updateSchedule(tx: DbOrTx, id: number, version: number, s: Omit<CheckedSchedule, 'code'>): Promise<boolean> {
  const h = s.header;
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update work_schedules
           set work_schedule_type = ${s.type}, ${workScheduleNameColumn()} = ${s.name}, active = ${s.active},
               work_start_time = ${h.workStartTime}::time, work_end_time = ${h.workEndTime}::time,
               standard_working_time = ${h.standardWorkingTime}, working_time = ${h.workingTime}, break_time = ${h.breakTime},
               version = version + 1
         where id = ${id} and version = ${version}
     returning id`,
  );
  return rows.length > 0;
}

/** Replaces the seven weekday rows in two statements. */
export async function replaceDays(tx: DbOrTx, scheduleId: number, days: readonly CheckedScheduleDay[]): Promise<void> {
  await tx.execute(sql`delete from work_schedule_days where work_schedule_id = ${scheduleId}`);
  const values = days.map(
    (d) =>
      sql`(${scheduleId}, ${d.day}, ${d.workingDay}, ${d.startTime}::time, ${d.endTime}::time, ${d.breakStart}::time, ${d.breakEnd}::time,
           ${d.workingTime}::int, ${d.minimumWorkingTime}::int, ${d.continuousWorkingTime}::int, ${d.breakTime}::int)`,
  );
  await tx.execute(sql`
    insert into work_schedule_days (work_schedule_id, day, working_day, start_time, end_time, break_start, break_end,
                                    working_time, minimum_working_time, continuous_working_time, break_time)
    values ${sql.join(values, sql`, `)}`);
}

/** Switches active when the version still matches. */
export async function setActive(tx: DbOrTx, id: number, version: number, active: boolean): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(tx, sql`update work_schedules set active = ${active}, version = version + 1 where id = ${id} and version = ${version} returning id`);
  return rows.length > 0;
}

/** Removes the schedule (its weekday rows go with it) unless a policy names it meanwhile; false when it was not removed. */
export async function deleteUnused(tx: DbOrTx, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`delete from work_schedules ws where ws.id = ${id} and not ${usedBy(sql`ws.work_schedule_code`)} returning ws.id`,
  );
  return rows.length > 0;
}

/** The employees whose policy in force (VIEW employee_policies) names the code, with the policy ranges. */
export async function policyRangesOf(db: DbOrTx, code: string): Promise<{ employeeId: number; from: string; to: string }[]> {
  const rows = await queryRows<{ employee_id: number; apply_date: string; expire_date: string }>(
    db,
    sql`select ep.employee_id, ep.apply_date::text as apply_date, ep.expire_date::text as expire_date
          from employee_policies ep where ep.work_schedule_code = ${code}`,
  );
  return rows.map((r) => ({ employeeId: Number(r.employee_id), from: r.apply_date, to: r.expire_date }));
}
