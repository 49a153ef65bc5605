import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 50 }).notNull().unique(),
  name: text('name').notNull(),
});

/** Divisions and departments in one table (`department_type` Division or Department); a department's parent is its division. */
export const departments = pgTable(
  'departments',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    departmentCode: varchar('department_code', { length: 50 }).notNull().unique(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    departmentType: varchar('department_type', { length: 20 }).$type<'Division' | 'Department'>().notNull(),
    parentId: integer('parent_id'),
    /** Group lead of a department, division lead of a division (RULES.md §2). */
    leadEmployeeId: integer('lead_employee_id'),
    status: varchar('status', { length: 20 }).notNull().default('Active'),
    /**
     * A listed sector (Decree 145/2020 Art. 61: textiles, electronics, …): its employees may work up to the yearly limit
     * of listed sectors (300 h) instead of 200 h (issue 27 §2, docs/overtime-limits.md).
     */
    otListedSector: boolean('ot_listed_sector').notNull().default(false),
  },
  (t) => [index('departments_parent_idx').on(t.parentId), index('departments_lead_idx').on(t.leadEmployeeId)],
);

/** Employee master data: every field of spec 002 §3 Employee. */
export const employees = pgTable(
  'employees',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    gender: varchar('gender', { length: 1 }).$type<'M' | 'F'>(),
    dateOfBirth: date('date_of_birth'),
    email: text('email').notNull(),
    personalEmail: text('personal_email'),
    userName: varchar('user_name', { length: 100 }).notNull(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    location: varchar('location', { length: 30 }),
    departmentId: integer('department_id').notNull().references(() => departments.id),
    divisionId: integer('division_id').notNull().references(() => departments.id),
    subDepartment: text('sub_department'),
    subDepartment2: text('sub_department_2'),
    employeeStatus: varchar('employee_status', { length: 20 }).$type<'Active' | 'Terminated'>().notNull().default('Active'),
    jobLevel: varchar('job_level', { length: 30 }),
    positionTitle: text('position_title'),
    nationality: varchar('nationality', { length: 10 }),
    workScheduleType: varchar('work_schedule_type', { length: 30 }),
    workScheduleApplyDate: date('work_schedule_apply_date'),
    sf4cId: varchar('sf4c_id', { length: 50 }),
    contractType: varchar('contract_type', { length: 20 }),
    numberOfYear: numeric('number_of_year', { precision: 6, scale: 2 }),
    contractStartDate: date('contract_start_date'),
    contractEndDate: date('contract_end_date'),
    startWorkingDay: date('start_working_day').notNull(),
    lastWorkingDay: date('last_working_day'),
    seniorityDate: date('seniority_date'),
    holidayCalendarCode: varchar('holiday_calendar_code', { length: 50 }).notNull().default('VNM_NPH'),
    totalAnnualLeave: numeric('total_annual_leave', { precision: 10, scale: 2 }).notNull().default('0'),
    remainAnnualLeave: numeric('remain_annual_leave', { precision: 10, scale: 2 }).notNull().default('0'),
    remainUnpaidLeave: numeric('remain_unpaid_leave', { precision: 10, scale: 2 }).notNull().default('0'),
    remainMaternityLeave: numeric('remain_maternity_leave', { precision: 10, scale: 2 }).notNull().default('0'),
    remainBirthdayLeave: numeric('remain_birthday_leave', { precision: 4, scale: 2 }).notNull().default('1'),
    remainOffsetLeave: numeric('remain_offset_leave', { precision: 10, scale: 2 }).notNull().default('0'),
    annualLeaveStartDate: date('annual_leave_start_date'),
    annualLeaveEndDate: date('annual_leave_end_date'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('employees_user_name_uq').on(sql`lower(${t.userName})`),
    index('employees_department_idx').on(t.departmentId),
    index('employees_division_idx').on(t.divisionId),
    index('employees_name_idx').on(t.name),
    // employees_company_name_idx (company_id, name, id) include (start_working_day, last_working_day) is in custom
    // migration 0008: Drizzle cannot declare INCLUDE. It lets a grid page skip to its offset by an index-only scan.
    // Remote staff search matches name, user name and sf4c id by substring (spec 000 §2 Filter bar).
    index('employees_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('employees_user_name_trgm_idx').using('gin', t.userName.op('gin_trgm_ops')),
    index('employees_sf4c_id_trgm_idx').using('gin', t.sf4cId.op('gin_trgm_ops')),
  ],
);

export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    projectCode: varchar('project_code', { length: 50 }).notNull().unique(),
    projectName: text('project_name').notNull(),
    pmEmployeeId: integer('pm_employee_id').references(() => employees.id),
    status: varchar('status', { length: 20 }).notNull().default('Active'),
    startDate: date('start_date'),
    endDate: date('end_date'),
  },
  (t) => [
    index('projects_pm_idx').on(t.pmEmployeeId),
    index('projects_name_trgm_idx').using('gin', t.projectName.op('gin_trgm_ops')),
    index('projects_code_trgm_idx').using('gin', t.projectCode.op('gin_trgm_ops')),
  ],
);

export const projectMembers = pgTable(
  'project_members',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull().references(() => projects.id),
    employeeId: integer('employee_id').notNull().references(() => employees.id),
    fromDate: date('from_date'),
    toDate: date('to_date'),
  },
  (t) => [uniqueIndex('project_members_uq').on(t.projectId, t.employeeId), index('project_members_employee_idx').on(t.employeeId)],
);

export const holidayCalendars = pgTable('holiday_calendars', {
  code: varchar('code', { length: 50 }).primaryKey(),
  name: text('name').notNull(),
});

export const holidays = pgTable(
  'holidays',
  {
    id: serial('id').primaryKey(),
    calendarCode: varchar('calendar_code', { length: 50 }).notNull().references(() => holidayCalendars.code),
    date: date('date').notNull(),
    /** The name in English (what the day engine shows as the day's holiday name). */
    name: text('name').notNull(),
    nameVi: text('name_vi').notNull().default(''),
    /** PUBLIC (Labour Code Art. 112.1), COMPENSATORY (Art. 112.3), COMPANY (the company's own day off); contracts HOLIDAY_KINDS. */
    kind: varchar('kind', { length: 20 }).notNull().default('PUBLIC'),
    note: text('note'),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('holidays_calendar_date_uq').on(t.calendarCode, t.date)],
);

/**
 * An employee's contracts over time (spec 000 §9 contract type codes; `P` probationary). The accrual engine reads
 * them to tell probationary from official periods. An employee without rows here has one contract: the master
 * record's contract_type from contract_start_date (or start_working_day) to contract_end_date.
 */
export const employeeContracts = pgTable(
  'employee_contracts',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id').notNull().references(() => employees.id),
    contractType: varchar('contract_type', { length: 20 }).notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('employee_contracts_employee_idx').on(t.employeeId, t.startDate)],
);
