import { CHECK_TIME_COLUMNS, CHECK_TIME_REPORT_MESSAGES as CHECK_TIME, WEEKDAY_LABELS } from '@tms/contracts/check-time-report';
import { EMPLOYEE_CONTRACT_TYPES } from '@tms/contracts/employees';
import { OT_COMPLIANCE_COLUMNS, OT_COMPLIANCE_STATE_LABELS } from '@tms/contracts/overtime-limits';
import { SUMMARY_NUMBER_COLUMNS, SUMMARY_STAFF_COLUMNS, TIMESHEET_REPORT_MESSAGES as M } from '@tms/contracts/timesheet-report';

/** Column titles by key, from one of the contracts' `[key, title]` lists. */
function titlesOf<const C extends readonly (readonly [string, string])[]>(columns: C) {
  return Object.fromEntries(columns) as { [Entry in C[number] as Entry[0]]: string };
}

type ContractType = (typeof EMPLOYEE_CONTRACT_TYPES)[number];
const contractTypes = Object.fromEntries(EMPLOYEE_CONTRACT_TYPES.map((c) => [c.value, c.label])) as { [Type in ContractType as Type['value']]: string };

const weekday = (day: number) => WEEKDAY_LABELS[day] as string;

/**
 * Texts of the reports (English, the source; spec 001 §2.10, §5.8): Timesheets Summary and Details, and Check in -
 * Check out. Column titles, contract types and weekdays are the contracts' (the exports use the same), read by key.
 */
export const en = {
  report: 'Report',
  titles: { summary: 'Timesheets Summary', detail: 'Timesheets Details' },
  rows: { summary: 'Timesheets Summary rows', detail: 'Timesheets Details rows' },
  exportButton: 'Export to Excel',
  filters: {
    period: 'Period',
    division: 'Division',
    department: 'Department',
    staff: 'Staff',
    keyword: 'Name or user name',
  },
  totals: {
    employees: 'Employees',
    paid_days: 'Total Paid Days',
    leave_days: 'Leave Days',
    unpaid_days: 'Unpaid Days',
    ot_hours: 'Final OT Hours',
  },
  noData: 'No data',
  choosePeriod: 'Choose a period',
  exportSuccess: M.exportSuccess,
  exportDetailSuccess: M.exportDetailSuccess,
  exportTimeout: M.exportTimeout,
  loadFailed: M.loadFailed,
  chart: {
    title: 'Per department',
    label: 'Paid, leave, unpaid days and OT hours per department',
    series: {
      paid_days: 'Paid days',
      leave_days: 'Leave days',
      unpaid_days: 'Unpaid days',
      ot_hours: 'OT hours',
    },
    bar: '{{department}} — {{series}}: {{value}}',
    employees: '{{employees}} staff',
  },
  columns: {
    staff: titlesOf(SUMMARY_STAFF_COLUMNS),
    figures: titlesOf(SUMMARY_NUMBER_COLUMNS),
  },
  contractTypes,
  day: { late: 'Late coming', early: 'Early leaving' },
  checkTime: {
    title: 'Check in - Check out',
    rows: 'Check in - Check out rows',
    date: 'Date',
    project: 'Project',
    departments: 'Departments',
    users: 'Users',
    search: 'Search',
    reload: 'Reload Search',
    rangeTooLong: CHECK_TIME.rangeTooLong,
    exported: CHECK_TIME.exported,
    noData: CHECK_TIME.noData,
    chooseFilter: CHECK_TIME.chooseFilter,
    columns: CHECK_TIME_COLUMNS,
    chart: {
      title: 'Late arrivals by weekday',
      empty: 'No late arrivals',
      bar: '{{weekday}}: {{days}} late days, {{minutes}} minutes',
      value: '{{days}} · {{minutes}}m',
    },
    weekdays: { '1': weekday(1), '2': weekday(2), '3': weekday(3), '4': weekday(4), '5': weekday(5) },
  },
  /** Issue 27 §2: the Overtime compliance report. */
  otCompliance: {
    title: 'Overtime compliance',
    rows: 'Overtime compliance rows',
    months: 'Months',
    divisions: 'Divisions',
    departments: 'Departments',
    users: 'Staff',
    onlyAtRisk: 'Only over or near a limit',
    search: 'Search',
    reload: 'Reload Search',
    exported: 'Report was exported successfully!',
    noData: 'No data',
    columns: OT_COMPLIANCE_COLUMNS,
    states: OT_COMPLIANCE_STATE_LABELS,
    chart: {
      title: "Departments' share of the monthly limit",
      empty: 'No approved overtime',
      bar: '{{department}}: {{hours}} of {{limit}} hours ({{share}})',
    },
  },
};
