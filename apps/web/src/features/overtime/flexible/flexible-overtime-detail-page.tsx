/** FOUNDATION STUB: the flexible-overtime helper builds the page (spec 001 §2.4 flexible detail). */
export function FlexibleOvertimeDetailPage() {
  return <div>Overtime Detail</div>;
}
