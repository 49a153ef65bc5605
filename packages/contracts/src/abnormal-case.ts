import { z } from 'zod';
import { MESSAGES_COMMON } from './api.ts';
import type { Actor } from './roles.ts';
import { dmyFilterSchema, envelope, idListSchema, idParamSchema, idSchema, pagedEnvelope, pagingShape, safeText, textListSchema } from './schemas.ts';
import { ABNORMAL_STATUS, REQUEST_BASE, REQUEST_MESSAGES, REQUEST_STATUS_TEXT, REQUEST_TEXT_MAX } from './requests.ts';
import type { Twin } from './file-headers.ts';

/**
 * Abnormal cases and the explanations filed from them (spec 001 §2.5, §3 Abnormal case, §4.3, §5.4, §7.4; RULES.md §4,
 * §5). A case is produced by the day engine; the owner explains it (an explanation request, `is_explanation`), the
 * assignee approves or rejects it.
 */
export const ABNORMAL_CASE_PATH = '/tms/abnormal-case';
export const ABNORMAL_CASE_PAGE = '/timesheet/abnormal-case';
export const ABNORMAL_ACTUAL_PATH = `${ABNORMAL_CASE_PATH}/actual`;
export const ABNORMAL_ACTUAL_FIXED_PATH = `${ABNORMAL_CASE_PATH}/get-actual-fixed-schedule`;
export const ABNORMAL_RERUN_PATH = `${ABNORMAL_CASE_PATH}/rerun-abnormal-case`;
export const ABNORMAL_EXPORT_PATH = '/tms/excel/abnormal-case';
export const ABNORMAL_EXPORT_FILE = 'Abnormal_Case.xlsx';
/** Columns of the export, in order, by key; the Vietnamese twin below. */
export const ABNORMAL_EXPORT_COLUMNS = {
  staff: 'Staff',
  user_name: 'Username',
  abnormal_date: 'Abnormal Date',
  schedule: 'Work schedule',
  type: 'Abnormal type',
  check_in: 'Check in',
  check_out: 'Check out',
  minute_violation: 'Absent time (min)',
  status: 'Status',
  assignee: 'Assignee',
} as const;
export const ABNORMAL_EXPORT_COLUMNS_VI = {
  staff: 'Nhân viên',
  user_name: 'Tên đăng nhập',
  abnormal_date: 'Ngày bất thường',
  schedule: 'Lịch làm việc',
  type: 'Loại bất thường',
  check_in: 'Chấm công vào',
  check_out: 'Chấm công ra',
  minute_violation: 'Thời gian vắng mặt (phút)',
  status: 'Trạng thái',
  assignee: 'Người xử lý',
} as const satisfies Twin<typeof ABNORMAL_EXPORT_COLUMNS>;
export const EXPLANATION_CREATE_PATH = `${REQUEST_BASE}/create-explanation`;
export const EXPLANATION_CREATE_REQUEST_PATH = `${REQUEST_BASE}/create-explanation-request`;
export const EXPLANATION_EDIT_PATH = `${REQUEST_BASE}/edit-explanation`;
export const EXPLANATION_EDIT_REQUEST_PATH = `${REQUEST_BASE}/edit-explanation-request`;
export const EXPLANATION_STATUS_PATH = `${REQUEST_BASE}/update-status-explanation`;
export const EXPLANATION_STATUS_REQUEST_PATH = `${REQUEST_BASE}/update-status-explanation-request`;

/** Link of a case in notifications and mails (`?id=` highlights the row, spec 001 §2.5). */
export const abnormalCaseLink = (caseId: number) => `${ABNORMAL_CASE_PAGE}?id=${caseId}`;

/** Readers: every role but GUEST (RULES.md §2 pages); explaining: the owner, never a GUEST (spec 001 §6). */
export const ABNORMAL_READERS = ['STAFF', 'GROUP_LEAD', 'DULEAD', 'HR', 'HRM', 'ADMIN', 'PM'] as const satisfies readonly Actor[];
export const ABNORMAL_EXPLAINERS = ABNORMAL_READERS;
/** Approve / reject: the assignee only, checked per item; a GUEST only as the assignee (RULES.md §3, §5). */
export const ABNORMAL_DECIDERS = ['STAFF', 'GROUP_LEAD', 'DULEAD', 'HR', 'HRM', 'ADMIN', 'PM', 'GUEST'] as const satisfies readonly Actor[];
/** rerun-abnormal-case (brief: HR, HRM, ADMIN). */
export const ABNORMAL_RERUNNERS = ['HR', 'HRM', 'ADMIN'] as const satisfies readonly Actor[];

/** The status filter offers every case status; "status list removes 5" (spec 000 §4): a case has no 5. */
export const ABNORMAL_FILTER_STATUSES = [ABNORMAL_STATUS.unexplained, ABNORMAL_STATUS.pending, ABNORMAL_STATUS.approved, ABNORMAL_STATUS.rejected] as const;
/** The case statuses' texts, taken from the one status → text table (REQUEST_STATUS_TEXT). */
export const ABNORMAL_STATUS_TEXT: Record<number, string> = Object.fromEntries([0, 1, 3, 4, 10].map((s) => [s, REQUEST_STATUS_TEXT[s]!]));

/** Abnormal reason codes (spec 001 §9; RULES.md §4). */
export const ABNORMAL_REASONS: Record<string, string> = {
  '1': 'Early leaving',
  '2': 'Late coming',
  '3': 'Part-day leave',
  '4': 'No check-in',
  '5': 'No check-out',
  '6': 'No check-in and no check-out',
  FLEXIBLE_ABSENT: 'Not enough working hours',
};

/**
 * The "actual" choices of the explanation form (spec 001 §5.2 "Actual is required" / "Please choose actual type!" for a
 * fixed schedule). decision: the spec names no values; these are what actually happened on the day.
 */
export const ABNORMAL_ACTUAL_OPTIONS = [
  { code: 'WORKED_FULL_TIME', name: 'Worked the full time', name_vi: 'Đã làm đủ thời gian' },
  { code: 'FORGOT_CHECK_IN', name: 'Forgot to check in', name_vi: 'Quên chấm công vào' },
  { code: 'FORGOT_CHECK_OUT', name: 'Forgot to check out', name_vi: 'Quên chấm công ra' },
  { code: 'WORKED_OUTSIDE', name: 'Worked outside the office', name_vi: 'Làm việc bên ngoài' },
  { code: 'OTHER', name: 'Other', name_vi: 'Khác' },
] as const;
/** Fixed-schedule choices: the time the employee actually came or left is given against the schedule. */
export const ABNORMAL_ACTUAL_FIXED_OPTIONS = [
  { code: 'LATE_COMING', name: 'Came late', name_vi: 'Đến muộn' },
  { code: 'EARLY_LEAVING', name: 'Left early', name_vi: 'Về sớm' },
  { code: 'FORGOT_CHECK_IN', name: 'Forgot to check in', name_vi: 'Quên chấm công vào' },
  { code: 'FORGOT_CHECK_OUT', name: 'Forgot to check out', name_vi: 'Quên chấm công ra' },
  { code: 'WORKED_OUTSIDE', name: 'Worked outside the office', name_vi: 'Làm việc bên ngoài' },
] as const;

/** Refusals the spec leaves unnamed (RULES.md §4–§5), one text each; the spec's own texts come from REQUEST_MESSAGES. */
export const ABNORMAL_MESSAGES = {
  notFound: 'Abnormal case not found',
  notOwner: 'Only the owner can explain this abnormal case',
  notUnexplained: 'Only an unexplained abnormal case can be explained',
  notPendingOrApproved: 'The abnormal case status has already changed',
  alreadyApproved: 'The abnormal case is already approved',
  locked: 'The date is in a locked timesheet period',
  forbiddenExplanation: 'The explanation period for this date has closed',
  notAssignee: 'Only the assignee can approve or reject this explanation',
  ownExplanation: 'You cannot approve your own explanation',
  noApprover: 'No approver found for this employee',
  fundUsedUp: 'The explanation fund of this payroll period is used up',
  dayLimitReached: 'The explanation limit of this day is reached',
  notExplanationReason: REQUEST_MESSAGES.reasonRequired,
  dateOrIdRequired: REQUEST_MESSAGES.explanationDateRequired,
  noRequest: 'No request created',
  noDataExport: REQUEST_MESSAGES.noDataExport,
  rerunDone: 'Success',
  actualNotFitting: 'The actual does not fit the abnormal case',
  explainedTooLong: (max: number | string) => `The explained time must be between 1 and ${max} minutes`,
} as const;

/** The facts of a case the explanation rules below read (a case row, or the list's row). */
export type ExplainedCase = {
  reason: string;
  is_flexible: boolean;
  minute_violation: number | null;
  start_time: string | null;
  end_time: string | null;
  work_start_time?: string | null;
  /** The day's standard working time in minutes (its work schedule), null when unknown. */
  standard_minutes: number | null;
};

/**
 * The actual choices that fit each abnormal type (decision, issue 26): a case without a check-out cannot be explained
 * as "Came late", nor one without a check-in as "Left early". The first choice is the form's default; a part-day
 * case (3) takes its default from the half it misses (below). Hour-based absences take every flexible choice.
 */
const FITTING_ACTUALS: Record<string, readonly string[]> = {
  '1': ['EARLY_LEAVING', 'FORGOT_CHECK_OUT', 'WORKED_OUTSIDE'],
  '2': ['LATE_COMING', 'FORGOT_CHECK_IN', 'WORKED_OUTSIDE'],
  '3': ['LATE_COMING', 'EARLY_LEAVING', 'FORGOT_CHECK_IN', 'FORGOT_CHECK_OUT', 'WORKED_OUTSIDE'],
  '4': ['FORGOT_CHECK_IN', 'WORKED_OUTSIDE'],
  '5': ['FORGOT_CHECK_OUT', 'WORKED_OUTSIDE'],
  '6': ['FORGOT_CHECK_IN', 'FORGOT_CHECK_OUT', 'WORKED_OUTSIDE'],
};

/** The actual codes a case may be explained with: the fixed choices fitting its type, or every flexible choice. */
export function fittingActuals(c: Pick<ExplainedCase, 'reason' | 'is_flexible'>): readonly string[] {
  if (c.is_flexible) return ABNORMAL_ACTUAL_OPTIONS.map((o) => o.code);
  return FITTING_ACTUALS[c.reason] ?? ABNORMAL_ACTUAL_FIXED_OPTIONS.map((o) => o.code);
}

/** The form's default actual: what the case type says happened (a part-day case missing its morning came late). */
export function defaultActual(c: Pick<ExplainedCase, 'reason' | 'is_flexible' | 'start_time' | 'work_start_time'>): string | undefined {
  if (c.is_flexible) return undefined;
  if (c.reason === '3') return c.start_time && c.work_start_time && c.start_time.slice(0, 5) !== c.work_start_time.slice(0, 5) ? 'EARLY_LEAVING' : 'LATE_COMING';
  return FITTING_ACTUALS[c.reason]?.[0];
}

/** Minutes of an 'HH:mm' span (a span past midnight wraps). */
export function spanMinutes(start: string | null, end: string | null): number {
  if (!start || !end) return 0;
  const m = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const d = m(end) - m(start);
  return d >= 0 ? d : d + 1440;
}

/** Whether the case measures an absence: late or early minutes, or an hour-based shortfall (a missing punch does not). */
export const measuresAbsence = (c: Pick<ExplainedCase, 'minute_violation'>) => (c.minute_violation ?? 0) > 0;

/**
 * The most time an explanation of the case may record, in minutes (issue 26): never more than the day's standard
 * time, and never more than the absence — the measured late/early or missing minutes, or, for a missing punch (no
 * absence measured), the case's uncovered span. A full-day span (08:30–17:30) holds the break, so the standard time
 * is what caps it.
 */
export function explainedMinutesCap(c: ExplainedCase): number {
  const absence = measuresAbsence(c) ? c.minute_violation! : spanMinutes(c.start_time, c.end_time);
  return Math.max(0, Math.min(absence, c.standard_minutes ?? absence));
}

/** The explained minutes asked for (the cap when none), or the refusal's text. */
export function checkExplainedMinutes(asked: number | string | null | undefined, c: ExplainedCase): number | string {
  const cap = explainedMinutesCap(c);
  if (asked === null || asked === undefined || asked === '') return cap;
  const minutes = typeof asked === 'number' ? asked : /^\d{1,6}$/.test(asked) ? Number(asked) : NaN;
  return Number.isInteger(minutes) && minutes >= 1 && minutes <= cap ? minutes : ABNORMAL_MESSAGES.explainedTooLong(cap);
}

const text = (max: number) => safeText().trim().max(max, REQUEST_MESSAGES.textTooLong);
const isoOrDmy = safeText(MESSAGES_COMMON.invalidDate)
  .trim()
  .refine((s) => /^\d{4}-\d{2}-\d{2}$/.test(s) || /^\d{2}\/\d{2}\/\d{4}$/.test(s), MESSAGES_COMMON.invalidDate)
  .transform((s) => (s.includes('/') ? `${s.slice(6, 10)}-${s.slice(3, 5)}-${s.slice(0, 2)}` : s))
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), MESSAGES_COMMON.invalidDate);

/** GET /tms/abnormal-case/ (spec 001 §2.5, §7.4): filters, paging, direction 1 (date ascending) by default. */
export const abnormalListQuerySchema = z.object({
  ...pagingShape(),
  employee: safeText().trim().max(200).optional(),
  departments: idListSchema,
  fromDate: dmyFilterSchema,
  toDate: dmyFilterSchema,
  status: idListSchema,
  reason: textListSchema,
  id: idParamSchema().optional(),
  direction: z.coerce.number().int().refine((v) => v === 1 || v === -1, MESSAGES_COMMON.invalidId).default(1),
});
export type AbnormalListQuery = z.infer<typeof abnormalListQuerySchema>;

const person = z.object({ id: z.number().nullable(), user_name: z.string().nullable(), name: z.string().nullable() });

export const abnormalRequestSchema = z.object({
  id: z.number(),
  title: z.string().nullable(),
  actual: z.string().nullable(),
  description: z.string().nullable(),
  reason_type: z.string(),
  reason_type_name: z.string().nullable(),
  status: z.number(),
  mail: z.array(z.object({ id: z.number(), name: z.string() })),
  mail_cc: z.array(z.number()),
  leaving_type: z.string().nullable(),
  /** Uses of the period's explanation fund this explanation asks for (hour-based). */
  explanation_fund: z.number().nullable(),
  is_flexible: z.boolean(),
  reasons_for_rejection: z.string().nullable(),
  version: z.number(),
});

/** One row (spec 001 §3 Abnormal case). */
export const abnormalCaseSchema = z.object({
  id: z.number(),
  employee: z.object({ id: z.number(), name: z.string(), user_name: z.string().nullable(), department_name: z.string().nullable() }),
  abnormal_date: z.string(),
  status: z.number(),
  status_type: z.string(),
  check_in: z.string().nullable(),
  check_out: z.string().nullable(),
  minute_violation: z.number(),
  reason_type: z.string(),
  reason_type_name: z.string(),
  request_type_code: z.string().nullable(),
  reason_type_code: z.string().nullable(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  work_start_time: z.string().nullable(),
  work_end_time: z.string().nullable(),
  is_flexible: z.boolean(),
  /** The most minutes an explanation of the case may record (`explainedMinutesCap`: the standard time, the absence). */
  explained_minutes_max: z.number(),
  assignee: person.nullable(),
  is_expired: z.boolean(),
  dateInApprovedTimeSheet: z.boolean(),
  request: abnormalRequestSchema.nullable(),
  /** What the caller may do now (server-computed from the rules it enforces). */
  actions: z.object({ explain: z.boolean(), approve: z.boolean(), reject: z.boolean(), edit: z.boolean(), delegate: z.boolean() }),
});
export type AbnormalCase = z.infer<typeof abnormalCaseSchema>;
export const abnormalListResponseSchema = pagedEnvelope(abnormalCaseSchema);
export const abnormalCasesResponseSchema = envelope(z.array(abnormalCaseSchema));

export const abnormalActualOptionSchema = z.object({ code: z.string(), name: z.string(), name_vi: z.string() });
export type AbnormalActualOption = z.infer<typeof abnormalActualOptionSchema>;
export const abnormalActualResponseSchema = envelope(z.array(abnormalActualOptionSchema));

/** DELETE rerun-abnormal-case?date&employee. */
export const abnormalRerunQuerySchema = z.object({ date: isoOrDmy, employee: idParamSchema() });

/**
 * Explaining a case (spec 001 §5.2, §5.4): the reason (an explanation reason), title, actual, description
 * (required, max 1000). The case by path id, or `abnormal_id` / `id`, or the owner's `date`.
 */
export const explanationCreateSchema = z.object({
  abnormal_id: idSchema().nullish(),
  id: idSchema().nullish(),
  date: isoOrDmy.nullish(),
  dateExplanation: isoOrDmy.nullish(),
  reason_type: safeText(REQUEST_MESSAGES.reasonRequired).trim().max(40).nullish(),
  title: text(REQUEST_TEXT_MAX).nullish(),
  actual: text(REQUEST_TEXT_MAX).nullish(),
  description: text(REQUEST_TEXT_MAX).nullish(),
  reason_detail: text(REQUEST_TEXT_MAX).nullish(),
  absent_type: safeText().trim().max(40).nullish(),
  mail_cc: z.array(idSchema()).max(200).nullish(),
  /** The explained time in minutes (day-based cases); absent → the most the case allows (`explainedMinutesCap`). */
  explained_minutes: z.union([z.number(), safeText().trim().max(10)]).nullish(),
});
export type ExplanationCreatePayload = z.infer<typeof explanationCreateSchema>;

/** Editing a pending explanation (owner, inside the window): the same fields, the version read. */
export const explanationEditSchema = explanationCreateSchema.extend({ request_id: idSchema().nullish(), version: idSchema().nullish() });
export type ExplanationEditPayload = z.infer<typeof explanationEditSchema>;

/** Approve (3) or reject (4, reason required "Reason is required!") by the assignee. */
export const explanationStatusSchema = z.object({
  id: idSchema().nullish(),
  abnormal_id: idSchema().nullish(),
  request_id: idSchema().nullish(),
  status: z.union([z.literal(3), z.literal(4)], { error: REQUEST_MESSAGES.explanationStatusFailed }),
  reason: text(REQUEST_TEXT_MAX).nullish(),
});
export type ExplanationStatusPayload = z.infer<typeof explanationStatusSchema>;

export const abnormalIdParamSchema = z.object({ id: idParamSchema() });

/** The answer of a create, edit or status change: the case and its explanation request. */
export const explanationResultSchema = envelope(z.object({ abnormal_id: z.number(), request_id: z.number(), status: z.number(), case_status: z.number(), version: z.number() }));
export type ExplanationResult = z.infer<typeof explanationResultSchema>['data'];
