import { useQuery } from '@tanstack/react-query';
import { CHECK_IN_PLACES_PATH, type CheckInPlace } from '@tms/contracts/self-check-in';
import { apiGet } from '../../../../lib/api-client.ts';

/** The check-in places a policy may list (the same cache entry as Settings → Check-in places). */
export function usePlaces() {
  return useQuery({ queryKey: ['check-in-places'], queryFn: ({ signal }) => apiGet<CheckInPlace[]>(CHECK_IN_PLACES_PATH, undefined, { signal }), meta: { silent: true } });
}
