import { useQuery } from '@tanstack/react-query';
import { OT_LIMITS_USAGE_PATH, type OtUsage } from '@tms/contracts/overtime-limits';
import { apiGet } from '../../lib/api-client.ts';

export type UsageArgs = { employeeIds: readonly number[]; date: string | null; startTime: string | null; endTime: string | null; kind: 'FIXED' | 'FLEXIBLE'; requestId?: number };

/** GET /tms/overtime-limits/usage (issue 27 §2): the chosen staff's hours against the limits, as the form changes. */
export function useOtUsage(a: UsageArgs) {
  const enabled = a.employeeIds.length > 0 && a.date !== null;
  const query = {
    employeeIds: a.employeeIds.join(','),
    date: a.date ?? '',
    startTime: a.startTime ?? undefined,
    endTime: a.endTime ?? undefined,
    kind: a.kind,
    requestId: a.requestId,
  };
  return useQuery({
    queryKey: ['overtime-limits', 'usage', query],
    queryFn: ({ signal }) => apiGet<OtUsage[]>(OT_LIMITS_USAGE_PATH, query, { signal }),
    enabled,
    staleTime: 10_000,
  });
}
