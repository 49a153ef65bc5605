import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PageInfo } from '@tms/contracts/api';
import { REASON_TYPES_LOOKUP_PATH, type ReasonTypeOption } from '@tms/contracts/special-explanation';
import { TEAM_CALENDAR_PATHS, type TeamCalendarData, type TeamCalendarQuery } from '@tms/contracts/team-calendar';
import { apiGet, apiRequest } from '../../../lib/api-client.ts';

export type CalendarQuery = Partial<Omit<TeamCalendarQuery, 'from' | 'to' | 'page' | 'size'>> & Pick<TeamCalendarQuery, 'from' | 'to' | 'page' | 'size'>;

export const teamCalendarKeys = { all: ['team-calendar'] as const, page: (q: CalendarQuery) => ['team-calendar', 'page', q] as const };

/** GET /tms/team-calendar: one page of people with their days (the previous page stays shown while the next loads). */
export function useTeamCalendar(query: CalendarQuery) {
  return useQuery({
    queryKey: teamCalendarKeys.page(query),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<TeamCalendarData>('GET', TEAM_CALENDAR_PATHS.calendar, { query, signal });
      return { data: answer.data, page: answer.page as PageInfo };
    },
    placeholderData: keepPreviousData,
  });
}

/** The reason types a cell may show (every one but the explanations'), in the reader's language. */
const reasonTypesQuery = queryOptions({
  queryKey: ['reason-types', 'all'] as const,
  queryFn: ({ signal }) => apiGet<ReasonTypeOption[]>(REASON_TYPES_LOOKUP_PATH, undefined, { signal }),
  staleTime: 10 * 60_000,
});

export function useAbsenceReasons() {
  const query = useQuery(reasonTypesQuery);
  return { ...query, options: (query.data ?? []).filter((r) => r.request_type !== 'EXPLANATION_REQUEST').map((r) => ({ value: r.reason_type_code, label: r.reason_type })) };
}
