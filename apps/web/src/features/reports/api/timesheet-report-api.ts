import { useQuery } from '@tanstack/react-query';
import {
  TIMESHEET_REPORT_PATHS as P,
  type SummaryChartRow,
  type TimesheetDetailRow,
  type TimesheetSummaryRow,
} from '@tms/contracts/timesheet-report';
import { apiDownload, apiGet, type Query } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/use-paged-list.ts';

export type ReportKind = 'summary' | 'detail';

/** GET /tms/report/summary or /tms/report/detail: one page of the report (disabled until a period is chosen). */
export function useTimesheetReport<K extends ReportKind>(kind: K, filters: Query | undefined) {
  return usePagedList<K extends 'detail' ? TimesheetDetailRow : TimesheetSummaryRow>({
    queryKey: ['timesheet-report', kind],
    path: kind === 'detail' ? P.detail : P.summary,
    filters,
    enabled: filters?.timesheetId !== undefined,
  });
}

/** GET /tms/report/summary-chart: the per-department bars of the filtered employees. */
export function useSummaryChart(filters: Query | undefined) {
  return useQuery({
    queryKey: ['timesheet-report', 'chart', filters ?? {}],
    queryFn: ({ signal }) => apiGet<SummaryChartRow[]>(P.summaryChart, filters, { signal }),
    enabled: filters?.timesheetId !== undefined,
  });
}

/**
 * GET /tms/excel/download-summary or /tms/excel/download with the report's filters (all rows, not the page); saves
 * the file under the server's name. A JSON answer ("No data export") is thrown as an ApiError with its message.
 */
export function exportTimesheetReport(kind: ReportKind, filters: Query): Promise<string> {
  const path = kind === 'detail' ? P.exportDetail : P.exportSummary;
  return apiDownload(path, { query: filters, fallbackName: kind === 'detail' ? 'Timesheets_Details.xlsx' : 'Timesheets_Summary.xlsx' });
}
