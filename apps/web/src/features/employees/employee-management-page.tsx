/** Employee Management — placeholder until the page is built. */
export function EmployeeManagementPage() {
  return <div>Employee Management</div>;
}
