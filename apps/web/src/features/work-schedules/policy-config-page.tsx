/** Policy Config — placeholder until the page is built. */
export function PolicyConfigPage() {
  return <div>Policy Config</div>;
}
