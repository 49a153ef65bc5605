/** Notifications (issue 9): being built. */
export function NotificationsPage() {
  return <h1>Notifications</h1>;
}
