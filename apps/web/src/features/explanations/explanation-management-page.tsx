/** Explanation Management (issue 9): being built. */
export function ExplanationManagementPage() {
  return <h1>Explanation Management</h1>;
}
