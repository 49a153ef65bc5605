import { z } from 'zod';
import { envelope } from './schemas.ts';

/**
 * My Work (issue 26 §2): the home of what needs the signed-in user, one call per block. docs/my-work.md says what each
 * block counts. Dates travel as 'YYYY-MM-DD' (the web shows DD/MM/YYYY), instants as ISO strings.
 */
export const MY_WORK_BASE = '/tms/my-work';
export const MY_WORK_PATHS = {
  waiting: `${MY_WORK_BASE}/waiting`,
  waitingCount: `${MY_WORK_BASE}/waiting-count`,
  balances: `${MY_WORK_BASE}/balances`,
  today: `${MY_WORK_BASE}/today`,
  myRequests: `${MY_WORK_BASE}/my-requests`,
  toDo: `${MY_WORK_BASE}/to-do`,
  periodState: `${MY_WORK_BASE}/period-state`,
} as const;

/** At most this many waiting items are listed (oldest first); `total` counts them all. */
export const MY_WORK_WAITING_LIMIT = 50;
/** "Their requests of the last 30 days": created on or after today − 29. */
export const MY_WORK_RECENT_DAYS = 30;

/**
 * The kinds of item an approver decides, each through its own existing endpoint:
 * REQUEST (leave, work outside) and EXPLANATION / ABNORMAL_CASE (an explanation without / with an abnormal case) are
 * `requests` rows; FIXED_OT is one staff row of a fixed overtime request; FLEXIBLE_OT a flexible overtime request at
 * the PM's (index 0) or the manager's (index 3) decision; ONSITE an onsite request at its Department or C&B stage.
 */
export const MY_WORK_KINDS = ['REQUEST', 'EXPLANATION', 'ABNORMAL_CASE', 'FIXED_OT', 'FLEXIBLE_OT', 'ONSITE'] as const;
export type MyWorkKind = (typeof MY_WORK_KINDS)[number];
export const MY_WORK_STAGES = ['PM', 'MANAGER', 'DEPARTMENT', 'CB'] as const;
export type MyWorkStage = (typeof MY_WORK_STAGES)[number];

const personSchema = z.object({ id: z.number().int(), name: z.string(), user_name: z.string().nullable(), department_name: z.string().nullable() });

export const waitingItemSchema = z.object({
  /** Unique in the list: kind, id and (FIXED_OT) the staff row's employee. */
  key: z.string(),
  kind: z.enum(MY_WORK_KINDS),
  /** The id the kind's approve/reject endpoint takes: request, overtime request or onsite request. */
  id: z.number().int(),
  /** FIXED_OT: the staff row decided (the employee's id). */
  employee_id: z.number().int().nullable(),
  requester: personSchema,
  /** Reason type name (requests, explanations), title (overtime, onsite). */
  title: z.string(),
  from_date: z.string(),
  to_date: z.string(),
  /** Hours (leave, explanation, overtime) or days (project or birthday leave, onsite): see `unit`. */
  amount: z.number().nullable(),
  unit: z.enum(['HOURS', 'DAYS']).nullable(),
  /** A leave request's fund after this request: the figure its approval checks (the request form's balance), minus it. */
  balance_after: z.number().nullable(),
  stage: z.enum(MY_WORK_STAGES).nullable(),
  /** Issue 29: a request or explanation in an approval flow: the step the caller decides, of how many. */
  approval_step: z.object({ step: z.number().int(), count: z.number().int() }).nullable(),
  created_at: z.string(),
  version: z.number().int().nullable(),
});
export type WaitingItem = z.infer<typeof waitingItemSchema>;
export const waitingSchema = z.object({ total: z.number().int(), items: z.array(waitingItemSchema) });
export type Waiting = z.infer<typeof waitingSchema>;
export const waitingResponseSchema = envelope(waitingSchema);
export const waitingCountResponseSchema = envelope(z.object({ total: z.number().int() }));

export const myBalancesSchema = z.object({
  date: z.string(),
  /** Annual leave hours on the fund rows usable today, the advance usable ahead, and their sum (get-balance's figures). */
  annual_usable_hours: z.number(),
  annual_advance_hours: z.number(),
  annual_balance_hours: z.number(),
  offset_hours: z.number(),
  birthday_days: z.number(),
  project_leave_days: z.number(),
});
export type MyBalances = z.infer<typeof myBalancesSchema>;
export const myBalancesResponseSchema = envelope(myBalancesSchema.nullable());

export const myTodaySchema = z.object({
  date: z.string(),
  /** The work schedule in force today (null: none); `working` false on a day off or a public holiday. */
  schedule: z
    .object({ name: z.string(), start_time: z.string().nullable(), end_time: z.string().nullable(), working: z.boolean(), holiday: z.boolean() })
    .nullable(),
  /** Today's punches, 'HH:mm' company time, in order. */
  punches: z.array(z.string()),
});
export type MyToday = z.infer<typeof myTodaySchema>;
export const myTodayResponseSchema = envelope(myTodaySchema);

export const myRequestSchema = z.object({
  id: z.number().int(),
  is_explanation: z.boolean(),
  title: z.string(),
  from_date: z.string(),
  to_date: z.string(),
  /** The status shown (1 Pending, 3 Approved, 4 Rejected, 5 Withdrawn, 6 Delegated, 10 Expired). */
  status: z.number().int(),
  created_at: z.string(),
});
export type MyRequest = z.infer<typeof myRequestSchema>;
export const myRequestsResponseSchema = envelope(z.array(myRequestSchema));

export const toDoItemSchema = z.object({
  abnormal_case_id: z.number().int(),
  date: z.string(),
  /** The case's reason code (abnormal-case.ts reasons). */
  reason: z.string(),
  minute_violation: z.number().int(),
  /** When explanations of the case's period close (RULES.md §5), company time. */
  deadline_date: z.string(),
  deadline_hour: z.string(),
});
export type ToDoItem = z.infer<typeof toDoItemSchema>;
export const toDoResponseSchema = envelope(z.array(toDoItemSchema));

export const periodStateSchema = z.object({
  /** The period whose requests and explanations are still open (the earliest not past its closing), or null. */
  period: z
    .object({
      name: z.string(),
      from_date: z.string(),
      to_date: z.string(),
      status: z.number().int(),
      closing_date: z.string(),
      closing_hour: z.string(),
      /** Whole days from today to the closing date (0 on the day). */
      days_left: z.number().int(),
    })
    .nullable(),
  unexplained_cases: z.number().int(),
  pending_requests: z.number().int(),
  pending_by_department: z.array(z.object({ department_name: z.string().nullable(), pending: z.number().int() })),
});
export type PeriodState = z.infer<typeof periodStateSchema>;
export const periodStateResponseSchema = envelope(periodStateSchema);
