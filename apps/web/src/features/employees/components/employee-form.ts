import dayjs, { type Dayjs } from 'dayjs';
import { DATE_ISO } from '@tms/contracts/api';
import {
  adjustedTotal,
  checkEmployee,
  EMPLOYEE_DATE_FIELDS,
  employeeNumber,
  isLabelledEmployeeRule,
  type EmployeeCreate,
  type EmployeeDetail,
  type EmployeeInput,
  type EmployeeIssue,
  type EmployeeUpdate,
} from '@tms/contracts/employees';
import { localizeNumberText } from '../../../lib/numbers.ts';
import type { EmployeesT } from '../i18n/index.ts';

/** The Employee Detail form's values: dates as Dayjs, numbers as typed (checked as numbers by the rules). */
export type EmployeeFormValues = Omit<EmployeeInput, (typeof EMPLOYEE_DATE_FIELDS)[number]> & {
  [K in (typeof EMPLOYEE_DATE_FIELDS)[number]]?: Dayjs | null;
} & { division?: number | null; createAccount?: boolean };

/** A new employee: Active, the VNM_NPH calendar, HCM schedule, one birthday leave day (spec 002 §3, RULES.md §4). */
export function emptyEmployeeValues(): EmployeeFormValues {
  return {
    employeeStatus: 'Active',
    holidayCalendarCode: 'VNM_NPH',
    nationality: 'VNM',
    work_schedule_type: 'HCM',
    total_annual_leave: 0,
    remain_annual_leave: 0,
    remain_unpaid_leave: 0,
    remain_maternity_leave: 0,
    remain_birthday_leave: 1,
    remainOffsetLeave: 0,
    createAccount: false,
    roles: ['STAFF'],
  };
}

const toDayjs = (v: string | null) => (v ? dayjs(v, DATE_ISO) : null);

/** The stored employee as form values (edit mode). */
export function employeeValuesOf(d: EmployeeDetail): EmployeeFormValues {
  const values: EmployeeFormValues = {
    name: d.name,
    gender: d.gender,
    email: d.email,
    personalEmail: d.personalEmail,
    nationality: d.nationality,
    user_name: d.user_name,
    sf4c_id: d.sf4c_id,
    location: d.location,
    division: d.divisionId,
    department: d.department,
    sub_department: d.sub_department,
    sub_department_2: d.sub_department_2,
    positionTitle: d.positionTitle,
    jobLevel: d.jobLevel,
    employeeStatus: d.employeeStatus,
    work_schedule_type: d.work_schedule_type,
    holidayCalendarCode: d.holidayCalendarCode,
    contract_type: d.contract_type,
    numberOfYear: d.numberOfYear,
    total_annual_leave: d.total_annual_leave,
    remain_annual_leave: d.remain_annual_leave,
    remain_unpaid_leave: d.remain_unpaid_leave,
    remain_maternity_leave: d.remain_maternity_leave,
    remain_birthday_leave: d.remain_birthday_leave,
    remainOffsetLeave: d.remainOffsetLeave,
    roles: d.account?.roles as EmployeeFormValues['roles'],
  };
  for (const field of EMPLOYEE_DATE_FIELDS) values[field] = toDayjs(d[field]);
  return values;
}

/** The form values as the API's fields (dates YYYY-MM-DD, blanks null). */
export function employeeInputOf(values: EmployeeFormValues): EmployeeInput {
  const { division: _division, createAccount: _createAccount, ...rest } = values;
  const input: Record<string, unknown> = { ...rest };
  for (const field of EMPLOYEE_DATE_FIELDS) {
    const v = values[field];
    input[field] = v && dayjs.isDayjs(v) && v.isValid() ? v.format(DATE_ISO) : null;
  }
  return input as EmployeeInput;
}

export function toCreateBody(values: EmployeeFormValues): EmployeeCreate {
  const input = employeeInputOf(values);
  return { ...input, createAccount: values.createAccount === true, roles: values.createAccount ? (values.roles ?? []) : undefined };
}

export function toUpdateBody(detail: EmployeeDetail, values: EmployeeFormValues): EmployeeUpdate {
  const input = employeeInputOf(values);
  return { ...input, id: detail.id, version: detail.version, roles: detail.account ? values.roles : undefined };
}

/**
 * The first rule `field` breaks (spec 002 §5 Employee), checked by the same function the server runs;
 * null when the field is fine.
 */
export function employeeFieldError(field: EmployeeIssue['field'], values: EmployeeFormValues): EmployeeIssue | null {
  const result = checkEmployee(employeeInputOf(values));
  if (result.ok) return null;
  return result.issues.find((i) => i.field === field) ?? null;
}

/**
 * A broken rule of checkEmployee (the server's own check) in the language on screen, chosen by the rule's key — never
 * by its English text — with the field named by its label there.
 */
export function employeeMessageText(issue: EmployeeIssue, t: EmployeesT): string {
  const label = t(`fields.${issue.field}`);
  if (issue.rule === 'tooLarge') return t('messages.tooLarge', { label, max: localizeNumberText(String(issue.max ?? 0)) });
  if (isLabelledEmployeeRule(issue.rule)) return t(`messages.${issue.rule}`, { label });
  return t(`messages.${issue.rule}`);
}

/**
 * spec 002 §4: changing remain annual leave moves the shown total annual leave by the difference. `previous` is the
 * remain value before the change; a value that is not a number leaves the total as it is.
 */
export function totalAfterRemainChange(total: unknown, previous: unknown, next: unknown): number | undefined {
  const t = employeeNumber(total) ?? 0;
  const a = employeeNumber(previous) ?? 0;
  const b = employeeNumber(next) ?? 0;
  if ([t, a, b].some((n) => Number.isNaN(n))) return undefined;
  return adjustedTotal(t, a, b);
}
