import { TimesheetReportView } from './timesheet-report-view.tsx';

/** /report/summary: Timesheets Summary (spec 001 §2.10). */
export function ReportSummaryPage() {
  return <TimesheetReportView kind="summary" />;
}
