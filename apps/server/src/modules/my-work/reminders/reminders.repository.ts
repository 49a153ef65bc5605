import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../../db/client.ts';
import { intArray, textArray } from '../../../db/sql-fragments.ts';
import type { PeriodRow } from '../../payroll-periods/payroll-periods.repository.ts';

/**
 * The SQL of scheduled reminders (issue 30 §4, docs/reminders.md): their settings (the key `reminders` of the
 * key/value settings table), the daily run claim (`reminder_runs`), the once-a-day-per-person mark (`reminder_sends`)
 * and one statement per kind finding everyone to remind. Who waits for a decision is My Work's union
 * (my-work.repository.ts `overdueWaitingByUser`); working days are the payroll-period core's.
 */
export const REMINDER_SETTINGS_KEY = 'reminders';

export async function readSettings(db: DbOrTx): Promise<{ value: string; updated_at: string } | undefined> {
  const [row] = await queryRows<{ value: string; updated_at: string }>(
    db,
    sql`select value, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated_at from settings where key = ${REMINDER_SETTINGS_KEY}`,
  );
  return row;
}

/** Holds the settings row (or its absence) until the transaction ends, so two edits of one version cannot both pass. */
export async function lockSettings(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`settings:${REMINDER_SETTINGS_KEY}`}))`);
}

export async function writeSettings(tx: DbOrTx, value: string): Promise<void> {
  await tx.execute(
    sql`insert into settings (key, value, updated_at) values (${REMINDER_SETTINGS_KEY}, ${value}, now())
        on conflict (key) do update set value = excluded.value, updated_at = now()`,
  );
}

/**
 * Claims a kind's run of `day`: a new row, or a row whose run never finished and whose claim is older than the lease
 * (its process died mid-run; the people it reminded are skipped through reminder_sends). Nothing when another process
 * holds a live claim or the run finished.
 */
export async function claimRun(db: DbOrTx, kind: string, day: string, leaseSeconds: number): Promise<boolean> {
  const rows = await queryRows<{ kind: string }>(
    db,
    sql`insert into reminder_runs (kind, day, started_at) values (${kind}, ${day}::date, clock_timestamp())
        on conflict (kind, day) do update set started_at = clock_timestamp()
         where reminder_runs.finished_at is null and reminder_runs.started_at < clock_timestamp() - make_interval(secs => ${leaseSeconds})
        returning kind`,
  );
  return rows.length > 0;
}

export async function runFinished(db: DbOrTx, kind: string, day: string): Promise<boolean> {
  const [row] = await queryRows<{ done: boolean }>(db, sql`select finished_at is not null as done from reminder_runs where kind = ${kind} and day = ${day}::date`);
  return row?.done ?? false;
}

export async function finishRun(db: DbOrTx, kind: string, day: string, sent: number): Promise<void> {
  await db.execute(
    sql`update reminder_runs set finished_at = clock_timestamp(), sent = coalesce(sent, 0) + ${sent} where kind = ${kind} and day = ${day}::date`,
  );
}

/** The people of `userIds` already reminded of `kind` on `day`. */
export async function alreadySent(db: DbOrTx, kind: string, day: string, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`select user_id from reminder_sends where kind = ${kind} and day = ${day}::date and user_id = any(${intArray(userIds)})`,
  );
  return new Set(rows.map((r) => Number(r.user_id)));
}

/**
 * `user|deadline` of each person already reminded (any day) of an explanation deadline among `deadlines`: the
 * explanation reminder goes once per deadline, on its day or, when no process ran that day, on the next one.
 */
export async function remindedOfDeadlines(db: DbOrTx, kind: string, userIds: readonly number[], deadlines: readonly string[]): Promise<Set<string>> {
  if (deadlines.length === 0 || userIds.length === 0) return new Set();
  const rows = await queryRows<{ user_id: number; deadline: string }>(
    db,
    sql`select s.user_id, d.deadline
          from reminder_sends s cross join lateral jsonb_array_elements_text(coalesce(s.details -> 'deadlines', jsonb_build_array(s.details -> 'deadline'))) as d(deadline)
         where s.kind = ${kind} and s.user_id = any(${intArray(userIds)}) and d.deadline = any(${textArray(deadlines)})`,
  );
  return new Set(rows.map((r) => `${Number(r.user_id)}|${r.deadline}`));
}

/** Marks one person reminded; false when someone (another process, an earlier run) already did today. */
export async function claimSend(tx: DbOrTx, s: { kind: string; userId: number; day: string; details: unknown }): Promise<boolean> {
  const rows = await queryRows<{ user_id: number }>(
    tx,
    sql`insert into reminder_sends (kind, user_id, day, details) values (${s.kind}, ${s.userId}, ${s.day}::date, ${JSON.stringify(s.details)}::jsonb)
        on conflict do nothing returning user_id`,
  );
  return rows.length > 0;
}

export async function setSendNotification(tx: DbOrTx, s: { kind: string; userId: number; day: string; notificationId: number | null }): Promise<void> {
  await tx.execute(sql`update reminder_sends set notification_id = ${s.notificationId} where kind = ${s.kind} and user_id = ${s.userId} and day = ${s.day}::date`);
}

/** The period fields a reminder reads (the payroll-period core's row, RULES.md §4–§5). */
export type OpenPeriodRow = Pick<PeriodRow, 'id' | 'company_id' | 'name' | 'from_date' | 'to_date' | 'status' | 'forbidden_request_date' | 'forbidden_request_time_in_hour' | 'forbidden_request_day'>;

/** Periods not approved nor locked that ended before `before` or overlap the last months: candidates of both digests. */
export async function openPeriods(db: DbOrTx, since: string): Promise<OpenPeriodRow[]> {
  return queryRows<OpenPeriodRow>(
    db,
    sql`select p.id, p.company_id, p.name, p.from_date::text as from_date, p.to_date::text as to_date, p.status,
               p.forbidden_request_date::text as forbidden_request_date, p.forbidden_request_time_in_hour,
               (select s.value from settings s where s.key = 'forbidden_request_day') as forbidden_request_day
          from payroll_periods p
         where p.status <> 4 and not p.is_lock and p.to_date >= ${since}::date
         order by p.company_id, p.from_date`,
  );
}

export type CasesRow = { user_id: number; employee_id: number; count: number; first_date: string; period_id: number; dates: string[] };

/**
 * Staff (with an enabled account) with unexplained abnormal cases (status 0, as My Work's `unexplainedCases`) in the
 * given periods, optionally of some reasons and dates only; one row per person and period.
 */
export async function unexplainedCasesOf(
  db: DbOrTx,
  o: { periodIds: readonly number[]; reasons?: readonly string[]; from?: string; to?: string },
): Promise<CasesRow[]> {
  if (o.periodIds.length === 0) return [];
  const reasons = o.reasons ? sql`and c.reason = any(${textArray(o.reasons)})` : sql``;
  const dates = o.from && o.to ? sql`and c.abnormal_date between ${o.from}::date and ${o.to}::date` : sql``;
  return queryRows<CasesRow>(
    db,
    sql`select min(u.id)::int as user_id, c.employee_id, count(distinct c.id)::int as count, min(c.abnormal_date)::text as first_date, p.id as period_id,
               array_agg(distinct c.abnormal_date::text order by c.abnormal_date::text) as dates
          from abnormal_cases c
          join employees e on e.id = c.employee_id
          join payroll_periods p on p.company_id = e.company_id and c.abnormal_date between p.from_date and p.to_date
          join users u on u.employee_id = e.id and not u.disabled
         where c.status = 0 and p.id = any(${intArray(o.periodIds)}) ${reasons} ${dates}
         group by c.employee_id, p.id
         order by c.employee_id, p.id`,
  );
}

/** HR and HRM accounts (enabled) of a company, or without an employee (they see every company). */
export async function hrUsersOf(db: DbOrTx, companyIds: readonly number[], roles: readonly string[]): Promise<{ user_id: number; company_id: number | null }[]> {
  if (companyIds.length === 0) return [];
  return queryRows(
    db,
    sql`select u.id as user_id, e.company_id
          from users u left join employees e on e.id = u.employee_id
         where not u.disabled and (e.company_id is null or e.company_id = any(${intArray(companyIds)}))
           and exists (select 1 from user_roles ur where ur.user_id = u.id and ur.role = any(${textArray(roles)}))
         order by u.id`,
  );
}

/**
 * Staff (with an enabled account) whose day in [from, to] has a check-in and no check-out: the unexplained abnormal
 * case of reason '5' the timesheet records for it (RULES.md: a single punch before the break's end is a check-in).
 */
export async function missingCheckOuts(db: DbOrTx, from: string, to: string): Promise<{ user_id: number; employee_id: number; company_id: number | null; dates: string[] }[]> {
  return queryRows(
    db,
    sql`select min(u.id)::int as user_id, c.employee_id, e.company_id,
               array_agg(distinct c.abnormal_date::text order by c.abnormal_date::text) as dates
          from abnormal_cases c
          join employees e on e.id = c.employee_id
          join users u on u.employee_id = e.id and not u.disabled
         where c.status = 0 and c.reason = '5' and c.abnormal_date between ${from}::date and ${to}::date
         group by c.employee_id, e.company_id
         order by c.employee_id`,
  );
}
