import { queryOptions, useQuery } from '@tanstack/react-query';
import { LEAVE_OVERVIEW_EXPLAIN_PATH, type LeaveExplain } from '@tms/contracts/leave-overview';
import { apiGet } from '../../../lib/api-client.ts';
import { leaveOverviewKeys, type LeaveExplainKey } from './get-leave-overview.ts';

/** GET /tms/leaves-management/explain: the ledger lines behind one figure of one employee and period. */
export function getLeaveExplain(query: LeaveExplainKey, signal?: AbortSignal): Promise<LeaveExplain> {
  return apiGet<LeaveExplain>(LEAVE_OVERVIEW_EXPLAIN_PATH, query, { signal });
}

export function leaveExplainQuery(query: LeaveExplainKey) {
  return queryOptions({ queryKey: leaveOverviewKeys.explain(query), queryFn: ({ signal }) => getLeaveExplain(query, signal) });
}

/** Loads while `query` is set (the drawer is open). */
export function useLeaveExplain(query: LeaveExplainKey | null) {
  return useQuery({ ...leaveExplainQuery(query ?? { employeeId: 0, timesheetId: 0, figure: '', fundType: '' }), enabled: query !== null });
}
