/** Abnormal Case (issue 9): being built. */
export function AbnormalCasePage() {
  return <h1>Abnormal Case</h1>;
}
