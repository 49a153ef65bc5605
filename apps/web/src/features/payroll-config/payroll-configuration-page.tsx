/** FOUNDATION STUB: the OT pay helper builds the page (spec 002 Payroll Configuration). */
export function PayrollConfigurationPage() {
  return <div>Configuration</div>;
}
