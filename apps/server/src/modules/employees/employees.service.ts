import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  checkEmployee,
  EMPLOYEE_CONTRACT_TYPES,
  EMPLOYEE_MESSAGES as M,
  type CheckedEmployee,
  type EmployeeCreate,
  type EmployeeCreateResult,
  type EmployeeDetail,
  type EmployeeListQuery,
  type EmployeeRow,
  type EmployeeUpdate,
} from '@tms/contracts/employees';
import type { PageInfo } from '@tms/contracts/api';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { diffFields, recordHistories, type HistoryRecordEntry } from '../../lib/history.ts';
import { pageInfo } from '../../lib/page-answer.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { hashPassword } from '../auth/crypto.ts';
import { latestPeriodEnd } from '../payroll-periods/payroll-periods.service.ts';
import { queueRecalculation } from '../timesheet/recalc-queue.ts';
import { assignInitialPolicy } from '../work-schedules/initial-policy.ts';
import { syncContractHistory } from './contract-history.ts';
import { adjustRemainAnnualLeave } from './employees.leave.ts';
import * as repo from './employees.repository.ts';
import { queueEmployeeEvents } from './employees-webhook-events.ts';

/** The fields an employee's history entry lists (RULES.md §8; the Logs page shows old and new values). */
const HISTORY_FIELDS = [
  'name',
  'gender',
  'date_of_birth',
  'email',
  'personalEmail',
  'nationality',
  'user_name',
  'sf4c_id',
  'company_id',
  'location',
  'department',
  'division_id',
  'sub_department',
  'sub_department_2',
  'positionTitle',
  'jobLevel',
  'employeeStatus',
  'work_schedule_type',
  'work_schedule_apply_date',
  'holidayCalendarCode',
  'contract_type',
  'numberOfYear',
  'contract_start_date',
  'contract_end_date',
  'start_working_day',
  'last_working_day',
  'seniorityDate',
  'total_annual_leave',
  'remain_annual_leave',
  'remain_unpaid_leave',
  'remain_maternity_leave',
  'remain_birthday_leave',
  'remainOffsetLeave',
  'annualLeaveStartDate',
  'annualLeaveEndDate',
] as const;

const num = (v: string | null) => (v === null ? null : Number(v));
const contractName = (code: string | null) => EMPLOYEE_CONTRACT_TYPES.find((c) => c.value === code)?.label ?? null;
/** A department or division: `name` and `nameEn` both in the request's language (the web reads either, issue 25). */
const unit = (id: number, name: string | null) => (name === null ? null : { id, name, nameEn: name });
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const minDate = (...dates: (string | null | undefined)[]) => dates.filter((d): d is string => Boolean(d)).sort()[0];

/** The person fields the history record and the detail share (API field names). */
const personFields = (e: repo.StoredEmployee) => ({
  name: e.name,
  gender: e.gender,
  date_of_birth: e.date_of_birth,
  email: e.email,
  personalEmail: e.personal_email,
  nationality: e.nationality,
  user_name: e.user_name,
  sf4c_id: e.sf4c_id,
});

/** The job and leave fields the history record and the detail share (API field names, numbers as numbers). */
const jobAndLeaveFields = (e: repo.StoredEmployee) => ({
  sub_department: e.sub_department,
  sub_department_2: e.sub_department_2,
  positionTitle: e.position_title,
  jobLevel: e.job_level,
  employeeStatus: e.employee_status,
  work_schedule_type: e.work_schedule_type,
  work_schedule_apply_date: e.work_schedule_apply_date,
  holidayCalendarCode: e.holiday_calendar_code,
  contract_type: e.contract_type,
  numberOfYear: num(e.number_of_year),
  contract_start_date: e.contract_start_date,
  contract_end_date: e.contract_end_date,
  start_working_day: e.start_working_day,
  last_working_day: e.last_working_day,
  seniorityDate: e.seniority_date,
  total_annual_leave: Number(e.total_annual_leave),
  remain_annual_leave: Number(e.remain_annual_leave),
  remain_unpaid_leave: Number(e.remain_unpaid_leave),
  remain_maternity_leave: Number(e.remain_maternity_leave),
  remain_birthday_leave: Number(e.remain_birthday_leave),
  remainOffsetLeave: Number(e.remain_offset_leave),
  annualLeaveStartDate: e.annual_leave_start_date,
  annualLeaveEndDate: e.annual_leave_end_date,
});

/** The history record of an employee: API field names, numbers as numbers. */
function historyRecord(e: repo.StoredEmployee) {
  return {
    id: e.id,
    ...personFields(e),
    company_id: e.company_id,
    location: e.location,
    department: e.department_code,
    division_id: e.division_id,
    ...jobAndLeaveFields(e),
    version: e.version,
  };
}

export function toDetail(e: repo.StoredEmployee): EmployeeDetail {
  return {
    id: e.id,
    version: e.version,
    ...personFields(e),
    company: e.company_code,
    companyName: e.company_name,
    location: e.location,
    department: e.department_code,
    departmentId: e.department_id,
    divisionId: e.division_id,
    department_name: unit(e.department_id, e.department_name),
    division_name: unit(e.division_id, e.division_name),
    ...jobAndLeaveFields(e),
    contractTypeName: contractName(e.contract_type),
    account:
      e.user_id === null
        ? null
        : { userId: e.user_id, username: e.account_username ?? '', roles: e.roles ?? [], disabled: Boolean(e.account_disabled) },
  };
}

function values(c: CheckedEmployee, dep: repo.DepartmentRef, totalAnnualLeave: number): repo.EmployeeValues {
  return {
    name: c.name,
    gender: c.gender,
    dateOfBirth: c.date_of_birth,
    email: c.email,
    personalEmail: c.personalEmail,
    nationality: c.nationality,
    userName: c.user_name,
    sf4cId: c.sf4c_id,
    companyId: dep.company_id,
    location: c.location,
    departmentId: dep.id,
    divisionId: dep.parent_id ?? dep.id,
    subDepartment: c.sub_department,
    subDepartment2: c.sub_department_2,
    positionTitle: c.positionTitle,
    jobLevel: c.jobLevel,
    employeeStatus: c.employeeStatus,
    workScheduleType: c.work_schedule_type,
    workScheduleApplyDate: c.work_schedule_type ? (c.work_schedule_apply_date ?? c.start_working_day) : c.work_schedule_apply_date,
    holidayCalendarCode: c.holidayCalendarCode,
    contractType: c.contract_type,
    numberOfYear: c.numberOfYear,
    contractStartDate: c.contract_start_date,
    contractEndDate: c.contract_end_date,
    startWorkingDay: c.start_working_day,
    lastWorkingDay: c.last_working_day,
    seniorityDate: c.seniorityDate,
    totalAnnualLeave,
    remainAnnualLeave: c.remain_annual_leave,
    remainUnpaidLeave: c.remain_unpaid_leave,
    remainMaternityLeave: c.remain_maternity_leave,
    remainBirthdayLeave: c.remain_birthday_leave,
    remainOffsetLeave: c.remainOffsetLeave,
    annualLeaveStartDate: c.annualLeaveStartDate,
    annualLeaveEndDate: c.annualLeaveEndDate,
  };
}

/** A first password: 16 characters of base64url (96 random bits), at least 8 as RULES.md §2 asks. */
export const generatePassword = () => randomBytes(12).toString('base64url');

/** Only an ADMIN grants or removes the ADMIN role (issue 10). */
function checkAdminRole(user: SessionUser, before: readonly string[], after: readonly string[]) {
  if (before.includes('ADMIN') !== after.includes('ADMIN') && !user.roles.includes('ADMIN')) throw forbidden(M.adminRoleOnlyAdmin);
}

const userRecord = (userId: number, username: string, roles: readonly string[]) => ({ id: userId, username, roles: [...roles].sort() });

export type EmployeesDeps = { db: Db; clock: Clock; log?: FastifyBaseLogger };

export async function list({ db }: EmployeesDeps, q: EmployeeListQuery): Promise<{ data: EmployeeRow[]; page: PageInfo }> {
  const rows = await repo.listPage(db, q);
  const data = rows.map(
    (r): EmployeeRow => ({
      id: r.id,
      name: r.name,
      user_name: r.user_name,
      email: r.email,
      sf4c_id: r.sf4c_id,
      gender: r.gender,
      location: r.location,
      department_name: unit(r.department_id, r.department_name),
      division_name: unit(r.division_id, r.division_name),
      employeeStatus: r.employee_status,
      jobLevel: r.job_level,
      contract_type: r.contract_type,
      positionTitle: r.position_title,
      start_working_day: r.start_working_day,
      hired_date: r.start_working_day,
      last_working_day: r.last_working_day,
      work_schedule_type: r.work_schedule_type,
    }),
  );
  return { data, page: await pageInfo(q, rows, () => repo.countRows(db, q)) };
}

export async function detail({ db }: EmployeesDeps, id: number): Promise<EmployeeDetail> {
  const row = await repo.findDetail(db, id);
  if (!row) throw notFound(M.notFound);
  return toDetail(row);
}

/** Every rule of spec 002 §5 and the database's: a unique user name, an existing department (400 with all messages). */
async function checkAll(tx: DbOrTx, body: EmployeeCreate | EmployeeUpdate, exceptEmployeeId: number | null) {
  const checked = checkEmployee(body);
  const messages = checked.ok ? [] : [...checked.messages];
  let dep: repo.DepartmentRef | undefined;
  if (checked.ok) {
    dep = await repo.departmentByCode(tx, checked.value.department);
    if (!dep) messages.push(M.departmentNotFound);
    if (await repo.usernameTaken(tx, checked.value.user_name, exceptEmployeeId)) messages.push(M.usernameTaken(checked.value.user_name));
  }
  if (!checked.ok || messages.length > 0 || !dep) throw badRequest(messages[0]!, messages);
  return { value: checked.value, dep };
}

/** In the write's transaction: the days from `from` on are queued for recalculation (RULES.md §4). */
async function recalc({ clock }: EmployeesDeps, tx: DbOrTx, user: SessionUser, employeeId: number, companyId: number, from: string | undefined) {
  if (!from) return;
  const to = (await latestPeriodEnd(tx, { companyId })) ?? clock.today();
  if (from > to) return;
  await queueRecalculation(tx, { ranges: [{ employeeId, from, to }] }, { createdBy: user.userId });
}

/** spec 002 §7 create-employee: the employee, optionally a user account with roles, the first staff policy. */
export async function create(deps: EmployeesDeps, user: SessionUser, body: EmployeeCreate): Promise<EmployeeCreateResult> {
  const { db, clock } = deps;
  const roles = [...new Set(body.roles ?? [])];
  const withAccount = body.createAccount === true;
  if (withAccount) {
    if (roles.length === 0) throw badRequest(M.rolesRequired);
    checkAdminRole(user, [], roles);
  }
  const password = withAccount ? generatePassword() : null;
  const passwordHash = password ? await hashPassword(password) : null;
  const by = user;
  const created = await db.transaction(async (tx) => {
    const { value, dep } = await checkAll(tx, body, null);
    const id = await repo.insertEmployee(tx, values(value, dep, value.remain_annual_leave));
    const entries: HistoryRecordEntry[] = [];
    const stored = (await repo.findDetail(tx, id))!;
    const record = historyRecord(stored);
    entries.push({ tableName: repo.EMPLOYEES_TABLE, recordId: id, employeeId: id, action: 'CREATE', changes: diffFields(null, record, HISTORY_FIELDS), newRecord: record });
    // RULES.md §7: the form's contract is the contract history's from its start date (the leave accrual reads it).
    entries.push(...(await syncContractHistory(tx, id, null, stored)));
    let userId: number | null = null;
    if (passwordHash) {
      userId = await repo.insertUser(tx, { username: value.user_name, passwordHash, employeeId: id });
      await repo.setRoles(tx, userId, roles);
      const u = userRecord(userId, value.user_name, roles);
      entries.push({ tableName: repo.USERS_TABLE, recordId: userId, employeeId: id, action: 'CREATE', changes: diffFields(null, u, ['username', 'roles']), newRecord: u });
    }
    if (value.work_schedule_type) {
      const policy = await assignInitialPolicy(tx, {
        employeeId: id,
        workScheduleType: value.work_schedule_type,
        applyDate: value.work_schedule_apply_date ?? value.start_working_day,
        by,
      });
      if (!policy.ok) throw badRequest(M.workScheduleNotFound(value.work_schedule_type));
    }
    if (value.remain_annual_leave > 0) {
      const moved = await adjustRemainAnnualLeave(tx, { employeeId: id, hours: value.remain_annual_leave, today: clock.today(), byUserId: user.userId });
      if (!moved.ok) throw badRequest(moved.message);
    }
    await recordHistories(tx, entries, by);
    await recalc(deps, tx, user, id, dep.company_id, value.start_working_day);
    await queueEmployeeEvents(tx, id, { created: true }, toDetail);
    return { id, version: stored.version, username: userId === null ? null : value.user_name };
  });
  return { id: created.id, version: created.version, password, username: created.username };
}

/**
 * spec 002 §7 update-employee. The identity fields (user name, staff id, company) keep their stored values; a stale
 * version is 409. A changed remain annual leave posts the difference on the leave ledger and moves the total by it.
 * The days from a changed start or last working day on are queued for recalculation (RULES.md §4: no value
 * before the start or after the last working day).
 */
export async function update(deps: EmployeesDeps, user: SessionUser, body: EmployeeUpdate): Promise<{ id: number; version: number }> {
  const { db, clock } = deps;
  const done = await db.transaction(async (tx) => {
    if (!(await repo.lockEmployee(tx, body.id))) throw notFound(M.notFound);
    const before = (await repo.findDetail(tx, body.id))!;
    if (before.version !== body.version) throw conflict();
    const identity = { ...body, user_name: before.user_name, sf4c_id: before.sf4c_id };
    const { value, dep } = await checkAll(tx, identity, before.id);
    const oldRemain = Number(before.remain_annual_leave);
    const diff = Math.round((value.remain_annual_leave - oldRemain) * 100) / 100;
    if (diff !== 0) {
      const moved = await adjustRemainAnnualLeave(tx, { employeeId: before.id, hours: diff, today: clock.today(), byUserId: user.userId });
      if (!moved.ok) throw badRequest(moved.message);
    }
    const total = Math.round((Number(before.total_annual_leave) + diff) * 100) / 100;
    const v = values(value, dep, total);
    v.companyId = before.company_id;
    const version = await repo.updateEmployee(tx, before.id, body.version, v);
    if (version === undefined) throw conflict();
    const after = (await repo.findDetail(tx, before.id))!;
    const entries: HistoryRecordEntry[] = [];
    const changes = diffFields(historyRecord(before), historyRecord(after), HISTORY_FIELDS);
    if (changes.length > 0) {
      entries.push({ tableName: repo.EMPLOYEES_TABLE, recordId: before.id, employeeId: before.id, action: 'UPDATE', changes, newRecord: historyRecord(after) });
    }
    entries.push(...(await syncContractHistory(tx, before.id, before, after)));
    if (body.roles !== undefined && before.user_id !== null) {
      const oldRoles = [...(before.roles ?? [])].sort();
      const newRoles = [...new Set(body.roles)].sort();
      if (newRoles.length === 0) throw badRequest(M.rolesRequired);
      if (oldRoles.join() !== newRoles.join()) {
        checkAdminRole(user, oldRoles, newRoles);
        await repo.setRoles(tx, before.user_id, newRoles);
        await repo.bumpUserVersion(tx, before.user_id);
        const oldU = userRecord(before.user_id, before.account_username ?? '', oldRoles);
        const newU = userRecord(before.user_id, before.account_username ?? '', newRoles);
        entries.push({ tableName: repo.USERS_TABLE, recordId: before.user_id, employeeId: before.id, action: 'UPDATE', changes: diffFields(oldU, newU, ['roles']), newRecord: newU });
      }
    } else if (body.roles !== undefined && body.roles.length > 0 && before.user_id === null) {
      throw badRequest(M.noAccountForRoles);
    }
    await recordHistories(tx, entries, user);
    const from = minDate(
      before.start_working_day !== after.start_working_day ? minDate(before.start_working_day, after.start_working_day) : undefined,
      before.last_working_day !== after.last_working_day
        ? minDate(before.last_working_day && addDays(before.last_working_day, 1), after.last_working_day && addDays(after.last_working_day, 1))
        : undefined,
    );
    await recalc(deps, tx, user, after.id, after.company_id, from);
    await queueEmployeeEvents(tx, after.id, { lastWorkingDayBefore: before.last_working_day }, toDetail);
    return { id: after.id, version };
  });
  return done;
}
