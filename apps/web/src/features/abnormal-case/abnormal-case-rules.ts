import { checkExplainedMinutes, defaultActual, fittingActuals, measuresAbsence } from '@tms/contracts/abnormal-case';
import { ABNORMAL_STATUS, REQUEST_TEXT_MAX } from '@tms/contracts/requests';
import { formatCount } from '../../lib/numbers.ts';
import type { Actor } from '@tms/contracts/roles';
import type { AbnormalCaseRow } from './api/abnormal-case-api.ts';
import { abnormalCaseTexts } from './i18n/index.ts';

/** The texts' `t`: a component's (re-renders on a language switch), else the language at call time. */
type AbnormalT = typeof abnormalCaseTexts.t;

/** The caller as the rules need it (UserDetail's fields). */
export type Caller = { userName: string; employeeId: number | null; roles: readonly string[] };

const has = (user: Caller | null | undefined, ...roles: Actor[]) => !!user && roles.some((r) => user.roles.includes(r));

/** Abnormal reason codes 1–6 (spec 001 §9) and the hour-based absence, as the timesheet exports write them. */
const ABNORMAL_TYPES = ['1', '2', '3', '4', '5', '6', 'FLEXIBLE_ABSENT'] as const;

export function abnormalTypeText(code: string | null | undefined, t: AbnormalT = abnormalCaseTexts.t): string {
  if (code === null || code === undefined || code === '') return '';
  const known = ABNORMAL_TYPES.find((c) => c === code);
  return known ? t(`types.${known}`) : code;
}

/** The row's abnormal type in the reader's language: a known code's text, else the server's name, else the code. */
export function rowTypeText(row: Pick<AbnormalCaseRow, 'reason_type' | 'reason_type_name'>, t: AbnormalT = abnormalCaseTexts.t): string {
  if (ABNORMAL_TYPES.some((code) => code === row.reason_type)) return abnormalTypeText(row.reason_type, t);
  return row.reason_type_name || abnormalTypeText(row.reason_type, t);
}

/** The explanation reason to start with: 'Not enough working hours' for an hour-based absence, else the first one. */
export function defaultReason(row: Pick<AbnormalCaseRow, 'reason_type'>, reasons: readonly { value: string }[]): string | undefined {
  const absence = reasons.find((r) => r.value === 'NOT_ENOUGH_WORKING_HOURS');
  if (row.reason_type === 'FLEXIBLE_ABSENT' && absence) return absence.value;
  return reasons.find((r) => r.value !== 'NOT_ENOUGH_WORKING_HOURS')?.value ?? reasons[0]?.value;
}

export const abnormalTypeOptions = (t: AbnormalT = abnormalCaseTexts.t) => ABNORMAL_TYPES.map((value) => ({ value, label: t(`types.${value}`) }));

/**
 * The shared status filter (spec 000 §4, spec 001 §7.10): the list removes type 0 except on abnormal-case screens,
 * where type 5 is removed instead. (Expired is shown, not stored: the server filters stored statuses only.)
 */
const STATUS_FILTER_LIST = [0, 1, 3, 4, 5] as const;
export function statusFilterOptions(screen: 'abnormal' | 'other', t: AbnormalT = abnormalCaseTexts.t): { value: number; label: string }[] {
  const removed = screen === 'abnormal' ? 5 : 0;
  return STATUS_FILTER_LIST.filter((s) => s !== removed).map((value) => ({ value, label: t(`statusFilter.${value}`) }));
}

/** 'name - department' (spec 001 §2.5 Staff column). */
export function staffText(row: Pick<AbnormalCaseRow, 'employee'>): string {
  const { name, department_name } = row.employee;
  return department_name ? `${name ?? ''} - ${department_name}` : (name ?? '');
}

/** 'start - end' of the day's work schedule (falls back on the case's uncovered span). */
export function workScheduleText(row: AbnormalCaseRow): string {
  const start = row.work_start_time ?? row.start_time;
  const end = row.work_end_time ?? row.end_time;
  if (!start && !end) return '';
  return `${(start ?? '').slice(0, 5)} - ${(end ?? '').slice(0, 5)}`;
}

/** Status shown: EXPIRED for an unexplained case whose window closed (spec 001 §4.3). */
export function displayStatus(row: Pick<AbnormalCaseRow, 'status' | 'is_expired'>): { status: number; expired: boolean } {
  return { status: row.status, expired: row.is_expired && row.status === ABNORMAL_STATUS.unexplained };
}

/** The reason tooltip of a row: the abnormal type, then the explanation and a rejection reason when present. */
export function reasonTooltip(row: AbnormalCaseRow, t: AbnormalT = abnormalCaseTexts.t): string {
  const lines = [rowTypeText(row, t)];
  if (row.request?.description) lines.push(t('tooltip.explanation', { text: row.request.description }));
  if (row.request?.reasons_for_rejection) lines.push(t('tooltip.rejected', { text: row.request.reasons_for_rejection }));
  return lines.filter(Boolean).join('\n');
}

/** What the drawer offers (spec 001 §4.3, §6). Explain, approve, reject and delegate follow the row's server-computed `actions`. */
export type AbnormalActions = {
  explain: boolean;
  /** Shown for the assignee on status 1 or 3; `approveDisabled` at 3. */
  approve: boolean;
  approveDisabled: boolean;
  reject: boolean;
  delegate: boolean;
  rerun: boolean;
};

export function abnormalActions(row: AbnormalCaseRow, user: Caller | null | undefined): AbnormalActions {
  const approved = row.status === ABNORMAL_STATUS.approved;
  return {
    explain: row.actions.explain && !has(user, 'GUEST'),
    approve: row.actions.approve || (approved && row.actions.reject),
    approveDisabled: approved,
    reject: row.actions.reject,
    // The server's reassignment rule (RULES.md §5): a lead of the owner or HR, never the owner.
    delegate: row.actions.delegate && row.request !== null,
    rerun: has(user, 'HR', 'HRM', 'ADMIN'),
  };
}

/** Form rules of the explanation modal (spec 001 §5.2, §5.4). */
export const explanationReasonRules = (t: AbnormalT) => [
  { required: true, whitespace: true, message: t('messages.descriptionRequired') },
  { max: REQUEST_TEXT_MAX, message: t('messages.textTooLong') },
];

/** Default title of an explanation: "Explanation dd/mm/yyyy" (in the reader's language). */
export function defaultExplanationTitle(dmy: string, t: AbnormalT = abnormalCaseTexts.t): string {
  return t('explain.defaultTitle', { date: dmy });
}

/** The case's facts as the contracts' explanation rules read them (the list row names the case type `reason_type`). */
const explainedCase = (row: AbnormalCaseRow) => ({ ...row, reason: row.reason_type, standard_minutes: null });

/** The actual choices offered for the case: only those fitting its type (the server refuses the rest). */
export function actualChoices<T extends { value: string }>(row: AbnormalCaseRow, options: readonly T[]): T[] {
  const fitting = fittingActuals(explainedCase(row));
  return options.filter((o) => fitting.includes(o.value));
}

/** The form's starting actual and explained time: what the case type says happened, and the most the case allows. */
export function explainDefaults(row: AbnormalCaseRow): { actual?: string; explained_minutes?: number } {
  return { actual: defaultActual(explainedCase(row)), explained_minutes: row.is_flexible ? undefined : row.explained_minutes_max };
}

/** The explained time's rule, the server's (1 to the cap: the day's standard time and the absence). */
export function explainedMinutesError(value: unknown, row: AbnormalCaseRow, t: AbnormalT = abnormalCaseTexts.t): string | null {
  const asked = typeof value === 'number' || typeof value === 'string' ? value : null;
  const checked = checkExplainedMinutes(asked ?? '', { ...explainedCase(row), minute_violation: row.minute_violation, standard_minutes: row.explained_minutes_max });
  return typeof checked === 'string' || asked === null ? t('messages.explainedTooLong', { max: formatCount(row.explained_minutes_max) }) : null;
}

/**
 * The Absent time of a case: the measured minutes (late, early, an hour-based shortfall); a missing punch measures
 * none, so it reads "Not measured" rather than 0.
 */
export function absentTimeText(row: AbnormalCaseRow, t: AbnormalT = abnormalCaseTexts.t): string {
  if (row.is_flexible || measuresAbsence(row) || !['4', '5', '6'].includes(row.reason_type)) return formatCount(row.minute_violation ?? 0);
  return t('columns.absentNotMeasured');
}
