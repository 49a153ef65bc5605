import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, serial, text, time, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { employees } from './organisation.ts';

/** Work schedule (spec 002 §3 Work schedule); per-weekday rows in work_schedule_days. */
export const workSchedules = pgTable('work_schedules', {
  id: serial('id').primaryKey(),
  workScheduleCode: varchar('work_schedule_code', { length: 200 }).notNull().unique(),
  workScheduleType: varchar('work_schedule_type', { length: 30 }).notNull(),
  workScheduleName: varchar('work_schedule_name', { length: 200 }).notNull(),
  workScheduleNameVi: varchar('work_schedule_name_vi', { length: 200 }),
  active: boolean('active').notNull().default(true),
  workStartTime: time('work_start_time').notNull(),
  workEndTime: time('work_end_time').notNull(),
  /** Minutes. */
  standardWorkingTime: integer('standard_working_time').notNull(),
  workingTime: integer('working_time').notNull(),
  breakTime: integer('break_time').notNull().default(60),
  lackOfTimeAllowed: integer('lack_of_time_allowed').notNull().default(0),
  workingTimeCalBreakTime: boolean('working_time_cal_break_time').notNull().default(false),
  version: integer('version').notNull().default(1),
});

export const workScheduleDays = pgTable(
  'work_schedule_days',
  {
    id: serial('id').primaryKey(),
    workScheduleId: integer('work_schedule_id').notNull().references(() => workSchedules.id, { onDelete: 'cascade' }),
    /** ISO weekday 1 = Monday … 7 = Sunday. */
    day: integer('day').notNull(),
    workingDay: boolean('working_day').notNull(),
    startTime: time('start_time'),
    endTime: time('end_time'),
    breakStart: time('break_start'),
    breakEnd: time('break_end'),
    /** Minutes. */
    workingTime: integer('working_time'),
    minimumWorkingTime: integer('minimum_working_time'),
    continuousWorkingTime: integer('continuous_working_time'),
    breakTime: integer('break_time'),
  },
  (t) => [uniqueIndex('work_schedule_days_uq').on(t.workScheduleId, t.day)],
);

/**
 * Staff policy / job info history (spec 002 §3 Staff policy, Job info): which schedule and explanation
 * rules apply to an employee between apply and expire dates.
 */
export const staffPolicies = pgTable(
  'staff_policies',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id').notNull().references(() => employees.id),
    workScheduleCode: varchar('work_schedule_code', { length: 200 }).notNull(),
    ruleType: varchar('rule_type', { length: 30 }).notNull(),
    explanationNumber: integer('explanation_number').notNull().default(0),
    refundHoursPerExplanation: numeric('refund_hours_per_explanation', { precision: 5, scale: 1 }).notNull().default('0'),
    explanationTimePerDays: integer('explanation_time_per_days').notNull().default(0),
    lackOfTimeAllowed: integer('lack_of_time_allowed').notNull().default(0),
    otType: varchar('ot_type', { length: 40 }).notNull(),
    urlPolicy: varchar('url_policy', { length: 1500 }),
    applyDate: date('apply_date').notNull(),
    expireDate: date('expire_date').notNull(),
    workStartTime: time('work_start_time'),
    workEndTime: time('work_end_time'),
    /** 'default_hrms' marks a record that came from the HR system (spec 002 §4). */
    isFrom: varchar('is_from', { length: 30 }),
    /** Self check-in (issue 28): OFF, LISTED_PLACES, ANY_PLACE or ANYWHERE, and the places LISTED_PLACES allows. */
    selfCheckInMode: varchar('self_check_in_mode', { length: 20 }).notNull().default('OFF'),
    selfCheckInPlaceIds: integer('self_check_in_place_ids').array().notNull().default(sql`'{}'::integer[]`),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('staff_policies_employee_dates_idx').on(t.employeeId, t.applyDate, t.expireDate)],
);

/** Maps an attendance-device account to an employee for a date range (spec 002 §3). */
export const attendanceCheckConfigs = pgTable(
  'attendance_check_configs',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id').notNull().references(() => employees.id),
    accountNumber: integer('account_number'),
    attendanceCheckId: varchar('attendance_check_id', { length: 100 }).notNull(),
    attendanceCheckSystem: varchar('attendance_check_system', { length: 30 }).notNull(),
    attendanceCheckName: text('attendance_check_name'),
    project: text('project'),
    position: text('position'),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('attendance_check_configs_lookup_idx').on(t.attendanceCheckSystem, t.attendanceCheckId, t.startDate),
    index('attendance_check_configs_employee_idx').on(t.employeeId),
  ],
);

/** Device keys per attendance-check system for the punch API (RULES.md §4). Only the hash is stored. */
export const deviceKeys = pgTable('device_keys', {
  id: serial('id').primaryKey(),
  system: varchar('system', { length: 30 }).notNull(),
  keyHash: varchar('key_hash', { length: 64 }).notNull().unique(),
  description: text('description'),
  active: boolean('active').notNull().default(true),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Refreshed at most once a minute by the punch API, so Admin can see which devices still send. */
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
});

/** Raw punches; the same (system, account, instant) is stored once. */
export const punches = pgTable(
  'punches',
  {
    id: serial('id').primaryKey(),
    system: varchar('system', { length: 30 }).notNull(),
    attendanceCheckId: varchar('attendance_check_id', { length: 100 }).notNull(),
    employeeId: integer('employee_id').references(() => employees.id),
    punchedAt: timestamp('punched_at', { withTimezone: true }).notNull(),
    source: varchar('source', { length: 20 }).notNull().default('device'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('punches_uq').on(t.system, t.attendanceCheckId, t.punchedAt),
    index('punches_employee_at_idx').on(t.employeeId, t.punchedAt),
  ],
);

