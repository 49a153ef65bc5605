import { SETTINGS_MESSAGES } from '@tms/contracts/settings';

/** Settings: working types and payroll periods (English, the source; spec 002 §2 Settings, §5: the spec's messages verbatim). */
export const en = {
  title: 'Settings',
  tabs: {
    workingType: 'Working Type',
    payrollPeriod: 'Payroll Period',
  },
  workTypes: {
    registrationType: 'Registration type on the HR system',
    definition: 'Definition',
    hrNotation: 'Notation on the HR system',
    payrollNotation: 'Payroll notation',
    empty: 'No working types',
  },
  periods: {
    create: SETTINGS_MESSAGES.createTitle,
    dateRange: 'Date range',
    workingDays: 'Standard working days',
    timesheetStatus: 'Timesheet status',
    payroll: 'Payroll',
    lock: 'Lock',
    unlock: 'Unlock',
    company: 'Company',
    empty: 'No payroll periods',
    lockLabel: 'Lock {{name}}',
    lockTitle: 'Lock payroll period',
    unlockTitle: 'Unlock payroll period',
    lockConfirm: SETTINGS_MESSAGES.lockConfirm('{{name}}'),
    unlockConfirm: SETTINGS_MESSAGES.unlockConfirm('{{name}}'),
    workingDaysHint: 'Leave the working days empty to count Monday–Friday minus the public holidays of the company calendar.',
    fromRequired: SETTINGS_MESSAGES.fromRequired,
    toRequired: SETTINGS_MESSAGES.toRequired,
    toBeforeFrom: SETTINGS_MESSAGES.toBeforeFrom,
    workingDaysInvalid: SETTINGS_MESSAGES.workingDaysInvalid,
  },
};
