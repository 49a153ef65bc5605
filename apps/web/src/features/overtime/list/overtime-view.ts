import type { FixedListRow } from '@tms/contracts/overtime-list';
import type { OvertimeKindView } from './overtime-list-api.ts';

/**
 * Which list the page shows (issue 26 §1.1). Every user may switch between the fixed and the flexible list: a staff
 * member of a flexible overtime type is still listed on fixed requests (a PM files one for the team, or they created
 * it), and the server already answers every request they created or are listed on, of both kinds. The user's own
 * overtime type decides only the first view and what Add New files.
 */
export function overtimeView(ownKind: OvertimeKindView, storedKind: OvertimeKindView | undefined): { kind: OvertimeKindView; canSwitch: true } {
  return { kind: storedKind ?? ownKind, canSwitch: true };
}

/** The viewer's own staff row of a fixed request (its status is theirs), or null when they are not listed on it. */
export function ownStaffRow(row: FixedListRow, employeeId: number | null | undefined): FixedListRow['staff'][number] | null {
  if (employeeId == null) return null;
  return row.staff.find((s) => s.employeeId === employeeId) ?? null;
}
