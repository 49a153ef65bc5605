import { boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { employees, projects } from './organisation.ts';
import { storedFiles } from './platform.ts';

/**
 * Overtime requests (spec 001 §2.4, §3 Fixed/Flexible overtime request, §4.5, §4.6; RULES.md §6), both kinds:
 * - FIXED: one request for a team of staff on a project; each staff row is decided on its own (1 Pending, 3 Approved,
 *   4 Rejected, 5 Withdrawn, 6 Cancelled; Expired 10 is derived for a pending row whose date became locked).
 *   `status` stays null: the request-level tag is derived from the staff rows (spec 001 §4.5).
 * - FLEXIBLE: one requester (exactly one staff row), decided in stages; `status` is the index of RULES.md §6
 *   (0 Pending PM approval, 1 Approved by PM, 2 Rejected by PM, 3 Confirmed, 4 Rejected by manager, 5 Approved,
 *   6 Cancelled; 7 Expired is derived, never stored).
 * The OT window is `start_at` → `end_at` (instants; the end may fall on the next calendar day). `ot_date` is the
 * company-calendar day the window starts on.
 */
export const overtimeRequests = pgTable(
  'overtime_requests',
  {
    id: serial('id').primaryKey(),
    /** FIXED | FLEXIBLE. */
    kind: varchar('kind', { length: 10 }).$type<'FIXED' | 'FLEXIBLE'>().notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    otDate: date('ot_date').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    /** FIXED: the OT type (contracts FIXED_OT_TYPES); FLEXIBLE: the request type (contracts FLEXIBLE_OT_TYPES). */
    otType: varchar('ot_type', { length: 40 }).notNull(),
    /** The category of `ot_date` when filed (WORKDAY, DAY_OFF, HOLIDAY): what the list shows as the day type. */
    dateType: varchar('date_type', { length: 10 }).notNull(),
    description: text('description'),
    /** FORM (filed in the app) or IMPORT (Import Overtime: recorded as approved; an overwrite import replaces its own). */
    source: varchar('source', { length: 10 }).$type<'FORM' | 'IMPORT'>().notNull().default('FORM'),
    /** FLEXIBLE only (see above); null for FIXED. */
    status: smallint('status'),
    /** Approved hours go to the staff's offset leave instead of pay (RULES.md §6). */
    isOtPaidByOffsetDay: boolean('is_ot_paid_by_offset_day').notNull().default(false),
    /** Who acts now: FIXED the approver of every staff row (the project's PM, RULES.md §5); FLEXIBLE the PM at 0/1, the manager at 3. */
    assigneeUserId: integer('assignee_user_id').references(() => users.id),
    /** FLEXIBLE at an approval flow's ROLE step of the manager stage: anyone of this role decides (`assignee_user_id` null). */
    assigneeRole: varchar('assignee_role', { length: 20 }),
    /** FLEXIBLE: the PM stage (the project's PM when filed). */
    pmUserId: integer('pm_user_id').references(() => users.id),
    /** FLEXIBLE: the manager stage (the requester's approver, RULES.md §5). */
    managerUserId: integer('manager_user_id').references(() => users.id),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    rejectAllReason: text('reject_all_reason'),
    withdrawReason: text('withdraw_reason'),
    /** FLEXIBLE: the reason of the rejection at index 2 or 4. */
    reasonsForRejection: text('reasons_for_rejection'),
    /** FLEXIBLE: the reason of the cancellation at index 6. */
    reasonForCancellation: text('reason_for_cancellation'),
    confirmedByUserId: integer('confirmed_by_user_id').references(() => users.id),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('overtime_requests_kind_date_idx').on(t.kind, t.otDate, t.id),
    index('overtime_requests_project_date_idx').on(t.projectId, t.otDate),
    index('overtime_requests_assignee_idx').on(t.assigneeUserId, t.otDate),
    index('overtime_requests_creator_idx').on(t.createdByUserId, t.otDate),
    // The overtime limits (issue 27 §2) read every request of a month or year by date: the compliance report.
    index('overtime_requests_ot_date_idx').on(t.otDate, t.id),
  ],
);

/**
 * The staff of an overtime request (FLEXIBLE: exactly one, the requester), with the attendance the pay engine found:
 * `check_in`/`check_out` (first and last punch of the OT's day span), `total_time_actual` (hours inside the window,
 * break deducted) and `total_time_confirm` (what the PM confirmed, FLEXIBLE; null = not confirmed), and the hours
 * credited to offset leave when the request is paid by offset days.
 */
export const overtimeRequestStaff = pgTable(
  'overtime_request_staff',
  {
    id: serial('id').primaryKey(),
    overtimeRequestId: integer('overtime_request_id')
      .notNull()
      .references(() => overtimeRequests.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    /** FIXED: 1 Pending, 3 Approved, 4 Rejected, 5 Withdrawn, 6 Cancelled. FLEXIBLE: mirrors nothing (read the request). */
    status: smallint('status').notNull().default(1),
    approverUserId: integer('approver_user_id').references(() => users.id),
    /** At an approval flow's ROLE step: anyone of this role decides (the approver column is then null). */
    approverRole: varchar('approver_role', { length: 20 }),
    rejectReason: text('reject_reason'),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    checkIn: timestamp('check_in', { withTimezone: true }),
    checkOut: timestamp('check_out', { withTimezone: true }),
    totalTimeActual: numeric('total_time_actual', { precision: 6, scale: 2 }),
    totalTimeConfirm: numeric('total_time_confirm', { precision: 6, scale: 2 }),
    /** Hours posted to offset leave for this row so far (a recompute posts only the difference). */
    offsetHoursCredited: numeric('offset_hours_credited', { precision: 6, scale: 2 }).notNull().default('0'),
    payComputedAt: timestamp('pay_computed_at', { withTimezone: true }),
    /**
     * An HR or HRM approval over an overtime limit (issue 27 §2, docs/overtime-limits.md): the reason, who and when.
     * FLEXIBLE: on its one staff row. Null when the row was approved within the limits.
     */
    limitOverrideReason: text('limit_override_reason'),
    limitOverrideByUserId: integer('limit_override_by_user_id').references(() => users.id),
    limitOverrideAt: timestamp('limit_override_at', { withTimezone: true }),
    /**
     * Issue 29: the approval flow this item follows (its name kept), the step now deciding (1-based) and the number of
     * steps; all null for the single step of RULES.md §5 (docs/approval-flows.md).
     */
    approvalFlowId: integer('approval_flow_id'),
    approvalFlowName: varchar('approval_flow_name', { length: 200 }),
    approvalStep: smallint('approval_step'),
    approvalStepCount: smallint('approval_step_count'),
  },
  (t) => [
    uniqueIndex('overtime_request_staff_uq').on(t.overtimeRequestId, t.employeeId),
    index('overtime_request_staff_employee_idx').on(t.employeeId, t.overtimeRequestId),
    // My Work's waiting list reads the fixed rows an approver still has to decide (issue 26 §2).
    index('overtime_request_staff_approver_idx').on(t.approverUserId, t.status),
  ],
);

/**
 * The OT pay engine's stored output (RULES.md §6): per request, staff and shift — the shift is the coefficient key
 * (`workday`, `night_workday`, `night_workday_has_day_time`, `day_off`, `night_day_off`, `holiday`, `night_holiday`).
 * Hours to 2 decimals. `duration_confirm` (FLEXIBLE) is what the PM confirmed, never above the actual; the final hours
 * are the confirmed ones when set, else the actual. `pay_hours` = final × coefficient / 100 and `non_tax_hours` = final
 * × (coefficient − tax coefficient) / 100 with the coefficients of the last computation. Reports read these rows.
 */
export const overtimePayLines = pgTable(
  'overtime_pay_lines',
  {
    id: serial('id').primaryKey(),
    overtimeRequestId: integer('overtime_request_id')
      .notNull()
      .references(() => overtimeRequests.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    otDate: date('ot_date').notNull(),
    /** The calendar day of the shift's first minute (a window across midnight gives lines on two days). */
    workDate: date('work_date').notNull(),
    shift: varchar('shift', { length: 40 }).notNull(),
    /** WORKDAY, DAY_OFF, HOLIDAY. */
    dateType: varchar('date_type', { length: 10 }).notNull(),
    isNight: boolean('is_night').notNull(),
    checkInActual: timestamp('check_in_actual', { withTimezone: true }),
    checkOutActual: timestamp('check_out_actual', { withTimezone: true }),
    durationActual: numeric('duration_actual', { precision: 6, scale: 2 }).notNull(),
    durationConfirm: numeric('duration_confirm', { precision: 6, scale: 2 }),
    reason: text('reason'),
    coefficient: integer('coefficient').notNull(),
    taxCoefficient: integer('tax_coefficient').notNull(),
    payHours: numeric('pay_hours', { precision: 8, scale: 2 }).notNull(),
    nonTaxHours: numeric('non_tax_hours', { precision: 8, scale: 2 }).notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('overtime_pay_lines_uq').on(t.overtimeRequestId, t.employeeId, t.shift),
    index('overtime_pay_lines_employee_date_idx').on(t.employeeId, t.otDate),
    index('overtime_pay_lines_date_idx').on(t.otDate),
  ],
);

/** CC list of an overtime request (mail_cc / ccMailList): employees who get its mails. */
export const overtimeRequestCc = pgTable(
  'overtime_request_cc',
  {
    overtimeRequestId: integer('overtime_request_id')
      .notNull()
      .references(() => overtimeRequests.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
  },
  (t) => [primaryKey({ name: 'overtime_request_cc_pk', columns: [t.overtimeRequestId, t.employeeId] })],
);

/** Attachments of an overtime request: links to stored files under the name shown to users. */
export const overtimeRequestFiles = pgTable(
  'overtime_request_files',
  {
    overtimeRequestId: integer('overtime_request_id')
      .notNull()
      .references(() => overtimeRequests.id, { onDelete: 'cascade' }),
    storedFileId: integer('stored_file_id')
      .notNull()
      .references(() => storedFiles.id),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ name: 'overtime_request_files_pk', columns: [t.overtimeRequestId, t.storedFileId] })],
);

/** Comments on an overtime request (spec 001 §6: only the author edits or deletes one; a deleted one keeps its row). */
export const overtimeComments = pgTable(
  'overtime_comments',
  {
    id: serial('id').primaryKey(),
    overtimeRequestId: integer('overtime_request_id')
      .notNull()
      .references(() => overtimeRequests.id, { onDelete: 'cascade' }),
    /** The employee the comment is addressed to (path `{receiver_id}`), if any. */
    receiverEmployeeId: integer('receiver_employee_id').references(() => employees.id),
    authorUserId: integer('author_user_id')
      .notNull()
      .references(() => users.id),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('overtime_comments_request_idx').on(t.overtimeRequestId, t.id)],
);

/**
 * Payroll configuration tables (spec 002 §3 Payroll config table, §5, §7): `payroll_overtime` (seven coefficients and
 * six tax coefficients, percent, integers) and `bonus` (`Staff`, `Management`; lower case before migration 0022). `table_config` is the list of
 * `{ key, value }` the page edits. Defaults are inserted by the migration (RULES.md §6).
 */
export const payrollConfigTables = pgTable('payroll_config_tables', {
  id: serial('id').primaryKey(),
  tableCode: varchar('table_code', { length: 40 }).notNull().unique(),
  tableConfig: jsonb('table_config').$type<{ key: string; value: number }[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedByUserId: integer('updated_by_user_id').references(() => users.id),
  version: integer('version').notNull().default(1),
});
