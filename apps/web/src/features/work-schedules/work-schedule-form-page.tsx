/** Work schedule — placeholder until the page is built. */
export function WorkScheduleFormPage() {
  return <div>Work schedule</div>;
}
