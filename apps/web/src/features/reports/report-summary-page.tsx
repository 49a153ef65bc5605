/** FOUNDATION STUB: its helper builds the page. */
export function ReportSummaryPage() {
  return <div>Timesheets Summary</div>;
}
