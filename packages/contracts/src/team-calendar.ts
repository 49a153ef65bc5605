import { z } from 'zod';
import { isIsoDateText, MESSAGES_COMMON } from './api.ts';
import { envelope, idParamSchema, pageInfoSchema, pagingShape, safeText, successMessageKey } from './schemas.ts';
import type { Actor } from './roles.ts';

/**
 * Team Calendar (issue 30 §1, docs/team-calendar.md): who of the people a user may see is away on each day of a range
 * and why — approved and pending leave, work outside and onsite, the holidays of each person's calendar and, for past
 * days and only where the viewer may see it, the day's attendance state. Plus the count of the requester's department
 * already away on some dates (the Create Request modal's hint).
 */
export const TEAM_CALENDAR_PATHS = {
  calendar: '/tms/team-calendar',
  awayCount: '/tms/team-calendar/away-count',
} as const;

/** Every signed-in role; the rows are scoped in SQL (a GUEST sees only the owners of requests assigned to them). */
export const TEAM_CALENDAR_READERS = ['STAFF', 'GROUP_LEAD', 'DULEAD', 'HR', 'HRM', 'ADMIN', 'GUEST', 'PM'] as const satisfies readonly Actor[];

/** The longest range one answer covers: a month view plus its edges, two months at most. */
export const TEAM_CALENDAR_MAX_DAYS = 62;
/** People per page: a page of the month view; the largest page answers a department of 500 at once. */
export const TEAM_CALENDAR_PAGE_SIZE = 50;

export const TEAM_CALENDAR_MESSAGES = {
  success: 'Success',
  invalidDate: MESSAGES_COMMON.invalidDate,
  rangeOrder: 'The first day must be on or before the last day',
  rangeTooLong: 'The date range can cover at most 62 days',
  employeeNotFound: 'Employee not found',
} as const;
const M = TEAM_CALENDAR_MESSAGES;

/** The kinds of request a cell shows (explanations are about attendance, not absence, and are not shown). */
export const TEAM_CALENDAR_REQUEST_TYPES = ['LEAVE_REQUEST', 'WORK_OUTSIDE', 'ONSITE'] as const;
export type TeamCalendarRequestType = (typeof TEAM_CALENDAR_REQUEST_TYPES)[number];
/** A past working day's attendance as the stored timesheet day says it. */
export const ATTENDANCE_STATES = ['PRESENT', 'LATE', 'ABSENT'] as const;
export type AttendanceState = (typeof ATTENDANCE_STATES)[number];
/** The code of each state in a person's `attendance` text. */
export const ATTENDANCE_CODES: Record<string, AttendanceState> = { P: 'PRESENT', L: 'LATE', A: 'ABSENT' };

/**
 * A person's `attendance` text read into the state of each day: index i is the i-th day of the range from `from`,
 * undefined where the day has no state. The text is three characters a day with a state, in no particular order:
 * the day's offset in the range as two digits, then its code ('03L' = the fourth day, late).
 */
export function attendanceStates(attendance: string): (AttendanceState | undefined)[] {
  const states: (AttendanceState | undefined)[] = [];
  for (let i = 0; i + 2 < attendance.length; i += 3) {
    const state = ATTENDANCE_CODES[attendance.charAt(i + 2)];
    if (state) states[Number(attendance.slice(i, i + 2))] = state;
  }
  return states;
}

const isoDate = safeText(M.invalidDate)
  .trim()
  .refine((s) => isIsoDateText(s), M.invalidDate);
const optionalId = idParamSchema().optional();

// GET /tms/team-calendar?from&to&division_id&department_id&project_id&reason_type&keyword&page&size
export const teamCalendarQuerySchema = z.object({
  from: isoDate,
  to: isoDate,
  division_id: optionalId,
  department_id: optionalId,
  project_id: optionalId,
  reason_type: safeText().trim().max(40).optional(),
  keyword: safeText().trim().max(100).optional(),
  ...pagingShape(TEAM_CALENDAR_PAGE_SIZE),
});
export type TeamCalendarQuery = z.infer<typeof teamCalendarQuerySchema>;

/** A request's part of one day: a shift, or for an hourly request its minutes and maybe its times. Keys without a value are left out. */
export const teamCalendarDaySchema = z.object({
  date: z.string(),
  /** MORNING / AFTERNOON / FULL_DAY; absent for an hourly request (then `minutes`, and maybe its times). */
  shift: z.string().optional(),
  hours: z.number(),
  minutes: z.number().int().optional(),
  start_time: z.string().optional(),
  end_time: z.string().optional(),
});
export type TeamCalendarDay = z.infer<typeof teamCalendarDaySchema>;

/** A request of a person with its days in the range (a request's fields are sent once, not once a day). */
export const teamCalendarRequestSchema = z.object({
  request_id: z.number().int(),
  request_type: z.enum(TEAM_CALENDAR_REQUEST_TYPES),
  reason_type: z.string(),
  /** In the reader's language. */
  reason_name: z.string(),
  status: z.number().int(),
  days: z.array(teamCalendarDaySchema),
});
export type TeamCalendarRequest = z.infer<typeof teamCalendarRequestSchema>;

/** One request on one day: what a calendar cell lists. */
export type TeamCalendarEntry = Omit<TeamCalendarRequest, 'days'> & TeamCalendarDay;

/** A person's requests as entries, one per request and day. */
export function entriesOf(requests: readonly TeamCalendarRequest[]): TeamCalendarEntry[] {
  return requests.flatMap(({ days, ...request }) => days.map((day) => ({ ...request, ...day })));
}

export const teamCalendarPersonSchema = z.object({
  employee_id: z.number().int(),
  name: z.string(),
  user_name: z.string(),
  /** Its name is in the answer's `departments` (sent once, not once a person). */
  department_id: z.number().int(),
  holiday_calendar: z.string(),
  /** Whether the viewer may see this person's attendance (their own; leads and HR in their scope). */
  attendance_visible: z.boolean(),
  /** Approved and pending leave, work outside and onsite with a day in the range, by their first day. */
  requests: z.array(teamCalendarRequestSchema),
  /**
   * The states of past working days, three characters each in no particular order: the day's offset from `from` as
   * two digits, then P present, L late or A absent ('03L'; `attendanceStates` reads it). Days without an item have no
   * state (today and later days, days off, days wholly on leave). Empty when `attendance_visible` is false or no past
   * day is stored.
   */
  attendance: z.string(),
});
export type TeamCalendarPerson = z.infer<typeof teamCalendarPersonSchema>;

export const teamCalendarHolidaySchema = z.object({ calendar: z.string(), date: z.string(), name: z.string() });
export type TeamCalendarHoliday = z.infer<typeof teamCalendarHolidaySchema>;

export const teamCalendarDataSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The company's today: days before it are past (attendance), days after it future. */
  today: z.string(),
  people: z.array(teamCalendarPersonSchema),
  /** The departments of the page's people, in the reader's language. */
  departments: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The holidays of the page's people's calendars in the range (a person's are those of `holiday_calendar`). */
  holidays: z.array(teamCalendarHolidaySchema),
});
export type TeamCalendarData = z.infer<typeof teamCalendarDataSchema>;
export const teamCalendarResponseSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  ...successMessageKey,
  data: teamCalendarDataSchema,
  page: pageInfoSchema,
});
export type TeamCalendarResponse = z.infer<typeof teamCalendarResponseSchema>;

// GET /tms/team-calendar/away-count?from&to&employee_id
export const awayCountQuerySchema = z.object({ from: isoDate, to: isoDate, employee_id: optionalId });
export const awayCountDataSchema = z.object({
  /** Others of the requester's department with approved or pending leave, work outside or onsite on any of the dates. */
  away: z.number().int(),
  /** The department's people working in the range, the requester included. */
  total: z.number().int(),
  department_name: z.string(),
});
export type AwayCount = z.infer<typeof awayCountDataSchema>;
export const awayCountResponseSchema = envelope(awayCountDataSchema);
