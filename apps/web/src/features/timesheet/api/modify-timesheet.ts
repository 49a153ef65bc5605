import { useMutation } from '@tanstack/react-query';
import type { Envelope } from '@tms/contracts/api';
import { TIMESHEET_MODIFY_PATH } from '@tms/contracts/timesheet-modify';
import { apiRequest } from '../../../lib/api-client.ts';
import type { ModifyRequestBody } from '../modify/modify-form.ts';
import { invalidateTimesheetData } from './timesheet-keys.ts';

/**
 * PUT /tms/timesheets (spec 001 §7.1): success is code 200 with the message to show. A failure code throws and the
 * mutation cache shows the returned message (spec 001 §8); the modal stays open.
 */
export function modifyTimesheet(body: ModifyRequestBody): Promise<Envelope<{ updated: number } | null>> {
  return apiRequest<{ updated: number } | null>('PUT', TIMESHEET_MODIFY_PATH, { body });
}

export function useModifyTimesheet() {
  return useMutation({
    mutationFn: modifyTimesheet,
    // Spec 001 §4.1: after a successful edit the grid reloads (with its statistic, day totals and any open detail).
    onSuccess: (_data, _body, _result, { client }) => invalidateTimesheetData(client),
  });
}
