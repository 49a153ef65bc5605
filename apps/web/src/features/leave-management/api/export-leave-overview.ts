import { useMutation } from '@tanstack/react-query';
import { LEAVE_FUND_EXPORT_FILE, LEAVE_FUND_EXPORT_PATH } from '@tms/contracts/leave-overview';
import { apiDownload } from '../../../lib/api-client.ts';
import type { LeaveOverviewFilters } from './get-leave-overview.ts';

/**
 * GET /tms/excel/export-leave-fund with the list's filters: every matching employee, saved as LeaveFund.xlsx (the
 * Content-Disposition name). Spec 000 §8: an error answered to the blob request is decoded (apiDownload) and the
 * mutation cache shows its message.
 */
export function useExportLeaveOverview() {
  return useMutation({
    mutationFn: (filters: LeaveOverviewFilters) => apiDownload(LEAVE_FUND_EXPORT_PATH, { query: filters, fallbackName: LEAVE_FUND_EXPORT_FILE }),
  });
}
