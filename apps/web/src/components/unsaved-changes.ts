/**
 * Issue 26 §5: the long forms (employee, policy, work schedule, general configuration) ask before their unsaved
 * changes are lost. Leaving means another page; a change of the query string or the hash on the same page keeps the
 * form mounted and is not asked about.
 */
export type PlaceLike = { pathname: string };

export function leavingLosesChanges(dirty: boolean, current: PlaceLike, next: PlaceLike): boolean {
  return dirty && current.pathname !== next.pathname;
}
