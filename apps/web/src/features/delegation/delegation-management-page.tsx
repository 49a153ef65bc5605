/** FOUNDATION STUB: its helper builds the page. */
export function DelegationManagementPage() {
  return <div>Delegation Management</div>;
}
