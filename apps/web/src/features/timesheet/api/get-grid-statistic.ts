import { useQuery } from '@tanstack/react-query';
import { TIMESHEET_GRID_PATHS, type GridStatistic } from '@tms/contracts/timesheet-grid';
import { apiGet, type Query } from '../../../lib/api-client.ts';
import { timesheetKeys } from './timesheet-keys.ts';

/** GET /tms/timesheets/{id}/statistic?<filter>: the figures above the grid. */
export function getGridStatistic(timesheetId: number, filterQuery: Query, signal?: AbortSignal): Promise<GridStatistic> {
  return apiGet<GridStatistic>(TIMESHEET_GRID_PATHS.statistic(timesheetId), filterQuery, { signal });
}

export function useGridStatistic(timesheetId: number | null, filterQuery: Query) {
  return useQuery({
    queryKey: timesheetKeys.statistic(timesheetId ?? 0, filterQuery),
    queryFn: ({ signal }) => getGridStatistic(timesheetId ?? 0, filterQuery, signal),
    enabled: timesheetId !== null,
  });
}
