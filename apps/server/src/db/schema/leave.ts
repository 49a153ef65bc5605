import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { employees, projects } from './organisation.ts';
import { storedFiles } from './platform.ts';

export const LEAVE_FUND_TYPES = [
  'default_leave',
  'seniority_leave',
  'prioritize_leave',
  'reserve_leave',
  'reserve_probationary_leave',
  'project_leave',
] as const;
export type LeaveFundType = (typeof LEAVE_FUND_TYPES)[number];

/**
 * One grant of leave (RULES.md §7): a bonus leave is a `prioritize_leave` row, a carryover a `reserve_leave` row,
 * project leave a `project_leave` row (in days). The amount granted lives in the ledger; `amount` mirrors the
 * current granted amount for display and validation. Removed rows keep their id (history, ledger) with `deleted_at`.
 */
export const leaveFundRows = pgTable(
  'leave_fund_rows',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id').notNull().references(() => employees.id),
    fundType: varchar('fund_type', { length: 40 }).$type<LeaveFundType>().notNull(),
    /** Hours, or days for project leave. */
    amount: numeric('amount', { precision: 10, scale: 3 }).notNull(),
    applyDate: date('apply_date').notNull(),
    expireDate: date('expire_date').notNull(),
    description: text('description'),
    financialYear: integer('financial_year'),
    projectId: integer('project_id').references(() => projects.id),
    /**
     * The accrual engine's stable key (`default:2026-11`, accrual-engine.ts) on the rows it owns; null on rows granted
     * by hand (bonus, carryover, project). One live row per employee and key, so a recompute never grants twice.
     */
    sourceKey: varchar('source_key', { length: 80 }),
    createdBy: integer('created_by'),
    modifiedBy: integer('modified_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('leave_fund_rows_type_employee_idx').on(t.fundType, t.employeeId),
    index('leave_fund_rows_type_apply_idx').on(t.fundType, t.applyDate),
    index('leave_fund_rows_type_expire_idx').on(t.fundType, t.expireDate),
    index('leave_fund_rows_type_created_idx').on(t.fundType, t.createdAt),
    index('leave_fund_rows_employee_expire_idx').on(t.employeeId, t.expireDate),
    index('leave_fund_rows_project_idx').on(t.projectId).where(sql`${t.projectId} is not null`),
    uniqueIndex('leave_fund_rows_source_key_uq').on(t.employeeId, t.sourceKey).where(sql`${t.sourceKey} is not null and ${t.deletedAt} is null`),
  ],
);

export const LEDGER_CAUSES = ['GRANT', 'ADJUST', 'REMOVE', 'USE', 'RETURN', 'EXPIRE', 'CARRYOVER'] as const;
export type LedgerCause = (typeof LEDGER_CAUSES)[number];

/**
 * Every movement of leave (RULES.md §7): + grant/adjust/return, − use/remove/expire. The balance of a fund row
 * is the sum of its entries; used hours are −Σ(USE) − Σ(RETURN).
 */
export const leaveLedger = pgTable(
  'leave_ledger',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id').notNull().references(() => employees.id),
    fundRowId: integer('fund_row_id').notNull().references(() => leaveFundRows.id),
    amount: numeric('amount', { precision: 10, scale: 3 }).notNull(),
    cause: varchar('cause', { length: 20 }).$type<LedgerCause>().notNull(),
    /** The request or record that caused the movement, e.g. `leave_request:42`. */
    causeRef: varchar('cause_ref', { length: 80 }),
    entryDate: date('entry_date').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('leave_ledger_fund_row_idx').on(t.fundRowId),
    index('leave_ledger_employee_idx').on(t.employeeId, t.entryDate),
    // A withdrawal finds the entries of its request by cause_ref (modules/leave returnLeave).
    index('leave_ledger_cause_ref_idx').on(t.causeRef).where(sql`${t.causeRef} is not null`),
  ],
);

/**
 * A general configuration of annual leave (spec 000 §3 "General configuration", RULES.md §7): the accrual rules in
 * force from `apply_date` to `expire_date`. Removed rows keep their id for history (`deleted_at`).
 */
export const leaveGeneralConfigs = pgTable(
  'leave_general_configs',
  {
    id: serial('id').primaryKey(),
    /** Extra hours a year per `seniority_leave_year` full years of seniority. */
    seniorityLeaveHour: numeric('seniority_leave_hour', { precision: 6, scale: 2 }).notNull(),
    seniorityLeaveYear: numeric('seniority_leave_year', { precision: 6, scale: 2 }).notNull(),
    /** Percent of a period's working days that must be paid for its accrual. */
    conditionalMonth: integer('conditional_month').notNull(),
    leaveHourInMonth: numeric('leave_hour_in_month', { precision: 6, scale: 2 }).notNull(),
    /** Payroll periods of future default accrual usable ahead. */
    advanceLeave: integer('advance_leave').notNull(),
    applyDate: date('apply_date').notNull(),
    expireDate: date('expire_date').notNull(),
    objectType: varchar('object_type', { length: 40 }),
    createdBy: integer('created_by'),
    modifiedBy: integer('modified_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('leave_general_configs_apply_idx').on(t.applyDate), index('leave_general_configs_expire_idx').on(t.expireDate)],
);

/**
 * Attachments of a fund row (project leave, spec 000 §5 Attachments). A link, not a copy: one upload granted to many
 * staff is stored once. An edit that drops a file removes its link; the file stays for the row's history.
 */
export const leaveFundRowFiles = pgTable(
  'leave_fund_row_files',
  {
    fundRowId: integer('fund_row_id').notNull().references(() => leaveFundRows.id),
    storedFileId: integer('stored_file_id').notNull().references(() => storedFiles.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'leave_fund_row_files_pk', columns: [t.fundRowId, t.storedFileId] }), index('leave_fund_row_files_file_idx').on(t.storedFileId)],
);
