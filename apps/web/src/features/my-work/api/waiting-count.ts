import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/**
 * The header badge's count (issue 26 §2). Kept apart from my-work-api.ts, and free of zod: the layout loads it on
 * every page. Same path as MY_WORK_PATHS.waitingCount of contracts/my-work.
 */
export const WAITING_COUNT_PATH = '/tms/my-work/waiting-count';
export const myWorkKeys = {
  all: ['my-work'] as const,
  block: (name: string) => [...myWorkKeys.all, name] as const,
};
/** The badge refreshes every minute and on window focus; a decision refreshes it at once. */
const POLL_MS = 60_000;

export const waitingCountQuery = () =>
  queryOptions({
    queryKey: myWorkKeys.block('waiting-count'),
    queryFn: ({ signal }) => apiGet<{ total: number }>(WAITING_COUNT_PATH, undefined, { signal }),
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
    meta: { silent: true },
  });

export function useWaitingCount() {
  return useQuery(waitingCountQuery());
}
