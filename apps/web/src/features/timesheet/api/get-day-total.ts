import { useQuery } from '@tanstack/react-query';
import { TIMESHEET_GRID_PATHS, type DayTotal } from '@tms/contracts/timesheet-grid';
import { apiGet, type Query } from '../../../lib/api-client.ts';
import { timesheetKeys } from './timesheet-keys.ts';

/**
 * GET /tms/timesheets/total/{date}?<filter> (spec 001 §7.1). A failure shows the error text as a 5 s notice
 * (spec 001 §8) through the query cache.
 */
export function getDayTotal(date: string, filterQuery: Query, signal?: AbortSignal): Promise<DayTotal> {
  return apiGet<DayTotal>(TIMESHEET_GRID_PATHS.total(date), filterQuery, { signal });
}

/** Loaded when the header's popover opens. */
export function useDayTotal(date: string, filterQuery: Query, enabled: boolean) {
  return useQuery({
    queryKey: timesheetKeys.dayTotal(date, filterQuery),
    queryFn: ({ signal }) => getDayTotal(date, filterQuery, signal),
    enabled,
  });
}
