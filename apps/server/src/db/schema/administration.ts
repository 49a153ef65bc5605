import { date, index, integer, numeric, pgTable, serial, smallint, text, time, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { departments, employees, projects } from './organisation.ts';
import { requests } from './requests.ts';

/**
 * Department policy (spec 002 §2 Current Department Policy): the schedule and explanation rules of every member of a
 * department between apply and expire dates. A member's own staff policy wins on the dates it covers; the view
 * `employee_policies` (migration 0014) merges both, so every reader of "the policy in force" reads that view.
 */
export const departmentPolicies = pgTable(
  'department_policies',
  {
    id: serial('id').primaryKey(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
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
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('department_policies_department_dates_idx').on(t.departmentId, t.applyDate, t.expireDate)],
);

/**
 * Onsite request (spec 002 §2 Onsite management, §3 Onsite request): a group of staff working at a client's site for a
 * range of dates, decided in two stages — Department (the project's PM, else the creator's approver), then C&B (HR).
 * Stage statuses: 1 Pending (P), 3 Approved (A), 4 Rejected (R); `status` is the request's own: 1 Pending, 3 Approved
 * (both stages), 4 Rejected (either stage), 5 Withdrawn. Each staff member has one ONSITE `requests` row (with its
 * `request_dates`), written when the record is filed and linked both ways (`requests.onsite_request_id`,
 * `onsite_request_staff.request_id`); it carries the record's status, so once both stages approve it credits the
 * timesheet like a work-outside request.
 */
export const onsiteRequests = pgTable(
  'onsite_requests',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 250 }).notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date').notNull(),
    /** FULL_DAY, MORNING, AFTERNOON, OTHER. */
    onsiteType: varchar('onsite_type', { length: 20 }).notNull(),
    location: text('location'),
    description: text('description'),
    status: smallint('status').notNull().default(1),
    statusDepartment: smallint('status_department').notNull().default(1),
    statusCb: smallint('status_cb').notNull().default(1),
    /** The Department-stage approver. */
    approverUserId: integer('approver_user_id').references(() => users.id),
    departmentDecidedBy: integer('department_decided_by').references(() => users.id),
    departmentDecidedAt: timestamp('department_decided_at', { withTimezone: true }),
    cbDecidedBy: integer('cb_decided_by').references(() => users.id),
    cbDecidedAt: timestamp('cb_decided_at', { withTimezone: true }),
    reasonsForRejection: text('reasons_for_rejection'),
    withdrawReason: text('withdraw_reason'),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('onsite_requests_from_idx').on(t.fromDate, t.id),
    index('onsite_requests_approver_idx').on(t.approverUserId, t.status),
    index('onsite_requests_project_idx').on(t.projectId),
  ],
);

/** The staff of an onsite request with their times; `request_id` is their ONSITE request row (Request Management). */
export const onsiteRequestStaff = pgTable(
  'onsite_request_staff',
  {
    id: serial('id').primaryKey(),
    onsiteRequestId: integer('onsite_request_id')
      .notNull()
      .references(() => onsiteRequests.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    /** Hours a day. */
    duration: numeric('duration', { precision: 4, scale: 2 }).notNull(),
    requestId: integer('request_id').references(() => requests.id),
  },
  (t) => [index('onsite_request_staff_request_idx').on(t.onsiteRequestId), index('onsite_request_staff_employee_idx').on(t.employeeId)],
);

/** CC list of an onsite request: users who get its mails. */
export const onsiteRequestCc = pgTable(
  'onsite_request_cc',
  {
    id: serial('id').primaryKey(),
    onsiteRequestId: integer('onsite_request_id')
      .notNull()
      .references(() => onsiteRequests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [index('onsite_request_cc_request_idx').on(t.onsiteRequestId)],
);
