/** FOUNDATION STUB: its helper builds the page. */
export function CheckinCheckoutPage() {
  return <div>Check In-Out Time</div>;
}
