import { queryOptions, useQuery } from '@tanstack/react-query';
import { PROJECT_LEAVE_PATH, type ProjectLeaveDetail } from '@tms/contracts/project-leave';
import { apiGet } from '../../../lib/api-client.ts';
import { projectLeaveKeys } from './project-leave-keys.ts';

/** GET …/project-leave/employees?employeeId=: the employee's totals and rows in the caller's scope (404 outside). */
export function getProjectLeaveDetail(employeeId: number, signal?: AbortSignal): Promise<ProjectLeaveDetail> {
  return apiGet<ProjectLeaveDetail>(`${PROJECT_LEAVE_PATH}/employees`, { employeeId }, { signal });
}

export function projectLeaveDetailQuery(employeeId: number) {
  return queryOptions({
    queryKey: projectLeaveKeys.detail(employeeId),
    queryFn: ({ signal }) => getProjectLeaveDetail(employeeId, signal),
  });
}

export function useProjectLeaveDetail(employeeId: number) {
  return useQuery({ ...projectLeaveDetailQuery(employeeId), enabled: Number.isInteger(employeeId) && employeeId > 0 });
}
