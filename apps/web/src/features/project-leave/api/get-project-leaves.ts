import { PROJECT_LEAVE_LIST_PATH, type ProjectLeaveSummary } from '@tms/contracts/project-leave';
import { usePagedList } from '../../../lib/use-paged-list.ts';
import { projectLeaveKeys } from './project-leave-keys.ts';

/** The list's filter parameters: `employee`, `division`, `department` as comma-joined ids (FilterBar's onSearch). */
export type ProjectLeaveFilters = Record<string, string | undefined>;

/** GET …/project-leave-v2: one page of employees with their project leave totals, in the caller's scope. */
export function useProjectLeaves(filters: ProjectLeaveFilters) {
  return usePagedList<ProjectLeaveSummary>({ queryKey: projectLeaveKeys.lists(), path: PROJECT_LEAVE_LIST_PATH, filters });
}
