/** Work Schedule Report — placeholder until the page is built. */
export function WorkScheduleReportPage() {
  return <div>Work Schedule Report</div>;
}
