import type { GridFilter } from '@tms/contracts/timesheet-grid';
import { TIMESHEET_STATUS } from '@tms/contracts/timesheet-review';
import { timesheetTexts, type TimesheetT } from '../i18n/index.ts';

const S = TIMESHEET_STATUS;

/**
 * Bodies of the export and send-email calls from the grid's filter and ticked rows (spec 001 §7.1 names).
 * Lists go as lists of texts: the server reads `a,b` or `['a','b']` for both its text and id lists.
 */

type TextList = string[] | undefined;

/** Body of tms/excel/{id}/rule and rule2. */
export type ExportRequestBody = {
  location?: string[];
  departmentsFilter?: string[];
  role?: string[];
  employee?: string[];
  divisions?: string[];
  workScheduleTypes?: string[];
  reason_type?: string[];
  actionAbnormalCase?: boolean;
  employee_id?: string[];
};

/** Body of tms/timesheets/{id}/send-email. */
export type SendEmailRequestBody = {
  location?: string[];
  employee?: string[];
  department?: string[];
  divisions?: string[];
  role?: string[];
  workScheduleTypes?: string[];
  reason_type?: string[];
  action_abnormal_case?: boolean;
  employee_id?: string[];
};

/** Body of tms/excel/zip. */
export type ZipRequestBody = { employeeId: number[]; timesheetId: number };

const list = (values: readonly (string | number)[] | undefined): TextList => {
  const texts = (values ?? []).map(String).filter((v) => v.trim() !== '');
  return texts.length > 0 ? texts : undefined;
};

/** Drops absent parts so the body carries only what narrows the set. */
function compact<T extends object>(body: T): T {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as T;
}

/** The grid filter under the export names, plus `employee_id` = the ticked rows, which narrow the export to them. */
export function exportBody(filter: GridFilter, selectedEmployeeIds: readonly number[]): ExportRequestBody {
  return compact({
    location: list(filter.location),
    departmentsFilter: list(filter.departmentsFilter),
    role: list(filter.role),
    employee: list(filter.employee),
    divisions: list(filter.divisions),
    workScheduleTypes: list(filter.workScheduleTypes),
    reason_type: list(filter.reason_type),
    actionAbnormalCase: filter.actionAbnormalCase === true ? true : undefined,
    employee_id: list(selectedEmployeeIds),
  });
}

export function zipBody(timesheetId: number, selectedEmployeeIds: readonly number[]): ZipRequestBody {
  return { employeeId: [...selectedEmployeeIds], timesheetId };
}

/**
 * The ticked rows when there are any (`employee_id` wins on the server); otherwise the whole grid filter under the
 * send-email names (spec 001 §7.1: location, employee, department, reason_type, action_abnormal_case; plus divisions,
 * role and workScheduleTypes, which the server also reads so that no on-screen filter widens the mailing).
 */
export function sendEmailBody(filter: GridFilter, selectedEmployeeIds: readonly number[]): SendEmailRequestBody {
  const chosen = list(selectedEmployeeIds);
  if (chosen) return { employee_id: chosen };
  return compact({
    location: list(filter.location),
    employee: list(filter.employee),
    department: list(filter.departmentsFilter),
    divisions: list(filter.divisions),
    role: list(filter.role),
    workScheduleTypes: list(filter.workScheduleTypes),
    reason_type: list(filter.reason_type),
    action_abnormal_case: filter.actionAbnormalCase === true ? true : undefined,
  });
}

/** The confirmation's text: how many employees get the email (the ticked rows, else all matching the filter). */
export function sendEmailConfirmText(selectedCount: number, t: TimesheetT = timesheetTexts.t): string {
  return selectedCount > 0 ? t('toolbar.sendEmail.confirmSelected', { count: selectedCount }) : t('toolbar.sendEmail.confirmAll');
}

/** PUT …/request-review: { status: 3, version } (RULES.md §4: Draft or Pending update → Pending approval). */
export function requestReviewBody(version: number): { status: typeof S.PENDING_APPROVAL; version: number } {
  return { status: S.PENDING_APPROVAL, version };
}

/** PUT …/review: approve { status: 4, version }; reject { status: 2, content, version } (RULES.md §4 → Pending update). */
export function reviewBody(decision: 'approve' | 'reject', version: number, content?: string): { status: typeof S.APPROVED | typeof S.PENDING_UPDATE; version: number; content?: string } {
  return decision === 'approve' ? { status: S.APPROVED, version } : { status: S.PENDING_UPDATE, content: content?.trim() ?? '', version };
}
