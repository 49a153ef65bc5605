import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { employees } from './organisation.ts';

/**
 * One computed day per employee (RULES.md §4; the day engine's DayResult, docs/timesheet-engine.md), written by the
 * recalculation (modules/timesheet/recalculate.ts) only. Dates after today in the company zone are never stored.
 * No foreign keys: the rows are derived and rebuilt by every recalculation, employees are never deleted (they become
 * Terminated), and a per-row RI check would cost a full recalculation (about 300,000 rows a period) several seconds.
 */
export const timesheetDays = pgTable(
  'timesheet_days',
  {
    employeeId: integer('employee_id').notNull(),
    date: date('date').notNull(),
    /** The payroll period of the employee's company containing the date; null when no period covers it. */
    periodId: integer('period_id'),
    dayType: varchar('day_type', { length: 12 }).$type<'WORKING' | 'WEEKEND' | 'NON_WORKING' | 'HOLIDAY'>().notNull(),
    scheduleCode: varchar('schedule_code', { length: 200 }),
    mode: varchar('mode', { length: 4 }).$type<'DAY' | 'HOUR'>(),
    checkInAt: timestamp('check_in_at', { withTimezone: true }),
    checkOutAt: timestamp('check_out_at', { withTimezone: true }),
    /** Local 'HH:mm' of checkInAt / checkOutAt in the company zone. */
    checkIn: varchar('check_in', { length: 5 }),
    checkOut: varchar('check_out', { length: 5 }),
    /** Distinct punch minutes attributed to the day. */
    punchCount: smallint('punch_count').notNull().default(0),
    /**
     * The instants [punches_from, punches_to) whose punches belong to the day (RULES.md §4: its calendar day, moved by
     * the midpoint rule around a night shift). Every reader of "the punches of a day" reads them.
     */
    punchesFrom: timestamp('punches_from', { withTimezone: true }),
    punchesTo: timestamp('punches_to', { withTimezone: true }),
    /** Day-based shift credits: 'ATTENDANCE' | 'REQUEST' | 'HOLIDAY' | 'UNPAID' (unpaid leave: covered, worth 0) | null. */
    morningCredit: varchar('morning_credit', { length: 10 }),
    afternoonCredit: varchar('afternoon_credit', { length: 10 }),
    computedValue: numeric('computed_value', { precision: 4, scale: 2 }),
    /** The latest HR override when there is one (timesheet_overrides), else computed_value (RULES.md §4). */
    value: numeric('value', { precision: 4, scale: 2 }),
    overridden: boolean('overridden').notNull().default(false),
    lateMinutes: integer('late_minutes').notNull().default(0),
    earlyMinutes: integer('early_minutes').notNull().default(0),
    absentMinutes: integer('absent_minutes').notNull().default(0),
    workedMinutes: integer('worked_minutes').notNull().default(0),
    requestMinutes: integer('request_minutes').notNull().default(0),
    explanationRefundMinutes: integer('explanation_refund_minutes').notNull().default(0),
    /** Explanation-fund uses of this day (hour-based staff): the next recalculation's carry sums these. */
    explanationUses: smallint('explanation_uses').notNull().default(0),
    /**
     * Regular (not overtime) minutes worked between 22:00 and 06:00 inside the scheduled shifts (Labour Code 2019
     * Art. 98.2: a 30 % premium), docs/timesheet-engine.md "Night minutes".
     */
    nightMinutes: integer('night_minutes').notNull().default(0),
    isLateComing: boolean('is_late_coming').notNull().default(false),
    isEarlyLeaving: boolean('is_early_leaving').notNull().default(false),
    /** The engine's abnormal reason of the day ('1'..'6', 'FLEXIBLE_ABSENT'), whatever the case's explanation status. */
    abnormalReason: varchar('abnormal_reason', { length: 16 }),
    /** 'H' on a holiday, else the notation of the leave covering a shift ('P', 'P/2', 'KL'), else null. */
    notation: varchar('notation', { length: 20 }),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A 52-bit digest of the row as the recalculation last wrote it (`dayRowKey` in modules/timesheet/day-row.repository.ts):
     * a recalculation sends only the days whose new digest differs, so a rerun over unchanged data writes nothing.
     * Any other write of the row clears it (trigger `timesheet_days_forget_recalc_key`, migration 0032), so a row
     * changed by hand is always rewritten by the next recalculation. Null: not known, rewrite.
     */
    recalcKey: bigint('recalc_key', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ name: 'timesheet_days_pk', columns: [t.employeeId, t.date] }),
    // The grid reads a period as a date range: the primary key (employee, date) and (date, employee) serve it, so
    // there is no index on period_id (it cost 0.3–0.8 s on a full first write).
    index('timesheet_days_date_employee_idx').on(t.date, t.employeeId),
  ],
);

/**
 * HR cell, row and column edits (spec 001 §2.1 Modify, RULES.md §4): the latest row of an employee-day wins over the
 * computed value and survives recalculation; older rows stay as the cell's edit trail. `value` null clears the cell.
 */
export const timesheetOverrides = pgTable(
  'timesheet_overrides',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    date: date('date').notNull(),
    value: numeric('value', { precision: 4, scale: 2 }),
    /** The cell's shown value just before this edit (the hover card's old → new, RULES.md §4 both values in history). */
    oldValue: numeric('old_value', { precision: 4, scale: 2 }),
    comment: text('comment'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index('timesheet_overrides_employee_date_idx').on(t.employeeId, t.date, t.createdAt)],
);

/**
 * Abnormal cases (RULES.md §4, spec 001 §3 Abnormal case, §4.3): one per employee-day. The recalculation inserts new
 * ones, updates and removes unexplained ones (status 0); a case in an explanation flow is the flow's.
 * status: 0 Unexplained, 1 Pending approval, 3 Approved, 4 Rejected.
 */
export const abnormalCases = pgTable(
  'abnormal_cases',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    abnormalDate: date('abnormal_date').notNull(),
    /** '1' early leaving, '2' late coming, '3' part-day leave, '4' no check-in, '5' no check-out, '6' neither; 'FLEXIBLE_ABSENT'. */
    reason: varchar('reason', { length: 16 }).notNull(),
    /** Late + early minutes (day-based), absent minutes (hour-based). */
    minuteViolation: integer('minute_violation').notNull().default(0),
    checkIn: varchar('check_in', { length: 5 }),
    checkOut: varchar('check_out', { length: 5 }),
    /** 'HH:mm' span of the shifts left uncovered (day-based) or the schedule's window (hour-based). */
    startTime: varchar('start_time', { length: 5 }),
    endTime: varchar('end_time', { length: 5 }),
    status: integer('status').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('abnormal_cases_employee_date_uq').on(t.employeeId, t.abnormalDate), index('abnormal_cases_date_idx').on(t.abnormalDate)],
);
