import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CHECK_IN_OUT_CALENDAR_PATHS as P,
  type CalendarData,
  type DayData,
  type ManualJob,
  type ManualUpdateBody,
} from '@tms/contracts/check-in-out-calendar';
import { apiGet, apiRequest, type Query } from '../../lib/api-client.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';

const ROOT = 'checkin-checkout';
export type CalendarQuery = { employee?: string; fromDate: string; toDate: string };

/** GET /tms/check-in-out/timesheet-detail (spec 001 §7.7); `employee` absent = the caller. */
export function useCalendar(query: CalendarQuery | null) {
  return useQuery({
    queryKey: [ROOT, 'calendar', query],
    queryFn: ({ signal }) => apiGet<CalendarData>(P.detail, query ?? undefined, { signal }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET /tms/check-in-out/{day}?employee: the drawer. */
export function useDayDetail(day: string | null, employee: string | undefined) {
  return useQuery({
    queryKey: [ROOT, 'day', day, employee ?? null],
    queryFn: ({ signal }) => apiGet<DayData>(P.dayOf(day!), employee ? { employee } : undefined, { signal }),
    enabled: day !== null,
    retry: false,
  });
}

/** PUT /tms/check-in-out/manual: "Update Employee Check Time"; the calendar and the job list reload after it. */
export function useManualUpdate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ManualUpdateBody) => apiRequest<ManualJob>('PUT', P.manual, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: [ROOT] }),
  });
}

/** GET /tms/check-in-out/manual: the manual-job search, paged. */
export function useManualJobs(filters: Query, enabled: boolean) {
  return usePagedList<ManualJob>({ queryKey: [ROOT, 'manual-jobs'], path: P.manual, filters, enabled });
}
