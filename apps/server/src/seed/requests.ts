import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor, Role } from '@tms/contracts/roles';
import type { RequestPayload } from '@tms/contracts/requests';
import type { Config } from '../config.ts';
import { fixedClock } from '../lib/clock.ts';
import { toDmy } from '../lib/dates.ts';
import { AppError } from '../lib/errors.ts';
import type { SessionUser } from '../plugins/auth.ts';
import { getLockDate } from '../modules/payroll-periods/payroll-periods.service.ts';
import { createExplanation, decideExplanation } from '../modules/explanations/explanation.service.ts';
import { updateRequestStatus } from '../modules/requests/request-status.service.ts';
import { createCommonRequest, createRequest } from '../modules/requests/request.service.ts';
// Staff's ONSITE requests are filed as onsite records: the onsite module provides that when it loads
// (request-days/onsite-port.ts), and the seed may run without the app's routes.
import '../modules/onsite/onsite.service.ts';
import { createSpecialExplanations } from '../modules/special-explanations/special-explanations.service.ts';
import { queryRows, type Db } from '../db/client.ts';
import { isWeekendIso } from '@tms/contracts/api';
import { eachDay, plusDays } from './calendar.ts';
import { vnHolidaySet } from './holidays.ts';

/**
 * The demo's requests, explanations and special explanations (issue 9 "Demo data"): pending, approved, rejected and
 * withdrawn requests of each type, some assigned to `gl`, some to `dl`, one handed to `guest`; explained and
 * unexplained abnormal cases; a few special explanations; and, written by the services themselves, the leave ledger
 * rows, the history, the recalculated days and the unread notifications — so each approver has work on first sign-in.
 *
 * Runs once the demo's timesheets are computed and its leave settled (prepare.ts), through the same services the
 * API calls (requests: request.service.ts and request-status.service.ts; explanations: explanation.service.ts; special explanations:
 * special-explanations.service.ts), with the demo clock. Deterministic: every choice is by date and id order.
 */
export type DemoRequestsSummary = { requests: number; explanations: number; specialExplanations: number; skipped: number; ms: number };

type Step = { what: string; run: () => Promise<unknown> };

/** Users as the services see a signed-in user, by username or by user id (one statement). */
async function sessionUsers(db: Db, by: { usernames?: readonly string[]; userIds?: readonly number[]; employeeIds?: readonly number[] }): Promise<SessionUser[]> {
  const names = by.usernames ?? [];
  const list = (values: readonly number[]) => sql`cast(${`{${values.join(',')}}`} as int[])`;
  const rows = await queryRows<{ user_id: number; username: string; employee_id: number | null; name: string; roles: Role[]; is_pm: boolean }>(
    db,
    sql`select u.id as user_id, u.username, u.employee_id, coalesce(e.name, u.username) as name,
               coalesce((select array_agg(r.role order by r.role) from user_roles r where r.user_id = u.id), '{}') as roles,
               exists (select 1 from projects p where p.pm_employee_id = u.employee_id) as is_pm
          from users u left join employees e on e.id = u.employee_id
         where not u.disabled
           and (lower(u.username) in (${names.length > 0 ? sql.join(names.map((n) => sql`${n.toLowerCase()}`), sql`, `) : sql`null`})
                or u.id = any(${list(by.userIds ?? [])}) or u.employee_id = any(${list(by.employeeIds ?? [])}))
         order by u.id`,
  );
  return rows.map((r) => ({
    sessionId: 0,
    userId: r.user_id,
    username: r.username,
    employeeId: r.employee_id,
    name: r.name,
    roles: r.roles,
    isPm: r.is_pm,
    actors: [...r.roles, ...(r.is_pm ? (['PM'] as Actor[]) : [])] as Actor[],
  }));
}

/** Working days (no weekend, no public holiday) in [from, to]. */
function workingDays(from: string, to: string): string[] {
  if (from > to) return [];
  const holidays = vnHolidaySet();
  return eachDay(from, to).filter((d) => !isWeekendIso(d) && !holidays.has(d));
}

/** A leave request's payload for one day (a shift: the morning, the afternoon or the full day). */
function leavePayload(reason: string, date: string, shift: 'FULL_DAY' | 'MORNING' | 'AFTERNOON', description: string, extra: Partial<RequestPayload> = {}): RequestPayload {
  return {
    request_type: 'LEAVE_REQUEST',
    reason_type: reason,
    description,
    start_date: date,
    end_date: date,
    start_shift: shift === 'AFTERNOON' ? 'AFTERNOON' : 'MORNING',
    end_shift: shift === 'MORNING' ? 'MORNING' : 'AFTERNOON',
    ...extra,
  };
}

/** The `i`-th day of a list, or its last when it is shorter. */
const dayAt = (list: string[], i: number) => list[Math.min(i, list.length - 1)]!;

/** A signed-in user who is an employee. */
type EmployeeUser = SessionUser & { employeeId: number };
const isEmployeeUser = (user: SessionUser | undefined): user is EmployeeUser => Boolean(user?.employeeId);

type DemoPeople = { staff: EmployeeUser; gl: EmployeeUser; dl: SessionUser; pm: EmployeeUser; hr: SessionUser; colleague: SessionUser | undefined };
type DemoCounts = Omit<DemoRequestsSummary, 'ms'>;

/** What every step of the demo shares: the services, the counts, and the two ways of running a step. */
type Seeding = {
  db: Db;
  /** The services' dependencies, with the demo clock. */
  deps: SeedDeps;
  count: DemoCounts;
  /** Runs a step; one that a rule refuses on this particular day (a balance, a window) is left out, not fatal. */
  attempt(step: Step): Promise<unknown>;
  /** Creates a request as `by` and moves it to `status` (1 pending, 3 approved by `approver`, 4 rejected, 5 withdrawn). */
  request(by: SessionUser, payload: RequestPayload, status: 1 | 3 | 4 | 5, approver: SessionUser | null, note?: string): Promise<number | null>;
};

type SeedDeps = { db: Db; clock: ReturnType<typeof fixedClock>; log: FastifyBaseLogger; config: Config };

function seedingOf(deps: SeedDeps): Seeding {
  const count: DemoCounts = { requests: 0, explanations: 0, specialExplanations: 0, skipped: 0 };
  const attempt = async (step: Step): Promise<unknown> => {
    try {
      return await step.run();
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      count.skipped += 1;
      deps.log.debug({ step: step.what, message: err.message }, 'demo request step skipped');
      return null;
    }
  };
  const request = async (by: SessionUser, payload: RequestPayload, status: 1 | 3 | 4 | 5, approver: SessionUser | null, note = '') => {
    const created = (await attempt({ what: `create ${payload.reason_type} ${payload.start_date} for ${by.username}`, run: () => createRequest(deps, by, payload, 'day') })) as { id: number } | null;
    if (!created) return null;
    count.requests += 1;
    if (status === 3 && approver) await attempt({ what: `approve #${created.id}`, run: () => updateRequestStatus(deps, approver, { id: created.id, status_type: 3 }) });
    if (status === 4 && approver) await attempt({ what: `reject #${created.id}`, run: () => updateRequestStatus(deps, approver, { id: created.id, status_type: 4, reason: note || 'Please pick another day: the team has a release then.' }) });
    if (status === 5) await attempt({ what: `withdraw #${created.id}`, run: () => updateRequestStatus(deps, by, { id: created.id, status_type: 5, reason: note || 'Plans changed.' }) });
    return created.id;
  };
  return { db: deps.db, deps, count, attempt, request };
}

/** The demo accounts as signed-in users, and a colleague of staff (gl leads them too), the first by id with an account. */
async function demoPeople(db: Db): Promise<DemoPeople | null> {
  const [mate] = await queryRows<{ username: string }>(
    db,
    sql`select x.username from employees e
          join employees s on s.department_id = e.department_id
          join users x on x.employee_id = e.id and not x.disabled
          join users su on su.employee_id = s.id and su.username = 'staff'
         where x.username not in ('staff', 'gl') order by e.id limit 1`,
  );
  const users = new Map((await sessionUsers(db, { usernames: ['hr', 'dl', 'gl', 'pm', 'staff', 'guest', ...(mate ? [mate.username] : [])] })).map((x) => [x.username, x]));
  const [staff, gl, dl, pm, hr] = ['staff', 'gl', 'dl', 'pm', 'hr'].map((n) => users.get(n));
  const colleague = mate ? users.get(mate.username) : undefined;
  if (!isEmployeeUser(staff) || !isEmployeeUser(gl) || !dl || !isEmployeeUser(pm) || !hr || !users.get('guest')) return null;
  return { staff, gl, dl, pm, hr, colleague };
}

export async function seedDemoRequests(db: Db, config: Config, log: FastifyBaseLogger, opts: { now: Date; today: string }): Promise<DemoRequestsSummary> {
  const started = performance.now();
  const clock = fixedClock(opts.now, config.companyTimeZone);
  const s = seedingOf({ db, clock, log, config });
  const people = await demoPeople(db);
  if (!people) return { requests: 0, explanations: 0, specialExplanations: 0, skipped: 0, ms: 0 };

  const today = opts.today;
  const lock = (await getLockDate(db)) ?? plusDays(today, -60);
  // Past working days after the lock date (oldest first) and the next working days after today.
  const past = workingDays(plusDays(lock, 1), plusDays(today, -1));
  const future = workingDays(plusDays(today, 1), plusDays(today, 40));

  await seedLeaveRequests(s, people, past, future);
  await seedOnsiteAndWorkOutside(s, people, future);
  await seedExplanations(s, people, lock);
  await seedSpecialExplanations(s, people, past);
  return { ...s.count, ms: Math.round(performance.now() - started) };
}

/** Leave requests of staff, of the guest's delegated colleague, of gl and of staff's colleague. */
async function seedLeaveRequests(s: Seeding, people: DemoPeople, past: string[], future: string[]): Promise<void> {
  const { db } = s;
  const { staff, gl, dl, colleague } = people;
  // Leave requests of staff (assigned to gl): pending, approved (a past afternoon and a future day), rejected, withdrawn.
  await s.request(staff, leavePayload('ANN_LEAVE_CORP', dayAt(future, 2), 'MORNING', 'Family errand in the morning.'), 1, null);
  await s.request(staff, leavePayload('ANN_LEAVE_CORP', dayAt(past, 1), 'AFTERNOON', 'Medical check-up.'), 3, gl);
  await s.request(staff, leavePayload('ANN_LEAVE_CORP', dayAt(future, 6), 'FULL_DAY', 'Trip to Da Lat.'), 3, gl);
  await s.request(staff, leavePayload('ANN_LEAVE_CORP', dayAt(future, 4), 'FULL_DAY', 'Long weekend.'), 4, gl, 'Sprint demo that day; please move it.');
  await s.request(staff, leavePayload('ANN_LEAVE_CORP', dayAt(future, 8), 'AFTERNOON', 'Visiting my parents.'), 5, null, 'No longer needed.');
  await s.request(staff, leavePayload('BIRTHDAY_LEAVE', dayAt(future, 10), 'FULL_DAY', 'Birthday.'), 1, null);
  await s.request(staff, leavePayload('PAID_LEAVE_WEDDING', dayAt(future, 12), 'FULL_DAY', "My cousin's wedding."), 1, null);
  // One pending request for guest, who may approve it: nobody hands an item to a guest (RULES.md §5), so it is routed
  // to them by the delegation naming guest for a colleague outside the demo accounts (seed/delegation.ts).
  const [guestMember] = await queryRows<{ employee_id: number; from_date: string; to_date: string }>(
    db,
    sql`select m.staff_employee_id as employee_id, m.from_date::text as from_date, m.to_date::text as to_date
          from delegation_members m
          join delegations d on d.id = m.delegation_id and d.deleted_at is null and d.flag
          join users u on u.employee_id = d.delegator_employee_id and u.username = 'guest'
         order by m.id limit 1`,
  );
  const [forGuestBy] = guestMember ? await sessionUsers(db, { employeeIds: [guestMember.employee_id] }) : [];
  const guestDay = guestMember ? future.find((d) => d >= guestMember.from_date && d <= guestMember.to_date) : undefined;
  if (forGuestBy && guestDay) await s.request(forGuestBy, leavePayload('UNPAID_LEAVE', guestDay, 'FULL_DAY', 'Personal matter.'), 1, null);

  // Leave requests of gl (assigned to dl): pending, approved, rejected, withdrawn.
  await s.request(gl, leavePayload('ANN_LEAVE_CORP', dayAt(future, 3), 'FULL_DAY', 'Annual leave.'), 1, null);
  await s.request(gl, leavePayload('ANN_LEAVE_CORP', dayAt(past, 2), 'MORNING', 'Dentist appointment.'), 3, dl);
  await s.request(gl, leavePayload('ANN_LEAVE_CORP', dayAt(future, 9), 'FULL_DAY', 'School event of my son.'), 4, dl, 'Steering committee that day.');
  await s.request(gl, leavePayload('PAID_LEAVE_FUNERAL', dayAt(future, 11), 'FULL_DAY', 'Family funeral.'), 5, null, 'Date moved.');
  await s.request(gl, leavePayload('ANN_LEAVE_CORP', dayAt(future, 13), 'AFTERNOON', 'Bank appointment.'), 1, null);

  // A colleague of staff: more work for gl.
  if (colleague) {
    await s.request(colleague, leavePayload('ANN_LEAVE_CORP', dayAt(future, 5), 'FULL_DAY', 'Annual leave.'), 1, null);
    await s.request(colleague, leavePayload('ANN_LEAVE_CORP', dayAt(future, 7), 'FULL_DAY', 'Sick child.'), 3, gl);
  }
}

/** Onsite requests of staff on a project of pm's (onsite records with staff's rows), and work outside filed by HR for staff. */
async function seedOnsiteAndWorkOutside(s: Seeding, people: DemoPeople, future: string[]): Promise<void> {
  const { db } = s;
  const { staff, gl, pm, hr } = people;
  // A project of pm that staff works on.
  const [project] = await queryRows<{ id: number }>(
    db,
    sql`select p.id from projects p join project_members m on m.project_id = p.id and m.employee_id = ${staff.employeeId}
         where p.pm_employee_id = ${pm.employeeId} order by p.id limit 1`,
  );
  // Onsite (project-linked: assigned to pm) and work outside (filed by HR for staff).
  if (project) {
    const onsite = (date: string, description: string): RequestPayload => ({ ...leavePayload('ONSITE', date, 'FULL_DAY', description), request_type: 'ONSITE', project_id: project.id });
    await s.request(staff, onsite(dayAt(future, 1), 'Customer workshop at the client site.'), 1, null);
    // Each is an onsite record (docs/onsite.md): pm decides the Department stage, HR the C&B stage of the approved one.
    const approved = await s.request(staff, onsite(dayAt(future, 0), 'Go-live support at the client site.'), 3, pm);
    if (approved) await s.attempt({ what: `C&B approve #${approved}`, run: () => updateRequestStatus(s.deps, hr, { id: approved, status_type: 3 }) });
    await s.request(staff, onsite(dayAt(future, 7), 'Requirements review on site.'), 4, pm, 'The client moved the review online.');
    await s.request(staff, onsite(dayAt(future, 15), 'Training at the client site.'), 5, null, 'Training cancelled.');
  }
  // Work outside is filed by HR for staff (the special role, spec 001 §4.2), assigned to staff's approver.
  const outsideIds: number[] = [];
  for (const [i, d] of [[17, 'Vendor meeting downtown.'], [18, 'Job fair booth.'], [19, 'Bank visit for the company.'], [20, 'Partner conference.']] as const) {
    const payload = { ...leavePayload('WORK_OUTSIDE', dayAt(future, i), 'FULL_DAY', d), request_type: 'WORK_OUTSIDE', employee_ids: [staff.employeeId] };
    const created = (await s.attempt({ what: `work outside ${i}`, run: () => createCommonRequest(s.deps, hr, payload) })) as { ids: number[] } | null;
    if (created?.ids[0]) {
      s.count.requests += 1;
      outsideIds.push(created.ids[0]);
    }
  }
  const [, wApprove, wReject, wWithdraw] = outsideIds;
  if (wApprove) await s.attempt({ what: 'approve work outside', run: () => updateRequestStatus(s.deps, gl, { id: wApprove, status_type: 3 }) });
  if (wReject) await s.attempt({ what: 'reject work outside', run: () => updateRequestStatus(s.deps, gl, { id: wReject, status_type: 4, reason: 'Not needed this week.' }) });
  if (wWithdraw) await s.attempt({ what: 'withdraw work outside', run: () => updateRequestStatus(s.deps, staff, { id: wWithdraw, status_type: 5, reason: 'Conference postponed.' }) });
}

/** Explanations of abnormal cases, pending, approved and rejected, decided by their assignee. */
async function seedExplanations(s: Seeding, people: DemoPeople, lock: string): Promise<void> {
  const { db } = s;
  const { staff, gl, dl } = people;
  // Explanations of abnormal cases after the lock date, newest first, of people gl or dl approve (staff's
  // department, the departments dl leads, gl): pending, approved, rejected. Staff keeps its two most recent cases
  // unexplained for the demo journey; cases whose explanation window has closed are skipped by the service's rules.
  const cases = await queryRows<{ id: number; employee_id: number; abnormal_date: string; reason: string }>(
    db,
    sql`with mine as (
          select e.id from employees e
           where e.department_id = (select department_id from employees where id = ${staff.employeeId})
              or e.department_id in (select d.id from departments d where d.lead_employee_id = ${dl.employeeId})
              or e.id = ${gl.employeeId}),
        kept as (
          select c.id from abnormal_cases c where c.employee_id = ${staff.employeeId} and c.status = 0
           order by c.abnormal_date desc, c.id desc limit 2)
        select c.id, c.employee_id, c.abnormal_date::text as abnormal_date, c.reason
          from abnormal_cases c
         where c.status = 0 and c.abnormal_date > ${lock}::date and c.employee_id in (select id from mine)
           and c.id not in (select id from kept) and c.employee_id <> ${dl.employeeId}
         order by c.abnormal_date desc, c.id
         limit 40`,
  );
  const owners = new Map((await sessionUsers(db, { employeeIds: [...new Set(cases.map((c) => c.employee_id))] })).map((x) => [x.employeeId, x]));
  const approvers = new Map([gl, dl].map((x) => [x.userId, x]));
  const outcomes: (1 | 3 | 4)[] = [1, 3, 4, 1, 3, 1, 4, 1, 3, 1];
  for (const c of cases) {
    if (s.count.explanations >= outcomes.length) break;
    const owner = owners.get(c.employee_id);
    if (!owner) continue;
    const outcome = outcomes[s.count.explanations]!;
    const late = c.reason === '2';
    const done = (await s.attempt({
      what: `explain case ${c.id} ${c.abnormal_date}`,
      run: () =>
        createExplanation(s.deps, owner, c.id, {
          reason_type: late ? 'LATE_TRAFFIC' : 'WORK_ISSUE',
          // The demo's titles read as a person writes a date here (DD/MM/YYYY), not as the database stores it.
          title: `Explanation for ${toDmy(c.abnormal_date)}`,
          // The actual is a choice fitting the case's type (contracts fittingActuals): late, or out at a customer.
          actual: late ? 'LATE_COMING' : 'WORKED_OUTSIDE',
          description: late ? 'Heavy traffic on the bridge after the rain.' : 'Customer meeting; no gate punch there.',
        } as Parameters<typeof createExplanation>[3]),
    })) as { request_id: number } | null;
    if (!done) continue;
    s.count.explanations += 1;
    if (outcome === 1) continue;
    const [assignee] = await queryRows<{ user_id: number }>(db, sql`select assignee_user_id as user_id from requests where id = ${done.request_id}`);
    const approver = assignee ? approvers.get(assignee.user_id) : undefined;
    if (!approver) continue;
    await s.attempt({ what: `decide case ${c.id}`, run: () => decideExplanation(s.deps, approver, c.id, outcome, outcome === 4 ? 'The gate log shows no entry that day.' : null, { reasonRequired: true }) });
  }
}

async function seedSpecialExplanations(s: Seeding, people: DemoPeople, past: string[]): Promise<void> {
  const { staff, hr, colleague } = people;
  // A few special explanations by HR (spec 001 §2.7).
  const specialDays = past.slice(-6);
  const specialStaff = [staff.employeeId, ...(colleague?.employeeId ? [colleague.employeeId] : [])];
  for (const [i, date] of [specialDays[0], specialDays[2]].entries()) {
    if (!date) continue;
    const ids = (await s.attempt({
      what: `special explanation ${date}`,
      run: () =>
        createSpecialExplanations(s.deps, hr, {
          requestReason: 'EXPLANATION_REQUEST',
          type: i === 0 ? 'WORK_ISSUE' : 'FORGOT_CHECK_IN_OUT',
          description: i === 0 ? 'Company all-hands at the Hanoi office.' : 'Gate reader out of order (IT ticket).',
          date,
          time: i === 0 ? 2 : 1.5,
          listEmployee: specialStaff,
          ccMail: [],
        }),
    })) as number[] | null;
    s.count.specialExplanations += ids?.length ?? 0;
  }
}
