import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../db/client.ts';
import { departmentPolicies } from '../db/schema/administration.ts';
import { onsiteRequestCc, onsiteRequests, onsiteRequestStaff } from '../db/schema/requests.ts';
import { employeeContracts } from '../db/schema/organisation.ts';
import { connectionHistory, history, notifications } from '../db/schema/platform.ts';
import { requestDates, requests } from '../db/schema/requests.ts';
import { ONSITE_PAGE } from '@tms/contracts/onsite';
import { ONSITE_CREDIT_ROLE } from '@tms/contracts/requests';
import { ANNUAL_FUND_TYPES, GRANTED_CAUSES } from '../modules/leave/leave.types.ts';
import { staffPolicies, workScheduleDays, workSchedules } from '../db/schema/schedules.ts';
import { dayOffsetMinutes } from '../lib/zone-time.ts';
import { notificationColumns } from '../lib/notify.ts';
import { isWeekendIso } from '@tms/contracts/api';
import { eachDay, localInstant, plusDays, plusMonths } from './calendar.ts';
import { vnHolidaySet } from './holidays.ts';
import { DEMO_EMAIL_DOMAIN, POLICY_DEPARTMENT, type OrgPlan, type SeededEmployee, type SeededOrg } from './org.ts';
import type { PeriodPlan } from './periods.ts';
import { OPEN_END_DATE, POLICY_URL, replacementCardId, speedgateCardId, staffPolicyRow } from './schedules.ts';

/**
 * Demo data of the administration area (issue 10): the extra work schedules, a department policy with members who
 * keep their own staff policy, the leaver's punches after their last day removed, an unmapped device account with a
 * few punches, onsite requests in every stage, and the Logs page's material (history of employee edits and a mapping,
 * connection errors). Runs inside the demo transaction after the punches (demo.ts), before the first recalculation,
 * so the department policy and the approved onsite requests are part of the computed days. Set-based inserts only.
 */

export type AdministrationDemo = {
  schedules: string[];
  departmentPolicy: { departmentCode: string; applyDate: string; members: number; ownPolicies: number };
  terminated: string | null;
  cardChange: { userName: string; on: string } | null;
  unmappedAccount: string;
  unmappedPunches: number;
  onsiteRequests: number;
  onsiteCredits: number;
  history: number;
  connectionErrors: number;
  ms: number;
};

/** A SPEEDGATE card nobody is mapped to yet (a new card): its punches wait on the mapping screen. */
export const UNMAPPED_CARD = 'SG70001';
/** The device punch API's source name on Connection History (modules/check-in-out/punches.service.ts). */
const PUNCH_API_SOURCE = 'device-punch-api';

type Author = { userId: number; username: string; name: string };
type Day = { working: boolean; start?: string; end?: string; breakStart?: string; breakEnd?: string; minutes?: number };

const weekdays = (monToFri: (day: number) => Day): Day[] => [1, 2, 3, 4, 5, 6, 7].map((d) => (d <= 5 ? monToFri(d) : { working: false }));
const office = (start: string, end: string): Day => ({ working: true, start, end, breakStart: '12:00', breakEnd: '13:00', minutes: 480 });

/**
 * Schedules beyond HCM and FLEXIBLE (spec 002 §3 Work schedule), day-based (type HCM, RULES.md §4), with weekday rows
 * in the shape the day engine reads (modules/timesheet/day-engine.schedule.ts): Hanoi office hours, a Wednesday half
 * day, and a night shift that ends the next morning (its check-out belongs to the evening it started, RULES.md §4
 * midpoint rule).
 */
export const DEMO_SCHEDULES = [
  {
    code: 'HN_0800', name: 'Hanoi office hours 08:00-17:00', nameVi: 'Giờ hành chính Hà Nội 08:00-17:00', start: '08:00', end: '17:00', standard: 480, breakTime: 60,
    days: weekdays(() => office('08:00', '17:00')),
  },
  {
    code: 'HCM_WED_HALF', name: 'Office hours, Wednesday afternoon off', nameVi: 'Giờ hành chính, nghỉ chiều thứ Tư', start: '08:30', end: '17:30', standard: 480, breakTime: 60,
    days: weekdays((d) => (d === 3 ? { working: true, start: '08:30', end: '12:00', minutes: 210 } : office('08:30', '17:30'))),
  },
  {
    code: 'SHIFT_NIGHT', name: 'Night shift 22:00-06:00', nameVi: 'Ca đêm 22:00-06:00', start: '22:00', end: '06:00', standard: 420, breakTime: 60,
    days: weekdays(() => ({ working: true, start: '22:00', end: '06:00', breakStart: '02:00', breakEnd: '03:00', minutes: 420 })),
  },
] as const;

export async function insertDemoSchedules(db: DbOrTx): Promise<void> {
  const rows = await db
    .insert(workSchedules)
    .values(
      DEMO_SCHEDULES.map((s) => ({
        workScheduleCode: s.code, workScheduleType: 'HCM', workScheduleName: s.name, workScheduleNameVi: s.nameVi, workStartTime: s.start, workEndTime: s.end,
        standardWorkingTime: s.standard, workingTime: s.standard, breakTime: s.breakTime, lackOfTimeAllowed: 15,
      })),
    )
    .returning({ id: workSchedules.id, code: workSchedules.workScheduleCode });
  const ids = new Map(rows.map((r) => [r.code, r.id]));
  await db.insert(workScheduleDays).values(
    DEMO_SCHEDULES.flatMap((s) =>
      s.days.map((d: Day, i) => {
        const base = { workScheduleId: ids.get(s.code)!, day: i + 1, workingDay: d.working };
        if (!d.working) return base;
        const pause = d.breakStart ? 60 : 0;
        return { ...base, startTime: d.start, endTime: d.end, breakStart: d.breakStart ?? null, breakEnd: d.breakEnd ?? null, workingTime: d.minutes, minimumWorkingTime: d.minutes, continuousWorkingTime: Math.min(240, d.minutes ?? 0), breakTime: pause };
      }),
    ),
  );
}

/** Plain staff: only the STAFF role, not an advertised demo account, not a project manager. */
const plainStaff = (e: SeededEmployee) =>
  e.roles.length === 1 && e.roles[0] === 'STAFF' && !['admin', 'hr', 'hrm', 'dl', 'gl', 'pm', 'staff', 'guest'].includes(e.userName) && e.positionTitle !== 'Project Manager';

/**
 * The employee whose SPEEDGATE card was replaced "mid-year": on 1 July of the year before the demo punches start
 * (or of that year when it is still before them), so every demo punch is on the new card. Plain day-based staff of
 * Data & AI who joined a year before the change, the first by index.
 */
export function pickCardChange(employees: readonly SeededEmployee[], firstPunchDay: string): { employee: SeededEmployee; on: string } | null {
  const year = Number(firstPunchDay.slice(0, 4));
  const on = `${year}-07-01` < firstPunchDay ? `${year}-07-01` : `${year - 1}-07-01`;
  const employee = employees.find(
    (e) => plainStaff(e) && e.departmentCode === 'ES-DATA' && e.workScheduleType === 'HCM' && e.employeeStatus === 'Active' && e.startWorkingDay < plusDays(on, -365),
  );
  return employee ? { employee, on } : null;
}

/** Working days (Mon–Fri, not a public holiday) in [from, to]. */
function workingDays(from: string, to: string, holidays: ReadonlySet<string>): string[] {
  return from > to ? [] : eachDay(from, to).filter((d) => !isWeekendIso(d) && !holidays.has(d));
}

/** A policy as its history lists it (the field names of modules/work-schedules' policy history). */
function policyRecord(p: {
  workScheduleCode: string; ruleType: string; explanationNumber: number; refundHoursPerExplanation: string; explanationTimePerDays: number; lackOfTimeAllowed: number;
  otType: string; urlPolicy: string | null; applyDate: string; expireDate: string; workStartTime?: string | null; workEndTime?: string | null;
}) {
  return {
    work_schedule_code: p.workScheduleCode, rule_type: p.ruleType, explanation_number: p.explanationNumber, refund_hours_per_explanation: p.refundHoursPerExplanation,
    explanation_time_per_days: p.explanationTimePerDays, lack_of_time_allowed: p.lackOfTimeAllowed, ot_type: p.otType, url_policy: p.urlPolicy,
    apply_date: p.applyDate, expire_date: p.expireDate, work_start_time: p.workStartTime ?? null, work_end_time: p.workEndTime ?? null,
  };
}

const ints = (values: readonly number[]) => sql`cast(${`{${values.join(',')}}`} as int[])`;

/** A history entry the demo writes for `by` at `createdAt` (collected, then inserted in one statement). */
type LogEntry = (by: Author, createdAt: Date, e: { table: string; recordId: number; employeeId: number | null; action: 'CREATE' | 'UPDATE' | 'STATUS'; changes: { field: string; oldValue: unknown; newValue: unknown }[]; newRecord?: unknown }) => void;

/** What the administration demo's steps share: HR as the author, the demo's clock and its history. */
type AdminDraft = {
  db: DbOrTx;
  hr: Author;
  /** An instant `days` (and `minutes`) away from now. */
  daysAgo: (days: number, minutes?: number) => Date;
  /** A local wall-clock time on a date. */
  at: (date: string, hhmm: string) => Date;
  log: LogEntry;
};

export async function seedAdministrationDemo(
  db: DbOrTx,
  opts: {
    org: SeededOrg;
    plan: OrgPlan;
    periods: readonly PeriodPlan[];
    today: string;
    now: Date;
    timeZone: string;
    cardChange: { employee: SeededEmployee; on: string } | null;
  },
): Promise<AdministrationDemo> {
  const started = performance.now();
  const { org, today, now, timeZone } = opts;
  const holidays = vnHolidaySet();
  const who = (userName: string): Author => {
    const e = org.byUserName.get(userName)!;
    return { userId: e.userId, username: e.userName, name: e.name };
  };
  const hr = who('hr');
  const hrm = who('hrm');
  const daysAgo = (days: number, minutes = 0) => new Date(now.getTime() - days * 86_400_000 + minutes * 60_000);
  const at = (date: string, hhmm: string) => localInstant(date, (Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))) * 60, dayOffsetMinutes(date, timeZone));
  const historyRows: (typeof history.$inferInsert)[] = [];
  const log: LogEntry = (by, createdAt, e) =>
    historyRows.push({
      tableName: e.table, recordId: e.recordId, employeeId: e.employeeId, action: e.action, changes: e.changes, newRecord: e.newRecord ?? null,
      createdByUserId: by.userId, createdByUsername: by.username, createdByName: by.name, createdAt,
    });
  const draft: AdminDraft = { db, hr, daysAgo, at, log };

  await insertDemoSchedules(db);
  await seedContractRenewals(db, org);
  const departmentPolicy = await seedDepartmentPolicy(draft, org, today);
  await seedTraineePolicies(draft, org);
  const leaver = await seedLeaver(draft, org);
  const { recent, unmapped } = await seedUnmappedCard(draft, opts.periods, today, holidays);
  if (opts.cardChange) await logCardChange(draft, opts.cardChange);
  logEmployeeEdits(draft, org, today);
  const onsite = await seedOnsiteRequests(db, { ...opts, holidays, hr, hrm, who, log, daysAgo });
  const errors = await seedConnectionErrors(draft, leaver, recent.at(-1));
  if (historyRows.length > 0) await db.insert(history).values(historyRows);

  return {
    schedules: DEMO_SCHEDULES.map((s) => s.code),
    departmentPolicy,
    terminated: leaver?.userName ?? null,
    cardChange: opts.cardChange ? { userName: opts.cardChange.employee.userName, on: opts.cardChange.on } : null,
    unmappedAccount: UNMAPPED_CARD,
    unmappedPunches: unmapped.length,
    onsiteRequests: onsite.requests,
    onsiteCredits: onsite.credits,
    history: historyRows.length,
    connectionErrors: errors,
    ms: Math.round(performance.now() - started),
  };
}

async function seedContractRenewals(db: DbOrTx, org: SeededOrg): Promise<void> {
  // Contract history of the staff on the other contract kinds (org.ts): the earlier terms of their renewed contract
  // back to their start, so the leave accrual sees them under contract all along.
  const renewals = org.employees
    .filter((e) => plainStaff(e) && ['C', 'COLLA', 'SEA', 'SEV', 'T', 'ANNEX'].includes(e.contractType) && e.numberOfYear)
    .flatMap((e) => {
      const months = Math.round(Number(e.numberOfYear) * 12);
      const terms: (typeof employeeContracts.$inferInsert)[] = [];
      for (let from = e.startWorkingDay; from <= e.contractStartDate && months > 0; from = plusMonths(from, months)) {
        terms.push({ employeeId: e.id, contractType: e.contractType, startDate: from, endDate: plusDays(plusMonths(from, months), -1) });
      }
      return terms;
    });
  if (renewals.length > 0) await db.insert(employeeContracts).values(renewals);
}

async function seedDepartmentPolicy(draft: AdminDraft, org: SeededOrg, today: string): Promise<AdministrationDemo['departmentPolicy']> {
  const { db, hr, at, log } = draft;
  // Department policy (spec 002 §2 Current Department Policy) of Cloud Infrastructure from 1 January: day-based HCM
  // with a looser allowance and one more explanation. Its flexible members keep their own open staff policy, which
  // wins over it (VIEW employee_policies); the others' staff policies end on 31 December (a joiner of this year has
  // none), so the department policy is theirs from then on.
  const yearStart = `${today.slice(0, 4)}-01-01`;
  const members = org.employees.filter((e) => e.departmentCode === POLICY_DEPARTMENT);
  const own = members.filter((e) => e.workScheduleType === 'FLEXIBLE');
  const follow = members.filter((e) => e.workScheduleType !== 'FLEXIBLE').map((e) => e.id);
  const policy = {
    workScheduleCode: 'HCM', ruleType: 'DAY', explanationNumber: 4, refundHoursPerExplanation: '1.5', explanationTimePerDays: 1, lackOfTimeAllowed: 20,
    otType: 'OT_FIXED', urlPolicy: `${POLICY_URL}/cloud-infrastructure`, applyDate: yearStart, expireDate: OPEN_END_DATE,
  };
  const [department] = await queryRows<{ id: number }>(db, sql`select id from departments where department_code = ${POLICY_DEPARTMENT}`);
  const policyCreated = at(plusDays(yearStart, -3), '10:00');
  const [depPolicy] = await db
    .insert(departmentPolicies)
    .values({ departmentId: department!.id, ...policy, createdBy: hr.userId, createdAt: policyCreated, updatedAt: policyCreated })
    .returning({ id: departmentPolicies.id });
  const depRecord = { department_id: department!.id, ...policyRecord(policy) };
  log(hr, policyCreated, {
    table: 'department_policies', recordId: depPolicy!.id, employeeId: null, action: 'CREATE',
    changes: Object.entries(depRecord).map(([field, newValue]) => ({ field, oldValue: null, newValue })),
    newRecord: { id: depPolicy!.id, ...depRecord },
  });
  if (follow.length > 0) {
    await db.execute(sql`update staff_policies set expire_date = ${yearStart}::date - 1 where employee_id = any(${ints(follow)}) and apply_date < ${yearStart}::date`);
    await db.execute(sql`delete from staff_policies where employee_id = any(${ints(follow)}) and apply_date >= ${yearStart}::date`);
  }
  return { departmentCode: POLICY_DEPARTMENT, applyDate: yearStart, members: members.length, ownPolicies: own.length };
}

async function seedTraineePolicies(draft: AdminDraft, org: SeededOrg): Promise<void> {
  const { db, hr, at, daysAgo, log } = draft;
  // Trainees (contract T) study on Wednesday afternoons: HCM_WED_HALF since their current contract began (the staff
  // policy before it ends the day before), as Job info history shows.
  const trainees = org.employees.filter((e) => plainStaff(e) && e.contractType === 'T' && e.workScheduleType === 'HCM');
  if (trainees.length > 0) {
    const ids = ints(trainees.map((e) => e.id));
    await db.execute(sql`delete from staff_policies sp using employees e where e.id = sp.employee_id and sp.employee_id = any(${ids}) and sp.apply_date >= e.contract_start_date`);
    await db.execute(sql`update staff_policies sp set expire_date = e.contract_start_date - 1 from employees e where e.id = sp.employee_id and sp.employee_id = any(${ids})`);
    const rows = trainees.map((e) => ({
      ...staffPolicyRow({ id: e.id, startWorkingDay: e.contractStartDate, workScheduleType: 'HCM' }, hr.userId),
      workScheduleCode: 'HCM_WED_HALF',
      urlPolicy: `${POLICY_URL}/trainees`,
    }));
    const inserted = await db.insert(staffPolicies).values(rows).returning({ id: staffPolicies.id, employeeId: staffPolicies.employeeId });
    for (const [i, r] of inserted.entries()) {
      const row = rows[i]!;
      const created = new Date(Math.min(at(row.applyDate, '09:00').getTime(), daysAgo(0, -60).getTime()));
      const record = policyRecord(row);
      log(hr, created, { table: 'staff_policies', recordId: r.id, employeeId: r.employeeId, action: 'CREATE', changes: Object.entries(record).map(([field, newValue]) => ({ field, oldValue: null, newValue })), newRecord: { id: r.id, employee_id: r.employeeId, ...record } });
    }
  }
}

async function seedLeaver(draft: AdminDraft, org: SeededOrg): Promise<SeededEmployee | undefined> {
  const { db, hr, at, log } = draft;
  // The leaver: no punches after the last working day; their mailbox is gone (a mail error below).
  const leaver = org.employees.find((e) => e.employeeStatus === 'Terminated' && e.lastWorkingDay);
  if (leaver) {
    const nextDay = plusDays(leaver.lastWorkingDay!, 1);
    await db.execute(sql`delete from punches where employee_id = ${leaver.id} and punched_at >= ${at(nextDay, '00:00').toISOString()}::timestamptz`);
    log(hr, at(plusDays(leaver.lastWorkingDay!, -7), '16:20'), {
      table: 'employees', recordId: leaver.id, employeeId: leaver.id, action: 'UPDATE',
      changes: [
        { field: 'employeeStatus', oldValue: 'Active', newValue: 'Terminated' },
        { field: 'last_working_day', oldValue: null, newValue: leaver.lastWorkingDay },
        { field: 'contract_end_date', oldValue: null, newValue: leaver.lastWorkingDay },
      ],
      newRecord: { id: leaver.id, user_name: leaver.userName, name: leaver.name, employeeStatus: 'Terminated', last_working_day: leaver.lastWorkingDay, contract_end_date: leaver.lastWorkingDay },
    });
  }
  return leaver;
}

async function seedUnmappedCard(draft: AdminDraft, periods: readonly PeriodPlan[], today: string, holidays: ReadonlySet<string>): Promise<{ recent: string[]; unmapped: string[] }> {
  const { db, at } = draft;
  // A new SPEEDGATE card nobody is mapped to: its punches of the last three working days are stored unmapped.
  const lock = periods.filter((p) => p.status === 4 || p.isLock).reduce((m, p) => (p.toDate > m ? p.toDate : m), '0000-00-00');
  const recent = workingDays(plusDays(lock, 1), plusDays(today, -1), holidays).slice(-3);
  const unmapped = recent.flatMap((d, i) => [at(d, `08:0${i}`), at(d, `17:4${i + 2}`)]).map((t) => t.toISOString());
  if (unmapped.length > 0) {
    await db.execute(sql`
      insert into punches (system, attendance_check_id, employee_id, punched_at)
      select 'SPEEDGATE', ${UNMAPPED_CARD}, null, t from unnest(cast(${`{${unmapped.join(',')}}`} as timestamptz[])) as t
      on conflict do nothing`);
  }
  return { recent, unmapped };
}

/** History of the card change: the old mapping closed, the new card mapped. */
async function logCardChange(draft: AdminDraft, cardChange: { employee: SeededEmployee; on: string }): Promise<void> {
  const { db, hr, at, log } = draft;
  const { employee, on } = cardChange;
  const configs = await queryRows<{ id: number; attendance_check_id: string; account_number: number; start_date: string; end_date: string }>(
    db,
    sql`select id, attendance_check_id, account_number, start_date::text, end_date::text from attendance_check_configs
         where employee_id = ${employee.id} and attendance_check_system = 'SPEEDGATE' order by start_date`,
  );
  const old = configs.find((c) => c.attendance_check_id === speedgateCardId(employee.index));
  const card = configs.find((c) => c.attendance_check_id === replacementCardId(employee.index));
  if (old && card) {
    const mapped = { employee_id: employee.id, attendance_check_system: 'SPEEDGATE', attendance_check_id: card.attendance_check_id, account_number: card.account_number, attendance_check_name: employee.name, position: employee.positionTitle, start_date: card.start_date, end_date: card.end_date };
    log(hr, at(on, '09:10'), { table: 'attendance_check_configs', recordId: old.id, employeeId: employee.id, action: 'UPDATE', changes: [{ field: 'end_date', oldValue: OPEN_END_DATE, newValue: old.end_date }], newRecord: { id: old.id, attendance_check_id: old.attendance_check_id, end_date: old.end_date } });
    log(hr, at(on, '09:12'), { table: 'attendance_check_configs', recordId: card.id, employeeId: employee.id, action: 'CREATE', changes: Object.entries(mapped).map(([field, newValue]) => ({ field, oldValue: null, newValue })), newRecord: { id: card.id, ...mapped } });
  }
}

/** History of a few edits of employee records by HR. */
function logEmployeeEdits(draft: AdminDraft, org: SeededOrg, today: string): void {
  const { hr, daysAgo, log } = draft;
  const edits: { pick: (e: SeededEmployee) => boolean; days: number; change: (e: SeededEmployee) => { field: string; oldValue: unknown; newValue: unknown } }[] = [
    { pick: (e) => e.positionTitle.startsWith('Senior '), days: 41, change: (e) => ({ field: 'positionTitle', oldValue: e.positionTitle.slice('Senior '.length), newValue: e.positionTitle }) },
    { pick: (e) => e.location === 'CGLOBALHN' && e.nationality === 'VNM', days: 23, change: (e) => ({ field: 'location', oldValue: 'CGLOBALHCM', newValue: e.location }) },
    { pick: (e) => e.personalEmail !== null && e.location === 'CGLOBALDN', days: 9, change: (e) => ({ field: 'personalEmail', oldValue: `${e.userName}@${DEMO_EMAIL_DOMAIN.replace('cglobal', 'oldmail')}`, newValue: e.personalEmail }) },
    { pick: (e) => e.subDepartment === 'Test Automation', days: 4, change: (e) => ({ field: 'sub_department', oldValue: 'Manual Testing', newValue: e.subDepartment }) },
  ];
  const edited: string[] = [];
  for (const edit of edits) {
    const e = org.employees.find((x) => plainStaff(x) && x.employeeStatus === 'Active' && x.startWorkingDay < plusDays(today, -120) && !edited.includes(x.userName) && edit.pick(x));
    if (!e) continue;
    edited.push(e.userName);
    const change = edit.change(e);
    log(hr, daysAgo(edit.days, 37), { table: 'employees', recordId: e.id, employeeId: e.id, action: 'UPDATE', changes: [change], newRecord: { id: e.id, user_name: e.userName, name: e.name, [change.field]: change.newValue } });
  }
}

/** Answers how many rows it wrote. */
async function seedConnectionErrors(draft: AdminDraft, leaver: SeededEmployee | undefined, lastUnmapped: string | undefined): Promise<number> {
  const { db, at, daysAgo } = draft;
  // Connection History (RULES.md §8): device punch API, HR-system import and mail delivery errors, newest last.
  const errors: (typeof connectionHistory.$inferInsert)[] = [
    { source: PUNCH_API_SOURCE, code: 'INVALID_KEY', errorDetails: 'Punch batch from 10.20.4.17 refused: unknown or inactive device key', dateTime: daysAgo(16, -311) },
    { source: 'hr-import', code: 'HRMS_SYNC_ERROR', errorDetails: 'Employee import from the HR system (SF4C): 2 of 152 rows refused — CG10171: unknown department code DX-OPS; CG10172: start working day missing', dateTime: daysAgo(6, -298) },
    ...(leaver
      ? [{ source: 'mail', code: 'EENVELOPE', errorDetails: `Mail to ${leaver.email}: 550 5.1.1 <${leaver.email}>: Recipient address rejected: User unknown in virtual mailbox table`, dateTime: daysAgo(2, -95) }]
      : []),
    ...(lastUnmapped
      ? [{ source: PUNCH_API_SOURCE, code: 'UNMAPPED_PUNCHES', errorDetails: `Device key #1 (SPEEDGATE): received 2, new 2, duplicate 0, unmapped 2 from 1 account (${UNMAPPED_CARD}), rejected 0`, dateTime: at(lastUnmapped, '17:45') }]
      : []),
  ];
  await db.insert(connectionHistory).values(errors);
  return errors.length;
}

type OnsitePlan = {
  title: string;
  projectCode: string;
  /** Indexes into the future working days: the first and the last day. */
  days: [number, number];
  type: 'FULL_DAY' | 'MORNING' | 'AFTERNOON' | 'OTHER';
  location: string;
  description: string;
  /** How many project members go (the creator lists only themselves when they are not HR). */
  staff: number;
  creator: 'hr' | 'member';
  /** Stage outcome: department 1/3/4, C&B 1/3/4; withdrawn marks status 5. */
  department: 1 | 3 | 4;
  cb: 1 | 3 | 4;
  withdrawn?: string;
  rejection?: string;
  cc: string[];
  createdDaysAgo: number;
};

/** Titles and stages a journey can rely on (report of issue 10). */
export const DEMO_ONSITE: readonly OnsitePlan[] = [
  { title: 'Atlas go-live rehearsal at Vietcombank Tower', projectCode: 'PRJ-ATLAS', days: [10, 12], type: 'FULL_DAY', location: 'Vietcombank Tower, 198 Trần Quang Khải, Hoàn Kiếm, Hà Nội', description: 'Dress rehearsal of the internet banking go-live with the client operations team.', staff: 2, creator: 'hr', department: 1, cb: 1, cc: ['gl'], createdDaysAgo: 2 },
  { title: 'Saigon Smart Parking sensor calibration', projectCode: 'PRJ-SAIGON', days: [11, 11], type: 'OTHER', location: 'Parking control centre, 45 Lê Duẩn, Quận 1, TP. Hồ Chí Minh', description: 'Afternoon calibration of the bay sensors with the vendor.', staff: 1, creator: 'member', department: 1, cb: 1, cc: [], createdDaysAgo: 1 },
  { title: 'Lotus payment gateway integration workshop', projectCode: 'PRJ-LOTUS', days: [14, 15], type: 'FULL_DAY', location: 'Lotus Retail HQ, 10 Tân Trào, Quận 7, TP. Hồ Chí Minh', description: 'Two-day workshop with the payment provider to finish the gateway integration.', staff: 1, creator: 'member', department: 3, cb: 1, cc: ['hrm'], createdDaysAgo: 5 },
  { title: 'Atlas UAT support at the client Hanoi office', projectCode: 'PRJ-ATLAS', days: [20, 22], type: 'FULL_DAY', location: 'Vietcombank Tower, 198 Trần Quang Khải, Hoàn Kiếm, Hà Nội', description: 'On-site support of the user acceptance test; defects fixed with the client testers.', staff: 2, creator: 'hr', department: 3, cb: 3, cc: ['gl', 'dl'], createdDaysAgo: 8 },
  { title: 'Sao Mai HIS ward training', projectCode: 'PRJ-SAOMAI', days: [25, 26], type: 'MORNING', location: 'Sao Mai General Hospital, 30 Nguyễn Văn Linh, Hải Châu, Đà Nẵng', description: 'Morning training sessions for the ward nurses before the go-live.', staff: 1, creator: 'member', department: 3, cb: 3, cc: [], createdDaysAgo: 7 },
  { title: 'Mekong warehouse scanner rollout', projectCode: 'PRJ-MEKONG', days: [17, 18], type: 'FULL_DAY', location: 'Mekong Logistics warehouse, KCN Trà Nóc, Bình Thủy, Cần Thơ', description: 'Install and test the handheld scanners at the central warehouse.', staff: 1, creator: 'member', department: 4, cb: 1, rejection: 'The client postponed the rollout to next quarter.', cc: [], createdDaysAgo: 6 },
  { title: 'Lotus data migration dry run', projectCode: 'PRJ-LOTUS', days: [30, 31], type: 'FULL_DAY', location: 'Lotus Retail HQ, 10 Tân Trào, Quận 7, TP. Hồ Chí Minh', description: 'Dry run of the product catalogue migration in the client data centre.', staff: 1, creator: 'member', department: 3, cb: 4, rejection: 'The travel budget of this quarter is used up; please join the trip of the following week.', cc: [], createdDaysAgo: 4 },
  { title: 'Ha Long ERP cut-over support', projectCode: 'PRJ-HALONG', days: [35, 36], type: 'FULL_DAY', location: 'Ha Long Shipyard head office, Bãi Cháy, Hạ Long, Quảng Ninh', description: 'Support of the finance team during the ERP cut-over weekend preparation.', staff: 1, creator: 'member', department: 1, cb: 1, withdrawn: 'The cut-over moved to next month; a new request will follow.', cc: [], createdDaysAgo: 3 },
];

const TIMES = { FULL_DAY: ['08:30', '17:30', '8.00'], MORNING: ['08:30', '12:00', '3.50'], AFTERNOON: ['13:00', '17:30', '4.50'], OTHER: ['13:30', '17:30', '4.00'] } as const;

type OnsiteContext = {
  org: SeededOrg;
  plan: OrgPlan;
  today: string;
  holidays: ReadonlySet<string>;
  hr: Author;
  hrm: Author;
  who: (userName: string) => Author;
  log: LogEntry;
  daysAgo: (days: number, minutes?: number) => Date;
};

/** One demo onsite request with who files and decides it, when, and its days. */
type BuiltOnsite = {
  o: OnsitePlan;
  staff: SeededEmployee[];
  creator: Author;
  approver: Author;
  cbBy: Author;
  created: Date;
  departmentAt: Date | null;
  cbAt: Date | null;
  status: number;
  from: string;
  to: string;
};

/**
 * Onsite requests in every stage (spec 002 §4: Department then C&B; db/schema/requests.ts). The Department
 * approver is the project's PM. Staff are members of the project outside Web Development (the demo journeys' own
 * requests stay alone on their days), day-based, each in one request only. Both stages approved → one approved ONSITE
 * request per staff member with its dates, as the C&B approval writes it.
 */
async function seedOnsiteRequests(db: DbOrTx, ctx: OnsiteContext): Promise<{ requests: number; credits: number }> {
  const { org, plan, hr, hrm, who, daysAgo } = ctx;
  const future = workingDays(plusDays(ctx.today, 1), plusDays(ctx.today, 90), ctx.holidays);
  const projectRows = await queryRows<{ id: number; code: string }>(db, sql`select id, project_code as code from projects`);
  const projectIds = new Map(projectRows.map((r) => [r.code, r.id]));
  const used = new Set<string>();
  const built = DEMO_ONSITE.flatMap((o): BuiltOnsite[] => {
    const project = plan.projects.find((p) => p.code === o.projectCode);
    if (!project || !projectIds.has(o.projectCode)) return [];
    const staff = project.memberUserNames
      .map((u) => org.byUserName.get(u)!)
      .filter((e) => e.departmentCode !== 'DX-WEB' && e.workScheduleType === 'HCM' && e.employeeStatus === 'Active' && !used.has(e.userName) && e.userName !== project.pmUserName)
      .slice(0, o.staff);
    if (staff.length === 0) return [];
    for (const s of staff) used.add(s.userName);
    const creator = o.creator === 'hr' ? hr : who(staff[0]!.userName);
    const approver = who(project.pmUserName);
    const cbBy = creator.userId === hr.userId ? hrm : hr;
    const created = daysAgo(o.createdDaysAgo, -120);
    const departmentAt = o.department === 1 ? null : daysAgo(o.createdDaysAgo - 1, -60);
    const cbAt = o.cb === 1 ? null : daysAgo(Math.max(o.createdDaysAgo - 2, 0), -180);
    const status = o.withdrawn ? 5 : o.department === 4 || o.cb === 4 ? 4 : o.cb === 3 ? 3 : 1;
    return [{ o, staff, creator, approver, cbBy, created, departmentAt, cbAt, status, from: future[o.days[0]]!, to: future[o.days[1]]! }];
  });
  if (built.length === 0) return { requests: 0, credits: 0 };

  const inserted = await db
    .insert(onsiteRequests)
    .values(
      built.map((b) => ({
        title: b.o.title, projectId: projectIds.get(b.o.projectCode)!, fromDate: b.from, toDate: b.to, onsiteType: b.o.type, location: b.o.location, description: b.o.description,
        status: b.status, statusDepartment: b.o.department, statusCb: b.o.cb, approverUserId: b.approver.userId,
        departmentDecidedBy: b.departmentAt ? b.approver.userId : null, departmentDecidedAt: b.departmentAt,
        cbDecidedBy: b.cbAt ? b.cbBy.userId : null, cbDecidedAt: b.cbAt,
        reasonsForRejection: b.o.rejection ?? null, withdrawReason: b.o.withdrawn ?? null, createdByUserId: b.creator.userId,
        createdAt: b.created, updatedAt: b.cbAt ?? b.departmentAt ?? b.created, version: 1 + (b.departmentAt ? 1 : 0) + (b.cbAt ? 1 : 0) + (b.o.withdrawn ? 1 : 0),
      })),
    )
    .returning({ id: onsiteRequests.id, title: onsiteRequests.title });
  const idOf = new Map(inserted.map((r) => [r.title, r.id]));

  const { credited, requestOf } = await insertOnsiteCredits(db, ctx, built, { idOf, projectIds });
  await db.insert(onsiteRequestStaff).values(
    built.flatMap((b) =>
      b.staff.map((s) => ({
        onsiteRequestId: idOf.get(b.o.title)!, employeeId: s.id, startTime: TIMES[b.o.type][0], endTime: TIMES[b.o.type][1], duration: TIMES[b.o.type][2],
        requestId: b.status === 3 ? (requestOf.get(`${s.id}@${b.from}`) ?? null) : null,
      })),
    ),
  );
  const cc = built.flatMap((b) => b.o.cc.map((u) => ({ onsiteRequestId: idOf.get(b.o.title)!, userId: who(u).userId })));
  if (cc.length) await db.insert(onsiteRequestCc).values(cc);

  logOnsiteHistory(ctx, built, { idOf, projectIds });
  await notifyOnsiteWaiting(db, ctx, built, idOf);
  return { requests: built.length, credits: credited.length };
}

/** The credit of the approved ones (both stages): one approved ONSITE request per staff member, a row per working day. */
async function insertOnsiteCredits(
  db: DbOrTx,
  ctx: OnsiteContext,
  built: readonly BuiltOnsite[],
  ids: { idOf: Map<string, number>; projectIds: Map<string, number> },
): Promise<{ credited: { id: number }[]; requestOf: Map<string, number> }> {
  const { log } = ctx;
  const { idOf, projectIds } = ids;
  const approved = built.filter((b) => b.status === 3).flatMap((b) => b.staff.map((s) => ({ b, s })));
  const days = (b: BuiltOnsite) => workingDays(b.from, b.to, ctx.holidays);
  const hoursPerDay = (t: OnsitePlan['type']) => (t === 'FULL_DAY' ? 8 : t === 'OTHER' ? Number(TIMES.OTHER[2]) : 4);
  const credited = approved.length
    ? await db
        .insert(requests)
        .values(
          approved.map(({ b, s }) => {
            const n = days(b).length;
            return {
              employeeId: s.id, requestType: 'ONSITE', reasonType: 'ONSITE', startDate: b.from, endDate: b.to,
              startShift: b.o.type === 'AFTERNOON' ? 'AFTERNOON' : 'MORNING', endShift: b.o.type === 'MORNING' ? 'MORNING' : 'AFTERNOON',
              quantityInHours: (n * hoursPerDay(b.o.type)).toFixed(4), quantityInMinutes: n * hoursPerDay(b.o.type) * 60,
              description: `Onsite #${idOf.get(b.o.title)!}: ${b.o.title}`,
              status: 3, assigneeUserId: b.approver.userId, originalAssigneeUserId: b.approver.userId, approvedByUserId: b.cbBy.userId,
              // The onsite request owns the credit: the special role, so the staff member cannot withdraw it alone.
              createdByUserId: b.creator.userId, createdByRole: ONSITE_CREDIT_ROLE, projectId: projectIds.get(b.o.projectCode)!,
              createdAt: b.cbAt!, updatedAt: b.cbAt!,
            };
          }),
        )
        .returning({ id: requests.id, employeeId: requests.employeeId, startDate: requests.startDate })
    : [];
  const requestOf = new Map(credited.map((r) => [`${r.employeeId}@${r.startDate}`, r.id]));
  const dateRows = approved.flatMap(({ b, s }) =>
    days(b).map((date) => {
      const requestId = requestOf.get(`${s.id}@${b.from}`)!;
      const hours = hoursPerDay(b.o.type).toFixed(4);
      if (b.o.type === 'OTHER') return { requestId, employeeId: s.id, date, minutes: Number(TIMES.OTHER[2]) * 60, startTime: TIMES.OTHER[0], endTime: TIMES.OTHER[1], hours };
      return { requestId, employeeId: s.id, date, shift: b.o.type, hours };
    }),
  );
  if (dateRows.length) await db.insert(requestDates).values(dateRows);
  for (const { b, s } of approved) {
    const requestId = requestOf.get(`${s.id}@${b.from}`)!;
    const dates = dateRows.filter((d) => d.requestId === requestId).map(({ requestId: _r, employeeId: _e, ...d }) => d);
    log(b.cbBy, b.cbAt!, {
      table: 'requests', recordId: requestId, employeeId: s.id, action: 'CREATE', changes: [{ field: 'status', oldValue: null, newValue: 3 }],
      newRecord: { request_type: 'ONSITE', reason_type: 'ONSITE', status: 3, onsite_request_id: idOf.get(b.o.title)!, start_date: b.from, end_date: b.to, request_dates: dates },
    });
  }

  return { credited, requestOf };
}

/**
 * History of each onsite request as modules/requests/onsite.service.ts writes it: its creation (the form's fields)
 * and every stage decision or withdrawal, about the creator.
 */
function logOnsiteHistory(ctx: OnsiteContext, built: readonly BuiltOnsite[], ids: { idOf: Map<string, number>; projectIds: Map<string, number> }): void {
  const { org, who, log, daysAgo } = ctx;
  const { idOf, projectIds } = ids;
  for (const b of built) {
    const id = idOf.get(b.o.title)!;
    const creatorEmployee = org.employees.find((e) => e.userId === b.creator.userId)?.id ?? null;
    const [start, end, duration] = TIMES[b.o.type];
    const record = {
      title: b.o.title, project_id: projectIds.get(b.o.projectCode)!, from_date: b.from, to_date: b.to, onsite_type: b.o.type, location: b.o.location,
      description: b.o.description, approver_user_id: b.approver.userId,
      staff: b.staff.map((s) => ({ employee_id: s.id, start_time: start, end_time: end, duration: Number(duration) })),
      cc: b.o.cc.map((u) => who(u).userId).sort((x, y) => x - y),
    };
    log(b.creator, b.created, {
      table: 'onsite_requests', recordId: id, employeeId: creatorEmployee, action: 'CREATE',
      changes: Object.entries(record).map(([field, newValue]) => ({ field, oldValue: null, newValue })),
      newRecord: { ...record, status: 1, status_department: 1, status_cb: 1 },
    });
    const decision = (by: Author, at: Date, field: 'status_department' | 'status_cb', to: number, statusBefore: number, statusAfter: number, version: number) =>
      log(by, at, {
        table: 'onsite_requests', recordId: id, employeeId: creatorEmployee, action: 'STATUS',
        changes: [
          { field, oldValue: 1, newValue: to },
          ...(statusAfter !== statusBefore ? [{ field: 'status', oldValue: statusBefore, newValue: statusAfter }] : []),
          ...(to === 4 ? [{ field: 'reasons_for_rejection', oldValue: null, newValue: b.o.rejection ?? null }] : []),
        ],
        newRecord: { id, [field]: to, status: statusAfter, version },
      });
    if (b.departmentAt) decision(b.approver, b.departmentAt, 'status_department', b.o.department, 1, b.o.department === 4 ? 4 : 1, 2);
    if (b.cbAt) decision(b.cbBy, b.cbAt, 'status_cb', b.o.cb, 1, b.status, 3);
    if (b.o.withdrawn) {
      log(b.creator, daysAgo(Math.max(b.o.createdDaysAgo - 1, 0), -30), {
        table: 'onsite_requests', recordId: id, employeeId: creatorEmployee, action: 'STATUS',
        changes: [{ field: 'status', oldValue: 1, newValue: 5 }, { field: 'withdraw_reason', oldValue: null, newValue: b.o.withdrawn }],
        newRecord: { id, status: 5, version: 2, credits_withdrawn: 0 },
      });
    }
  }
}

async function notifyOnsiteWaiting(db: DbOrTx, ctx: OnsiteContext, built: readonly BuiltOnsite[], idOf: Map<string, number>): Promise<void> {
  const { hr, hrm } = ctx;
  // Unread notifications of the stages still waiting (as the service tells them): the Department approver of each
  // pending request, HR and HRM of the one waiting on C&B.
  const waiting = built.flatMap((b) => {
    const id = idOf.get(b.o.title)!;
    const link = `${ONSITE_PAGE}?id=${id}`;
    if (b.status !== 1) return [];
    const item = { id, title: b.o.title };
    if (b.o.department === 1) {
      const text = notificationColumns({ text: { key: 'onsiteAssigned', params: { ...item, name: b.creator.name } } });
      return [{ userId: b.approver.userId, notificationType: 'ASSIGNED', ...text, link, notificationDate: b.created }];
    }
    const text = notificationColumns({ text: { key: 'onsiteAwaitsCb', params: item } });
    return [hr, hrm]
      .filter((u) => u.userId !== b.creator.userId)
      .map((u) => ({ userId: u.userId, notificationType: 'ASSIGNED', ...text, link, notificationDate: b.departmentAt ?? b.created }));
  });
  if (waiting.length > 0) await db.insert(notifications).values(waiting);

}

/**
 * Benefit & Perks of the employee record (spec 002 §3): the annual leave columns as the leave ledger has them once
 * the demo's leave is settled and its requests filed (prepare.ts) — `remain_annual_leave` the hours left on the annual
 * funds usable today, `total_annual_leave` the hours those funds were given, the financial year as the annual leave
 * period. Employee management moves the ledger by the difference of an edited remain (modules/employees), so the
 * column must start from the ledger's figure. One statement.
 */
export async function syncAnnualLeaveColumns(db: DbOrTx, today: string): Promise<void> {
  const year = today.slice(0, 4);
  await db.execute(sql`
    with funds as (
      select f.employee_id,
             coalesce(sum(l.amount), 0) as remain,
             coalesce(sum(l.amount) filter (where l.cause in (${sql.join(GRANTED_CAUSES.map((c) => sql`${c}`), sql`, `)})), 0) as total
        from leave_fund_rows f join leave_ledger l on l.fund_row_id = f.id
       where f.deleted_at is null and f.fund_type in (${sql.join(ANNUAL_FUND_TYPES.map((t) => sql`${t}`), sql`, `)})
         and f.apply_date <= ${today}::date and f.expire_date >= ${today}::date
       group by f.employee_id)
    update employees e
       set remain_annual_leave = round(coalesce(funds.remain, 0), 2),
           total_annual_leave = round(coalesce(funds.total, 0), 2),
           annual_leave_start_date = ${`${year}-01-01`}::date,
           annual_leave_end_date = ${`${year}-12-31`}::date
      from employees x left join funds on funds.employee_id = x.id
     where x.id = e.id`);
}
