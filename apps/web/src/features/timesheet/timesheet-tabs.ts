import { hasAnyRole, type Role } from '@tms/contracts/roles';
import { TIMESHEET_LIST_READERS } from '@tms/contracts/timesheet-grid-constants';
import { timesheetTexts, type TimesheetT } from './i18n/index.ts';

export type TimesheetTabKey = 'timesheet-list' | 'my-timesheet';

type TimesheetTabDef = {
  key: TimesheetTabKey;
  /** Shown when the user holds one of these roles; null = everyone who reaches the page. */
  visibleTo: readonly Role[] | null;
};

/** Spec 001 §2.1: Timesheet List (ADMIN, HR, HRM) and My Timesheet (everyone), in this order. */
export const TIMESHEET_TABS: readonly TimesheetTabDef[] = [
  { key: 'timesheet-list', visibleTo: TIMESHEET_LIST_READERS },
  { key: 'my-timesheet', visibleTo: null },
];

export type TimesheetTab = TimesheetTabDef & { title: string };

/**
 * The tabs the user's roles unlock, titled in the reader's language; the first is the default (the list for ADMIN,
 * HR, HRM; spec 001 §2.1).
 */
export function visibleTimesheetTabs(roles: readonly string[], t: TimesheetT = timesheetTexts.t): TimesheetTab[] {
  return TIMESHEET_TABS.filter((tab) => tab.visibleTo === null || hasAnyRole(roles, tab.visibleTo)).map((tab) => ({ ...tab, title: t(`tabs.${tab.key}`) }));
}

/** The remembered tab while the user may still see it, else the default (first visible). */
export function pickTimesheetTab(tabs: readonly TimesheetTabDef[], remembered: unknown): TimesheetTabKey | undefined {
  return tabs.find((tab) => tab.key === remembered)?.key ?? tabs[0]?.key;
}
