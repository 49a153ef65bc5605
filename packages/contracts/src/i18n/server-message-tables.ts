/**
 * Every message table of the contracts under its namespace (issue 25): an entry's key is `<namespace>.<name>`, a
 * nested table adds its name (`generalConfig.required.seniorityLeaveHour`). Renaming a namespace or an entry changes
 * its key, which the Vietnamese table and the web depend on: add, do not rename.
 */
import { CLIENT_MESSAGES, IMPORT_REPORT_MESSAGES, MESSAGES_COMMON } from '../api.ts';
import { ABNORMAL_MESSAGES } from '../abnormal-case.ts';
import { ATTENDANCE_CHECK_MESSAGES } from '../attendance-check-config.ts';
import { DEVICE_MESSAGES } from '../attendance-devices.ts';
import { AUTH_MESSAGES } from '../auth-messages.ts';
import { APPROVAL_FLOW_MESSAGES } from '../approval-flows.ts';
import { BACKUP_MESSAGES } from '../backups.ts';
import { BONUS_LEAVE_MESSAGES } from '../bonus-leave.ts';
import { CHECK_IN_OUT_MESSAGES } from '../check-in-out-calendar.ts';
import { CHECK_TIME_REPORT_MESSAGES } from '../check-time-report.ts';
import { TEAM_CALENDAR_MESSAGES } from '../team-calendar.ts';
import { OT_LIMIT_MESSAGES } from '../overtime-limits.ts';
import { DELEGATION_MESSAGES } from '../delegation.ts';
import { EMPLOYEE_MESSAGES } from '../employees.ts';
import { EXPLANATION_MESSAGES } from '../explanations.ts';
import { GENERAL_CONFIG_MESSAGES } from '../general-config.ts';
import { JOB_MESSAGES } from '../jobs.ts';
import { LEAVE_BALANCE_MESSAGES } from '../leave-balance.ts';
import { LEAVE_CARRYOVER_MESSAGES } from '../leave-carryover.ts';
import { LEAVE_FORM_MESSAGES } from '../leave-forms.ts';
import { LEAVE_OVERVIEW_MESSAGES } from '../leave-overview.ts';
import { LOGS_MESSAGES } from '../logs.ts';
import { LOOKUP_MESSAGES } from '../lookups.ts';
import { ONSITE_MESSAGES } from '../onsite.ts';
import { FIXED_MESSAGES } from '../overtime-fixed.ts';
import { FLEXIBLE_MESSAGES } from '../overtime-flexible.ts';
import { OVERTIME_LIST_MESSAGES } from '../overtime-list.ts';
import { OT_REPORT_MESSAGES, PAYROLL_CONFIG_MESSAGES } from '../overtime-pay.ts';
import { OVERTIME_MESSAGES } from '../overtime.ts';
import { POLICY_MESSAGES } from '../policies.ts';
import { PROJECT_LEAVE_MESSAGES } from '../project-leave.ts';
import { PUNCH_MESSAGES } from '../punches.ts';
import { REASSIGN_MESSAGES } from '../reassign.ts';
import { REQUEST_FILE_MESSAGES, REQUEST_IMPORT_MESSAGES } from '../request-list.ts';
import { REQUEST_MESSAGES, REQUEST_RULE_MESSAGES } from '../requests.ts';
import { SELF_CHECK_IN_MESSAGES } from '../self-check-in.ts';
import { SETTINGS_MESSAGES } from '../settings.ts';
import { REMINDER_MESSAGES } from '../reminders.ts';
import { HOLIDAYS_MESSAGES } from '../holidays.ts';
import { SPECIAL_EXPLANATION_MESSAGES } from '../special-explanation.ts';
import { TIMESHEET_CALC_MESSAGES } from '../timesheet-calc.ts';
import { TIMESHEET_EXPORT_MESSAGES, TIMESHEET_IMPORT_MESSAGES } from '../timesheet-export.ts';
import { TIMESHEET_GRID_MESSAGES } from '../timesheet-grid.ts';
import { TIMESHEET_MODIFY_MESSAGES } from '../timesheet-modify.ts';
import { TIMESHEET_REPORT_MESSAGES } from '../timesheet-report.ts';
import { TIMESHEET_REVIEW_MESSAGES } from '../timesheet-review.ts';
import { UPDATE_LEAVE_MESSAGES } from '../update-leave.ts';
import { WORK_SCHEDULE_MESSAGES } from '../work-schedule-config.ts';
import { WEBHOOK_MESSAGES } from '../webhooks.ts';

/** A table's entry: a text, a function that builds one, or a nested table. */
export type MessageEntry = string | ((...args: never[]) => string) | { readonly [name: string]: MessageEntry };
export type MessageTable = { readonly [name: string]: MessageEntry };

export const SERVER_MESSAGE_TABLES: Readonly<Record<string, MessageTable>> = {
  common: MESSAGES_COMMON,
  client: CLIENT_MESSAGES,
  importReport: IMPORT_REPORT_MESSAGES,
  auth: AUTH_MESSAGES,
  abnormal: ABNORMAL_MESSAGES,
  attendanceCheck: ATTENDANCE_CHECK_MESSAGES,
  device: DEVICE_MESSAGES,
  backup: BACKUP_MESSAGES,
  approvalFlow: APPROVAL_FLOW_MESSAGES,
  bonusLeave: BONUS_LEAVE_MESSAGES,
  checkInOut: CHECK_IN_OUT_MESSAGES,
  checkTimeReport: CHECK_TIME_REPORT_MESSAGES,
  delegation: DELEGATION_MESSAGES,
  employee: EMPLOYEE_MESSAGES,
  explanation: EXPLANATION_MESSAGES,
  generalConfig: GENERAL_CONFIG_MESSAGES,
  job: JOB_MESSAGES,
  leaveBalance: LEAVE_BALANCE_MESSAGES,
  leaveCarryover: LEAVE_CARRYOVER_MESSAGES,
  leaveForm: LEAVE_FORM_MESSAGES,
  leaveOverview: LEAVE_OVERVIEW_MESSAGES,
  logs: LOGS_MESSAGES,
  lookup: LOOKUP_MESSAGES,
  onsite: ONSITE_MESSAGES,
  selfCheckIn: SELF_CHECK_IN_MESSAGES,
  overtime: OVERTIME_MESSAGES,
  overtimeFixed: FIXED_MESSAGES,
  overtimeFlexible: FLEXIBLE_MESSAGES,
  overtimeList: OVERTIME_LIST_MESSAGES,
  payrollConfig: PAYROLL_CONFIG_MESSAGES,
  otLimit: OT_LIMIT_MESSAGES,
  otReport: OT_REPORT_MESSAGES,
  policy: POLICY_MESSAGES,
  projectLeave: PROJECT_LEAVE_MESSAGES,
  punch: PUNCH_MESSAGES,
  reassign: REASSIGN_MESSAGES,
  request: REQUEST_MESSAGES,
  requestRule: REQUEST_RULE_MESSAGES,
  requestFile: REQUEST_FILE_MESSAGES,
  requestImport: REQUEST_IMPORT_MESSAGES,
  settings: SETTINGS_MESSAGES,
  reminders: REMINDER_MESSAGES,
  holidays: HOLIDAYS_MESSAGES,
  specialExplanation: SPECIAL_EXPLANATION_MESSAGES,
  timesheetCalc: TIMESHEET_CALC_MESSAGES,
  timesheetExport: TIMESHEET_EXPORT_MESSAGES,
  timesheetImport: TIMESHEET_IMPORT_MESSAGES,
  timesheetGrid: TIMESHEET_GRID_MESSAGES,
  timesheetModify: TIMESHEET_MODIFY_MESSAGES,
  timesheetReport: TIMESHEET_REPORT_MESSAGES,
  timesheetReview: TIMESHEET_REVIEW_MESSAGES,
  updateLeave: UPDATE_LEAVE_MESSAGES,
  workSchedule: WORK_SCHEDULE_MESSAGES,
  webhook: WEBHOOK_MESSAGES,
  teamCalendar: TEAM_CALENDAR_MESSAGES,
};

/**
 * How a function entry becomes a template. Usually its parameter names, in argument order: the registry calls it with
 * a marker per name and reads the template off the result (names are given, not read from the source, because a
 * minifier renames arguments). Where the function formats its argument (joins a list, rounds a number) the template
 * is stated, with arguments for the round-trip test.
 */
export type FunctionSpec = readonly string[] | { readonly template: string; readonly sample: readonly unknown[] };

/**
 * Keyed by the entry's key; an entry that is the same function as another's (a table spreading another) may rely on
 * that one's spec. Label parameters (LABEL_PARAMS) are named `label`, `field`, `day`, `column`; numbers `hours`, `max`...
 */
export const FUNCTION_SPECS: Readonly<Record<string, FunctionSpec>> = {
  'common.tooManyRows': ['max'],
  'selfCheckIn.accuracyTooPoor': ['accuracy', 'place', 'radius'],
  'selfCheckIn.outsidePlace': ['distance', 'place', 'radius'],
  'selfCheckIn.pinLocked': ['staffId', 'time'],
  'selfCheckIn.networkRangeInvalid': ['range'],
  'abnormal.explainedTooLong': ['max'],
  'client.requestFailed': ['status'],
  'attendanceCheck.overlap': ['system', 'id', 'start', 'end', 'who'],
  'bonusLeave.staffNotFound': ['username'],
  'bonusLeave.applyDateLocked': ['lockDate'],
  'bonusLeave.leaveHourBelowUsed': ['usedHours'],
  'bonusLeave.importMissingColumn': ['header'],
  'checkInOut.locked': ['lockDate'],
  'checkInOut.rangeCut': ['toDate'],
  'employee.mustBeNumber': ['label'],
  'employee.mustBePositive': ['label'],
  'employee.usernameTaken': ['username'],
  'employee.invalidDate': ['label'],
  'employee.invalidOption': ['label'],
  'employee.workScheduleNotFound': ['code'],
  'employee.tooLong': ['label', 'max'],
  'employee.tooLarge': ['label', 'max'],
  'generalConfig.range': ['field', 'min', 'max'],
  'generalConfig.integer': ['field'],
  'generalConfig.decimals': ['field'],
  'generalConfig.invalidNumber': ['field'],
  'generalConfig.applyDateLocked': ['lockDate'],
  'leaveCarryover.staffNotFound': ['username'],
  'leaveCarryover.financialYearMismatch': ['financialYear'],
  'leaveCarryover.leaveHoursRange': ['hours'],
  'leaveCarryover.leaveHoursBelowUsed': ['usedHours'],
  'leaveCarryover.applyDateLocked': ['lockDate'],
  'leaveCarryover.importMissingColumn': ['header'],
  'leaveCarryover.remaining': { template: 'Remaining: {{hours}} hours', sample: [12.345] },
  'leaveForm.staffNotFound': ['username'],
  'leaveForm.applyDateLocked': ['lockDate'],
  'leaveForm.importMissingColumn': ['header'],
  'overtime.confirmTooHigh': ['hours'],
  'overtime.dateTooFar': ['limit'],
  'overtime.startAfterWork': ['earliest'],
  'overtime.overlapsOther': ['name'],
  'overtime.notStaffOfProject': ['name'],
  'overtimeFixed.noApprover': ['name'],
  'overtimeFlexible.unknownShift': ['shift'],
  'overtimeFlexible.notFlexible': ['name'],
  'overtimeList.importMissingColumn': ['header'],
  'overtimeList.importUsernameUnknown': ['username'],
  'overtimeList.importProjectUnknown': ['code'],
  'overtimeList.importTimeInvalid': ['header'],
  'payrollConfig.unknownKey': ['key'],
  'payrollConfig.unknownTable': ['code'],
  'otLimit.monthExceeded': ['used', 'limit'],
  'otLimit.yearExceeded': ['used', 'limit'],
  'otLimit.dayExceeded': ['used', 'limit'],
  'policy.required': ['label'],
  'policy.invalid': ['label'],
  'policy.integer': ['label'],
  'policy.range': ['label'],
  'policy.applyLocked': ['lockDate'],
  'policy.expirePast': ['today'],
  'policy.staffNotFound': ['who'],
  'policy.departmentNotFound': ['who'],
  'policy.scheduleNotFound': ['code'],
  'policy.unknownRuleType': ['value'],
  'policy.ruleTypeMismatch': ['value', 'code', 'expected'],
  'policy.unknownOtRule': ['value'],
  'policy.importMissingColumn': ['header'],
  'policy.jobCreated': ['username'],
  'projectLeave.applyDateLocked': ['lockDate'],
  'projectLeave.projectNotFoundCode': ['code'],
  'projectLeave.staffNotFound': ['username'],
  'projectLeave.notMember': ['username', 'projectCode'],
  'projectLeave.leaveDayBelowUsed': ['usedDays'],
  'projectLeave.importMissingColumn': ['header'],
  'projectLeave.created': ['username'],
  'punch.wrongSystem': ['system'],
  'requestImport.missingColumn': ['header'],
  'settings.overlap': ['name', 'from', 'to'],
  'holidays.duplicate': ['date'],
  'holidays.duplicateInList': ['date'],
  'holidays.notInYear': ['date', 'year'],
  'holidays.locked': ['date', 'lockDate'],
  'holidays.calendarExists': ['code'],
  'holidays.importMissingColumn': ['header'],
  'holidays.copied': ['count'],
  'settings.lockConfirm': ['name'],
  'settings.unlockConfirm': ['name'],
  'specialExplanation.dateLocked': ['lockDate'],
  'specialExplanation.staffNotFound': ['who'],
  'specialExplanation.ccNotFound': ['who'],
  'specialExplanation.importMissingColumn': ['header'],
  'timesheetCalc.locked': ['date'],
  'timesheetExport.emailSubject': ['periodName'],
  'timesheetImport.missingColumn': ['header'],
  'timesheetImport.systemInvalid': { template: 'Attendance Check System must be one of {{systems}}', sample: [['SPEEDGATE', 'TMS (x.y)*']] },
  'timesheetImport.idTooLong': ['max'],
  'timesheetImport.dateLocked': ['lockDate'],
  'timesheetImport.accountNotAssigned': ['system', 'id', 'date'],
  'timesheetImport.duplicateRow': ['row'],
  'timesheetModify.locked': ['date'],
  'timesheetModify.success': ['type'],
  'timesheetModify.applyDateLocked': ['lockDate'],
  'updateLeave.staffNotFound': { template: 'Staff not found: {{usernames}}', sample: [['an.nguyen', 'b+c [d]']] },
  'workSchedule.timesRequired': ['day'],
  'workSchedule.timeInvalid': ['day'],
  'workSchedule.endBeforeStart': ['day'],
  'workSchedule.hoursInvalid': ['day', 'field'],
  'workSchedule.workingRequired': ['day'],
  'workSchedule.workingTooLong': ['day'],
  'workSchedule.minimumTooLong': ['day'],
  'workSchedule.continuousRequired': ['day'],
  'workSchedule.breakOutside': ['day'],
  'workSchedule.duplicateCode': ['code'],
  'workSchedule.inUse': ['code'],
  'workSchedule.removeConfirm': ['code'],
};
