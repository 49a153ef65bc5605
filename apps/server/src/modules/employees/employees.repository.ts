import { sql, type SQL } from 'drizzle-orm';
import type { EmployeeListQuery } from '@tms/contracts/employees';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { containsPattern, foldedContains, intArray, userRolesArray } from '../../db/sql-fragments.ts';
import { departmentName } from '../../lib/localized-name.ts';

/** The SQL of employee management (spec 002 §2, §7 Employees): every statement set-based. */

export const EMPLOYEES_TABLE = 'employees';
export const USERS_TABLE = 'users';

export type ListRow = {
  id: number;
  name: string;
  user_name: string;
  email: string;
  sf4c_id: string | null;
  gender: string | null;
  location: string | null;
  department_id: number;
  /** In the request's language, as the division's. */
  department_name: string | null;
  division_id: number;
  division_name: string | null;
  employee_status: string;
  job_level: string | null;
  contract_type: string | null;
  position_title: string | null;
  start_working_day: string;
  last_working_day: string | null;
  work_schedule_type: string | null;
  total: number;
};

const SORT_COLUMNS: Record<EmployeeListQuery['sortField'], SQL> = {
  id: sql`e.id`,
  name: sql`e.name`,
  user_name: sql`lower(e.user_name)`,
  start_working_day: sql`e.start_working_day`,
  sf4c_id: sql`e.sf4c_id`,
};

function listWhere(q: Omit<EmployeeListQuery, 'page' | 'size' | 'sort' | 'sortField'>): SQL[] {
  const where: SQL[] = [sql`true`];
  const keyword = q.keyword?.trim();
  if (keyword) {
    // Name, username and staff id through their folded trigram indexes (with and without Vietnamese diacritics), the
    // email by a case-insensitive contains. One id lookup per column, so each uses its own index: an OR over the
    // columns would compute tms_fold on every row instead (about a second for 10,000 employees on PGlite).
    const pattern = containsPattern(keyword);
    where.push(sql`e.id in (
      select id from employees where ${foldedContains(sql`name`, keyword)}
      union select id from employees where ${foldedContains(sql`user_name`, keyword)}
      union select id from employees where ${foldedContains(sql`sf4c_id`, keyword)}
      union select id from employees where lower(email) like lower(${pattern}))`);
  }
  if (q.divisionId && q.divisionId.length > 0) where.push(sql`e.division_id = any(${intArray(q.divisionId)})`);
  if (q.departmentId && q.departmentId.length > 0) where.push(sql`e.department_id = any(${intArray(q.departmentId)})`);
  if (q.employeeStatus) where.push(sql`e.employee_status = ${q.employeeStatus}`);
  if (q.location) where.push(sql`e.location = ${q.location}`);
  if (q.contractType) where.push(sql`e.contract_type = ${q.contractType}`);
  if (q.jobLevel) where.push(sql`e.job_level = ${q.jobLevel}`);
  return where;
}

/**
 * One page of employees with the total in one statement: the page's ids (and the count over the filtered rows) are
 * chosen first from `employees` alone, then only those rows are joined to their department and division.
 */
export async function listPage(db: DbOrTx, q: EmployeeListQuery): Promise<ListRow[]> {
  const dir = q.sort === 1 ? sql`asc` : sql`desc`;
  const order = q.sortField === 'id' ? sql`e.id ${dir}` : sql`${SORT_COLUMNS[q.sortField]} ${dir} nulls last, e.id ${dir}`;
  const pageOrder = q.sortField === 'id' ? sql`p.id ${dir}` : sql`p.sort_key ${dir} nulls last, p.id ${dir}`;
  return queryRows<ListRow>(
    db,
    sql`with p as (
          select e.id, ${SORT_COLUMNS[q.sortField]} as sort_key, count(*) over ()::int as total
            from employees e
           where ${sql.join(listWhere(q), sql` and `)}
           order by ${order}
           limit ${q.size} offset ${(q.page - 1) * q.size})
        select e.id, e.name, e.user_name, e.email, e.sf4c_id, e.gender, e.location,
               e.department_id, ${departmentName(sql`d`)} as department_name, e.division_id, ${departmentName(sql`v`)} as division_name,
               e.employee_status, e.job_level, e.contract_type, e.position_title,
               e.start_working_day::text as start_working_day, e.last_working_day::text as last_working_day,
               e.work_schedule_type, p.total
          from p
          join employees e on e.id = p.id
          left join departments d on d.id = e.department_id
          left join departments v on v.id = e.division_id
         order by ${pageOrder}`,
  );
}

/** The total when the page is past the end (no row carries it). */
export async function countRows(db: DbOrTx, q: EmployeeListQuery): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from employees e where ${sql.join(listWhere(q), sql` and `)}`);
  return row?.n ?? 0;
}

export type StoredEmployee = {
  id: number;
  version: number;
  name: string;
  gender: string | null;
  date_of_birth: string | null;
  email: string;
  personal_email: string | null;
  nationality: string | null;
  user_name: string;
  sf4c_id: string | null;
  company_id: number;
  company_code: string;
  company_name: string;
  location: string | null;
  department_id: number;
  department_code: string;
  /** In the request's language, as the division's. */
  department_name: string | null;
  division_id: number;
  division_name: string | null;
  sub_department: string | null;
  sub_department_2: string | null;
  position_title: string | null;
  job_level: string | null;
  employee_status: string;
  work_schedule_type: string | null;
  work_schedule_apply_date: string | null;
  holiday_calendar_code: string;
  contract_type: string | null;
  number_of_year: string | null;
  contract_start_date: string | null;
  contract_end_date: string | null;
  start_working_day: string;
  last_working_day: string | null;
  seniority_date: string | null;
  total_annual_leave: string;
  remain_annual_leave: string;
  remain_unpaid_leave: string;
  remain_maternity_leave: string;
  remain_birthday_leave: string;
  remain_offset_leave: string;
  annual_leave_start_date: string | null;
  annual_leave_end_date: string | null;
  user_id: number | null;
  account_username: string | null;
  account_disabled: boolean | null;
  roles: string[] | null;
};

const detail = () => sql`
  select e.id, e.version, e.name, e.gender, e.date_of_birth::text as date_of_birth, e.email, e.personal_email, e.nationality,
         e.user_name, e.sf4c_id, e.company_id, c.code as company_code, c.name as company_name, e.location,
         e.department_id, d.department_code, ${departmentName(sql`d`)} as department_name, e.division_id, ${departmentName(sql`v`)} as division_name,
         e.sub_department, e.sub_department_2, e.position_title, e.job_level, e.employee_status,
         e.work_schedule_type, e.work_schedule_apply_date::text as work_schedule_apply_date, e.holiday_calendar_code,
         e.contract_type, e.number_of_year::text as number_of_year, e.contract_start_date::text as contract_start_date,
         e.contract_end_date::text as contract_end_date, e.start_working_day::text as start_working_day,
         e.last_working_day::text as last_working_day, e.seniority_date::text as seniority_date,
         e.total_annual_leave::text as total_annual_leave, e.remain_annual_leave::text as remain_annual_leave,
         e.remain_unpaid_leave::text as remain_unpaid_leave, e.remain_maternity_leave::text as remain_maternity_leave,
         e.remain_birthday_leave::text as remain_birthday_leave, e.remain_offset_leave::text as remain_offset_leave,
         e.annual_leave_start_date::text as annual_leave_start_date, e.annual_leave_end_date::text as annual_leave_end_date,
         u.id as user_id, u.username as account_username, u.disabled as account_disabled,
         ${userRolesArray(sql`u.id`)} as roles
    from employees e
    join companies c on c.id = e.company_id
    left join departments d on d.id = e.department_id
    left join departments v on v.id = e.division_id
    left join lateral (select * from users uu where uu.employee_id = e.id order by uu.id limit 1) u on true`;

export async function findDetail(db: DbOrTx, id: number): Promise<StoredEmployee | undefined> {
  const [row] = await queryRows<StoredEmployee>(db, sql`${detail()} where e.id = ${id}`);
  return row;
}

/** Locks the employee row until the transaction ends (the lock mode the recalculation takes). */
export async function lockEmployee(tx: DbOrTx, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(tx, sql`select id from employees where id = ${id} for no key update`);
  return rows.length > 0;
}

export type DepartmentRef = { id: number; parent_id: number | null; company_id: number; department_type: string };

/** A department (not a division) by its code, with its division. */
export async function departmentByCode(db: DbOrTx, code: string): Promise<DepartmentRef | undefined> {
  const [row] = await queryRows<DepartmentRef>(
    db,
    sql`select id, parent_id, company_id, department_type from departments where department_code = ${code} and department_type = 'Department'`,
  );
  return row;
}

/** Is the user name in use by another employee or by a user account (any case)? */
export async function usernameTaken(db: DbOrTx, username: string, exceptEmployeeId: number | null): Promise<boolean> {
  const [row] = await queryRows<{ taken: boolean }>(
    db,
    sql`select exists (select 1 from employees where lower(user_name) = lower(${username}) and id is distinct from ${exceptEmployeeId})
            or exists (select 1 from users where lower(username) = lower(${username})
                         and employee_id is distinct from ${exceptEmployeeId}) as taken`,
  );
  return Boolean(row?.taken);
}

export type EmployeeValues = {
  name: string;
  gender: string | null;
  dateOfBirth: string | null;
  email: string;
  personalEmail: string | null;
  nationality: string | null;
  userName: string;
  sf4cId: string | null;
  companyId: number;
  location: string | null;
  departmentId: number;
  divisionId: number;
  subDepartment: string | null;
  subDepartment2: string | null;
  positionTitle: string | null;
  jobLevel: string | null;
  employeeStatus: string;
  workScheduleType: string | null;
  workScheduleApplyDate: string | null;
  holidayCalendarCode: string;
  contractType: string | null;
  numberOfYear: number | null;
  contractStartDate: string | null;
  contractEndDate: string | null;
  startWorkingDay: string;
  lastWorkingDay: string | null;
  seniorityDate: string | null;
  totalAnnualLeave: number;
  remainAnnualLeave: number;
  remainUnpaidLeave: number;
  remainMaternityLeave: number;
  remainBirthdayLeave: number;
  remainOffsetLeave: number;
  annualLeaveStartDate: string | null;
  annualLeaveEndDate: string | null;
};

const assignments = (v: EmployeeValues) => sql`
  name = ${v.name}, gender = ${v.gender}, date_of_birth = ${v.dateOfBirth}::date, email = ${v.email},
  personal_email = ${v.personalEmail}, nationality = ${v.nationality}, user_name = ${v.userName}, sf4c_id = ${v.sf4cId},
  company_id = ${v.companyId}, location = ${v.location}, department_id = ${v.departmentId}, division_id = ${v.divisionId},
  sub_department = ${v.subDepartment}, sub_department_2 = ${v.subDepartment2}, position_title = ${v.positionTitle},
  job_level = ${v.jobLevel}, employee_status = ${v.employeeStatus}, work_schedule_type = ${v.workScheduleType},
  work_schedule_apply_date = ${v.workScheduleApplyDate}::date, holiday_calendar_code = ${v.holidayCalendarCode},
  contract_type = ${v.contractType}, number_of_year = ${v.numberOfYear}, contract_start_date = ${v.contractStartDate}::date,
  contract_end_date = ${v.contractEndDate}::date, start_working_day = ${v.startWorkingDay}::date,
  last_working_day = ${v.lastWorkingDay}::date, seniority_date = ${v.seniorityDate}::date,
  total_annual_leave = ${v.totalAnnualLeave}, remain_annual_leave = ${v.remainAnnualLeave},
  remain_unpaid_leave = ${v.remainUnpaidLeave}, remain_maternity_leave = ${v.remainMaternityLeave},
  remain_birthday_leave = ${v.remainBirthdayLeave}, remain_offset_leave = ${v.remainOffsetLeave},
  annual_leave_start_date = ${v.annualLeaveStartDate}::date, annual_leave_end_date = ${v.annualLeaveEndDate}::date`;

/** Inserts the employee (defaults first, then every field) and answers its id. */
export async function insertEmployee(tx: DbOrTx, v: EmployeeValues): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into employees (name, email, user_name, company_id, department_id, division_id, start_working_day)
        values (${v.name}, ${v.email}, ${v.userName}, ${v.companyId}, ${v.departmentId}, ${v.divisionId}, ${v.startWorkingDay}::date)
        returning id`,
  );
  await tx.execute(sql`update employees set ${assignments(v)} where id = ${row!.id}`);
  return row!.id;
}

/** Writes every field when the row is still at `version`; answers the new version, undefined when stale. */
export async function updateEmployee(tx: DbOrTx, id: number, version: number, v: EmployeeValues): Promise<number | undefined> {
  const [row] = await queryRows<{ version: number }>(
    tx,
    sql`update employees set ${assignments(v)}, version = version + 1, updated_at = now()
         where id = ${id} and version = ${version} returning version`,
  );
  return row?.version;
}

export async function insertUser(tx: DbOrTx, u: { username: string; passwordHash: string; employeeId: number }): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into users (username, password_hash, employee_id) values (${u.username}, ${u.passwordHash}, ${u.employeeId}) returning id`,
  );
  return row!.id;
}

/** Replaces the user's roles. */
export async function setRoles(tx: DbOrTx, userId: number, roles: readonly string[]): Promise<void> {
  await tx.execute(sql`delete from user_roles where user_id = ${userId}`);
  if (roles.length === 0) return;
  await tx.execute(sql`insert into user_roles (user_id, role) select ${userId}, r from unnest(${`{${roles.join(',')}}`}::text[]) as r`);
}

export async function bumpUserVersion(tx: DbOrTx, userId: number): Promise<void> {
  await tx.execute(sql`update users set version = version + 1 where id = ${userId}`);
}

export type ContractHistoryRow = { id: number; contract_type: string; start_date: string; end_date: string | null };

/** The employee's contract history, oldest first, locked until the transaction ends (the form writes it). */
export async function contractHistory(tx: DbOrTx, employeeId: number): Promise<ContractHistoryRow[]> {
  return queryRows<ContractHistoryRow>(
    tx,
    sql`select id, contract_type, start_date::text as start_date, end_date::text as end_date
          from employee_contracts where employee_id = ${employeeId} order by start_date, id for update`,
  );
}

export async function insertContract(tx: DbOrTx, c: { employeeId: number; type: string; from: string; to: string | null }): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into employee_contracts (employee_id, contract_type, start_date, end_date) values (${c.employeeId}, ${c.type}, ${c.from}::date, ${c.to}::date) returning id`,
  );
  return row!.id;
}

/** Sets a contract's end date (null: open). */
export async function endContract(tx: DbOrTx, id: number, to: string | null): Promise<void> {
  await tx.execute(sql`update employee_contracts set end_date = ${to}::date where id = ${id}`);
}

export async function deleteContract(tx: DbOrTx, id: number): Promise<void> {
  await tx.execute(sql`delete from employee_contracts where id = ${id}`);
}
