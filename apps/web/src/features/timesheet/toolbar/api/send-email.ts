import { useMutation } from '@tanstack/react-query';
import type { Envelope } from '@tms/contracts/api';
import { TIMESHEET_EXPORT_PATHS } from '@tms/contracts/timesheet-export';
import { apiRequest } from '../../../../lib/api-client.ts';
import type { SendEmailRequestBody } from '../request-bodies.ts';

export type SendEmailResult = { recipients: number; jobId: number | null };

/** POST /tms/timesheets/{id}/send-email (spec 001 §7.1). */
export function sendTimesheetEmail({ timesheetId, body }: { timesheetId: number; body: SendEmailRequestBody }): Promise<Envelope<SendEmailResult>> {
  return apiRequest<SendEmailResult>('POST', TIMESHEET_EXPORT_PATHS.sendEmail(timesheetId), { body });
}

export function useSendTimesheetEmail() {
  return useMutation({ mutationFn: sendTimesheetEmail });
}
