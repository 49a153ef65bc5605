import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, primaryKey, serial, smallint, text, time, timestamp, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { employees, projects } from './organisation.ts';
import { storedFiles } from './platform.ts';
import { abnormalCases } from './timesheet-days.ts';

/**
 * Reason types of requests (spec 001 §3 Lookups, §9 Reason codes): the create-request selections and the filters read
 * them. `effect` says what an approved request of the reason does:
 * - `ANNUAL` draws annual leave hours through the leave core; `PROJECT` project leave days; `OFFSET` offset leave
 *   hours; `BIRTHDAY` the birthday day; `NONE` covers the time without drawing a fund (paid or unpaid leave, work
 *   outside, onsite, explanation).
 * `covers` false: the request is recorded but does not credit the timesheet (none today; kept for unpaid reasons
 * that must show as absences).
 */
export const reasonTypes = pgTable('reason_types', {
  code: varchar('code', { length: 40 }).primaryKey(),
  /** LEAVE_REQUEST, EXPLANATION_REQUEST, WORK_OUTSIDE, ONSITE. */
  requestType: varchar('request_type', { length: 30 }).notNull(),
  /** TIME_OFF, EXPLANATION, ABSENCE. */
  requestCode: varchar('request_code', { length: 20 }).notNull(),
  nameEn: text('name_en').notNull(),
  nameVi: text('name_vi').notNull(),
  effect: varchar('effect', { length: 10 }).$type<'ANNUAL' | 'PROJECT' | 'OFFSET' | 'BIRTHDAY' | 'NONE'>().notNull().default('NONE'),
  /** Paid leave (reports: paid vs unpaid days). */
  paid: boolean('paid').notNull().default(true),
  /**
   * Social-insurance-covered leave (reports). Leave that is not `paid`, or is social insurance, covers its time but
   * credits no value to the day (RULES.md §4).
   */
  socialInsurance: boolean('social_insurance').notNull().default(false),
  /** The timesheet notation a day covered by this leave shows (RULES.md §4; a code of the notation table, e.g. 'P'). */
  notation: varchar('notation', { length: 20 }),
  requiresFile: boolean('requires_file').notNull().default(false),
  covers: boolean('covers').notNull().default(true),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * Requests (spec 001 §3 Request record; RULES.md §5): leave, explanation, work outside and onsite in one table.
 * status: 1 Pending, 3 Approved, 4 Rejected, 5 Withdrawn; Expired (10) is derived, never stored (a pending request
 * whose first date is on or before the lock date). An explanation (`is_explanation`) also uses 6 Delegated and keeps
 * the status it had before in `status_before_delegation` (spec 001 §4.4).
 * The days it covers are `request_dates` rows; the day engine reads the approved ones.
 */
export const requests = pgTable(
  'requests',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    requestType: varchar('request_type', { length: 30 }).notNull(),
    reasonType: varchar('reason_type', { length: 40 })
      .notNull()
      .references(() => reasonTypes.code),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    startShift: varchar('start_shift', { length: 10 }),
    endShift: varchar('end_shift', { length: 10 }),
    /** Σ hours over the request's dates (leave amount, RULES.md §5), 4 decimals. */
    quantityInHours: numeric('quantity_in_hours', { precision: 10, scale: 4 }).notNull().default('0'),
    quantityInMinutes: integer('quantity_in_minutes').notNull().default(0),
    description: text('description'),
    status: smallint('status').notNull().default(1),
    /** The user who approves or rejects now (RULES.md §5 resolution at creation, then update-assignee). */
    assigneeUserId: integer('assignee_user_id').references(() => users.id),
    /** The assignee chosen at creation: an explanation handed back to them regains its previous status (§4.4). */
    originalAssigneeUserId: integer('original_assignee_user_id').references(() => users.id),
    statusBeforeDelegation: smallint('status_before_delegation'),
    approvedByUserId: integer('approved_by_user_id').references(() => users.id),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    /** The creator's role when it decides a rule (spec 001 §4.2 "created by the special role"): e.g. 'HR'. */
    createdByRole: varchar('created_by_role', { length: 20 }),
    reasonsForRejection: text('reasons_for_rejection'),
    withdrawReason: text('withdraw_reason'),
    isExplanation: boolean('is_explanation').notNull().default(false),
    abnormalCaseId: integer('abnormal_case_id').references(() => abnormalCases.id),
    /** Explanation fields (spec 001 §3 Explanation). */
    title: text('title'),
    actual: text('actual'),
    reasonDetail: text('reason_detail'),
    absentType: varchar('absent_type', { length: 40 }),
    /** Hour-based explanation: the hours asked for (1 … standard hours); one use of the period's explanation fund. */
    explanationHours: numeric('explanation_hours', { precision: 6, scale: 2 }),
    projectId: integer('project_id').references(() => projects.id),
    leavingType: varchar('leaving_type', { length: 40 }),
    isFlexible: boolean('is_flexible').notNull().default(false),
    /**
     * An ONSITE request row belongs to one onsite record (Onsite Management): its staff member's row, written when the
     * record is filed and sharing its status; the onsite service decides that status (docs/onsite.md).
     */
    onsiteRequestId: integer('onsite_request_id').references((): AnyPgColumn => onsiteRequests.id),
    /**
     * Issue 29: the approval flow the request follows (its name kept, as the flow may be renamed), the step now
     * deciding (1-based) and the number of steps; all null for the single step of RULES.md §5. A flow with no step
     * approved the request automatically: `approval_step_count` 0.
     */
    approvalFlowId: integer('approval_flow_id'),
    approvalFlowName: varchar('approval_flow_name', { length: 200 }),
    approvalStep: smallint('approval_step'),
    approvalStepCount: smallint('approval_step_count'),
    /** A pending request at a ROLE step: anyone of this role but the requester may act (`assignee_user_id` is null). */
    assigneeRole: varchar('assignee_role', { length: 20 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('requests_flow_idx').on(t.approvalFlowId),
    index('requests_employee_date_idx').on(t.employeeId, t.startDate),
    index('requests_assignee_status_idx').on(t.assigneeUserId, t.status, t.startDate),
    // My Work and the lists find the requests at a ROLE step of an approval flow (few, and only while pending).
    index('requests_assignee_role_idx').on(t.assigneeRole, t.status).where(sql`assignee_role is not null`),
    index('requests_status_date_idx').on(t.status, t.startDate),
    // The request list's default order (created date, newest first, id breaking ties) read index-only: status and
    // first date are carried in the key, so the page's skip and its status filter (pending, expired by the lock
    // date) never visit the table (issue 23: 20 rows out of 40,000 in about 8 ms instead of 40).
    index('requests_created_id_idx').on(t.createdAt, t.id, t.status, t.startDate),
    index('requests_abnormal_idx').on(t.abnormalCaseId),
    index('requests_explanation_date_idx').on(t.isExplanation, t.startDate),
    index('requests_onsite_idx').on(t.onsiteRequestId),
  ],
);

/**
 * The days a request covers, one row per date (what the day engine reads, contracts `CoverageRequest`):
 * `shift` MORNING / AFTERNOON / FULL_DAY, or `minutes` for an hourly request (optionally placed by start/end time).
 * `hours` is what that date draws from a fund.
 */
export const requestDates = pgTable(
  'request_dates',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    date: date('date').notNull(),
    shift: varchar('shift', { length: 10 }),
    minutes: integer('minutes'),
    startTime: varchar('start_time', { length: 5 }),
    endTime: varchar('end_time', { length: 5 }),
    hours: numeric('hours', { precision: 10, scale: 4 }).notNull().default('0'),
    /** An hour-based explanation: uses of the period's explanation fund it asks for (engine `fundUses`). */
    fundUses: smallint('fund_uses'),
  },
  (t) => [index('request_dates_employee_date_idx').on(t.employeeId, t.date), index('request_dates_request_idx').on(t.requestId)],
);

/** CC list of a request (mail_cc): employees who get the mails. */
export const requestCc = pgTable(
  'request_cc',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
  },
  (t) => [primaryKey({ name: 'request_cc_pk', columns: [t.requestId, t.employeeId] })],
);

/** Attachments of a request (`/tms/request-management/{folder}/…`): links to stored files. */
export const requestFiles = pgTable(
  'request_files',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => requests.id),
    storedFileId: integer('stored_file_id')
      .notNull()
      .references(() => storedFiles.id),
    folder: varchar('folder', { length: 40 }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'request_files_pk', columns: [t.requestId, t.storedFileId] })],
);

/**
 * Special explanations (spec 001 §2.7, §3, §5.3): HR or HRM records time for staff (type = a reason code, time in
 * hours ≤ 24). It covers that many hours of the day for the day engine (as an approved explanation would).
 */
export const specialExplanations = pgTable(
  'special_explanations',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    date: date('date').notNull(),
    type: varchar('type', { length: 40 }).notNull(),
    requestType: varchar('request_type', { length: 30 }).notNull().default('EXPLANATION_REQUEST'),
    timeHours: numeric('time_hours', { precision: 5, scale: 2 }).notNull(),
    description: text('description'),
    ccEmployeeIds: integer('cc_employee_ids').array().notNull().default(sql`'{}'::int[]`),
    isFromSf4c: boolean('is_from_sf4c').notNull().default(false),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('special_explanations_employee_date_idx').on(t.employeeId, t.date), index('special_explanations_date_idx').on(t.date)],
);

// Onsite records live beside the requests: each staff member's ONSITE request row and the record link both ways
// (docs/onsite.md), and one file keeps the two foreign keys from making a cycle of schema files.

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
    /** At an approval flow's ROLE step: anyone of this role decides (the approver column is then null). */
    approverRole: varchar('approver_role', { length: 20 }),
    departmentDecidedBy: integer('department_decided_by').references(() => users.id),
    departmentDecidedAt: timestamp('department_decided_at', { withTimezone: true }),
    cbDecidedBy: integer('cb_decided_by').references(() => users.id),
    cbDecidedAt: timestamp('cb_decided_at', { withTimezone: true }),
    reasonsForRejection: text('reasons_for_rejection'),
    withdrawReason: text('withdraw_reason'),
    /**
     * Issue 29: the approval flow this item follows (its name kept), the step now deciding (1-based) and the number of
     * steps; all null for the single step of RULES.md §5 (docs/approval-flows.md).
     */
    approvalFlowId: integer('approval_flow_id'),
    approvalFlowName: varchar('approval_flow_name', { length: 200 }),
    approvalStep: smallint('approval_step'),
    approvalStepCount: smallint('approval_step_count'),
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
