/** Report — placeholder until the page is built. */
export function ReportHubPage() {
  return <div>Report</div>;
}
