import { z } from 'zod';
import { isIsoDateText } from './api.ts';
import { envelope, idListSchema, idParamSchema, idSchema, pagedEnvelope, pagingShape, safeText, textSchema } from './schemas.ts';
import { ROLES } from './roles.ts';
import { EMPLOYEE_DEFAULT_SORT, EMPLOYEE_LOCATIONS, EMPLOYEE_JOB_LEVELS, EMPLOYEE_CONTRACT_TYPES, EMPLOYEE_NATIONALITIES, EMPLOYEE_STATUSES, EMPLOYEE_HOLIDAY_CALENDARS, EMPLOYEE_WORK_SCHEDULE_TYPES, EMPLOYEE_GENDERS } from './employees-constants.ts';
// The area's paths, roles, limits and texts are in employees-constants.ts, without zod (the web's first load imports
// them from there); this file adds the schemas and re-exports them.
export * from './employees-constants.ts';

/** spec 002 §5: remain birthday leave 0..1. */
export const BIRTHDAY_LEAVE_MIN = 0;
export const BIRTHDAY_LEAVE_MAX = 1;

/** Field labels, used by the form and in the '<Field> must be number' messages. */
export const EMPLOYEE_LABELS = {
  name: 'Full name',
  gender: 'Gender',
  date_of_birth: 'Date of birth',
  email: 'Email',
  personalEmail: 'Personal email',
  nationality: 'Nationality',
  user_name: 'Username',
  sf4c_id: 'Staff ID',
  company: 'Company',
  location: 'Location',
  division: 'Division',
  department: 'Department',
  sub_department: 'Sub department',
  sub_department_2: 'Sub department 2',
  positionTitle: 'Position title',
  jobLevel: 'Job level',
  employeeStatus: 'Employee status',
  work_schedule_type: 'Work schedule type',
  work_schedule_apply_date: 'Work schedule apply date',
  holidayCalendarCode: 'Holiday calendar',
  contract_type: 'Contract type',
  numberOfYear: 'Number of year',
  contract_start_date: 'Contract start date',
  contract_end_date: 'Contract end date',
  start_working_day: 'Start working day',
  last_working_day: 'Last working day',
  seniorityDate: 'Seniority date',
  total_annual_leave: 'Total annual leave',
  remain_annual_leave: 'Remain annual leave',
  remain_unpaid_leave: 'Remain unpaid leave',
  remain_maternity_leave: 'Remain maternity leave',
  remain_birthday_leave: 'Remain birthday leave',
  remainOffsetLeave: 'Remain offset leave',
  annualLeaveStartDate: 'Annual leave start date',
  annualLeaveEndDate: 'Annual leave end date',
  createAccount: 'Create user account',
  roles: 'Roles',
} as const;

/** The number fields of the form (spec 002 §5: each must be a number). */
export const EMPLOYEE_NUMBER_FIELDS = ['numberOfYear', 'remain_annual_leave', 'remain_unpaid_leave', 'remain_maternity_leave', 'remain_birthday_leave', 'remainOffsetLeave'] as const;
export type EmployeeNumberField = (typeof EMPLOYEE_NUMBER_FIELDS)[number];
export const EMPLOYEE_DATE_FIELDS = [
  'date_of_birth',
  'work_schedule_apply_date',
  'contract_start_date',
  'contract_end_date',
  'start_working_day',
  'last_working_day',
  'seniorityDate',
  'annualLeaveStartDate',
  'annualLeaveEndDate',
] as const;
export type EmployeeDateField = (typeof EMPLOYEE_DATE_FIELDS)[number];

export const EMPLOYEE_MESSAGES = {
  nameRequired: 'Please input your full name',
  emailRequired: 'Please input your email',
  usernameRequired: 'Please input your username',
  statusRequired: 'Please select your employee status',
  startWorkingDayRequired: 'Please choose start working day!',
  mustBeNumber: (label: string) => `${label} must be number`,
  remainAnnualPositive: 'Remain Annual Leave must be positive number',
  mustBePositive: (label: string) => `${label} must be positive number`,
  birthdayRange: 'Remain birthday leave must be between 0 and 1',
  emailInvalid: 'Email is invalid',
  personalEmailInvalid: 'Personal email is invalid',
  departmentRequired: 'Please select department',
  departmentNotFound: 'Department not found',
  usernameTaken: (username: string) => `Username ${username} already exists`,
  usernameInvalid: 'Username may contain only letters, digits, dot, dash and underscore',
  invalidDate: (label: string) => `${label} is an invalid date`,
  invalidOption: (label: string) => `${label} is not a valid option`,
  lastBeforeStart: 'Last working day must not be before start working day',
  contractEndBeforeStart: 'Contract end date must not be before contract start date',
  workScheduleNotFound: (code: string) => `No active work schedule with code ${code}`,
  rolesRequired: 'Please choose at least one role',
  adminRoleOnlyAdmin: 'Only an administrator may grant or remove the ADMIN role',
  noAccountForRoles: 'This employee has no user account',
  notFound: 'Employee not found',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  tooLarge: (label: string, max: number) => `${label} must be at most ${max}`,
  versionRequired: 'Version is required',
  created: 'Create employee successfully!',
  updated: 'Update employee successfully!',
  // page texts
  tabList: 'Employee List',
  tabDetail: 'Employee Detail',
  tabAttendance: 'Employee - Attendance Check System Config',
  sectionPersonal: 'Personal Information',
  sectionStaff: 'Staff Information',
  sectionContract: 'Contract Information',
  sectionBenefit: 'Benefit & Perks',
  addNew: 'Add New',
  cancel: 'Cancel',
  create: 'Create',
  save: 'Save',
  keywordPlaceholder: 'Name, username, email or staff ID',
  firstPasswordTitle: 'User account created',
  firstPasswordText: 'The first password of this account is shown only once. Copy it and hand it to the employee.',
  copy: 'Copy',
  copied: 'Copied',
  noEmployee: 'Choose an employee in the Employee List or click Add New',
  discardTitle: 'Discard your changes?',
} as const;
const M = EMPLOYEE_MESSAGES;

const optionalText = (max: number, label: string) => safeText().max(max, M.tooLong(label, max)).nullable().optional();
/** A form value that should be a number: a number, a numeric text, empty or null (checked by `checkEmployee`). */
const loose = z.union([z.number(), textSchema, z.null()]).optional();

/** The fields of an employee a client may send (spec 002 §3 Employee); total_annual_leave is read-only and ignored. */
export const employeeFieldsShape = {
  name: optionalText(200, EMPLOYEE_LABELS.name),
  gender: optionalText(1, EMPLOYEE_LABELS.gender),
  date_of_birth: optionalText(10, EMPLOYEE_LABELS.date_of_birth),
  email: optionalText(200, EMPLOYEE_LABELS.email),
  personalEmail: optionalText(200, EMPLOYEE_LABELS.personalEmail),
  nationality: optionalText(10, EMPLOYEE_LABELS.nationality),
  user_name: optionalText(100, EMPLOYEE_LABELS.user_name),
  sf4c_id: optionalText(50, EMPLOYEE_LABELS.sf4c_id),
  location: optionalText(30, EMPLOYEE_LABELS.location),
  /** The department's code (spec 002 §3 "department (code)"); the division is the department's parent. */
  department: optionalText(50, EMPLOYEE_LABELS.department),
  sub_department: optionalText(200, EMPLOYEE_LABELS.sub_department),
  sub_department_2: optionalText(200, EMPLOYEE_LABELS.sub_department_2),
  positionTitle: optionalText(200, EMPLOYEE_LABELS.positionTitle),
  jobLevel: optionalText(30, EMPLOYEE_LABELS.jobLevel),
  employeeStatus: optionalText(20, EMPLOYEE_LABELS.employeeStatus),
  work_schedule_type: optionalText(30, EMPLOYEE_LABELS.work_schedule_type),
  work_schedule_apply_date: optionalText(10, EMPLOYEE_LABELS.work_schedule_apply_date),
  holidayCalendarCode: optionalText(50, EMPLOYEE_LABELS.holidayCalendarCode),
  contract_type: optionalText(20, EMPLOYEE_LABELS.contract_type),
  numberOfYear: loose,
  contract_start_date: optionalText(10, EMPLOYEE_LABELS.contract_start_date),
  contract_end_date: optionalText(10, EMPLOYEE_LABELS.contract_end_date),
  start_working_day: optionalText(10, EMPLOYEE_LABELS.start_working_day),
  last_working_day: optionalText(10, EMPLOYEE_LABELS.last_working_day),
  seniorityDate: optionalText(10, EMPLOYEE_LABELS.seniorityDate),
  total_annual_leave: loose,
  remain_annual_leave: loose,
  remain_unpaid_leave: loose,
  remain_maternity_leave: loose,
  remain_birthday_leave: loose,
  remainOffsetLeave: loose,
  annualLeaveStartDate: optionalText(10, EMPLOYEE_LABELS.annualLeaveStartDate),
  annualLeaveEndDate: optionalText(10, EMPLOYEE_LABELS.annualLeaveEndDate),
  roles: z.array(z.enum(ROLES, { error: M.rolesRequired })).max(ROLES.length).optional(),
};

export const employeeCreateSchema = z.object({ ...employeeFieldsShape, createAccount: z.boolean().optional() });
export type EmployeeCreate = z.infer<typeof employeeCreateSchema>;
export const employeeUpdateSchema = z.object({
  ...employeeFieldsShape,
  id: idSchema(M.notFound),
  version: z.number({ error: M.versionRequired }).int(M.versionRequired).min(1, M.versionRequired).max(2_147_483_647, M.versionRequired),
});
export type EmployeeUpdate = z.infer<typeof employeeUpdateSchema>;
export type EmployeeInput = z.infer<z.ZodObject<typeof employeeFieldsShape>>;

/** What `checkEmployee` answers: the cleaned record or every broken rule's message, in form order. */
export type CheckedEmployee = {
  name: string;
  gender: 'M' | 'F' | null;
  date_of_birth: string | null;
  email: string;
  personalEmail: string | null;
  nationality: string | null;
  user_name: string;
  sf4c_id: string | null;
  location: string | null;
  department: string;
  sub_department: string | null;
  sub_department_2: string | null;
  positionTitle: string | null;
  jobLevel: string | null;
  employeeStatus: 'Active' | 'Terminated';
  work_schedule_type: 'FLEXIBLE' | 'HCM' | null;
  work_schedule_apply_date: string | null;
  holidayCalendarCode: string;
  contract_type: string | null;
  numberOfYear: number | null;
  contract_start_date: string | null;
  contract_end_date: string | null;
  start_working_day: string;
  last_working_day: string | null;
  seniorityDate: string | null;
  remain_annual_leave: number;
  remain_unpaid_leave: number;
  remain_maternity_leave: number;
  remain_birthday_leave: number;
  remainOffsetLeave: number;
  annualLeaveStartDate: string | null;
  annualLeaveEndDate: string | null;
};

const USERNAME_RE = /^[A-Za-z0-9._-]+$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const text = (v: unknown): string | null => (blank(v) ? null : String(v).trim());

/** A number field: null when empty, NaN when not a number. */
export function employeeNumber(v: unknown): number | null {
  if (blank(v)) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : NaN;
  const s = String(v).trim();
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(s) ? Number(s) : NaN;
}

/**
 * Every rule of spec 002 §5 Employee plus the enumerations of §3, on both sides: the form shows the same messages the
 * server answers (400, `message` the first, `messages` all). Dates are YYYY-MM-DD.
 */
/** The rules of checkEmployee, named by their message's key (the web shows each by its key, never by its English). */
const EMPLOYEE_LABELLED_RULES = ['mustBeNumber', 'mustBePositive', 'invalidDate', 'invalidOption'] as const;
export type EmployeePlainRule =
  | 'nameRequired'
  | 'emailRequired'
  | 'usernameRequired'
  | 'statusRequired'
  | 'startWorkingDayRequired'
  | 'remainAnnualPositive'
  | 'birthdayRange'
  | 'emailInvalid'
  | 'personalEmailInvalid'
  | 'departmentRequired'
  | 'usernameInvalid'
  | 'lastBeforeStart'
  | 'contractEndBeforeStart';
export type EmployeeLabelledRule = (typeof EMPLOYEE_LABELLED_RULES)[number];
export type EmployeeRule = EmployeePlainRule | EmployeeLabelledRule | 'tooLarge';

/** One broken rule: the form field it belongs to, the rule (its message key), `max` for tooLarge, and the English text. */
export type EmployeeIssue = { field: keyof typeof EMPLOYEE_LABELS; rule: EmployeeRule; max?: number; message: string };

export function isLabelledEmployeeRule(rule: EmployeeRule): rule is EmployeeLabelledRule {
  return (EMPLOYEE_LABELLED_RULES as readonly string[]).includes(rule);
}

/** The English text of a rule for `field` (the server's answer; the contract's text). */
function employeeRuleText(field: EmployeeIssue['field'], rule: EmployeeRule, max?: number): string {
  const label = EMPLOYEE_LABELS[field];
  if (rule === 'tooLarge') return M.tooLarge(label, max ?? 0);
  if (isLabelledEmployeeRule(rule)) return M[rule](label);
  return M[rule];
}

export function checkEmployee(input: EmployeeInput, opts: { requireDepartment?: boolean } = {}): { ok: true; value: CheckedEmployee } | { ok: false; messages: string[]; issues: EmployeeIssue[] } {
  const issues: EmployeeIssue[] = [];
  const add = (field: EmployeeIssue['field'], rule: EmployeeRule, max?: number) =>
    issues.push({ field, rule, ...(max === undefined ? {} : { max }), message: employeeRuleText(field, rule, max) });
  const name = text(input.name);
  const email = text(input.email);
  const userName = text(input.user_name);
  const status = text(input.employeeStatus);
  const start = text(input.start_working_day);
  if (!name) add('name', 'nameRequired');
  if (!email) add('email', 'emailRequired');
  else if (!EMAIL_RE.test(email)) add('email', 'emailInvalid');
  const personalEmail = text(input.personalEmail);
  if (personalEmail && !EMAIL_RE.test(personalEmail)) add('personalEmail', 'personalEmailInvalid');
  if (!userName) add('user_name', 'usernameRequired');
  else if (!USERNAME_RE.test(userName)) add('user_name', 'usernameInvalid');
  if (!status) add('employeeStatus', 'statusRequired');
  else if (!(EMPLOYEE_STATUSES as readonly string[]).includes(status)) add('employeeStatus', 'invalidOption');
  if (!start) add('start_working_day', 'startWorkingDayRequired');
  const department = text(input.department);
  if (!department && opts.requireDepartment !== false) add('department', 'departmentRequired');

  const option = (field: keyof typeof EMPLOYEE_LABELS, value: string | null, allowed: readonly string[]) => {
    if (value !== null && !allowed.includes(value)) add(field, 'invalidOption');
  };
  const gender = text(input.gender);
  option('gender', gender, EMPLOYEE_GENDERS.map((g) => g.value));
  option('location', text(input.location), EMPLOYEE_LOCATIONS);
  option('jobLevel', text(input.jobLevel), EMPLOYEE_JOB_LEVELS);
  option('contract_type', text(input.contract_type), EMPLOYEE_CONTRACT_TYPES.map((c) => c.value));
  option('nationality', text(input.nationality), EMPLOYEE_NATIONALITIES);
  option('holidayCalendarCode', text(input.holidayCalendarCode), EMPLOYEE_HOLIDAY_CALENDARS);
  option('work_schedule_type', text(input.work_schedule_type), EMPLOYEE_WORK_SCHEDULE_TYPES);

  const dates = {} as Record<EmployeeDateField, string | null>;
  for (const field of EMPLOYEE_DATE_FIELDS) {
    const v = text(input[field]);
    if (v !== null && !isIsoDateText(v)) {
      add(field, 'invalidDate');
      dates[field] = null;
    } else dates[field] = v;
  }
  if (dates.start_working_day && dates.last_working_day && dates.last_working_day < dates.start_working_day) add('last_working_day', 'lastBeforeStart');
  if (dates.contract_start_date && dates.contract_end_date && dates.contract_end_date < dates.contract_start_date) add('contract_end_date', 'contractEndBeforeStart');

  const numbers = {} as Record<EmployeeNumberField, number | null>;
  for (const field of EMPLOYEE_NUMBER_FIELDS) {
    const n = employeeNumber(input[field]);
    numbers[field] = n;
    if (n !== null && Number.isNaN(n)) {
      add(field, 'mustBeNumber');
      continue;
    }
    if (n === null) continue;
    if (field === 'remain_birthday_leave') {
      if (n < BIRTHDAY_LEAVE_MIN || n > BIRTHDAY_LEAVE_MAX) add(field, 'birthdayRange');
    } else if (n < 0) add(field, field === 'remain_annual_leave' ? 'remainAnnualPositive' : 'mustBePositive');
    else if (n > (field === 'numberOfYear' ? 9_999 : 9_999_999)) add(field, 'tooLarge', field === 'numberOfYear' ? 9_999 : 9_999_999);
  }
  if (issues.length > 0) return { ok: false, messages: issues.map((i) => i.message), issues };
  return {
    ok: true,
    value: {
      name: name!,
      gender: gender as 'M' | 'F' | null,
      date_of_birth: dates.date_of_birth,
      email: email!,
      personalEmail,
      nationality: text(input.nationality),
      user_name: userName!,
      sf4c_id: text(input.sf4c_id),
      location: text(input.location),
      department: department ?? '',
      sub_department: text(input.sub_department),
      sub_department_2: text(input.sub_department_2),
      positionTitle: text(input.positionTitle),
      jobLevel: text(input.jobLevel),
      employeeStatus: status as 'Active' | 'Terminated',
      work_schedule_type: text(input.work_schedule_type) as 'FLEXIBLE' | 'HCM' | null,
      work_schedule_apply_date: dates.work_schedule_apply_date,
      holidayCalendarCode: text(input.holidayCalendarCode) ?? 'VNM_NPH',
      contract_type: text(input.contract_type),
      numberOfYear: numbers.numberOfYear,
      contract_start_date: dates.contract_start_date,
      contract_end_date: dates.contract_end_date,
      start_working_day: dates.start_working_day!,
      last_working_day: dates.last_working_day,
      seniorityDate: dates.seniorityDate,
      remain_annual_leave: round2(numbers.remain_annual_leave ?? 0),
      remain_unpaid_leave: round2(numbers.remain_unpaid_leave ?? 0),
      remain_maternity_leave: round2(numbers.remain_maternity_leave ?? 0),
      remain_birthday_leave: round2(numbers.remain_birthday_leave ?? 1),
      remainOffsetLeave: round2(numbers.remainOffsetLeave ?? 0),
      annualLeaveStartDate: dates.annualLeaveStartDate,
      annualLeaveEndDate: dates.annualLeaveEndDate,
    },
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** spec 002 §4: changing remain annual leave moves the shown total by the same difference. */
export function adjustedTotal(total: number, oldRemain: number, newRemain: number): number {
  return round2(total + (newRemain - oldRemain));
}

// ---- list ----
export const employeeListQuerySchema = z.object({
  ...pagingShape(),
  keyword: safeText().max(200).optional(),
  /** One id or several, comma-joined (the filter bar's multi-selects). */
  divisionId: idListSchema,
  departmentId: idListSchema,
  employeeStatus: z.enum(EMPLOYEE_STATUSES).optional(),
  location: z.enum(EMPLOYEE_LOCATIONS).optional(),
  contractType: z.enum(EMPLOYEE_CONTRACT_TYPES.map((c) => c.value) as [string, ...string[]]).optional(),
  jobLevel: z.enum(EMPLOYEE_JOB_LEVELS).optional(),
  /** -1 newest id first (default), 1 oldest first; `sortField` picks a column. */
  sort: z.coerce.number().int().refine((n) => n === 1 || n === -1).default(EMPLOYEE_DEFAULT_SORT),
  sortField: z.enum(['id', 'name', 'user_name', 'start_working_day', 'sf4c_id']).default('id'),
});
export type EmployeeListQuery = z.infer<typeof employeeListQuerySchema>;

const unitSchema = z.object({ id: z.number().int(), name: z.string(), nameEn: z.string() }).nullable();

export const employeeRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  user_name: z.string(),
  email: z.string(),
  sf4c_id: z.string().nullable(),
  gender: z.string().nullable(),
  location: z.string().nullable(),
  department_name: unitSchema,
  division_name: unitSchema,
  employeeStatus: z.string(),
  jobLevel: z.string().nullable(),
  contract_type: z.string().nullable(),
  positionTitle: z.string().nullable(),
  start_working_day: z.string(),
  hired_date: z.string(),
  last_working_day: z.string().nullable(),
  work_schedule_type: z.string().nullable(),
});
export type EmployeeRow = z.infer<typeof employeeRowSchema>;
export const employeeListResponseSchema = pagedEnvelope(employeeRowSchema);

// ---- detail ----
export const employeeDetailSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  name: z.string(),
  gender: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  email: z.string(),
  personalEmail: z.string().nullable(),
  nationality: z.string().nullable(),
  user_name: z.string(),
  sf4c_id: z.string().nullable(),
  company: z.string(),
  companyName: z.string(),
  location: z.string().nullable(),
  department: z.string(),
  departmentId: z.number().int(),
  divisionId: z.number().int(),
  department_name: unitSchema,
  division_name: unitSchema,
  sub_department: z.string().nullable(),
  sub_department_2: z.string().nullable(),
  positionTitle: z.string().nullable(),
  jobLevel: z.string().nullable(),
  employeeStatus: z.string(),
  work_schedule_type: z.string().nullable(),
  work_schedule_apply_date: z.string().nullable(),
  holidayCalendarCode: z.string(),
  contract_type: z.string().nullable(),
  contractTypeName: z.string().nullable(),
  numberOfYear: z.number().nullable(),
  contract_start_date: z.string().nullable(),
  contract_end_date: z.string().nullable(),
  start_working_day: z.string(),
  last_working_day: z.string().nullable(),
  seniorityDate: z.string().nullable(),
  total_annual_leave: z.number(),
  remain_annual_leave: z.number(),
  remain_unpaid_leave: z.number(),
  remain_maternity_leave: z.number(),
  remain_birthday_leave: z.number(),
  remainOffsetLeave: z.number(),
  annualLeaveStartDate: z.string().nullable(),
  annualLeaveEndDate: z.string().nullable(),
  /** The linked user account, null when the employee has none. */
  account: z.object({ userId: z.number().int(), username: z.string(), roles: z.array(z.string()), disabled: z.boolean() }).nullable(),
});
export type EmployeeDetail = z.infer<typeof employeeDetailSchema>;
export const employeeDetailResponseSchema = envelope(employeeDetailSchema);
export const employeeDetailParamsSchema = z.object({ id: idParamSchema(M.notFound) });

export const employeeCreateResponseSchema = envelope(
  z.object({
    id: z.number().int(),
    version: z.number().int(),
    /** The account's first password, answered once and never stored in clear (null without an account). */
    password: z.string().nullable(),
    username: z.string().nullable(),
  }),
);
export type EmployeeCreateResult = z.infer<typeof employeeCreateResponseSchema>['data'];
export const employeeUpdateResponseSchema = envelope(z.object({ id: z.number().int(), version: z.number().int() }));
