import { mutationOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CALENDAR_FEED_PATHS,
  calendarFeedPath,
  type CalendarFeed,
  type CalendarFeedCreated,
  type CalendarFeedScope,
  type MyProfile,
} from '@tms/contracts/calendar-feeds';
import { apiGet, apiRequest } from '../../../lib/api-client.ts';

/** My profile and its calendar feeds (contracts calendar-feeds.ts, issue 30 §2). */
export const profileKeys = {
  all: ['profile'] as const,
  profile: () => ['profile', 'me'] as const,
  feeds: () => ['profile', 'calendar-feeds'] as const,
};

/** GET /tms/my-profile: name, username, department, division and roles of the signed-in user. */
export function useMyProfile() {
  return useQuery({ queryKey: profileKeys.profile(), queryFn: ({ signal }) => apiGet<MyProfile>(CALENDAR_FEED_PATHS.profile, undefined, { signal }) });
}

/** GET /tms/calendar-feeds: one entry per scope (never the address). */
export function useCalendarFeeds() {
  return useQuery({ queryKey: profileKeys.feeds(), queryFn: ({ signal }) => apiGet<CalendarFeed[]>(CALENDAR_FEED_PATHS.list, undefined, { signal }) });
}

/** POST /tms/calendar-feeds: creates (or re-creates, revoking the old address) and answers the address once. */
export async function createCalendarFeed(scope: CalendarFeedScope): Promise<CalendarFeedCreated> {
  return (await apiRequest<CalendarFeedCreated>('POST', CALENDAR_FEED_PATHS.list, { body: { scope } })).data;
}

/** DELETE /tms/calendar-feeds/:scope. */
export async function revokeCalendarFeed(scope: CalendarFeedScope): Promise<CalendarFeed> {
  return (await apiRequest<CalendarFeed>('DELETE', calendarFeedPath(scope))).data;
}

/** Failures are notified by the mutation cache; the list reloads either way. */
export function useCreateCalendarFeed() {
  const client = useQueryClient();
  return useMutation(mutationOptions({ mutationFn: createCalendarFeed, onSettled: () => client.invalidateQueries({ queryKey: profileKeys.feeds() }) }));
}

export function useRevokeCalendarFeed() {
  const client = useQueryClient();
  return useMutation(mutationOptions({ mutationFn: revokeCalendarFeed, onSettled: () => client.invalidateQueries({ queryKey: profileKeys.feeds() }) }));
}
