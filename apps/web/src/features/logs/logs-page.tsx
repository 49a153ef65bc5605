/** Logs — placeholder until the page is built. */
export function LogsPage() {
  return <div>Logs</div>;
}
