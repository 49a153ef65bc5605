import { ROUTES, type RouteName } from '@tms/contracts/routes';

export type ReportTabKey = 'tms' | 'payroll';
export type ReportLink = { name: RouteName; title: string; path: string; description: string };

/**
 * The hub's tabs (spec 002 §2 /report): TMS Report holds Check in - Check out and the Work Schedule Report; Payroll
 * Report holds the Timesheets Summary and Details (the figures payroll is run from).
 */
export const REPORT_TABS: readonly { key: ReportTabKey; title: string }[] = [
  { key: 'tms', title: 'TMS Report' },
  { key: 'payroll', title: 'Payroll Report' },
];
const PAYROLL_REPORTS: readonly string[] = ['report-summary', 'report-detail'];

const DESCRIPTIONS: Partial<Record<RouteName, string>> = {
  'report-detail': 'Timesheet details per employee and day.',
  'report-summary': 'Timesheet summary per employee and period.',
  'report-check-time': 'Check in and check out times.',
  'report-policy-mapping': 'The work schedule and policy in force for each employee, with apply and expire dates.',
};

/**
 * The report pages of one tab the user may open (`permissions`, RULES.md §2) and that are built: the child routes of
 * /report in the route table, in its order.
 */
export function reportLinks(tab: ReportTabKey, permissions: readonly string[]): ReportLink[] {
  return ROUTES.filter((r) => 'parent' in r && r.parent === 'report' && r.built && (permissions.includes(r.name) || permissions.includes('report')))
    .filter((r) => (tab === 'payroll') === PAYROLL_REPORTS.includes(r.name))
    .map((r) => ({ name: r.name, title: r.title, path: r.path, description: DESCRIPTIONS[r.name] ?? '' }));
}
