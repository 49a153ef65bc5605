import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  OVERTIME_EXPORT_PATH,
  OVERTIME_FLEXIBLE_LIST_PATH,
  OVERTIME_LIST_PATH,
  OVERTIME_LOOKUP_PATHS,
  OVERTIME_REPORT_PATH,
  overtimeListFileName,
  overtimeReportFileName,
  type EmployeeOt,
  type FixedListRow,
  type FlexibleListRow,
} from '@tms/contracts/overtime-list';
import { apiDownload, apiGet } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/use-paged-list.ts';

/** Overtime list page calls (contracts overtime-list.ts). */
export const overtimeListKeys = {
  all: ['overtime'] as const,
  fixed: () => ['overtime', 'list', 'fixed'] as const,
  flexible: () => ['overtime', 'list', 'flexible'] as const,
  employeeOt: (username: string) => ['overtime', 'employee-ot', username] as const,
};

export type OvertimeFilters = Record<string, string | undefined>;
export type OvertimeKindView = 'FIXED' | 'FLEXIBLE';

export function useFixedOvertimeList(filters: OvertimeFilters, enabled: boolean) {
  return usePagedList<FixedListRow>({ queryKey: overtimeListKeys.fixed(), path: OVERTIME_LIST_PATH, filters, enabled });
}

export function useFlexibleOvertimeList(filters: OvertimeFilters, enabled: boolean) {
  return usePagedList<FlexibleListRow>({ queryKey: overtimeListKeys.flexible(), path: OVERTIME_FLEXIBLE_LIST_PATH, filters, enabled });
}

/** The caller's overtime type, work schedule and project rule (spec 001 §7.10 employee-ot). */
export const employeeOtQuery = (username: string) =>
  queryOptions({ queryKey: overtimeListKeys.employeeOt(username), queryFn: ({ signal }) => apiGet<EmployeeOt>(OVERTIME_LOOKUP_PATHS.employeeOt, { username }, { signal }) });

export function useEmployeeOt(username: string | undefined) {
  return useQuery({ ...employeeOtQuery(username ?? ''), enabled: Boolean(username) });
}

/** Export to Excel of the shown list (both dates required). */
export function exportOvertimeList(kind: OvertimeKindView, filters: OvertimeFilters): Promise<string> {
  const from = filters.fromDate ?? '';
  const to = filters.toDate ?? '';
  return apiDownload(OVERTIME_EXPORT_PATH, { query: { ...filters, kind }, fallbackName: overtimeListFileName(from, to) });
}

/** Export Overtime Report (HR, ADMIN), built by the pay part; the server answers 404 when there is nothing to export. */
export function exportOvertimeReport(filters: OvertimeFilters): Promise<string> {
  const from = filters.fromDate ?? '';
  const to = filters.toDate ?? '';
  return apiDownload(OVERTIME_REPORT_PATH, { query: { fromDate: from, toDate: to }, fallbackName: overtimeReportFileName(from, to) });
}
