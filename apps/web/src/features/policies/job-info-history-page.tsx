/** Job Info History — placeholder until the page is built. */
export function JobInfoHistoryPage() {
  return <div>Job Info History</div>;
}
