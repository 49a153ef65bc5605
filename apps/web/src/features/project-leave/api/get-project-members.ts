import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmployeeOption } from '@tms/contracts/lookups';
import { apiGet } from '../../../lib/api-client.ts';
import { projectLeaveKeys } from './project-leave-keys.ts';

/** GET /tms/filters/get-all-employee-by-project?projectId=: the members the Staff field offers (spec 000 §5). */
export function getProjectMembers(projectId: number, signal?: AbortSignal): Promise<EmployeeOption[]> {
  return apiGet<EmployeeOption[]>('/tms/filters/get-all-employee-by-project', { projectId }, { signal });
}

export function projectMembersQuery(projectId: number) {
  return queryOptions({ queryKey: projectLeaveKeys.members(projectId), queryFn: ({ signal }) => getProjectMembers(projectId, signal), staleTime: 60_000 });
}

/** Loads nothing until a project is chosen. */
export function useProjectMembers(projectId: number | null | undefined) {
  return useQuery({ ...projectMembersQuery(projectId ?? 0), enabled: typeof projectId === 'number' && projectId > 0 });
}
