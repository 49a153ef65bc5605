/** FOUNDATION STUB: the overtime-list helper builds the page (spec 001 §2.4). */
export function OvertimeManagementPage() {
  return <div>Overtime Management</div>;
}
