import { ApiError } from '../../../../lib/api-error.ts';

/** Query keys of the toolbar's own reads. */
export const toolbarKeys = {
  all: ['timesheet-toolbar'] as const,
  comments: (timesheetId: number) => [...toolbarKeys.all, 'comments', timesheetId] as const,
  workSchedules: () => [...toolbarKeys.all, 'work-schedules'] as const,
};

/** A 409: the timesheet or comment changed under the user (RULES.md §1 stale version, state already changed). */
export function isConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}
