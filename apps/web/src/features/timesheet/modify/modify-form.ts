import type { GridFilter, RuleValue } from '@tms/contracts/timesheet-grid';
import type { ModifyType } from '@tms/contracts/timesheet-modify';
import { TIMESHEET_COMMENT_MAX, TIMESHEET_EDITABLE_STATUSES } from '@tms/contracts/timesheet-review';
import { timesheetTexts, type TimesheetT } from '../i18n/index.ts';

/**
 * The Modify Cell / Row / Column modal's rules and payload (spec 001 §2.1 Modify modal, §5.1 validations, §7.1
 * PUT /tms/timesheets; RULES.md §4 edits only in Draft or Pending update). The messages are the contracts' texts
 * (TIMESHEET_MODIFY_MESSAGES) in the reader's language: each check takes the caller's `t`, else the current one.
 */

/** What was right-clicked or clicked. */
export type ModifyTarget =
  | { type: 'cell'; employeeId: number; employeeName: string; date: string }
  | { type: 'row'; employeeId: number; employeeName: string }
  | { type: 'column'; date: string };

/** The modal's title: 'Modify Cell', 'Modify Row' or 'Modify Column'. */
export function modifyTitle(type: ModifyType, t: TimesheetT = timesheetTexts.t): string {
  return t(`modify.titles.${type}`);
}

/** Radio abnormal_only (spec 001 §2.1): "Abnormal case" or "All value"; hidden for a cell. */
export function abnormalOnlyOptions(t: TimesheetT = timesheetTexts.t): { label: string; value: boolean }[] {
  return [
    { label: t('modify.abnormalCase'), value: true },
    { label: t('modify.allValue'), value: false },
  ];
}

export type ModifyDraft = {
  abnormalOnly?: boolean | null;
  /** Row only: YYYY-MM-DD bounds of the date range. */
  fromDate?: string | null;
  toDate?: string | null;
  value?: number | null;
  comment?: string | null;
};

export type PeriodBounds = { from_date: string; to_date: string };

/** Spec 001 §4.1: cell, row and column edits only in Draft (0) or Pending update (2). */
export function isTimesheetEditable(status: number | null | undefined): boolean {
  return (TIMESHEET_EDITABLE_STATUSES as readonly number[]).includes(status ?? -1);
}

/** "Type is required": the abnormal_only choice of a row or column (a cell has none). */
export function typeError(type: ModifyType, abnormalOnly: boolean | null | undefined, t: TimesheetT = timesheetTexts.t): string | null {
  if (type === 'cell') return null;
  return typeof abnormalOnly === 'boolean' ? null : t('modify.typeRequired');
}

/** Row only: both dates ("Date is required"), within the timesheet's from and to dates, in order. */
export function dateError(
  type: ModifyType,
  fromDate: string | null | undefined,
  toDate: string | null | undefined,
  period: PeriodBounds,
  t: TimesheetT = timesheetTexts.t,
): string | null {
  if (type !== 'row') return null;
  if (!fromDate || !toDate) return t('modify.dateRequired');
  if (fromDate < period.from_date || toDate > period.to_date) return t('modify.dateOutsidePeriod');
  if (fromDate > toDate) return t('modify.dateOrder');
  return null;
}

/** "Value is required"; "Value must be between 0 and 1". */
export function valueError(value: number | null | undefined, t: TimesheetT = timesheetTexts.t): string | null {
  if (value === null || value === undefined || Number.isNaN(value)) return t('modify.valueRequired');
  return value < 0 || value > 1 ? t('modify.valueRange') : null;
}

/** "Comment is required"; at most 500 characters (spec 001 §9). */
export function commentError(comment: string | null | undefined, t: TimesheetT = timesheetTexts.t): string | null {
  const text = (comment ?? '').trim();
  if (text === '') return t('modify.commentRequired');
  return text.length > TIMESHEET_COMMENT_MAX ? t('modify.commentTooLong') : null;
}

/** Every failing rule in field order (type, date, value, comment); empty when the draft may be sent. */
export function modifyErrors(type: ModifyType, draft: ModifyDraft, period: PeriodBounds, t: TimesheetT = timesheetTexts.t): string[] {
  return [typeError(type, draft.abnormalOnly, t), dateError(type, draft.fromDate, draft.toDate, period, t), valueError(draft.value, t), commentError(draft.comment, t)].filter(
    (m): m is string => m !== null,
  );
}

/**
 * The column filter as PUT /tms/timesheets reads it (spec 001 §7.1 names: department, list_employee, abnormal; the
 * contract adds divisions and workScheduleTypes). Id lists travel as texts: the contract's id-list schema reads
 * strings (JSON numbers would be refused).
 */
export type ModifyFilterWire = {
  location?: string[];
  department?: string[];
  divisions?: string[];
  role?: string[];
  list_employee?: string[];
  workScheduleTypes?: string[];
  abnormal?: boolean;
};

export function toModifyFilter(filter: GridFilter): ModifyFilterWire {
  const idTexts = (ids: readonly number[] | undefined) => (ids && ids.length > 0 ? ids.map(String) : undefined);
  const list = <T>(items: readonly T[] | undefined) => (items && items.length > 0 ? [...items] : undefined);
  const parts: ModifyFilterWire = {
    location: list(filter.location),
    department: idTexts(filter.departmentsFilter),
    divisions: idTexts(filter.divisions),
    role: list(filter.role),
    list_employee: idTexts(filter.employee),
    workScheduleTypes: list(filter.workScheduleTypes),
    abnormal: filter.actionAbnormalCase ? true : undefined,
  };
  return Object.fromEntries(Object.entries(parts).filter(([, value]) => value !== undefined)) as ModifyFilterWire;
}

/** Body of PUT /tms/timesheets (contracts modifyBodySchema). */
export type ModifyRequestBody = {
  type: ModifyType;
  /** Omitted for a column (spec 001 §7.1). */
  employee?: number;
  abnormal_only: boolean;
  from_date: string;
  to_date: string;
  value: number;
  comment: string;
  filter: ModifyFilterWire;
};

/**
 * The request of a validated draft. Cell: the employee and that date, abnormal_only false. Row: the employee and
 * the chosen range. Column: that date for every employee of the current grid filter, no employee.
 */
export function buildModifyBody(target: ModifyTarget, draft: ModifyDraft, filter: GridFilter): ModifyRequestBody {
  const common = { value: draft.value ?? 0, comment: (draft.comment ?? '').trim(), filter: toModifyFilter(filter) };
  switch (target.type) {
    case 'cell':
      return { type: 'cell', employee: target.employeeId, abnormal_only: false, from_date: target.date, to_date: target.date, ...common };
    case 'row':
      return { type: 'row', employee: target.employeeId, abnormal_only: draft.abnormalOnly === true, from_date: draft.fromDate ?? '', to_date: draft.toDate ?? '', ...common };
    case 'column':
      return { type: 'column', abnormal_only: draft.abnormalOnly === true, from_date: target.date, to_date: target.date, ...common };
  }
}

/** The Value options (integration rule notations): keyed by notation, since several notations share a value. */
export function ruleValueOptions(values: readonly RuleValue[] | undefined): { value: string; label: string }[] {
  return (values ?? []).map((v) => ({ value: v.notation, label: v.label || v.notation }));
}

/** The number behind a chosen notation (undefined when nothing or an unknown one is chosen). */
export function ruleValueNumber(values: readonly RuleValue[] | undefined, notation: string | null | undefined): number | undefined {
  if (!notation) return undefined;
  return values?.find((v) => v.notation === notation)?.value;
}

/** The toast of a successful save: the server's text, else the spec's "Update {type} working day successfully.". */
export function modifySuccessText(type: ModifyType, serverMessage: string | null | undefined, t: TimesheetT = timesheetTexts.t): string {
  return serverMessage && serverMessage !== 'Success' ? serverMessage : t(`modify.success.${type}`);
}
