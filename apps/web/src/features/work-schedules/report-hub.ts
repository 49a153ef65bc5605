import { ROUTES, type RouteName } from '@tms/contracts/routes';
import { workSchedulesTexts } from './i18n/index.ts';

export type ReportTabKey = 'tms' | 'payroll';
export type ReportLink = { name: RouteName; title: string; path: string; description: string };

/**
 * The hub's tabs (spec 002 §2 /report): TMS Report holds Check in - Check out and the Work Schedule Report; Payroll
 * Report holds the Timesheets Summary and Details (the figures payroll is run from).
 */
export const REPORT_TABS: readonly ReportTabKey[] = ['tms', 'payroll'];
const PAYROLL_REPORTS: readonly string[] = ['report-summary', 'report-detail'];

/** The report pages the hub names and describes (in the language on screen when asked). */
const KNOWN_REPORTS = ['report-detail', 'report-summary', 'report-check-time', 'report-policy-mapping', 'report-ot-compliance'] as const;
type KnownReport = (typeof KNOWN_REPORTS)[number];
const isKnownReport = (name: string): name is KnownReport => (KNOWN_REPORTS as readonly string[]).includes(name);

/**
 * The report pages of one tab the user may open (`permissions`, RULES.md §2) and that are built: the child routes of
 * /report in the route table, in its order.
 */
export function reportLinks(tab: ReportTabKey, permissions: readonly string[]): ReportLink[] {
  return ROUTES.filter((r) => 'parent' in r && r.parent === 'report' && r.built && (permissions.includes(r.name) || permissions.includes('report')))
    .filter((r) => (tab === 'payroll') === PAYROLL_REPORTS.includes(r.name))
    .map((r) =>
      isKnownReport(r.name)
        ? { name: r.name, title: workSchedulesTexts.t(`hub.reports.${r.name}.title`), path: r.path, description: workSchedulesTexts.t(`hub.reports.${r.name}.description`) }
        : { name: r.name, title: r.title, path: r.path, description: '' },
    );
}
