import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { Envelope } from '@tms/contracts/api';
import { UPDATE_LEAVE_PATH, type UpdateLeaveBody } from '@tms/contracts/update-leave';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /tms/leaves-management/update-leave: queues the run; `data.jobId` is the job to follow. */
export function startUpdateLeave(body: UpdateLeaveBody): Promise<Envelope<{ jobId: number }>> {
  return apiRequest<{ jobId: number }>('POST', UPDATE_LEAVE_PATH, { body });
}

export const startUpdateLeaveMutation = mutationOptions({ mutationFn: startUpdateLeave });

/** A refused run (400, 409 'already being updated') shows the server's message through the mutation cache. */
export function useStartUpdateLeave() {
  return useMutation(startUpdateLeaveMutation);
}
