/** Request Management (issue 9): being built. */
export function RequestManagementPage() {
  return <h1>Request Management</h1>;
}
