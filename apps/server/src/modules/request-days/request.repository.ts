import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { employeeScope } from '../../lib/scope.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { reasonTypeName, workScheduleName } from '../../lib/localized-name.ts';

/** Whose rows a caller reaches (RULES.md §3): 'all', or the scope of a user (PM projects included). */
export type Reach = 'all' | Pick<SessionUser, 'roles' | 'employeeId' | 'isPm'>;
const reachOn = (reach: Reach, column: SQL): SQL => (reach === 'all' ? sql`true` : employeeScope(reach as SessionUser, column, { includeProjects: true }));

/** SQL of the request write side (spec 001 §7.2, RULES.md §5): every statement set-based. */

export type ScheduleDayRow = {
  date: string;
  code: string | null;
  type: string | null;
  standard: number | null;
  rule_type: string | null;
  working: boolean | null;
  holiday: boolean;
  isodow: number;
  /** The schedule's name in the request's language and the day's hours 'HH:mm' (My Work's today block). */
  name: string | null;
  start_time: string | null;
  end_time: string | null;
};

/**
 * The employee's schedule for each of `dates`, in one statement: the staff policy in force that day (latest
 * apply date first) names the schedule, else the employee's `work_schedule_type`; the weekday row says whether it is a
 * working day; the holiday calendar of the employee marks public holidays.
 */
export async function scheduleDays(db: DbOrTx, employeeId: number, dates: readonly string[]): Promise<ScheduleDayRow[]> {
  if (dates.length === 0) return [];
  return queryRows<ScheduleDayRow>(
    db,
    sql`
    with d as (select distinct x::date as d from unnest(${`{${dates.join(',')}}`}::date[]) x),
    emp as (select id, holiday_calendar_code as cal, work_schedule_type as wst from employees where id = ${employeeId})
    select d.d::text as date, ws.work_schedule_code as code, ws.work_schedule_type as type, ws.standard_working_time as standard,
           sp.rule_type, wd.working_day as working, (h.date is not null) as holiday, extract(isodow from d.d)::int as isodow,
           ${workScheduleName(sql`ws`)} as name, to_char(coalesce(wd.start_time, ws.work_start_time), 'HH24:MI') as start_time,
           to_char(coalesce(wd.end_time, ws.work_end_time), 'HH24:MI') as end_time
      from d cross join emp
      left join lateral (
        select p.rule_type, p.work_schedule_code from employee_policies p
         where p.employee_id = emp.id and p.apply_date <= d.d and p.expire_date >= d.d
         order by p.apply_date desc, p.id desc limit 1) sp on true
      left join work_schedules ws on ws.work_schedule_code = coalesce(sp.work_schedule_code, emp.wst)
      left join work_schedule_days wd on wd.work_schedule_id = ws.id and wd.day = extract(isodow from d.d)::int
      left join holidays h on h.calendar_code = emp.cal and h.date = d.d
     order by d.d`,
  );
}

/** `name` in the request's language. */
export type ReasonRow = { code: string; request_type: string; request_code: string; name: string; effect: string; requires_file: boolean; active: boolean; sort_order: number };

export async function reasonTypes(db: DbOrTx): Promise<ReasonRow[]> {
  return queryRows<ReasonRow>(
    db,
    sql`select code, request_type, request_code, ${reasonTypeName(sql`reason_types`)} as name, effect, requires_file, active, sort_order from reason_types where active order by sort_order, code`,
  );
}

export async function reasonType(db: DbOrTx, code: string): Promise<ReasonRow | undefined> {
  const [row] = await queryRows<ReasonRow>(
    db,
    sql`select code, request_type, request_code, ${reasonTypeName(sql`reason_types`)} as name, effect, requires_file, active, sort_order from reason_types where code = ${code} and active`,
  );
  return row;
}

export type EmployeeRow = { id: number; user_name: string; name: string; company_id: number | null; user_id: number | null; remain_offset_leave: string; remain_birthday_leave: string };

/** Employees by id or username (case-insensitive), limited to what `reach` sees. */
export async function employeesBy(db: DbOrTx, by: { ids?: readonly number[]; usernames?: readonly string[] }, reach: Reach): Promise<EmployeeRow[]> {
  const ids = `{${(by.ids ?? []).join(',')}}`;
  const names = (by.usernames ?? []).map((u) => u.toLowerCase());
  return queryRows<EmployeeRow>(
    db,
    sql`select e.id, e.user_name, e.name, e.company_id, u.id as user_id, e.remain_offset_leave::text, e.remain_birthday_leave::text
          from employees e left join users u on u.employee_id = e.id
         where (e.id = any(${ids}::int[]) or lower(e.user_name) in (select v from json_array_elements_text(${JSON.stringify(names)}::json) v))
           and ${reachOn(reach, sql`e.id`)}`,
  );
}

export type UserRow = { id: number; username: string; name: string; employee_id: number | null; disabled: boolean };

export async function userBy(db: DbOrTx, by: { id?: number; username?: string }): Promise<UserRow | undefined> {
  const [row] = await queryRows<UserRow>(
    db,
    sql`select u.id, u.username, coalesce(e.name, u.username) as name, u.employee_id, u.disabled
          from users u left join employees e on e.id = u.employee_id
         where ${by.id !== undefined ? sql`u.id = ${by.id}` : sql`lower(u.username) = lower(${by.username ?? ''})`}`,
  );
  return row;
}

export type StoredRequest = {
  id: number;
  employee_id: number;
  request_type: string;
  reason_type: string;
  effect: string;
  start_date: string;
  end_date: string;
  status: number;
  is_explanation: boolean;
  assignee_user_id: number | null;
  /** A ROLE step of an approval flow: anyone of this role decides. */
  assignee_role: string | null;
  created_by_role: string | null;
  created_by_user_id: number | null;
  project_id: number | null;
  version: number;
  description: string | null;
  company_id: number | null;
  owner_user_id: number | null;
  quantity_in_hours: string;
  /** Issue 29: the step now deciding and the step count of an approval flow (null: the single step). */
  approval_step: number | null;
  approval_step_count: number | null;
};

const requestColumns = sql`r.id, r.employee_id, r.request_type, r.reason_type, rt.effect, r.start_date::text, r.end_date::text, r.status,
  r.is_explanation, r.assignee_user_id, r.created_by_role, r.created_by_user_id, r.project_id, r.version, r.description, e.company_id,
  (select u.id from users u where u.employee_id = r.employee_id order by u.id limit 1) as owner_user_id, r.quantity_in_hours::text,
  r.approval_step, r.approval_step_count, r.assignee_role`;

/**
 * One request if the caller may see it (RULES.md §3): in `scope` (the employee scope, PM projects included), or
 * assigned to the caller (a GUEST sees only those). `forUpdate` locks the row for the caller's transaction.
 */
export async function findRequest(db: DbOrTx, id: number, visible: { reach: Reach; userId: number }, opts: { forUpdate?: boolean } = {}): Promise<StoredRequest | undefined> {
  const [row] = await queryRows<StoredRequest>(
    db,
    sql`select ${requestColumns}
          from requests r join reason_types rt on rt.code = r.reason_type join employees e on e.id = r.employee_id
         where r.id = ${id} and (${reachOn(visible.reach, sql`r.employee_id`)} or r.assignee_user_id = ${visible.userId})
         ${opts.forUpdate ? sql`for update of r` : sql``}`,
  );
  return row;
}

export async function statusOf(db: DbOrTx, requestId: number): Promise<{ status: number; version: number }[]> {
  return queryRows<{ status: number; version: number }>(db, sql`select status, version from requests where id = ${requestId}`);
}

/** The onsite record a request row belongs to (null when none). */
export async function onsiteLinkOf(db: DbOrTx, requestId: number): Promise<{ onsite_request_id: number | null }[]> {
  return queryRows<{ onsite_request_id: number | null }>(db, sql`select onsite_request_id from requests where id = ${requestId}`);
}

export type DateRow = { date: string; shift: string | null; minutes: number | null; hours: number };

export async function requestDates(db: DbOrTx, requestId: number): Promise<DateRow[]> {
  return queryRows<DateRow>(db, sql`select date::text, shift, minutes, hours::float8 as hours from request_dates where request_id = ${requestId} order by date`);
}

export type NewRequest = {
  employeeId: number;
  requestType: string;
  reasonType: string;
  startDate: string;
  endDate: string;
  startShift: string | null;
  endShift: string | null;
  quantityInHours: number;
  quantityInMinutes: number;
  description: string | null;
  status: number;
  assigneeUserId: number | null;
  approvedByUserId: number | null;
  createdByUserId: number;
  createdByRole: string | null;
  projectId: number | null;
  leavingType: string | null;
  isFlexible: boolean;
};
/** A covered date; `startTime`/`endTime` place an hourly amount in the day (an onsite 'Other' credit). */
export type NewDate = { date: string; shift: string | null; minutes: number | null; startTime?: string | null; endTime?: string | null; hours: number };

export async function insertRequest(tx: DbOrTx, r: NewRequest): Promise<{ id: number; version: number; created_at: string }> {
  const [row] = await queryRows<{ id: number; version: number; created_at: string }>(
    tx,
    sql`insert into requests (employee_id, request_type, reason_type, start_date, end_date, start_shift, end_shift, quantity_in_hours,
                              quantity_in_minutes, description, status, assignee_user_id, original_assignee_user_id, approved_by_user_id,
                              created_by_user_id, created_by_role, project_id, leaving_type, is_flexible)
        values (${r.employeeId}, ${r.requestType}, ${r.reasonType}, ${r.startDate}, ${r.endDate}, ${r.startShift}, ${r.endShift},
                ${r.quantityInHours}, ${r.quantityInMinutes}, ${r.description}, ${r.status}, ${r.assigneeUserId}, ${r.assigneeUserId},
                ${r.approvedByUserId}, ${r.createdByUserId}, ${r.createdByRole}, ${r.projectId}, ${r.leavingType}, ${r.isFlexible})
        returning id, version, created_at::text`,
  );
  if (!row) throw new Error('requests insert returned no row');
  return row;
}

/** Replaces the request's dates and CC list (two statements each, any number of rows). */
export async function writeDatesAndCc(tx: DbOrTx, requestId: number, employeeId: number, dates: readonly NewDate[], cc: readonly number[] | null): Promise<void> {
  await tx.execute(sql`delete from request_dates where request_id = ${requestId}`);
  if (dates.length > 0) {
    await tx.execute(sql`
      insert into request_dates (request_id, employee_id, date, shift, minutes, start_time, end_time, hours)
      select ${requestId}, ${employeeId}, x.d, x.s, x.m, x.a, x.b, x.h
        from json_to_recordset(${JSON.stringify(dates.map((d) => ({ d: d.date, s: d.shift, m: d.minutes, a: d.startTime ?? null, b: d.endTime ?? null, h: d.hours })))}::json)
          as x(d date, s text, m int, a text, b text, h numeric)`);
  }
  if (cc !== null) {
    await tx.execute(sql`delete from request_cc where request_id = ${requestId}`);
    if (cc.length > 0) {
      await tx.execute(sql`
        insert into request_cc (request_id, employee_id)
        select ${requestId}, e.id from employees e where e.id = any(${`{${[...new Set(cc)].join(',')}}`}::int[])`);
    }
  }
}

export type OverlapRow = { request_id: number; date: string; shift: string | null; minutes: number | null };

/** Dates of the employee's other pending or approved requests (not explanations) on any of `dates`. */
export async function coveredDates(db: DbOrTx, employeeId: number, dates: readonly string[], excludeRequestId: number | null): Promise<OverlapRow[]> {
  if (dates.length === 0) return [];
  return queryRows<OverlapRow>(
    db,
    sql`select rd.request_id, rd.date::text, rd.shift, rd.minutes
          from request_dates rd join requests r on r.id = rd.request_id
         where rd.employee_id = ${employeeId} and rd.date = any(${`{${dates.join(',')}}`}::date[])
           and r.status in (1, 3) and not r.is_explanation and r.id <> ${excludeRequestId ?? 0}`,
  );
}

/** What the employee's other pending requests of `reasonType` already ask for (Σ request_dates.hours: the fund amount). */
export async function pendingAmount(db: DbOrTx, employeeId: number, reasonType: string, excludeRequestId: number | null): Promise<number> {
  const [row] = await queryRows<{ amount: number | null }>(
    db,
    sql`select coalesce(sum(rd.hours), 0)::float8 as amount
          from request_dates rd join requests r on r.id = rd.request_id
         where r.employee_id = ${employeeId} and r.reason_type = ${reasonType} and r.status = 1 and r.id <> ${excludeRequestId ?? 0}`,
  );
  return Number(row?.amount ?? 0);
}

/**
 * The status change as one conditional statement (RULES.md §5): only while the status is still one of `from`, so of
 * concurrent approvals exactly one moves the row; the rest match nothing (409, no second history entry).
 */
export async function transition(
  tx: DbOrTx,
  id: number,
  change: { from: readonly number[]; to: number; approvedBy?: number | null; rejectionReason?: string | null; withdrawReason?: string | null },
): Promise<{ id: number; status: number; version: number } | undefined> {
  const [row] = await queryRows<{ id: number; status: number; version: number }>(
    tx,
    sql`update requests set status = ${change.to}, version = version + 1, updated_at = now(),
               approved_by_user_id = coalesce(${change.approvedBy ?? null}::int, approved_by_user_id),
               reasons_for_rejection = coalesce(${change.rejectionReason ?? null}::text, reasons_for_rejection),
               withdraw_reason = coalesce(${change.withdrawReason ?? null}::text, withdraw_reason)
         where id = ${id} and status = any(${`{${change.from.join(',')}}`}::smallint[]) and not is_explanation
        returning id, status, version`,
  );
  return row;
}

/** The edit of a request's terms, only at the version read and in one of `from` (409 otherwise). */
export async function updateTerms(
  tx: DbOrTx,
  id: number,
  expect: { version: number | null; from: readonly number[] },
  r: Pick<NewRequest, 'reasonType' | 'startDate' | 'endDate' | 'startShift' | 'endShift' | 'quantityInHours' | 'quantityInMinutes' | 'description' | 'projectId' | 'leavingType'>,
): Promise<{ id: number; version: number } | undefined> {
  const [row] = await queryRows<{ id: number; version: number }>(
    tx,
    sql`update requests set reason_type = ${r.reasonType}, start_date = ${r.startDate}, end_date = ${r.endDate}, start_shift = ${r.startShift},
               end_shift = ${r.endShift}, quantity_in_hours = ${r.quantityInHours}, quantity_in_minutes = ${r.quantityInMinutes},
               description = ${r.description}, project_id = ${r.projectId}, leaving_type = ${r.leavingType},
               version = version + 1, updated_at = now()
         where id = ${id} and status = any(${`{${expect.from.join(',')}}`}::smallint[])
           and (${expect.version}::int is null or version = ${expect.version}::int)
        returning id, version`,
  );
  return row;
}

export async function updateAssignee(tx: DbOrTx, id: number, assigneeUserId: number): Promise<{ id: number; version: number } | undefined> {
  const [row] = await queryRows<{ id: number; version: number }>(
    tx,
    sql`update requests set assignee_user_id = ${assigneeUserId}, version = version + 1, updated_at = now()
         where id = ${id} and status = 1 and not is_explanation returning id, version`,
  );
  return row;
}

/** Whether a project exists and its PM's user (onsite assignee). */
export async function projectPm(db: DbOrTx, projectId: number): Promise<{ id: number; pm_user_id: number | null } | undefined> {
  const [row] = await queryRows<{ id: number; pm_user_id: number | null }>(
    db,
    sql`select p.id, (select u.id from users u where u.employee_id = p.pm_employee_id and not u.disabled order by u.id limit 1) as pm_user_id
          from projects p where p.id = ${projectId}`,
  );
  return row;
}

