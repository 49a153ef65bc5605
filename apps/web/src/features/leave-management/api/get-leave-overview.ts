import { LEAVE_OVERVIEW_PATH, type LeaveOverviewRow } from '@tms/contracts/leave-overview';
import { usePagedList } from '../../../lib/use-paged-list.ts';

/** Query keys of the overview under one root. */
export const leaveOverviewKeys = {
  all: ['leave-overview'] as const,
  lists: () => [...leaveOverviewKeys.all, 'list'] as const,
  explain: (query: LeaveExplainKey) => [...leaveOverviewKeys.all, 'explain', query] as const,
};
export type LeaveExplainKey = { employeeId: number; timesheetId: number; figure: string; fundType: string };

/**
 * The overview's filter parameters (spec 000 §7): `timesheetId` (payroll period; absent = the current one),
 * `employee`, `division`, `department` as comma-joined ids, `role` as comma-joined short names.
 */
export type LeaveOverviewFilters = Record<string, string | undefined>;

/** GET /tms/leaves-management: one page of the annual leave overview in the caller's scope, sorted by name. */
export function useLeaveOverview(filters: LeaveOverviewFilters) {
  return usePagedList<LeaveOverviewRow>({ queryKey: leaveOverviewKeys.lists(), path: LEAVE_OVERVIEW_PATH, filters });
}
