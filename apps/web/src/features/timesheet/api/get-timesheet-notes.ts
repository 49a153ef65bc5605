import { useQuery } from '@tanstack/react-query';
import { TIMESHEET_GRID_PATHS } from '@tms/contracts/timesheet-grid';
import { apiGet } from '../../../lib/api-client.ts';
import { timesheetKeys } from './timesheet-keys.ts';

export type TimesheetNote = { notation: string; definition: string; value: string | null };

/** GET /tms/settings/notes: notation and definition of the day values (the Note drawer). */
export function getTimesheetNotes(signal?: AbortSignal): Promise<TimesheetNote[]> {
  return apiGet<TimesheetNote[]>(TIMESHEET_GRID_PATHS.notes, undefined, { signal });
}

export function useTimesheetNotes(enabled: boolean) {
  return useQuery({ queryKey: timesheetKeys.notes(), queryFn: ({ signal }) => getTimesheetNotes(signal), enabled, staleTime: 10 * 60_000 });
}
