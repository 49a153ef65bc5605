/** Staff Policy History — placeholder until the page is built. */
export function StaffPolicyHistoryPage() {
  return <div>Staff Policy History</div>;
}
