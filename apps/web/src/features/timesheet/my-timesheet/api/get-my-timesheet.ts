import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyTimesheet } from '@tms/contracts/timesheet-grid';
import { TIMESHEET_GRID_PATHS } from '@tms/contracts/timesheet-grid-constants';
import { apiGet } from '../../../../lib/api-client.ts';

export type MyTimesheetParams = {
  timesheetId: number;
  employeeId: number;
  /** Hour-based (flexible) staff are read from …/flexible/{id}/employee/{employmentID} (spec 001 §7.1). */
  flexible?: boolean;
};

/** Query keys of My Timesheet under one root, so an edit of the grid can mark every open detail stale. */
export const myTimesheetKeys = {
  all: ['my-timesheet'] as const,
  detail: ({ timesheetId, employeeId, flexible }: MyTimesheetParams) =>
    [...myTimesheetKeys.all, timesheetId, employeeId, flexible ? 'hour' : 'day'] as const,
};

export function myTimesheetPath({ timesheetId, employeeId, flexible }: MyTimesheetParams): string {
  return flexible ? TIMESHEET_GRID_PATHS.flexibleEmployee(timesheetId, employeeId) : TIMESHEET_GRID_PATHS.employee(timesheetId, employeeId);
}

/**
 * GET /tms/timesheets[/flexible]/{id}/employee/{employmentID}: one employee's period. Silent: the view shows its
 * own notice ("Fail to get User Timesheet Data" when the server gives no message, none for a 404; spec 001 §8).
 */
export function myTimesheetQueryOptions(params: MyTimesheetParams) {
  return queryOptions({
    queryKey: myTimesheetKeys.detail(params),
    queryFn: ({ signal }) => apiGet<MyTimesheet>(myTimesheetPath(params), undefined, { signal }),
    meta: { silent: true },
  });
}

export function useMyTimesheet(params: MyTimesheetParams, enabled = true) {
  return useQuery({ ...myTimesheetQueryOptions(params), enabled: enabled && params.timesheetId > 0 && params.employeeId > 0 });
}
