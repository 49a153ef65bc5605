import { TimesheetReportView } from './timesheet-report-view.tsx';

/** /report/detail: Timesheets Details (spec 001 §2.10; scroll width 6000). */
export function ReportDetailPage() {
  return <TimesheetReportView kind="detail" />;
}
