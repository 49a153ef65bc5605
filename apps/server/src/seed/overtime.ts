import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../db/client.ts';
import { resolveApprover } from '../modules/auth/approver.repository.ts';
import { isWeekendIso } from '@tms/contracts/api';
import { plusDays } from './calendar.ts';
import { vnHolidaySet } from './holidays.ts';
import type { OrgPlan, SeededEmployee, SeededOrg } from './org.ts';
import type { PeriodPlan } from './periods.ts';

export type OvertimeDemo = { fixedRequests: number; flexibleRequests: number; flexibleUsers: string[]; fixedJourneyMembers: string[]; demoConfirmDate: string };

type Staff = { e: SeededEmployee; status: number; reason?: string; decided?: boolean };
type Req = {
  kind: 'FIXED' | 'FLEXIBLE';
  title: string;
  projectId: number;
  date: string;
  start: string;
  end: string;
  otType: string;
  status: number | null;
  creator: SeededEmployee;
  assignee: number | null;
  pm?: number | null;
  manager?: number | null;
  offset?: boolean;
  rejectReason?: string;
  cancelReason?: string;
  withdrawReason?: string;
  staff: Staff[];
  /** Extra punches 'HH:mm' on the OT date (a time before the start is the next day's). */
  punches?: string[];
  confirm?: { shift: string; actual: number; confirm: number; reason: string | null };
  description?: string;
};

/**
 * Demo data of the overtime area (issue 11), deterministic and relative to `today`:
 * - OT types: `staff` (and, when `pm`'s projects have fewer than three flexible-schedule members, a few more of their
 *   members) on OT_FLEXIBLE through their staff policy; the flexible-schedule people already are (their default
 *   policy); everyone else fixed, `gl` included.
 * - `pm` (PRJ-ATLAS: staff, gl and eight more) has flexible OT to act on: pending (0) from two or three members, and
 *   others at 1, 2, 3, 5, 6; "Demo flexible OT to confirm" of `staff` at 1 on the latest working day after the lock
 *   date, 18:00–21:00, with a 21:10 punch, for the confirm journey.
 * - Past OT with punches in the last ended (open) period and in the locked one: a fixed request of three staff (one
 *   approved, one rejected, one withdrawn), one paid by offset days, one across midnight, one on a Saturday, one on a
 *   holiday when the period has one, an expired one, and approved flexible OT with confirmations.
 * Pay lines come from the pay core's recompute after the seed (the few confirmed lines inserted here are kept by it).
 * Everything set-based: one INSERT per table.
 */
export async function seedOvertimeDemo(
  db: DbOrTx,
  opts: { org: SeededOrg; plan: OrgPlan; periods: readonly PeriodPlan[]; today: string; now: Date; timeZone: string },
): Promise<OvertimeDemo> {
  const { org, plan, periods, today, timeZone: tz } = opts;
  const holidays = vnHolidaySet();
  const by = (u: string) => org.byUserName.get(u)!;
  const lock = periods[1]!.toDate;
  const lastEnded = periods[2]!;
  const locked = periods[1]!;
  const isWorkday = (d: string) => !isWeekendIso(d) && !holidays.has(d);
  /** The n-th working day (0 = first) on or after `from`, or on or before it going back when `step` is -1. */
  const workday = (from: string, n: number, step: 1 | -1 = 1) => {
    let d = from;
    let seen = -1;
    for (;;) {
      if (isWorkday(d) && ++seen === n) return d;
      d = plusDays(d, step);
    }
  };

  const atlas = plan.projects[0]!;
  const lotus = plan.projects[1]!;
  const [project] = await queryRows<{ atlas: number; lotus: number }>(
    db,
    sql`select max(id) filter (where project_code = ${atlas.code}) as atlas, max(id) filter (where project_code = ${lotus.code}) as lotus from projects`,
  );
  const atlasId = project!.atlas;
  const lotusId = project!.lotus;
  const staff = by('staff');
  const gl = by('gl');
  const pm = by('pm');
  const atlasOthers = atlas.memberUserNames.filter((u) => u !== 'staff' && u !== 'gl').map(by);
  const m3 = atlasOthers.find((e) => e.workScheduleType === 'HCM' && e.employeeStatus === 'Active') ?? atlasOthers[0]!;
  // Flexible OT requesters of pm's projects: members on the flexible schedule (OT_FLEXIBLE by default), topped up to three.
  const pmMembers = [...new Set([...atlas.memberUserNames, ...lotus.memberUserNames])].map(by).filter((e) => e.userName !== 'staff' && e.userName !== 'gl' && e.employeeStatus === 'Active');
  const flexMembers = pmMembers.filter((e) => e.workScheduleType === 'FLEXIBLE');
  const topUp = pmMembers.filter((e) => e.workScheduleType === 'HCM' && e.id !== m3.id).slice(0, Math.max(0, 3 - flexMembers.length));
  const flexOthers = [...flexMembers, ...topUp].slice(0, 3);
  const switched = [staff, ...topUp];
  await db.execute(sql`update staff_policies set ot_type = 'OT_FLEXIBLE' where employee_id = any(${`{${switched.map((e) => e.id).join(',')}}`}::int[])`);
  const projectOf = (e: SeededEmployee) => (atlas.memberUserNames.includes(e.userName) ? atlasId : lotusId);

  const managerOf = new Map<number, number | null>();
  for (const e of [staff, ...flexOthers]) managerOf.set(e.id, (await resolveApprover(db, { employeeId: e.id }))?.userId ?? null);
  const pmApprover = (await resolveApprover(db, { employeeId: pm.id }))?.userId ?? null;

  const cast: OvertimeCast = { staff, gl, pm, m3, hr: by('hr'), flexOthers, pmApprover, atlasId, projectOf, managerOf };
  const days: OvertimeDays = { today, lock, lastEnded, locked, holidays, workday };
  const reqs: Req[] = [];
  const demoConfirmDate = planFlexibleOvertime(reqs, cast, days);
  planFixedOvertime(reqs, cast, days);

  const idOf = await insertOvertimeRequests(db, reqs, cast, { tz, holidays });
  await insertOvertimeStaffAndLines(db, reqs, cast, { tz, idOf });
  await insertOvertimePunchesAndHistory(db, reqs, cast, { tz, today, idOf });

  return {
    fixedRequests: reqs.filter((r) => r.kind === 'FIXED').length,
    flexibleRequests: reqs.filter((r) => r.kind === 'FLEXIBLE').length,
    flexibleUsers: [staff, ...flexOthers].map((e) => e.userName),
    fixedJourneyMembers: ['staff', 'gl', m3.userName],
    demoConfirmDate,
  };
}

/** Who the demo's overtime is about: the demo accounts, the third member of Atlas, pm's flexible requesters. */
type OvertimeCast = {
  staff: SeededEmployee;
  gl: SeededEmployee;
  pm: SeededEmployee;
  m3: SeededEmployee;
  hr: SeededEmployee;
  flexOthers: SeededEmployee[];
  pmApprover: number | null;
  atlasId: number;
  projectOf: (e: SeededEmployee) => number;
  managerOf: Map<number, number | null>;
};

type OvertimeDays = {
  today: string;
  lock: string;
  lastEnded: PeriodPlan;
  locked: PeriodPlan;
  holidays: ReadonlySet<string>;
  /** The n-th working day (0 = first) on or after `from`, or on or before it going back when `step` is -1. */
  workday: (from: string, n: number, step?: 1 | -1) => string;
};

/** The title of the request that Import Overtime brought in (its creator and deciders are HR). */
const IMPORTED_TITLE = 'Imported: on-site installation';

/** Builders of the two kinds of request, with their defaults. */
function overtimeBuilders(cast: OvertimeCast) {
  const { pm, pmApprover, atlasId, projectOf, managerOf } = cast;
  const flex = (e: SeededEmployee, date: string, status: number, title: string, extra: Partial<Req> = {}): Req => ({
    kind: 'FLEXIBLE',
    title,
    projectId: projectOf(e),
    date,
    start: '18:00',
    end: '21:00',
    otType: 'OT_FLEXIBLE',
    status,
    creator: e,
    assignee: status === 3 ? managerOf.get(e.id)! : status === 0 || status === 1 ? pm.userId : null,
    pm: pm.userId,
    manager: managerOf.get(e.id) ?? null,
    staff: [{ e, status: 1 }],
    ...extra,
  });
  const fixed = (title: string, date: string, start: string, end: string, creator: SeededEmployee, staffRows: Staff[], extra: Partial<Req> = {}): Req => ({
    kind: 'FIXED',
    title,
    projectId: atlasId,
    date,
    start,
    end,
    otType: 'OT_AT_OFFICE',
    status: null,
    creator,
    // As the form assigns it: the approver of the team (the PM), the PM's own approver only for the PM's own request.
    assignee: staffRows.every((s) => s.e.id === pm.id) ? pmApprover : pm.userId,
    staff: staffRows,
    ...extra,
  });

  return { flex, fixed };
}

/** The flexible OT: the confirm journey's request, pending and decided ones ahead, confirmed and approved ones past. */
function planFlexibleOvertime(reqs: Req[], cast: OvertimeCast, days: OvertimeDays): string {
  const { staff, flexOthers } = cast;
  const { today, lock, lastEnded, locked, workday } = days;
  const { flex } = overtimeBuilders(cast);
  // The confirm journey: staff's request of the latest working day after the lock date, approved by the PM.
  const confirmDate = workday(plusDays(today, -1), 0, -1);
  const demoConfirmDate = confirmDate > lock ? confirmDate : workday(plusDays(lock, 1), 0);
  reqs.push(flex(staff, demoConfirmDate, 1, 'Demo flexible OT to confirm', { punches: ['17:50', '21:10'], description: 'Hotfix for the payment gateway' }));

  // Pending PM approval (0) from two or three members, and the other indexes.
  const future = (n: number) => workday(plusDays(today, 1), n);
  flexOthers.forEach((e, i) => reqs.push(flex(e, future(i), 0, ['Release support', 'Data migration rehearsal', 'Performance test run'][i]!, { end: '20:30' })));
  const [fa, fb, fc] = [flexOthers[0]!, flexOthers[1] ?? flexOthers[0]!, flexOthers[2] ?? flexOthers[0]!];
  reqs.push(flex(fa, future(3), 1, 'Sprint demo preparation'));
  reqs.push(flex(fb, future(4), 2, 'Backlog grooming', { rejectReason: 'Not needed: the backlog is in order' }));
  reqs.push(flex(fc, future(4), 6, 'Server patching window', { cancelReason: 'Patching moved to the vendor' }));
  // Past flexible OT in the last ended (open) period: confirmed (3) awaiting the manager, approved (5) with confirmations.
  const p2 = (n: number) => workday(plusDays(lastEnded.fromDate, 2), n);
  reqs.push(flex(fa, p2(1), 3, 'Go-live night support', { punches: ['21:05'], confirm: { shift: 'workday', actual: 3, confirm: 2.5, reason: 'Left at 20:30 for the last bus' } }));
  reqs.push(flex(fb, p2(2), 5, 'Month-end data load', { punches: ['21:15'], confirm: { shift: 'workday', actual: 3, confirm: 3, reason: null } }));
  reqs.push(flex(staff, p2(3), 5, 'Security audit fixes', { punches: ['21:20'], confirm: { shift: 'workday', actual: 3, confirm: 2, reason: 'Two hours agreed with the client' } }));
  // And in the locked period.
  const p1 = (n: number) => workday(plusDays(locked.fromDate, 2), n);
  reqs.push(flex(fc, p1(2), 5, 'Year-end closing support', { punches: ['21:10'], confirm: { shift: 'workday', actual: 3, confirm: 3, reason: null } }));
  return demoConfirmDate;
}

/** The fixed OT: decided staff rows, across midnight, paid by offset, a Saturday, a holiday, expired, pending, imported. */
function planFixedOvertime(reqs: Req[], cast: OvertimeCast, days: OvertimeDays): void {
  const { staff, gl, m3 } = cast;
  const { today, lastEnded, locked, holidays, workday } = days;
  const { fixed } = overtimeBuilders(cast);
  const future = (n: number) => workday(plusDays(today, 1), n);
  const p2 = (n: number) => workday(plusDays(lastEnded.fromDate, 2), n);
  const p1 = (n: number) => workday(plusDays(locked.fromDate, 2), n);
  // Fixed: three staff, one approved, one rejected, one withdrawn (3/3 DONE).
  reqs.push(
    fixed('Release 2.4 deployment', p2(4), '18:00', '21:00', staff, [
      { e: staff, status: 3, decided: true },
      { e: gl, status: 4, reason: 'Already on call that night', decided: true },
      { e: m3, status: 5 },
    ], { punches: ['21:05'], description: 'Deploy and smoke test release 2.4' }),
  );
  // Across midnight, two approved.
  reqs.push(fixed('Database upgrade night', p2(6), '21:00', '01:00', gl, [{ e: staff, status: 3, decided: true }, { e: m3, status: 3, decided: true }], { punches: ['20:55', '01:10'] }));
  // Paid by offset days, in the locked period.
  reqs.push(fixed('Quarter close support', p1(4), '18:00', '20:00', staff, [{ e: gl, status: 3, decided: true }], { offset: true, punches: ['20:10'] }));
  // A Saturday (day off) of the last ended period.
  let saturday = plusDays(lastEnded.fromDate, 1);
  while (!(isWeekendIso(saturday) && !holidays.has(saturday) && new Date(`${saturday}T00:00:00Z`).getUTCDay() === 6)) saturday = plusDays(saturday, 1);
  reqs.push(fixed('Saturday data centre move', saturday, '09:00', '13:00', gl, [{ e: staff, status: 3, decided: true }, { e: m3, status: 3, decided: true }], { otType: 'WORK_OUTSIDE', punches: ['08:55', '13:10'] }));
  // A holiday of the last ended or the locked period, if any.
  const holiday = [...holidays].filter((d) => d >= locked.fromDate && d <= lastEnded.toDate && d < today).sort().pop();
  if (holiday) reqs.push(fixed('Holiday incident response', holiday, '09:00', '12:00', gl, [{ e: staff, status: 3, decided: true }], { punches: ['08:50', '12:05'] }));
  // Expired: still pending on a locked date. Pending for the PM: the coming week.
  reqs.push(fixed('Inventory sync check', p1(6), '18:00', '20:00', gl, [{ e: m3, status: 1 }]));
  reqs.push(fixed('Client UAT support', future(2), '18:30', '21:30', gl, [{ e: staff, status: 1 }, { e: m3, status: 1 }]));
  // Imported OT (Import Overtime) in the last ended period.
  reqs.push(fixed('Imported: on-site installation', p2(8), '18:00', '20:00', cast.hr, [{ e: m3, status: 3, decided: true }], { punches: ['20:05'] }));
}

/** The requests, one INSERT (rows travel as JSON); answers the id of the i-th request. */
async function insertOvertimeRequests(db: DbOrTx, reqs: readonly Req[], cast: OvertimeCast, opts: { tz: string; holidays: ReadonlySet<string> }): Promise<(i: number) => number> {
  const { pm } = cast;
  const { tz, holidays } = opts;
  const hr = cast.hr;
  const rows = reqs.map((r, i) => {
    const endDate = r.end <= r.start ? plusDays(r.date, 1) : r.date;
    const imported = r.title === IMPORTED_TITLE;
    return {
      n: i,
      kind: r.kind,
      title: r.title,
      project_id: r.projectId,
      ot_date: r.date,
      start_at: `${r.date} ${r.start}`,
      end_at: `${endDate} ${r.end}`,
      ot_type: r.otType,
      date_type: holidays.has(r.date) ? 'HOLIDAY' : isWeekendIso(r.date) ? 'DAY_OFF' : 'WORKDAY',
      description: r.description ?? null,
      source: imported ? 'IMPORT' : 'FORM',
      status: r.status,
      offset: r.offset ?? false,
      assignee: imported ? hr.userId : r.assignee,
      pm: r.pm ?? null,
      manager: r.manager ?? null,
      created_by: imported ? hr.userId : r.creator.userId,
      rejection: r.rejectReason ?? null,
      cancellation: r.cancelReason ?? null,
      confirmed_by: r.kind === 'FLEXIBLE' && (r.status === 3 || r.status === 5) ? pm.userId : null,
    };
  });
  const ids = await queryRows<{ id: number; n: number }>(
    db,
    sql`insert into overtime_requests (kind, title, project_id, ot_date, start_at, end_at, ot_type, date_type, description, source, status,
                                        is_ot_paid_by_offset_day, assignee_user_id, pm_user_id, manager_user_id, created_by_user_id,
                                        reasons_for_rejection, reason_for_cancellation, confirmed_by_user_id, confirmed_at)
        select r.kind, r.title, r.project_id, r.ot_date, r.start_at::timestamp at time zone ${tz}, r.end_at::timestamp at time zone ${tz}, r.ot_type, r.date_type,
               r.description, r.source, r.status, r.offset, r.assignee, r.pm, r.manager, r.created_by, r.rejection, r.cancellation, r.confirmed_by,
               case when r.confirmed_by is not null then (r.end_at::timestamp + interval '1 day') at time zone ${tz} end
          from json_to_recordset(${JSON.stringify(rows)}::json) as r(n int, kind text, title text, project_id int, ot_date date, start_at text, end_at text,
               ot_type text, date_type text, description text, source text, status smallint, "offset" boolean, assignee int, pm int, manager int,
               created_by int, rejection text, cancellation text, confirmed_by int)
         order by r.n
        returning id`,
  );
  return (i: number) => ids[i]!.id;
}

/** The staff rows of each request and the PM's confirmations. */
async function insertOvertimeStaffAndLines(db: DbOrTx, reqs: readonly Req[], cast: OvertimeCast, opts: { tz: string; idOf: (i: number) => number }): Promise<void> {
  const { pm, pmApprover, hr } = cast;
  const { tz, idOf } = opts;
  const staffRows = reqs.flatMap((r, i) =>
    r.staff.map((s) => ({
      request_id: idOf(i),
      employee_id: s.e.id,
      status: s.status,
      approver: r.kind === 'FIXED' ? (s.e.id === pm.id ? pmApprover : pm.userId) : null,
      reason: s.reason ?? null,
      decided_by: s.decided ? (r.title === IMPORTED_TITLE ? hr.userId : pm.userId) : null,
      decided_at: s.decided ? `${r.date} 22:30` : null,
      confirm: r.confirm ? r.confirm.confirm : null,
    })),
  );
  await db.execute(sql`
    insert into overtime_request_staff (overtime_request_id, employee_id, status, approver_user_id, reject_reason, decided_by_user_id, decided_at, total_time_confirm)
    select s.request_id, s.employee_id, s.status, s.approver, s.reason, s.decided_by, s.decided_at::timestamp at time zone ${tz}, s.confirm
      from json_to_recordset(${JSON.stringify(staffRows)}::json) as s(request_id int, employee_id int, status smallint, approver int, reason text,
           decided_by int, decided_at text, confirm numeric)`);

  // The PM's confirmations (flexible 3 and 5): the pay core keeps them (capped at the actual) when it recomputes.
  const lines = reqs.flatMap((r, i) =>
    r.confirm
      ? [{ request_id: idOf(i), employee_id: r.staff[0]!.e.id, ot_date: r.date, shift: r.confirm.shift, actual: r.confirm.actual, confirm: r.confirm.confirm, reason: r.confirm.reason }]
      : [],
  );
  if (lines.length > 0) {
    await db.execute(sql`
      insert into overtime_pay_lines (overtime_request_id, employee_id, ot_date, work_date, shift, date_type, is_night, duration_actual, duration_confirm, reason,
                                      coefficient, tax_coefficient, pay_hours, non_tax_hours)
      select l.request_id, l.employee_id, l.ot_date, l.ot_date, l.shift, 'WORKDAY', false, l.actual, l.confirm, l.reason, 150, 100,
             round(l.confirm * 1.5, 2), round(l.confirm * 0.5, 2)
        from json_to_recordset(${JSON.stringify(lines)}::json) as l(request_id int, employee_id int, ot_date date, shift text, actual numeric, confirm numeric, reason text)`);
  }
}

/** Punches that cover the OT windows, and one CREATE history entry per request. */
async function insertOvertimePunchesAndHistory(db: DbOrTx, reqs: readonly Req[], cast: OvertimeCast, opts: { tz: string; today: string; idOf: (i: number) => number }): Promise<void> {
  const { hr } = cast;
  const { tz, today, idOf } = opts;
  // Punches that cover the OT windows (through the employee's mapped account; the same punch twice is stored once).
  const punches = reqs.flatMap((r) =>
    (r.punches ?? []).flatMap((p) => {
      const day = r.end <= r.start && p < '12:00' ? plusDays(r.date, 1) : r.date;
      if (day >= today) return [];
      return r.staff.filter((s) => s.status === 3 || r.kind === 'FLEXIBLE').map((s) => ({ e: s.e.id, t: `${day} ${p}`, d: day }));
    }),
  );
  await db.execute(sql`
    insert into punches (system, attendance_check_id, employee_id, punched_at)
    select c.attendance_check_system, c.attendance_check_id, x.e, x.t::timestamp at time zone ${tz}
      from json_to_recordset(${JSON.stringify(punches)}::json) as x(e int, t text, d date)
      join lateral (
        select a.attendance_check_system, a.attendance_check_id from attendance_check_configs a
         where a.employee_id = x.e and a.start_date <= x.d and a.end_date >= x.d
         order by (a.attendance_check_system = 'SPEEDGATE') desc, a.start_date desc limit 1
      ) c on true
    on conflict do nothing`);

  // History: one CREATE entry per request under its creator (RULES.md §8).
  const history = reqs.map((r, i) => ({
    record_id: idOf(i),
    employee_id: r.title === IMPORTED_TITLE ? hr.id : r.creator.id,
    user_id: r.title === IMPORTED_TITLE ? hr.userId : r.creator.userId,
    username: r.title === IMPORTED_TITLE ? hr.userName : r.creator.userName,
    name: r.title === IMPORTED_TITLE ? hr.name : r.creator.name,
    record: { kind: r.kind, title: r.title, ot_date: r.date, start: r.start, end: r.end, ot_type: r.otType, staff: r.staff.map((s) => s.e.userName) },
  }));
  await db.execute(sql`
    insert into history (table_name, record_id, employee_id, action, changes, new_record, created_by_user_id, created_by_username, created_by_name)
    select 'overtime_requests', h.record_id, h.employee_id, 'CREATE', '[]'::jsonb, h.record, h.user_id, h.username, h.name
      from json_to_recordset(${JSON.stringify(history)}::json) as h(record_id int, employee_id int, user_id int, username text, name text, record jsonb)`);
}
