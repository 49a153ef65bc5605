import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE, type PageInfo } from '@tms/contracts/api';
import { TIMESHEET_GRID_PATHS, TIMESHEET_LIST_DEFAULT_SIZE, type GridRow } from '@tms/contracts/timesheet-grid';
import { apiRequest, type Query } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { gridLoadErrorText } from './grid-load-error.ts';
import { timesheetKeys } from './timesheet-keys.ts';

export type GridPage = { rows: GridRow[]; page: PageInfo; failed: boolean };

/** Paging when nothing was loaded: page 1, size 20 (spec 001 §9). */
export const EMPTY_GRID_PAGE: PageInfo = { page: DEFAULT_PAGE, size: TIMESHEET_LIST_DEFAULT_SIZE, total_element: 0 };

/**
 * GET /tms/timesheets?timesheetId=&page=&size=&sort=&direction=&<filter>: one page of the HR grid. Never throws:
 * a failure gives an empty page with default paging and a notice (spec 001 §8), `failed` tells the tab to reset
 * its paging.
 */
export async function getTimesheetGrid(query: Query, signal?: AbortSignal): Promise<GridPage> {
  try {
    const envelope = await apiRequest<GridRow[]>('GET', TIMESHEET_GRID_PATHS.list, { query, signal });
    const rows = Array.isArray(envelope.data) ? envelope.data : [];
    return { rows, page: envelope.page ?? { ...EMPTY_GRID_PAGE, total_element: rows.length }, failed: false };
  } catch (error) {
    const text = gridLoadErrorText(error);
    if (text) notifyError(text);
    return { rows: [], page: EMPTY_GRID_PAGE, failed: true };
  }
}

/** The grid page for a full query (period, paging, sort, filter); the previous page stays shown while loading. */
export function useTimesheetGrid(query: Query, enabled: boolean) {
  return useQuery({
    queryKey: timesheetKeys.grid(query),
    queryFn: ({ signal }) => getTimesheetGrid(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
