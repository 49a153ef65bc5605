import { z } from 'zod';
import { isIsoDateText } from './api.ts';
import { SELF_CHECK_IN_MESSAGES, SELF_CHECK_IN_MODES, type SelfCheckInMode } from './self-check-in.ts';
import { dmyFilterSchema, envelope, historyEntrySchema, idListSchema, idParamSchema, idSchema, messageKeyFields, messageRefSchema, pagedEnvelope, pagingShape, safeText } from './schemas.ts';
import type { Actor } from './roles.ts';
import type { Twin } from './file-headers.ts';

/**
 * Staff policies, department policies and job info history (spec 002 §2 Policy management, Staff policy history, Job
 * info history; §3 Staff policy, Job info; §4; §5; §7). A staff policy covers one employee from apply to expire date;
 * a department policy covers every member of a department on the dates no staff policy of theirs covers (the view
 * `employee_policies`). Job info rows are staff policy rows seen by their schedule part.
 */

// ---- Paths (spec 002 §7; the department policy paths are ours: the spec does not show them) ----
export const STAFF_POLICY_PATH = '/tms/job-info-history';
export const SET_POLICY_PATH = `${STAFF_POLICY_PATH}/set-policy`;
export const EDIT_POLICY_PATH = `${STAFF_POLICY_PATH}/edit-policy`;
export const DELETE_POLICY_PATH = `${STAFF_POLICY_PATH}/delete-policy/:id`;
export const POLICY_HISTORY_PATH = `${STAFF_POLICY_PATH}/get-history/:id`;
export const EMPLOYEE_POLICIES_PATH = `${STAFF_POLICY_PATH}/employee`;
export const POLICY_IMPORT_PATH = `${STAFF_POLICY_PATH}/import`;
export const POLICY_TEMPLATE_PATH = `${STAFF_POLICY_PATH}/download-template`;
export const JOB_INFO_LIST_PATH = `${STAFF_POLICY_PATH}/get-all`;
export const JOB_INFO_CREATE_PATH = `${STAFF_POLICY_PATH}/create-job-info-history`;
export const JOB_INFO_UPDATE_PATH = `${STAFF_POLICY_PATH}/update-job-info-history`;
export const JOB_INFO_EMPLOYEE_PATH = '/tms/job_info/employee';
export const JOB_INFO_DELETE_PATH = '/tms/job_info/id';
export const DEPARTMENT_POLICY_PATH = '/tms/department-policy';
export const DEPARTMENT_SET_POLICY_PATH = `${DEPARTMENT_POLICY_PATH}/set-policy`;
export const DEPARTMENT_EDIT_POLICY_PATH = `${DEPARTMENT_POLICY_PATH}/edit-policy`;
export const DEPARTMENT_DELETE_POLICY_PATH = `${DEPARTMENT_POLICY_PATH}/delete-policy/:id`;
export const DEPARTMENT_POLICY_HISTORY_PATH = `${DEPARTMENT_POLICY_PATH}/get-history/:id`;
export const DEPARTMENT_POLICY_IMPORT_PATH = `${DEPARTMENT_POLICY_PATH}/import`;
export const DEPARTMENT_POLICY_TEMPLATE_PATH = `${DEPARTMENT_POLICY_PATH}/download-template`;
export const WORK_SCHEDULE_CODES_PATH = '/tms/filters/get-all-work-schedule-codes';
export const RULE_CONFIG_PATH = '/tms/filters/get-all-rule-work-schedule-config';

export const POLICY_MANAGEMENT_PAGE = '/policy-settings/policy-management';
export const STAFF_POLICY_PAGE = '/policy-settings/policy-management-employee';
export const JOB_INFO_PAGE = '/employee/job-info-history';

/** Readers of every policy page and the writers of policies (spec 002 §6: the three privileged roles). */
export const POLICY_READERS = ['HR', 'HRM', 'ADMIN'] as const satisfies readonly Actor[];
export const POLICY_WRITERS = ['HR', 'HRM', 'ADMIN'] as const satisfies readonly Actor[];
/** Job info history: Add New and edit for ADMIN and HR only (spec 002 §6). */
export const JOB_INFO_WRITERS = ['HR', 'ADMIN'] as const satisfies readonly Actor[];

/** Limits (spec 002 §5, §9). */
export const POLICY_EXPLANATION_MAX = 200;
export const POLICY_LINK_MAX = 1500;
export const POLICY_IMPORT_EXTENSIONS = ['.xlsx'] as const;
export const POLICY_IMPORT_MAX_ROWS = 5000;
export const OPEN_END_DATE = '9999-12-30';
export const SOURCE_HRMS = 'default_hrms';
export const JOB_INFO_ERROR_CODE = '000513';
export const STAFF_POLICY_TEMPLATE_FILE = 'StaffPolicyTemplate.xlsx';
export const STAFF_POLICY_RESULT_FILE = 'StaffPolicyResult.xlsx';
export const DEPARTMENT_POLICY_TEMPLATE_FILE = 'DepartmentPolicyTemplate.xlsx';
export const DEPARTMENT_POLICY_RESULT_FILE = 'DepartmentPolicyResult.xlsx';

/** The three explanation fields and their labels (spec 002 §5 Staff policy modal). */
export const EXPLANATION_LABELS = {
  explanation_number: 'Times/ payroll period',
  refund_hours_per_explanation: 'Hours/ time',
  explanation_time_per_days: 'Times/ day',
} as const;
export type ExplanationField = keyof typeof EXPLANATION_LABELS;

/** Texts: spec 002 §5 verbatim where the spec gives one, ours (clear) where it does not. */
export const POLICY_MESSAGES = {
  staffRequired: 'Staff is required',
  departmentRequired: 'Department is required',
  workScheduleRequired: 'Work Schedule is required',
  workScheduleTypeRequired: 'Work Schedule Type is required',
  required: (label: string) => `${label} is required`,
  invalid: (label: string) => `${label} is invalid`,
  integer: (label: string) => `${label} is integer`,
  range: (label: string) => `${label} must be between 0 and 200`,
  invalidDuration: 'Invalid duration (ex: 0.1, 0.2, 1, 1.1, ...) ',
  lackRequired: 'Lack Of Time Allowed is required',
  lackInvalid: 'Lack Of Time Allowed must be a whole number of minutes, 0 or more',
  otRequired: 'OT Rule is required',
  linkRequired: 'Policy Link is required',
  linkTooLong: 'You`ve exceeded the limit by 1500 characters',
  linkInvalid: 'Http Link is invalid',
  applyRequired: 'Apply Date is required',
  expireRequired: 'Expired Date is required',
  invalidDate: 'Invalid Date!',
  applyAfterExpire: 'Apply Date cannot be after Expired Date',
  expireBeforeApply: 'Expired Date cannot be before Apply Date',
  applyLocked: (lockDmy: string) => `Apply Date must be after the most recent approved timesheet (${lockDmy})`,
  expirePast: (todayDmy: string) => `Expired Date cannot be before today (${todayDmy})`,
  lockedFields: 'Work Schedule and Apply Date cannot be changed: the policy starts in an approved timesheet',
  notEditable: 'This policy can no longer be edited',
  notRemovable: 'This policy can no longer be removed',
  fromHrms: 'A policy from the HR system cannot be changed',
  notFound: 'Policy not found',
  employeeNotFound: 'Employee not found',
  staffNotFound: (who: string) => `Staff not found: ${who}`,
  departmentNotFound: (who: string) => `Department not found: ${who}`,
  scheduleNotFound: (code: string) => `Work schedule not found: ${code}`,
  unknownRuleType: (value: string) => `Unknown Work Schedule Type: ${value}`,
  ruleTypeMismatch: (value: string, code: string, expected: string) =>
    `Work Schedule Type ${value} does not match work schedule ${code}: only a FLEXIBLE schedule is hour-based (HOUR), so it must be ${expected}`,
  unknownOtRule: (value: string) => `Unknown OT Rule: ${value}`,
  versionRequired: 'Version is required',
  fileRequired: 'File is required',
  fileWrongFormat: 'File is wrong format',
  fileTooLarge: 'File <= 5MB',
  importMissingColumn: (header: string) => `Missing column: ${header}`,
  importNoRows: 'The file has no data rows',
  importOverlap: 'Two rows of the file overlap for the same staff',
  setSuccess: 'Set policy successfully',
  editSuccess: 'Edit policy successfully',
  deleteSuccess: 'Delete policy successfully',
  importSuccess: 'Import policy successfully',
  // Job info (spec 002 §5 Job info verbatim).
  jobNameRequired: 'Please choose name !',
  jobStartRequired: 'Please choose Start Time!',
  jobEndRequired: 'Please choose End Time!',
  jobScheduleRequired: 'Please choose Work Schedule !',
  jobEndBeforeStart: 'End date must higher than start date',
  jobCreated: (username: string) => `Create job info history of ${username} successfully`,
  jobUpdated: 'Update job info history successfully',
  jobDeleted: 'Delete job info history successfully',
  deleteConfirm: 'Are you sure you want to remove this policy?',
  noHistory: 'No History',
} as const;
const M = POLICY_MESSAGES;

/** Work schedule types (rule types) and OT rules (the rule config lookup). */
export const RULE_TYPES = [
  { value: 'DAY', label: 'Day-based' },
  { value: 'HOUR', label: 'Hour-based (flexible)' },
] as const;
/** A policy's overtime type (contracts overtime.ts OVERTIME_USER_TYPES; spec 001 §9): the form a user files OT with. */
export const OT_RULES = [
  { value: 'OT_FIXED', label: 'OT fixed' },
  { value: 'OT_FLEXIBLE', label: 'OT flexible' },
  { value: 'OT_FIXED_CONFIG', label: 'OT fixed config' },
  { value: 'OT_FIXED_IGNORE', label: 'OT fixed (Không OT)' },
  { value: 'OT_FIXED_CONFIG_IGNORE', label: 'OT fixed config (Không OT)' },
  { value: 'OT_FLEXIBLE_IGNORE', label: 'OT flexible (Không OT)' },
] as const;
/** A schedule's rule type: FLEXIBLE is hour-based (RULES.md §4). */
export const ruleTypeOfScheduleType = (scheduleType: string) => (scheduleType === 'FLEXIBLE' ? 'HOUR' : 'DAY');

/**
 * RULES.md §4: a policy's rule type follows its schedule's type; a policy whose rule type disagrees is refused. The
 * message, or null when they agree (server paths and the policy modal check the same rule).
 */
export function ruleTypeMismatch(ruleType: string, schedule: { work_schedule_code: string; work_schedule_type: string }): string | null {
  const expected = ruleTypeOfScheduleType(schedule.work_schedule_type);
  return ruleType === expected ? null : M.ruleTypeMismatch(ruleType, schedule.work_schedule_code, expected);
}

/** Import columns, in order; the import reads cells by these headers. */
export const STAFF_POLICY_IMPORT_COLUMNS = {
  username: 'Username',
  workScheduleCode: 'Work Schedule Code',
  ruleType: 'Work Schedule Type',
  explanationNumber: 'Times/ payroll period',
  refundHours: 'Hours/ time',
  perDay: 'Times/ day',
  lack: 'Lack Of Time Allowed',
  otType: 'OT Rule',
  url: 'Policy Link',
  applyDate: 'Apply Date (DD/MM/YYYY)',
  expireDate: 'Expired Date (DD/MM/YYYY)',
} as const;
export const DEPARTMENT_POLICY_IMPORT_COLUMNS = { departmentCode: 'Department Code', ...(({ username: _u, ...rest }) => rest)(STAFF_POLICY_IMPORT_COLUMNS) } as const;
export const STAFF_POLICY_IMPORT_COLUMNS_VI = {
  username: 'Tên đăng nhập',
  workScheduleCode: 'Mã lịch làm việc',
  ruleType: 'Loại lịch làm việc',
  explanationNumber: 'Số lần/ kỳ lương',
  refundHours: 'Số giờ/ lần',
  perDay: 'Số lần/ ngày',
  lack: 'Thời gian thiếu cho phép',
  otType: 'Quy tắc làm thêm giờ',
  url: 'Liên kết chính sách',
  applyDate: 'Ngày áp dụng (DD/MM/YYYY)',
  expireDate: 'Ngày hết hạn (DD/MM/YYYY)',
} as const satisfies Twin<typeof STAFF_POLICY_IMPORT_COLUMNS>;
export const DEPARTMENT_POLICY_IMPORT_COLUMNS_VI = {
  departmentCode: 'Mã phòng ban',
  ...(({ username: _u, ...rest }) => rest)(STAFF_POLICY_IMPORT_COLUMNS_VI),
} as const satisfies Twin<typeof DEPARTMENT_POLICY_IMPORT_COLUMNS>;

/** The policy's own fields as the modal and the import give them (dates YYYY-MM-DD). */
export type PolicyFieldsInput = {
  work_schedule_code?: unknown;
  rule_type?: unknown;
  explanation_number?: unknown;
  refund_hours_per_explanation?: unknown;
  explanation_time_per_days?: unknown;
  lack_of_time_allowed?: unknown;
  ot_type?: unknown;
  url_policy?: unknown;
  apply_date?: unknown;
  expire_date?: unknown;
};

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** One explanation field: the spec's message of its first broken rule, or null. */
/** The rules of an explanation field, by their message's key: the web shows each by its key, never by its English. */
export type ExplanationRule = 'required' | 'invalid' | 'integer' | 'range' | 'invalidDuration';

/** The first rule an explanation field breaks, null when it passes. */
export function explanationFieldRule(field: ExplanationField, value: unknown): ExplanationRule | null {
  if (blank(value)) return 'required';
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!(typeof value === 'number' ? Number.isFinite(value) : NUMBER_TEXT.test(text))) return 'invalid';
  const n = Number(text);
  if (field !== 'refund_hours_per_explanation' && !Number.isInteger(n)) return 'integer';
  if (n < 0 || n >= POLICY_EXPLANATION_MAX) return 'range';
  if (field === 'refund_hours_per_explanation' && !/^\+?(\d+(\.\d?)?|\.\d)$/.test(text)) return 'invalidDuration';
  return null;
}

/** The English message (the server's answer) of the first rule an explanation field breaks. */
export function checkExplanationField(field: ExplanationField, value: unknown): string | null {
  const rule = explanationFieldRule(field, value);
  if (rule === null) return null;
  return rule === 'invalidDuration' ? M.invalidDuration : M[rule](EXPLANATION_LABELS[field]);
}

/** Is it an http or https link (a host, no spaces)? A pattern, so the contracts need no DOM or Node `URL`. */
export function isHttpLink(text: string): boolean {
  return /^https?:\/\/[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?(?:[/?#]\S*)?$/i.test(text.trim());
}

/**
 * Every rule of the staff policy modal that needs no server state (spec 002 §5), in the form's order: the list of
 * messages, empty when the fields pass. The date rules that need the lock date and today are `checkPolicyDates`.
 */
export function checkPolicyFields(v: PolicyFieldsInput): string[] {
  const out: string[] = [];
  if (blank(v.work_schedule_code)) out.push(M.workScheduleRequired);
  if (blank(v.rule_type)) out.push(M.workScheduleTypeRequired);
  for (const f of Object.keys(EXPLANATION_LABELS) as ExplanationField[]) {
    const m = checkExplanationField(f, v[f]);
    if (m) out.push(m);
  }
  if (blank(v.lack_of_time_allowed)) out.push(M.lackRequired);
  else {
    const n = Number(typeof v.lack_of_time_allowed === 'string' ? v.lack_of_time_allowed.trim() : v.lack_of_time_allowed);
    if (!Number.isInteger(n) || n < 0 || n > 1440) out.push(M.lackInvalid);
  }
  if (blank(v.ot_type)) out.push(M.otRequired);
  if (blank(v.url_policy)) out.push(M.linkRequired);
  else if (typeof v.url_policy !== 'string') out.push(M.linkInvalid);
  else if (v.url_policy.length > POLICY_LINK_MAX) out.push(M.linkTooLong);
  else if (!isHttpLink(v.url_policy)) out.push(M.linkInvalid);
  const apply = v.apply_date;
  const expire = v.expire_date;
  if (blank(apply)) out.push(M.applyRequired);
  else if (typeof apply !== 'string' || !isIsoDateText(apply)) out.push(M.invalidDate);
  if (blank(expire)) out.push(M.expireRequired);
  else if (typeof expire !== 'string' || !isIsoDateText(expire)) out.push(M.invalidDate);
  if (typeof apply === 'string' && typeof expire === 'string' && isIsoDateText(apply) && isIsoDateText(expire) && apply > expire) out.push(M.applyAfterExpire);
  return out;
}

const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * The date rules that need the server's state (spec 002 §5): apply ≤ expire, apply after the lock date (unless the
 * apply date is kept and locked, an edit), expire ≥ apply and ≥ today. Dates YYYY-MM-DD.
 */
/** The date rules of a policy, by their message's key, with the field each belongs to. */
export type PolicyDateRule = { field: 'apply_date' | 'expire_date'; rule: 'applyAfterExpire' | 'applyLocked' | 'expireBeforeApply' | 'expirePast' };

export function policyDateRules(apply: string, expire: string, ctx: { lockDate: string | null; today: string; keptLockedApply?: boolean }): PolicyDateRule[] {
  const out: PolicyDateRule[] = [];
  if (apply > expire) out.push({ field: 'apply_date', rule: 'applyAfterExpire' });
  if (!ctx.keptLockedApply && ctx.lockDate !== null && apply <= ctx.lockDate) out.push({ field: 'apply_date', rule: 'applyLocked' });
  if (expire < apply) out.push({ field: 'expire_date', rule: 'expireBeforeApply' });
  if (expire < ctx.today) out.push({ field: 'expire_date', rule: 'expirePast' });
  return out;
}

/** The English messages (the server's answer) of the policy date rules that fail. */
export function checkPolicyDates(apply: string, expire: string, ctx: { lockDate: string | null; today: string; keptLockedApply?: boolean }): string[] {
  return policyDateRules(apply, expire, ctx).map(({ rule }) => {
    if (rule === 'applyLocked') return M.applyLocked(dmy(ctx.lockDate ?? ''));
    if (rule === 'expirePast') return M.expirePast(dmy(ctx.today));
    return M[rule];
  });
}

// ---- zod (server) ----
const numberish = z.union([z.number(), safeText()]).optional().nullable();
const policyFieldsShape = {
  work_schedule_code: safeText().optional().nullable(),
  rule_type: safeText().optional().nullable(),
  explanation_number: numberish,
  refund_hours_per_explanation: numberish,
  explanation_time_per_days: numberish,
  lack_of_time_allowed: numberish,
  ot_type: safeText().optional().nullable(),
  url_policy: safeText().optional().nullable(),
  apply_date: safeText().optional().nullable(),
  expire_date: safeText().optional().nullable(),
  /** Self check-in (issue 28): the mode (default OFF) and the places LISTED_PLACES allows. */
  self_check_in_mode: z.enum(SELF_CHECK_IN_MODES, { error: SELF_CHECK_IN_MESSAGES.modeInvalid }).optional().nullable(),
  self_check_in_place_ids: z.array(idSchema()).max(200).optional().nullable(),
};

export type PolicyValues = {
  work_schedule_code: string;
  rule_type: string;
  explanation_number: number;
  refund_hours_per_explanation: number;
  explanation_time_per_days: number;
  lack_of_time_allowed: number;
  ot_type: string;
  url_policy: string;
  apply_date: string;
  expire_date: string;
  /** Absent: unchanged on an edit, OFF on a new policy. */
  self_check_in_mode?: SelfCheckInMode;
  self_check_in_place_ids?: number[];
};

function toValues(v: z.infer<z.ZodObject<typeof policyFieldsShape>>): PolicyValues {
  return {
    work_schedule_code: String(v.work_schedule_code).trim(),
    rule_type: String(v.rule_type).trim(),
    explanation_number: Number(v.explanation_number),
    refund_hours_per_explanation: Number(v.refund_hours_per_explanation),
    explanation_time_per_days: Number(v.explanation_time_per_days),
    lack_of_time_allowed: Number(v.lack_of_time_allowed),
    ot_type: String(v.ot_type).trim(),
    url_policy: String(v.url_policy).trim(),
    apply_date: String(v.apply_date),
    expire_date: String(v.expire_date),
    ...(v.self_check_in_mode == null
      ? {}
      : {
          self_check_in_mode: v.self_check_in_mode,
          self_check_in_place_ids: v.self_check_in_mode === 'LISTED_PLACES' ? [...new Set(v.self_check_in_place_ids ?? [])].sort((a, b) => a - b) : [],
        }),
  };
}

function refinePolicy(first: string[] = []) {
  return (v: PolicyFieldsInput, ctx: z.RefinementCtx) => {
    for (const message of [...first, ...checkPolicyFields(v)]) ctx.addIssue({ code: 'custom', message });
    const self = v as { self_check_in_mode?: string | null; self_check_in_place_ids?: number[] | null };
    if (self.self_check_in_mode === 'LISTED_PLACES' && !(self.self_check_in_place_ids ?? []).length) ctx.addIssue({ code: 'custom', message: SELF_CHECK_IN_MESSAGES.placesRequired });
  };
}

export const setPolicySchema = z
  .object({ usernames: z.union([safeText(), z.array(safeText())]).optional().nullable(), ...policyFieldsShape })
  .superRefine((v, ctx) => {
    const names = Array.isArray(v.usernames) ? v.usernames : typeof v.usernames === 'string' ? v.usernames.split(',') : [];
    refinePolicy(names.some((n) => n.trim() !== '') ? [] : [M.staffRequired])(v, ctx);
  })
  .transform((v) => ({
    usernames: [...new Set((Array.isArray(v.usernames) ? v.usernames : String(v.usernames).split(',')).map((n) => n.trim()).filter(Boolean))],
    ...toValues(v),
  }));
export type SetPolicyBody = z.output<typeof setPolicySchema>;

export const editPolicySchema = z
  .object({ id: idSchema(), version: z.number({ error: M.versionRequired }).int(M.versionRequired), ...policyFieldsShape })
  .superRefine(refinePolicy())
  .transform((v) => ({ id: v.id, version: v.version, ...toValues(v) }));
export type EditPolicyBody = z.output<typeof editPolicySchema>;

export const departmentSetPolicySchema = z
  .object({ department_ids: z.array(idSchema()).optional().nullable(), ...policyFieldsShape })
  .superRefine((v, ctx) => refinePolicy(v.department_ids && v.department_ids.length > 0 ? [] : [M.departmentRequired])(v, ctx))
  .transform((v) => ({ department_ids: [...new Set(v.department_ids ?? [])], ...toValues(v) }));
export type DepartmentSetPolicyBody = z.output<typeof departmentSetPolicySchema>;

export const idPathSchema = z.object({ id: idParamSchema() });

const dateIso = z.string().nullable();
export const policyActionsSchema = z.object({ history: z.boolean(), edit: z.boolean(), remove: z.boolean(), lockedFields: z.boolean() });
export type PolicyActions = z.infer<typeof policyActionsSchema>;

export const policyRowSchema = z.object({
  id: z.number().int(),
  source: z.enum(['staff', 'department']),
  is_from: z.string().nullable(),
  employee_id: z.number().int().nullable(),
  fullName: z.string().nullable(),
  user_name: z.string().nullable(),
  department_id: z.number().int().nullable(),
  department_name: z.string().nullable(),
  division_name: z.string().nullable(),
  work_schedule_code: z.string().nullable(),
  work_schedule_name: z.string().nullable(),
  work_schedule_type: z.string().nullable(),
  rule_type: z.string().nullable(),
  explanation_number: z.number().nullable(),
  refund_hours_per_explanation: z.number().nullable(),
  explanation_time_per_days: z.number().nullable(),
  lack_of_time_allowed: z.number().nullable(),
  ot_type: z.string().nullable(),
  url_policy: z.string().nullable(),
  self_check_in_mode: z.enum(SELF_CHECK_IN_MODES).optional(),
  self_check_in_place_ids: z.array(z.number().int()).optional(),
  apply_date: dateIso,
  expire_date: dateIso,
  created_by: z.string().nullable().optional(),
  created_date: z.string().nullable().optional(),
  modified_date: z.string().nullable().optional(),
  version: z.number().int().nullable(),
  actions: policyActionsSchema,
});
export type PolicyRow = z.infer<typeof policyRowSchema>;

/** GET /tms/job-info-history: filters as spec 002 §7 (dates DD/MM/YYYY). */
export const currentPolicyQuerySchema = z.object({
  ...pagingShape(),
  staff: idListSchema,
  division: idListSchema,
  department: idListSchema,
  workScheduleCode: safeText().optional(),
  workScheduleType: safeText().optional(),
  project: idListSchema,
  applyFromDate: dmyFilterSchema,
  applyToDate: dmyFilterSchema,
  expireFromDate: dmyFilterSchema,
  expireToDate: dmyFilterSchema,
  onboardFromDate: dmyFilterSchema,
  onboardToDate: dmyFilterSchema,
});
export type CurrentPolicyQuery = z.output<typeof currentPolicyQuerySchema>;

export const currentPolicyRowSchema = z.object({
  employee_id: z.number().int(),
  fullName: z.string(),
  user_name: z.string(),
  department_name: z.string().nullable(),
  division_name: z.string().nullable(),
  hired_date: dateIso,
  policy: policyRowSchema.nullable(),
});
export type CurrentPolicyRow = z.infer<typeof currentPolicyRowSchema>;
export const currentPolicyResponseSchema = pagedEnvelope(currentPolicyRowSchema);

export const employeePoliciesQuerySchema = z.object({
  employeeId: idParamSchema(),
  workScheduleCode: safeText().optional(),
  ruleType: safeText().optional(),
  applyFromDate: dmyFilterSchema,
  applyToDate: dmyFilterSchema,
  expireFromDate: dmyFilterSchema,
  expireToDate: dmyFilterSchema,
});
export const employeePoliciesResponseSchema = envelope(
  z.object({
    staff: z.object({ id: z.number().int(), name: z.string(), user_name: z.string() }),
    lockDate: dateIso,
    today: z.string(),
    items: z.array(policyRowSchema),
  }),
);

export const departmentPolicyQuerySchema = z.object({
  ...pagingShape(),
  division: idListSchema,
  department: idListSchema,
  workSchedule: safeText().optional(),
  type: safeText().optional(),
  applyFromDate: dmyFilterSchema,
  applyToDate: dmyFilterSchema,
  expireFromDate: dmyFilterSchema,
  expireToDate: dmyFilterSchema,
});
export type DepartmentPolicyQuery = z.output<typeof departmentPolicyQuerySchema>;
export const departmentPolicyListResponseSchema = pagedEnvelope(policyRowSchema.extend({ member_count: z.number().int() }));

export const writeResultSchema = envelope(z.object({ ids: z.array(z.number().int()), count: z.number().int(), recalculation: z.string() }));
export const historyResponseSchema = envelope(z.array(historyEntrySchema));

export const ruleConfigResponseSchema = envelope(
  z.object({
    ruleTypes: z.array(z.object({ value: z.string(), label: z.string() })),
    otRules: z.array(z.object({ value: z.string(), label: z.string() })),
  }),
);
export const workScheduleCodesResponseSchema = envelope(
  z.array(z.object({ work_schedule_code: z.string(), work_schedule_name: z.string(), work_schedule_type: z.string(), work_start_time: z.string(), work_end_time: z.string() })),
);

// ---- Job info (spec 002 §3 Job info record, §5 Job info, §7) ----
const isoDate = (required: string) =>
  safeText(required)
    .trim()
    .min(1, required)
    .refine((s) => isIsoDateText(s), M.invalidDate);

export const jobInfoCreateSchema = z
  .object({
    employee_id: z.union([safeText(), z.number(), z.array(z.union([z.number(), safeText()]))], { error: M.jobNameRequired }),
    effective_start_date: isoDate(M.jobStartRequired),
    end_date: isoDate(M.jobEndRequired),
    work_schedule_code: safeText(M.jobScheduleRequired).trim().min(1, M.jobScheduleRequired),
  })
  .transform((v, ctx) => {
    const ids = (Array.isArray(v.employee_id) ? v.employee_id.join(',') : String(v.employee_id))
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (ids.length === 0) ctx.addIssue({ code: 'custom', message: M.jobNameRequired });
    if (ids.some((s) => !/^\d{1,9}$/.test(s))) ctx.addIssue({ code: 'custom', message: M.employeeNotFound });
    if (v.effective_start_date > v.end_date) ctx.addIssue({ code: 'custom', message: M.jobEndBeforeStart });
    return { employeeIds: [...new Set(ids.map(Number))], start: v.effective_start_date, end: v.end_date, code: v.work_schedule_code };
  });
export type JobInfoCreateBody = z.output<typeof jobInfoCreateSchema>;

export const jobInfoUpdateSchema = z
  .object({
    _id: idParamSchema(),
    version: z.number().int().optional(),
    effective_start_date: isoDate(M.jobStartRequired),
    end_date: isoDate(M.jobEndRequired),
    work_schedule_code: safeText(M.jobScheduleRequired).trim().min(1, M.jobScheduleRequired),
  })
  .superRefine((v, ctx) => {
    if (v.effective_start_date > v.end_date) ctx.addIssue({ code: 'custom', message: M.jobEndBeforeStart });
  });
export type JobInfoUpdateBody = z.output<typeof jobInfoUpdateSchema>;

export const jobInfoRowSchema = z.object({
  _id: z.number().int(),
  employee_id: z.number().int(),
  employee_name: z.string(),
  username: z.string(),
  work_schedule_code: z.string(),
  effective_start_date: z.string(),
  end_date: z.string(),
  work_start_time: z.string().nullable(),
  work_end_time: z.string().nullable(),
  is_from: z.string().nullable(),
  version: z.number().int(),
  actions: policyActionsSchema,
});
export type JobInfoRow = z.infer<typeof jobInfoRowSchema>;
export const jobInfoListQuerySchema = z.object({
  ...pagingShape(),
  employee: idListSchema,
  workScheduleCode: safeText().optional(),
  fromDate: dmyFilterSchema,
  toDate: dmyFilterSchema,
});
export type JobInfoListQuery = z.output<typeof jobInfoListQuerySchema>;
export const jobInfoListResponseSchema = pagedEnvelope(jobInfoRowSchema);
export const jobInfoEmployeeQuerySchema = z.object({ employeeId: idParamSchema() });
export const jobInfoEmployeeResponseSchema = envelope(z.array(jobInfoRowSchema));
export const jobInfoDeleteQuerySchema = z.object({ id: idParamSchema() });
/** One message per staff; `details[i]` is the key and parameters of `data[i]` (issue 25, as an error's `details`). */
export const jobInfoCreateResponseSchema = envelope(z.array(z.string())).extend({ details: z.array(messageRefSchema.nullable()).optional() });
export const jobInfoUpdateErrorSchema = z.object({
  code: z.number().int(),
  result_code: z.string().optional(),
  message: z.string(),
  messages: z.array(z.string()).optional(),
  ...messageKeyFields,
  data: z.null(),
});
