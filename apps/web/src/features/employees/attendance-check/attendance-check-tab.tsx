/** Employee – Attendance Check System Config tab — placeholder until it is built. */
export function AttendanceCheckTab() {
  return <div>Attendance Check System Config</div>;
}
