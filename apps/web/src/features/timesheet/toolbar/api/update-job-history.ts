import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@tms/contracts/api';
import { UPDATE_JOB_HISTORY_PATH, WORK_SCHEDULE_LIST_PATH } from '@tms/contracts/timesheet-modify';
import { apiGet, apiRequest } from '../../../../lib/api-client.ts';
import { toolbarKeys } from './toolbar-keys.ts';

/** A row of GET /tms/employee/get-all-work-schedule (contracts workScheduleOptionSchema). */
export type WorkScheduleOption = {
  work_schedule_code: string;
  work_schedule_name: string;
  work_schedule_type: string;
  work_start_time: string;
  work_end_time: string;
};

export const workSchedulesQuery = queryOptions({
  queryKey: toolbarKeys.workSchedules(),
  queryFn: ({ signal }) => apiGet<WorkScheduleOption[]>(WORK_SCHEDULE_LIST_PATH, undefined, { signal }),
  staleTime: 10 * 60_000,
});

export function useWorkSchedules() {
  return useQuery(workSchedulesQuery);
}

export type UpdateJobHistoryCall = { userId: number; body: { work_schedule_code: string; apply_date: string } };

/** PUT /tms/timesheets/update-job-history?userId={employee id} (spec 001 §7.1). */
export function updateJobHistory({ userId, body }: UpdateJobHistoryCall): Promise<Envelope<{ policyId: number; recalculatedDays: number }>> {
  return apiRequest('PUT', UPDATE_JOB_HISTORY_PATH, { query: { userId }, body });
}

export function useUpdateJobHistory() {
  return useMutation({ mutationFn: updateJobHistory });
}
