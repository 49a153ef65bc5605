/** Policy Management — placeholder until the page is built. */
export function PolicyManagementPage() {
  return <div>Policy Management</div>;
}
