import { useQuery } from '@tanstack/react-query';
import { CHECK_IN_PLACES_PATH, type CheckInPlace } from '@tms/contracts/self-check-in';
import { apiGet } from '../lib/api-client.ts';

/**
 * The check-in places, for a policy's list of allowed places and the attempts' place filter (the same cache entry as
 * Settings → Check-in places).
 */
export function usePlaces() {
  return useQuery({ queryKey: ['check-in-places'], queryFn: ({ signal }) => apiGet<CheckInPlace[]>(CHECK_IN_PLACES_PATH, undefined, { signal }), meta: { silent: true } });
}
