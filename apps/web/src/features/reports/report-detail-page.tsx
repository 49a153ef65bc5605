/** FOUNDATION STUB: its helper builds the page. */
export function ReportDetailPage() {
  return <div>Timesheets Details</div>;
}
