/** Settings — placeholder until the page is built. */
export function SettingsPage() {
  return <div>Settings</div>;
}
