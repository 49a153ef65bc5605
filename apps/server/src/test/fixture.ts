import { hash } from '@node-rs/argon2';
import type { Role } from '@tms/contracts/roles';
import type { Db } from '../db/client.ts';
import { companies, departments, employees, holidayCalendars, projectMembers, projects } from '../db/schema/organisation.ts';
import { userRoles, users } from '../db/schema/identity.ts';
import { payrollPeriods } from '../db/schema/periods.ts';
import { eq } from 'drizzle-orm';

export const TEST_PASSWORD = 'Passw0rd!';

let passwordHash: Promise<string> | undefined;
/** One argon2id hash per process: every fixture user shares the demo password. */
export function testPasswordHash(): Promise<string> {
  passwordHash ??= hash(TEST_PASSWORD);
  return passwordHash;
}

export type Fixture = Awaited<ReturnType<typeof seedFixture>>;

/**
 * A small company for API tests, shaped like the demo company of RULES.md §2:
 * DIV1 (lead dl) → DEP1 (lead gl: staff, staff2, gl) and DEP2 (staff3); DIV2 → DEP3 (staff4, lead other).
 * pm manages project P1 with members staff and staff4. One user per role plus staff2..4 (STAFF).
 */
export async function seedFixture(db: Db) {
  const [company] = await db.insert(companies).values({ code: 'CGLOBAL', name: 'CGlobal' }).returning();
  await db.insert(holidayCalendars).values({ code: 'VNM_NPH', name: 'Vietnam public holidays' });
  const [div1, div2] = await db
    .insert(departments)
    .values([
      { companyId: company!.id, departmentCode: 'DIV1', name: 'Division One', nameEn: 'Division One', departmentType: 'Division' },
      { companyId: company!.id, departmentCode: 'DIV2', name: 'Division Two', nameEn: 'Division Two', departmentType: 'Division' },
    ])
    .returning();
  const [dep1, dep2, dep3] = await db
    .insert(departments)
    .values([
      { companyId: company!.id, departmentCode: 'DEP1', name: 'Department One', nameEn: 'Department One', departmentType: 'Department', parentId: div1!.id },
      { companyId: company!.id, departmentCode: 'DEP2', name: 'Department Two', nameEn: 'Department Two', departmentType: 'Department', parentId: div1!.id },
      { companyId: company!.id, departmentCode: 'DEP3', name: 'Department Three', nameEn: 'Department Three', departmentType: 'Department', parentId: div2!.id },
    ])
    .returning();

  const people: { username: string; name: string; dep: typeof dep1; roles: Role[] }[] = [
    { username: 'admin', name: 'An Admin', dep: dep2, roles: ['ADMIN'] },
    { username: 'hr', name: 'Hoa Human', dep: dep2, roles: ['HR'] },
    { username: 'hrm', name: 'Hung Manager', dep: dep2, roles: ['HRM'] },
    { username: 'dl', name: 'Dung Division', dep: dep2, roles: ['DULEAD', 'STAFF'] },
    { username: 'gl', name: 'Giang Group', dep: dep1, roles: ['GROUP_LEAD', 'STAFF'] },
    { username: 'pm', name: 'Phuong Project', dep: dep3, roles: ['STAFF'] },
    { username: 'staff', name: 'Son Staff', dep: dep1, roles: ['STAFF'] },
    { username: 'guest', name: 'Gia Guest', dep: dep3, roles: ['GUEST'] },
    { username: 'staff2', name: 'Sang Second', dep: dep1, roles: ['STAFF'] },
    { username: 'staff3', name: 'Sinh Third', dep: dep2, roles: ['STAFF'] },
    { username: 'staff4', name: 'Sau Fourth', dep: dep3, roles: ['STAFF'] },
    { username: 'other', name: 'Oanh Other Lead', dep: dep3, roles: ['DULEAD', 'GROUP_LEAD', 'STAFF'] },
  ];
  const passwordHashValue = await testPasswordHash();
  const employeeIds: Record<string, number> = {};
  const userIds: Record<string, number> = {};
  for (const p of people) {
    const [e] = await db
      .insert(employees)
      .values({
        name: p.name,
        email: `${p.username}@cglobal.test`,
        userName: p.username,
        companyId: company!.id,
        departmentId: p.dep!.id,
        divisionId: p.dep!.parentId!,
        startWorkingDay: '2020-01-06',
        seniorityDate: '2020-01-06',
        contractType: 'UNLIMTED',
        workScheduleType: 'HCM',
        location: 'CGLOBALHCM',
        sf4cId: `SF${p.username.toUpperCase()}`,
      })
      .returning();
    employeeIds[p.username] = e!.id;
    const [u] = await db.insert(users).values({ username: p.username, passwordHash: passwordHashValue, employeeId: e!.id }).returning();
    userIds[p.username] = u!.id;
    await db.insert(userRoles).values(p.roles.map((role) => ({ userId: u!.id, role })));
  }
  await db.update(departments).set({ leadEmployeeId: employeeIds.dl }).where(eq(departments.id, div1!.id));
  await db.update(departments).set({ leadEmployeeId: employeeIds.other }).where(eq(departments.id, div2!.id));
  await db.update(departments).set({ leadEmployeeId: employeeIds.gl }).where(eq(departments.id, dep1!.id));
  await db.update(departments).set({ leadEmployeeId: employeeIds.other }).where(eq(departments.id, dep3!.id));

  const [project] = await db.insert(projects).values({ projectCode: 'P1', projectName: 'Project One', pmEmployeeId: employeeIds.pm }).returning();
  await db.insert(projectMembers).values([
    { projectId: project!.id, employeeId: employeeIds.staff! },
    { projectId: project!.id, employeeId: employeeIds.staff4! },
  ]);

  return {
    companyId: company!.id,
    divisions: { div1: div1!.id, div2: div2!.id },
    departments: { dep1: dep1!.id, dep2: dep2!.id, dep3: dep3!.id },
    employeeIds,
    userIds,
    projectId: project!.id,
  };
}

/** An approved payroll period ending on `toDate` makes it the lock date (RULES.md §4). */
export async function approvePeriodEnding(db: Db, companyId: number, fromDate: string, toDate: string) {
  await db.insert(payrollPeriods).values({ companyId, name: `T${toDate.slice(5, 7)}-${toDate.slice(0, 4)}`, fromDate, toDate, workingDays: 20, status: 4 });
}

/**
 * An employee with a Vietnamese name (Đặng Văn Sơn, user sondv) in DEP1 / DIV1: the subject of the folded-search tests
 * (a search must match with and without diacritics). `extra` adds or overrides columns.
 */
export async function insertVietnameseEmployee(db: Db, fixture: Fixture, extra: Partial<typeof employees.$inferInsert> = {}) {
  const [row] = await db
    .insert(employees)
    .values({
      name: 'Đặng Văn Sơn',
      email: 'sondv@cglobal.test',
      userName: 'sondv',
      companyId: fixture.companyId,
      departmentId: fixture.departments.dep1,
      divisionId: fixture.divisions.div1,
      startWorkingDay: '2020-01-06',
      seniorityDate: '2020-01-06',
      contractType: 'UNLIMTED',
      workScheduleType: 'HCM',
      location: 'CGLOBALHCM',
      ...extra,
    })
    .returning({ id: employees.id });
  return row!.id;
}
