import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { employees, projects } from './organisation.ts';

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
