import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMESHEETS_PATH, type TimesheetInfo } from '@tms/contracts/timesheet-review';
import { apiGet } from '../../../lib/api-client.ts';
import { timesheetKeys } from './timesheet-keys.ts';

/** GET /tms/timesheets/{id}: the period's timesheet info (status, dates, version; spec 001 §3). */
export function getTimesheetInfo(timesheetId: number, signal?: AbortSignal): Promise<TimesheetInfo> {
  return apiGet<TimesheetInfo>(`${TIMESHEETS_PATH}/${timesheetId}`, undefined, { signal });
}

export function timesheetInfoQuery(timesheetId: number) {
  return queryOptions({ queryKey: timesheetKeys.info(timesheetId), queryFn: ({ signal }) => getTimesheetInfo(timesheetId, signal) });
}

export function useTimesheetInfo(timesheetId: number | null) {
  return useQuery({ ...timesheetInfoQuery(timesheetId ?? 0), enabled: timesheetId !== null });
}
