import type { Dayjs } from 'dayjs';
import type { ExportKind } from './api/export-timesheet.ts';
import type { Actor } from '@tms/contracts/roles';
import { TIMESHEET_CALCULATORS } from '@tms/contracts/timesheet-calc';
import {
  TIMESHEET_EXPORTERS,
  TIMESHEET_IMPORTERS,
  timesheetDetailZipName,
  timesheetListDetailFileName,
  timesheetListFileName,
} from '@tms/contracts/timesheet-export';
import { WORK_SCHEDULE_UPDATERS } from '@tms/contracts/timesheet-modify';
import {
  TIMESHEET_APPROVABLE_STATUSES,
  TIMESHEET_COMMENT_USERS,
  TIMESHEET_EDITABLE_STATUSES,
  TIMESHEET_REJECTABLE_STATUSES,
  TIMESHEET_REVIEW_REQUESTERS,
  TIMESHEET_REVIEWERS,
  type TimesheetInfo,
} from '@tms/contracts/timesheet-review';
import { timesheetTexts, type TimesheetT } from '../i18n/index.ts';

export const TOOLBAR_ACTIONS = [
  'export',
  'import',
  'sendEmail',
  'calculate',
  'calculateAll',
  'updateSchedule',
  'comments',
  'requestReview',
  'approve',
  'reject',
] as const;
export type ToolbarAction = (typeof TOOLBAR_ACTIONS)[number];

/** Who may use each action (spec 001 §2.2 "Timesheet menu rules", §6), from the contracts the server enforces. */
export const ACTION_ROLES: Record<ToolbarAction, readonly Actor[]> = {
  export: TIMESHEET_EXPORTERS,
  import: TIMESHEET_IMPORTERS,
  sendEmail: TIMESHEET_EXPORTERS,
  calculate: TIMESHEET_CALCULATORS,
  calculateAll: TIMESHEET_CALCULATORS,
  updateSchedule: WORK_SCHEDULE_UPDATERS,
  comments: TIMESHEET_COMMENT_USERS,
  requestReview: TIMESHEET_REVIEW_REQUESTERS,
  approve: TIMESHEET_REVIEWERS,
  reject: TIMESHEET_REVIEWERS,
};

/** Shown = rendered; a shown action with `disabledReason` is greyed out with that text as its tooltip. */
export type ActionState = { shown: boolean; disabledReason?: string };
export type ToolbarState = Record<ToolbarAction, ActionState>;

const includesStatus = (list: readonly number[], status: number) => list.includes(status);

/**
 * Which buttons the user sees and which are usable, for the user's roles, the timesheet's status and the server's
 * today (YYYY-MM-DD, null until loaded). Role rules: spec 001 §6. Status rules: RULES.md §4 / spec 001 §4.1 —
 * request review from Draft or Pending update once the period has ended; approve from Pending approval; reject from
 * Pending approval or Approved. A button whose status does not allow it is hidden, not greyed.
 */
export function toolbarState(
  roles: readonly string[],
  timesheet: Pick<TimesheetInfo, 'status' | 'to_date'>,
  today: string | null,
  t: TimesheetT = timesheetTexts.t,
): ToolbarState {
  const may = (action: ToolbarAction) => ACTION_ROLES[action].some((role) => roles.includes(role));
  const state = Object.fromEntries(TOOLBAR_ACTIONS.map((action) => [action, { shown: may(action) }])) as ToolbarState;

  const reviewable = includesStatus(TIMESHEET_EDITABLE_STATUSES, timesheet.status);
  state.requestReview = { shown: state.requestReview.shown && reviewable };
  if (state.requestReview.shown) {
    // Shown while the server's today is not known yet (the review button waits for it).
    if (today === null) state.requestReview.disabledReason = t('toolbar.loading');
    // The server compares the company-zone today with to_date the same way (RULES.md §4 "after the period's end date").
    else if (!(today > timesheet.to_date)) state.requestReview.disabledReason = t('toolbar.review.periodNotEnded');
  }
  state.approve = { shown: state.approve.shown && includesStatus(TIMESHEET_APPROVABLE_STATUSES, timesheet.status) };
  state.reject = { shown: state.reject.shown && includesStatus(TIMESHEET_REJECTABLE_STATUSES, timesheet.status) };
  return state;
}

/** The toast of a saved export (spec 001 §8): the list's, else the detail's (rule2 and the zip of detail files). */
export function exportSuccessText(kind: ExportKind, t: TimesheetT = timesheetTexts.t): string {
  return kind === 'rule' ? t('toolbar.export.exported') : t('toolbar.export.detailExported');
}

/** The name a file is saved under when the answer has no Content-Disposition (the server sends the same names). */
export function exportFallbackName(kind: ExportKind, periodToDate: string): string {
  if (kind === 'rule') return timesheetListFileName(periodToDate);
  return kind === 'rule2' ? timesheetListDetailFileName(periodToDate) : timesheetDetailZipName(periodToDate);
}

/**
 * The zip of detail files is for the ticked rows only (spec 001 §7.1 tms/excel/zip takes an employeeId list): without
 * one the menu item says so as a warning instead of doing nothing.
 */
export function zipDisabledReason(selectedEmployeeIds: readonly number[], t: TimesheetT = timesheetTexts.t): string | undefined {
  return selectedEmployeeIds.length === 0 ? t('toolbar.export.employeeRequired') : undefined;
}

/** The server's today as YYYY-MM-DD, for string comparison with the period's dates. */
export function isoDay(day: Dayjs | null): string | null {
  return day ? day.format('YYYY-MM-DD') : null;
}
