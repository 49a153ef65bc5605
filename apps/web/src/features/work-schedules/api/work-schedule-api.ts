import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@tms/contracts/api';
import {
  WORK_SCHEDULE_CREATE_PATH,
  WORK_SCHEDULE_FIND_ALL_PATH,
  WORK_SCHEDULE_REPORT_EXPORT_PATH,
  WORK_SCHEDULE_REPORT_FILE,
  WORK_SCHEDULE_REPORT_PATH,
  WORK_SCHEDULE_UPDATE_PATH,
  workScheduleActivePath,
  workScheduleDetailPath,
  workScheduleHistoryPath,
  type WorkScheduleCreate,
  type WorkScheduleDetail,
  type WorkScheduleReportRow,
  type WorkScheduleRow,
  type WorkScheduleUpdate,
} from '@tms/contracts/work-schedule-config';
import { WORK_SCHEDULE_CODES_PATH } from '@tms/contracts/policies';
import { apiDownload, apiGet, apiRequest, type Query } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/use-paged-list.ts';
import { recordKeys } from '../../../components/record-queries.ts';
import type { HistoryEntry } from '../../../components/history-format.ts';

/** Query keys of work schedules under one root, so a save marks the list, the detail and the history stale. */
export const workScheduleKeys = { ...recordKeys('work-schedules'), detail: (id: number) => ['work-schedules', 'detail', id] as const };
export const workScheduleReportKeys = recordKeys('work-schedule-report');

/** GET /tms/work-schedule-manager/find-all?keyword=: one page of schedules by code. */
export function useWorkSchedules(filters: Query) {
  return usePagedList<WorkScheduleRow>({ queryKey: workScheduleKeys.lists(), path: WORK_SCHEDULE_FIND_ALL_PATH, filters });
}

export const workScheduleDetailQuery = (id: number) =>
  queryOptions({ queryKey: workScheduleKeys.detail(id), queryFn: ({ signal }) => apiGet<WorkScheduleDetail>(workScheduleDetailPath(id), undefined, { signal }) });

export function useWorkScheduleDetail(id: number | undefined) {
  return useQuery({ ...workScheduleDetailQuery(id ?? 0), enabled: id !== undefined });
}

export function useWorkScheduleHistory(id: number) {
  return useQuery({ queryKey: workScheduleKeys.history(id), queryFn: ({ signal }) => apiGet<HistoryEntry[]>(workScheduleHistoryPath(id), undefined, { signal }) });
}

type Saved = { id: number; version: number };

/** Every write marks every work schedule query stale (a 409 reloads the row as it is now). */
function useWrite<Vars>(fn: (vars: Vars) => Promise<Envelope<unknown>>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: workScheduleKeys.all }),
  });
}

export type WorkScheduleSave = { mode: 'create'; body: WorkScheduleCreate } | { mode: 'edit'; body: WorkScheduleUpdate };

/** POST create or PUT update (id + version; 409 when stale). */
export function useSaveWorkSchedule() {
  return useWrite((save: WorkScheduleSave) =>
    save.mode === 'create' ? apiRequest<Saved>('POST', WORK_SCHEDULE_CREATE_PATH, { body: save.body }) : apiRequest<Saved>('PUT', WORK_SCHEDULE_UPDATE_PATH, { body: save.body }),
  );
}

/** PUT /:id/active { active, version }. */
export function useSetWorkScheduleActive() {
  return useWrite(({ id, active, version }: { id: number; active: boolean; version: number }) => apiRequest<Saved>('PUT', workScheduleActivePath(id), { body: { active, version } }));
}

/** DELETE /:id?version= (409 while a policy names the schedule). */
export function useRemoveWorkSchedule() {
  return useWrite(({ id, version }: { id: number; version: number }) => apiRequest<{ id: number }>('DELETE', workScheduleDetailPath(id), { query: { version } }));
}

/** GET /tms/report/work-schedule: one page of the report. */
export function useWorkScheduleReport(filters: Query) {
  return usePagedList<WorkScheduleReportRow>({ queryKey: workScheduleReportKeys.lists(), path: WORK_SCHEDULE_REPORT_PATH, filters });
}

/** GET /tms/excel/job-info-mapping with the report's filters; saves Work_Schedule_Report.xlsx. */
export function exportWorkScheduleReport(filters: Query): Promise<string> {
  return apiDownload(WORK_SCHEDULE_REPORT_EXPORT_PATH, { query: filters, fallbackName: WORK_SCHEDULE_REPORT_FILE });
}

type ScheduleCode = { work_schedule_code: string; work_schedule_name: string; work_schedule_type: string };

/** The active schedules (GET /tms/filters/get-all-work-schedule-codes) as code options. */
export function useWorkScheduleCodeOptions() {
  const query = useQuery({
    queryKey: ['lookups', 'work-schedule-codes'],
    queryFn: ({ signal }) => apiGet<ScheduleCode[]>(WORK_SCHEDULE_CODES_PATH, undefined, { signal }),
    staleTime: 10 * 60_000,
  });
  return { ...query, options: (query.data ?? []).map((s) => ({ value: s.work_schedule_code, label: `${s.work_schedule_code} - ${s.work_schedule_name}` })) };
}
