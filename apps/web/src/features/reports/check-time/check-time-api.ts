import { useQuery } from '@tanstack/react-query';
import {
  CHECK_TIME_LATE_BY_WEEKDAY_PATH,
  CHECK_TIME_REPORT_EXPORT_PATH,
  CHECK_TIME_REPORT_PATH,
  checkTimeReportFileName,
  type CheckTimeRow,
  type LateByWeekday,
} from '@tms/contracts/check-time-report';
import { apiDownload, apiGet, type Query } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/use-paged-list.ts';

const KEY = ['check-time-report'] as const;

/** GET /tms/report/check-time: one page of employee-days; nothing is loaded until a search is allowed. */
export function useCheckTimeReport(filters: Query | undefined) {
  return usePagedList<CheckTimeRow>({ queryKey: [...KEY, 'list'], path: CHECK_TIME_REPORT_PATH, filters, enabled: filters !== undefined });
}

/** GET /tms/report/check-time/late-by-weekday: the chart's five bars for the same filter. */
export function useLateByWeekday(filters: Query | undefined) {
  return useQuery({
    queryKey: [...KEY, 'late-by-weekday', filters ?? {}],
    queryFn: ({ signal }) => apiGet<LateByWeekday[]>(CHECK_TIME_LATE_BY_WEEKDAY_PATH, filters, { signal }),
    enabled: filters !== undefined,
  });
}

/** GET /tms/excel/report-check-time with the report's filter; saves Check_In_Out_{from}-{to}.xlsx. */
export function exportCheckTimeReport(filters: Query): Promise<string> {
  return apiDownload(CHECK_TIME_REPORT_EXPORT_PATH, { query: filters, fallbackName: checkTimeReportFileName(String(filters.fromDate), String(filters.toDate)) });
}
