/** Special Explanation (issue 9): being built. */
export function SpecialExplanationPage() {
  return <h1>Special Explanation</h1>;
}
