/** FOUNDATION STUB: its helper builds the page. */
export function CheckTimeReportPage() {
  return <div>Check in - Check out</div>;
}
