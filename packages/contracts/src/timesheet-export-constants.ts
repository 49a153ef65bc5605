import type { Role } from './roles.ts';

/**
 * The zod-free part of `timesheet-export.ts` (paths, roles, limits, texts): the web's first load imports it from here and
 * does not fetch zod. `timesheet-export.ts` re-exports all of it.
 */

/**
 * Timesheet exports, send email and the timesheet import (spec 001 §2.1, §5.1, §7.1, §8; RULES.md §1 exports and
 * imports, §8 "Send email sends each chosen employee their period summary").
 */
export const TIMESHEET_EXPORT_PATHS = {
  rule: (timesheetId: number | string) => `/tms/excel/${timesheetId}/rule`,
  rule2: (timesheetId: number | string) => `/tms/excel/${timesheetId}/rule2`,
  zip: '/tms/excel/zip',
  sendEmail: (timesheetId: number | string) => `/tms/timesheets/${timesheetId}/send-email`,
  import: '/tms/check-in-out/import-gdc-time-sheet-sync',
  importTemplate: '/tms/check-in-out/timesheet/import-file/template',
} as const;

/** Spec 001 §2.2 "Send email and export: as listed under roles" — the list tab's roles, ADMIN, HR, HRM. */
export const TIMESHEET_EXPORTERS = ['HR', 'HRM', 'ADMIN'] as const satisfies readonly Role[];
/** Spec 001 §6: import and calculate timesheet — ADMIN, HR, HRM. */
export const TIMESHEET_IMPORTERS = ['HR', 'HRM', 'ADMIN'] as const satisfies readonly Role[];

/** Spec 001 §7.1: file Timesheet_List_T{MM-yyyy}.xlsx (MM-yyyy of the period's month, that of its to_date). */
export function timesheetListFileName(periodToDate: string): string {
  const [year, month] = periodToDate.split('-');
  return `Timesheet_List_T${month}-${year}.xlsx`;
}
/**
 * The detail export (rule2): spec 001 §7.1 gives the list's name for both answers, so a user who exports both gets two
 * files of one name; the detail's name keeps the list's stem and says what it holds (issue 7 §8).
 */
export function timesheetListDetailFileName(periodToDate: string): string {
  const [year, month] = periodToDate.split('-');
  return `Timesheet_List_Detail_T${month}-${year}.xlsx`;
}
/** The zip of detail files and the names inside it (spec 001 §7.1 "a zip of detail files"). */
export function timesheetDetailZipName(periodToDate: string): string {
  const [year, month] = periodToDate.split('-');
  return `Timesheet_Detail_T${month}-${year}.zip`;
}
export function timesheetDetailFileName(userName: string, periodToDate: string): string {
  const [year, month] = periodToDate.split('-');
  return `Timesheet_Detail_${userName}_T${month}-${year}.xlsx`;
}

export const TIMESHEET_EXPORT_MESSAGES = {
  // spec 001 §8 verbatim
  exported: 'Timesheet is exported successfully!',
  detailExported: 'Timesheet detail is exported successfully!',
  noData: 'No data export',
  timeout: 'Server Time Out!',
  emailSent: 'The email has been sent successfully!',
  imported: 'Timesheet is imported successfully!',
  // the spec gives none for these
  timesheetNotFound: 'Timesheet not found',
  employeeRequired: 'Please choose at least 1 employee',
  emailQueued: 'The email has been sent successfully!',
  emailSubject: (periodName: string) => `Timesheet summary ${periodName}`,
} as const;
