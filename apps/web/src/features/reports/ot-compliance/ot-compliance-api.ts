import { useQuery } from '@tanstack/react-query';
import {
  OT_COMPLIANCE_CHART_PATH,
  OT_COMPLIANCE_EXPORT_PATH,
  OT_COMPLIANCE_PATH,
  otComplianceFileName,
  type OtComplianceDepartment,
  type OtComplianceRow,
} from '@tms/contracts/overtime-limits';
import { apiDownload, apiGet, type Query } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/use-paged-list.ts';

const KEY = ['ot-compliance-report'] as const;

/** GET /tms/report/overtime-compliance: one page of employee-months. */
export function useOtCompliance(filters: Query | undefined) {
  return usePagedList<OtComplianceRow>({ queryKey: [...KEY, 'list'], path: OT_COMPLIANCE_PATH, filters, enabled: filters !== undefined });
}

/** GET /tms/report/overtime-compliance/departments: the chart's bars for the same filter. */
export function useOtComplianceDepartments(filters: Query | undefined) {
  return useQuery({
    queryKey: [...KEY, 'departments', filters ?? {}],
    queryFn: ({ signal }) => apiGet<OtComplianceDepartment[]>(OT_COMPLIANCE_CHART_PATH, filters, { signal }),
    enabled: filters !== undefined,
  });
}

/** GET /tms/excel/report-overtime-compliance; saves Overtime_Compliance_{from}-{to}.xlsx. */
export function exportOtCompliance(filters: Query): Promise<string> {
  return apiDownload(OT_COMPLIANCE_EXPORT_PATH, { query: filters, fallbackName: otComplianceFileName(String(filters.fromMonth), String(filters.toMonth)) });
}
