/** Onsite Management — placeholder until the page is built. */
export function OnsiteManagementPage() {
  return <div>Onsite Management</div>;
}
