import { z } from 'zod';
import { PRIVILEGED_ROLES, type Actor } from './roles.ts';
import { dmyFilterSchema, envelope, historyEntrySchema, idListSchema, idParamSchema, idSchema, pagedEnvelope, pagingShape, safeText, textListSchema } from './schemas.ts';
import type { Twin } from './file-headers.ts';

/**
 * Work schedule config (spec 002 §2 Policy config, Work schedule create/edit page; §3 Work schedule; §5 Work schedule;
 * §9 placeholder row) and the Work Schedule Report (spec 002 §2 Work schedule report, §7 Policy management).
 * The API carries every duration in hours (8, 3.5); the database stores minutes.
 */
export const WORK_SCHEDULE_MANAGER_PATH = '/tms/work-schedule-manager';
/** spec 002 §7: the config list. */
export const WORK_SCHEDULE_FIND_ALL_PATH = `${WORK_SCHEDULE_MANAGER_PATH}/find-all`;
/** Paths the spec leaves open (spec 002 §7 "work schedule create/edit/delete and work schedule history: paths not shown"). */
export const WORK_SCHEDULE_CREATE_PATH = `${WORK_SCHEDULE_MANAGER_PATH}/create`;
export const WORK_SCHEDULE_UPDATE_PATH = `${WORK_SCHEDULE_MANAGER_PATH}/update`;
export const WORK_SCHEDULE_DETAIL_ROUTE = `${WORK_SCHEDULE_MANAGER_PATH}/:id`;
export const WORK_SCHEDULE_ACTIVE_ROUTE = `${WORK_SCHEDULE_MANAGER_PATH}/:id/active`;
export const WORK_SCHEDULE_HISTORY_ROUTE = `${WORK_SCHEDULE_MANAGER_PATH}/history/:id`;
export const workScheduleDetailPath = (id: number) => `${WORK_SCHEDULE_MANAGER_PATH}/${id}`;
export const workScheduleActivePath = (id: number) => `${WORK_SCHEDULE_MANAGER_PATH}/${id}/active`;
export const workScheduleHistoryPath = (id: number) => `${WORK_SCHEDULE_MANAGER_PATH}/history/${id}`;
/** spec 002 §7: the report list and its export. */
export const WORK_SCHEDULE_REPORT_PATH = '/tms/report/work-schedule';
export const WORK_SCHEDULE_REPORT_EXPORT_PATH = '/tms/excel/job-info-mapping';
export const WORK_SCHEDULE_REPORT_FILE = 'Work_Schedule_Report.xlsx';
/** The schedule types lookup (spec 002 §7 get-all-work-schedule-types). */
export const WORK_SCHEDULE_TYPES_PATH = '/tms/filters/get-all-work-schedule-types';

/** Web pages. */
export const POLICY_CONFIG_PAGE = '/policy-settings/policy-config';
export const WORK_SCHEDULE_CREATE_PAGE = '/policy-settings/policy-config/work-schedule/create';
export const workScheduleEditPage = (id: number) => `/policy-settings/policy-config/work-schedule/edit/${id}`;
export const REPORT_PAGE = '/report';

/** spec 002 §6: the work schedule config tab is for HR, HRM and Admin (the report's readers: routes' REPORT_READERS). */
export const WORK_SCHEDULE_CONFIG_ROLES = PRIVILEGED_ROLES satisfies readonly Actor[];

/** spec 002 §3 work schedule type. */
export const WORK_SCHEDULE_TYPES = ['FLEXIBLE', 'HCM'] as const;
export type WorkScheduleType = (typeof WORK_SCHEDULE_TYPES)[number];

/** spec 002 §5, §9: code and name at most 200 characters. */
export const WORK_SCHEDULE_TEXT_MAX = 200;
/** spec 002 §9: the placeholder row. */
export const WORK_SCHEDULE_PLACEHOLDER = { time: '07:30', hours: 8 } as const;
/** Hours of a duration field: 0 … 24, at most 2 decimals. */
export const WORK_SCHEDULE_HOURS_MAX = 24;

/** The weekday rows, Monday to Sunday (ISO weekday numbers, work_schedule_days.day). spec 002 §9: Saturday and Sunday are the weekend. */
export const WEEKDAYS = [
  { day: 1, key: 'MONDAY', label: 'Monday' },
  { day: 2, key: 'TUESDAY', label: 'Tuesday' },
  { day: 3, key: 'WEDNESDAY', label: 'Wednesday' },
  { day: 4, key: 'THURSDAY', label: 'Thursday' },
  { day: 5, key: 'FRIDAY', label: 'Friday' },
  { day: 6, key: 'SATURDAY', label: 'Saturday' },
  { day: 7, key: 'SUNDAY', label: 'Sunday' },
] as const;

/** Texts: spec 002 §5 verbatim where the spec gives one (note the typographic apostrophe), ours otherwise. */
export const WORK_SCHEDULE_MESSAGES = {
  codeRequired: 'Code is required',
  nameRequired: 'Name is required',
  typeRequired: 'Type is required',
  tooLong: 'You’ve exceeded the limit by 200 characters',
  typeInvalid: `Type must be one of ${WORK_SCHEDULE_TYPES.join(', ')}`,
  daysInvalid: 'The schedule needs one row for each weekday from Monday to Sunday',
  noWorkingDay: 'Choose at least one working day',
  timesRequired: (day: string) => `${day}: start time and end time are required for a working day`,
  timeInvalid: (day: string) => `${day}: times are written HH:mm`,
  endBeforeStart: (day: string) => `${day}: end time must be after start time`,
  hoursInvalid: (day: string, field: string) => `${day}: ${field} must be a number of hours from 0 to 24 with at most 2 decimals`,
  workingRequired: (day: string) => `${day}: working time must be more than 0 hours`,
  workingTooLong: (day: string) => `${day}: working time cannot exceed the time from start to end minus the break`,
  minimumTooLong: (day: string) => `${day}: minimum working time cannot exceed working time`,
  continuousRequired: (day: string) => `${day}: continuous working time is required when there is a break`,
  breakOutside: (day: string) => `${day}: the break must end before the end time`,
  duplicateCode: (code: string) => `Work schedule code ${code} already exists`,
  inUse: (code: string) => `Work schedule ${code} is used by a staff or department policy and cannot be removed`,
  notFound: 'Work schedule not found',
  idRequired: 'Id is required',
  versionRequired: 'Version is required',
  activeRequired: 'Active is required',
  created: 'Create work schedule successfully!',
  updated: 'Update work schedule successfully!',
  deleted: 'Delete work schedule successfully!',
  statusUpdated: 'Update status successfully!',
  createTitle: 'Create work schedule',
  editTitle: 'Edit work schedule',
  removeConfirm: (code: string) => `Remove work schedule ${code}?`,
  noSchedule: 'No work schedule',
  noReportData: 'No data',
} as const;
const M = WORK_SCHEDULE_MESSAGES;

/** Field names of a day row, as the messages name them. */
export const WORK_SCHEDULE_DAY_FIELDS = {
  workingTime: 'working time',
  minimumWorkingTime: 'minimum working time',
  continuousWorkingTime: 'continuous working time',
  breakTime: 'break time',
} as const;

type HoursInput = number | string | null | undefined;

/** One weekday row as the form sends it (hours, HH:mm). */
export type WorkScheduleDayInput = {
  day: number;
  key?: string | null;
  workingDay?: boolean | null;
  startTime?: string | null;
  endTime?: string | null;
  workingTime?: HoursInput;
  minimumWorkingTime?: HoursInput;
  continuousWorkingTime?: HoursInput;
  breakTime?: HoursInput;
};

export type WorkScheduleFormInput = {
  code?: string | null;
  type?: string | null;
  name?: string | null;
  active?: boolean | null;
  days?: readonly WorkScheduleDayInput[] | null;
};

/** A checked weekday row as stored (minutes from midnight and minutes of duration; null on a day off). */
export type CheckedScheduleDay = {
  day: number;
  workingDay: boolean;
  startTime: string | null;
  endTime: string | null;
  breakStart: string | null;
  breakEnd: string | null;
  workingTime: number | null;
  minimumWorkingTime: number | null;
  continuousWorkingTime: number | null;
  breakTime: number | null;
};

/** The schedule header (work_schedules), following the most common working-day row (see deriveHeader). */
export type ScheduleHeader = { workStartTime: string; workEndTime: string; standardWorkingTime: number; workingTime: number; breakTime: number };

export type CheckedSchedule = { code: string; type: WorkScheduleType; name: string; active: boolean; days: CheckedScheduleDay[]; header: ScheduleHeader };

const HM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** 'HH:mm' → minutes after midnight, or null when not a time. */
export function minutesOfHm(text: string | null | undefined): number | null {
  const m = HM.exec((text ?? '').trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** Minutes after midnight (0…1439) → 'HH:mm'. */
export function hmOfMinutes(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** Hours (a number or its text) → whole minutes; null when empty; NaN when not a valid duration (0…24 h, ≤ 2 decimals). */
export function minutesOfHours(value: HoursInput): number | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  const n = typeof value === 'number' ? value : /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isFinite(n) || n < 0 || n > WORK_SCHEDULE_HOURS_MAX || Math.abs(Math.round(n * 100) - n * 100) > 1e-6) return NaN;
  return Math.round(n * 60);
}

/** Minutes → hours for the API (two decimals at most). */
export const hoursOfMinutes = (minutes: number | null | undefined): number | null => (minutes === null || minutes === undefined ? null : Math.round((minutes / 60) * 100) / 100);

function checkText(value: string | null | undefined, required: string, messages: string[]): string {
  const text = (value ?? '').trim();
  if (!text) messages.push(required);
  else if (text.length > WORK_SCHEDULE_TEXT_MAX) messages.push(M.tooLong);
  return text;
}

/**
 * One working day's row (spec 002 §2 create/edit page): start and end required, end after start (a schedule does not
 * cross midnight here); durations in hours. Working time defaults to the window minus the break, minimum working time
 * to the working time. With a break, it starts `continuousWorkingTime` after the start and must end before the end —
 * these become break_start and break_end, the MORNING and AFTERNOON shifts of the day engine (RULES.md §4). Without a
 * break the engine splits the shifts at the middle of the window, so a half day (08:30–12:00) is credited in full
 * when attended.
 */
function checkDay(row: WorkScheduleDayInput, label: string, messages: string[]): CheckedScheduleDay {
  const off: CheckedScheduleDay = { day: row.day, workingDay: false, startTime: null, endTime: null, breakStart: null, breakEnd: null, workingTime: null, minimumWorkingTime: null, continuousWorkingTime: null, breakTime: null };
  if (!row.workingDay) return off;
  const before = messages.length;
  const startText = (row.startTime ?? '').trim();
  const endText = (row.endTime ?? '').trim();
  if (!startText || !endText) {
    messages.push(M.timesRequired(label));
    return off;
  }
  const start = minutesOfHm(startText);
  const end = minutesOfHm(endText);
  if (start === null || end === null) {
    messages.push(M.timeInvalid(label));
    return off;
  }
  if (end <= start) {
    messages.push(M.endBeforeStart(label));
    return off;
  }
  const hours = (field: keyof typeof WORK_SCHEDULE_DAY_FIELDS): number | null => {
    const v = minutesOfHours(row[field]);
    if (Number.isNaN(v)) {
      messages.push(M.hoursInvalid(label, WORK_SCHEDULE_DAY_FIELDS[field]));
      return null;
    }
    return v;
  };
  const breakTime = hours('breakTime') ?? 0;
  const continuous = hours('continuousWorkingTime');
  let working = hours('workingTime');
  let minimum = hours('minimumWorkingTime');
  if (messages.length > before) return off;
  let breakStart: number | null = null;
  let breakEnd: number | null = null;
  if (breakTime > 0) {
    if (continuous === null || continuous <= 0) messages.push(M.continuousRequired(label));
    else {
      breakStart = start + continuous;
      breakEnd = breakStart + breakTime;
      if (breakEnd >= end) messages.push(M.breakOutside(label));
    }
  }
  const window = end - start - breakTime;
  working ??= window;
  minimum ??= working;
  if (working <= 0) messages.push(M.workingRequired(label));
  else if (working > window) messages.push(M.workingTooLong(label));
  if (minimum > working) messages.push(M.minimumTooLong(label));
  if (messages.length > before) return off;
  return {
    day: row.day,
    workingDay: true,
    startTime: hmOfMinutes(start),
    endTime: hmOfMinutes(end),
    breakStart: breakStart === null ? null : hmOfMinutes(breakStart),
    breakEnd: breakEnd === null ? null : hmOfMinutes(breakEnd),
    workingTime: working,
    minimumWorkingTime: minimum,
    continuousWorkingTime: continuous,
    breakTime,
  };
}

/**
 * decision: the header (work_start_time, work_end_time, standard_working_time, working_time, break_time) follows the
 * most common working-day row (same start, end, working and break); on a tie the earliest weekday's. A week of
 * 08:30–17:30 days with a Wednesday half day keeps 08:30–17:30 and 8 hours as the schedule's own.
 */
export function deriveHeader(days: readonly CheckedScheduleDay[]): ScheduleHeader {
  const working = days.filter((d) => d.workingDay).sort((a, b) => a.day - b.day);
  const counts = new Map<string, { n: number; row: CheckedScheduleDay }>();
  for (const d of working) {
    const key = `${d.startTime}|${d.endTime}|${d.workingTime}|${d.breakTime}`;
    const hit = counts.get(key);
    if (hit) hit.n += 1;
    else counts.set(key, { n: 1, row: d });
  }
  let best: { n: number; row: CheckedScheduleDay } | undefined;
  for (const c of counts.values()) if (!best || c.n > best.n) best = c;
  const row = best?.row;
  return {
    workStartTime: row?.startTime ?? '00:00',
    workEndTime: row?.endTime ?? '00:00',
    standardWorkingTime: row?.workingTime ?? 0,
    workingTime: row?.minimumWorkingTime ?? row?.workingTime ?? 0,
    breakTime: row?.breakTime ?? 0,
  };
}

/** The whole form (spec 002 §5 Work schedule), every broken rule's message in order; the first one is the answer's `message`. */
export function checkWorkScheduleForm(input: WorkScheduleFormInput): { ok: true; value: CheckedSchedule } | { ok: false; messages: string[] } {
  const messages: string[] = [];
  const code = checkText(input.code, M.codeRequired, messages);
  const typeText = (input.type ?? '').trim();
  if (!typeText) messages.push(M.typeRequired);
  else if (!(WORK_SCHEDULE_TYPES as readonly string[]).includes(typeText)) messages.push(M.typeInvalid);
  const name = checkText(input.name, M.nameRequired, messages);
  const rows = input.days ?? [];
  const byDay = new Map(rows.map((r) => [r.day, r]));
  if (rows.length !== 7 || WEEKDAYS.some((w) => !byDay.has(w.day))) {
    messages.push(M.daysInvalid);
    return { ok: false, messages };
  }
  const days = WEEKDAYS.map((w) => checkDay(byDay.get(w.day)!, w.label, messages));
  if (!rows.some((r) => r.workingDay)) messages.push(M.noWorkingDay);
  if (messages.length > 0) return { ok: false, messages };
  return { ok: true, value: { code, type: typeText as WorkScheduleType, name, active: input.active !== false, days, header: deriveHeader(days) } };
}

// ---- zod (loose on purpose: the rules above give each message verbatim) ----

const hoursField = z.union([z.number(), safeText()]).nullish();
export const workScheduleDaySchema = z.object({
  day: z.number().int().min(1).max(7),
  key: safeText().nullish(),
  workingDay: z.boolean().nullish(),
  startTime: safeText().nullish(),
  endTime: safeText().nullish(),
  workingTime: hoursField,
  minimumWorkingTime: hoursField,
  continuousWorkingTime: hoursField,
  breakTime: hoursField,
});

const formShape = {
  type: safeText(M.typeRequired).nullish(),
  name: safeText(M.nameRequired).nullish(),
  active: z.boolean().nullish(),
  days: z.array(workScheduleDaySchema).max(7, M.daysInvalid).nullish(),
};
export const workScheduleCreateSchema = z.object({ ...formShape, code: safeText(M.codeRequired).nullish() });
export type WorkScheduleCreate = z.infer<typeof workScheduleCreateSchema>;
/** The code never changes on edit (the field is disabled); one sent is ignored. */
export const workScheduleUpdateSchema = z.object({ ...formShape, code: safeText().nullish(), id: idSchema(M.idRequired), version: idSchema(M.versionRequired) });
export type WorkScheduleUpdate = z.infer<typeof workScheduleUpdateSchema>;
export const workScheduleActiveSchema = z.object({ active: z.boolean({ error: M.activeRequired }), version: idSchema(M.versionRequired) });
export const workScheduleIdParamsSchema = z.object({ id: idParamSchema() });
export const workScheduleDeleteQuerySchema = z.object({ version: idParamSchema(M.versionRequired).optional() });

/** spec 002 §2 Policy config filter: free text matched against code or name, with or without diacritics. */
export const workScheduleFindAllQuerySchema = z.object({ ...pagingShape(), keyword: safeText().max(200).optional() });
export type WorkScheduleFindAllQuery = z.infer<typeof workScheduleFindAllQuerySchema>;

/** A list row; durations in hours. */
export const workScheduleRowSchema = z.object({
  id: z.number().int(),
  work_schedule_code: z.string(),
  work_schedule_name: z.string(),
  work_schedule_name_vi: z.string().nullable(),
  work_schedule_type: z.string(),
  work_start_time: z.string(),
  work_end_time: z.string(),
  standard_working_time: z.number(),
  working_time: z.number(),
  break_time: z.number(),
  lack_of_time_allowed: z.number(),
  active: z.boolean(),
  inUse: z.boolean(),
  version: z.number().int(),
});
export type WorkScheduleRow = z.infer<typeof workScheduleRowSchema>;
export const workScheduleListResponseSchema = pagedEnvelope(workScheduleRowSchema);

export const workScheduleDayRowSchema = z.object({
  key: z.string(),
  day: z.number().int(),
  workingDay: z.boolean(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  breakStart: z.string().nullable(),
  breakEnd: z.string().nullable(),
  workingTime: z.number().nullable(),
  minimumWorkingTime: z.number().nullable(),
  continuousWorkingTime: z.number().nullable(),
  breakTime: z.number().nullable(),
});
export type WorkScheduleDayRow = z.infer<typeof workScheduleDayRowSchema>;
export const workScheduleDetailSchema = workScheduleRowSchema.extend({ code: z.string(), type: z.string(), name: z.string(), days: z.array(workScheduleDayRowSchema) });
export type WorkScheduleDetail = z.infer<typeof workScheduleDetailSchema>;
export const workScheduleDetailResponseSchema = envelope(workScheduleDetailSchema);
export const workScheduleSavedResponseSchema = envelope(z.object({ id: z.number().int(), version: z.number().int() }));
export const workScheduleDeletedResponseSchema = envelope(z.object({ id: z.number().int() }));
export const workScheduleHistoryResponseSchema = envelope(z.array(historyEntrySchema));

/**
 * spec 002 §2 Work schedule report filter: staff (ids), division and department (ids), code and type, apply and expire
 * date ranges (DD/MM/YYYY, spec 002 §7 applyFromDate/applyToDate, expireFromDate/expireToDate), inclusive.
 */
export const workScheduleReportQuerySchema = z.object({
  ...pagingShape(),
  employee: idListSchema,
  division: idListSchema,
  department: idListSchema,
  workScheduleCode: textListSchema,
  workScheduleType: textListSchema,
  applyFromDate: dmyFilterSchema,
  applyToDate: dmyFilterSchema,
  expireFromDate: dmyFilterSchema,
  expireToDate: dmyFilterSchema,
});
export type WorkScheduleReportQuery = z.infer<typeof workScheduleReportQuerySchema>;

/** A report row: the policy in force for an employee over a range (VIEW employee_policies); dates YYYY-MM-DD. */
export const workScheduleReportRowSchema = z.object({
  key: z.string(),
  id: z.number().int(),
  employee_id: z.number().int(),
  staff: z.string(),
  user_name: z.string(),
  department_name: z.string().nullable(),
  division_name: z.string().nullable(),
  work_schedule_code: z.string(),
  work_schedule_name: z.string().nullable(),
  work_schedule_type: z.string().nullable(),
  rule_type: z.string(),
  apply_date: z.string(),
  expire_date: z.string(),
  /** 'staff' (a staff policy) or 'department' (the department's policy on dates no staff policy covers). */
  source: z.enum(['staff', 'department']),
  is_from: z.string().nullable(),
});
export type WorkScheduleReportRow = z.infer<typeof workScheduleReportRowSchema>;
export const workScheduleReportResponseSchema = pagedEnvelope(workScheduleReportRowSchema);

/** Export columns (the table's columns, in order). */
export const WORK_SCHEDULE_REPORT_COLUMNS = {
  staff: 'Staff',
  user_name: 'Username',
  department_name: 'Department',
  division_name: 'Division',
  work_schedule_code: 'Work Schedule Code',
  work_schedule_name: 'Work Schedule Name',
  work_schedule_type: 'Work Schedule Type',
  apply_date: 'Apply Date',
  expire_date: 'Expire Date',
  source: 'Source',
} as const;
export const WORK_SCHEDULE_REPORT_COLUMNS_VI = {
  staff: 'Nhân viên',
  user_name: 'Tên đăng nhập',
  department_name: 'Phòng ban',
  division_name: 'Khối',
  work_schedule_code: 'Mã lịch làm việc',
  work_schedule_name: 'Tên lịch làm việc',
  work_schedule_type: 'Loại lịch làm việc',
  apply_date: 'Ngày áp dụng',
  expire_date: 'Ngày hết hạn',
  source: 'Nguồn',
} as const satisfies Twin<typeof WORK_SCHEDULE_REPORT_COLUMNS>;

export const SOURCE_LABELS = { staff: 'Staff', department: 'Department' } as const;
