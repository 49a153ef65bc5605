import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { Envelope } from '@tms/contracts/api';
import { PROJECT_LEAVE_PATH } from '@tms/contracts/project-leave';
import { apiRequest } from '../../../lib/api-client.ts';
import { recordWriteEffects } from '../../../components/record-queries.ts';
import { projectLeaveKeys } from './project-leave-keys.ts';

export type ProjectLeaveRef = { id: number; version: number };

/** PUT …/project-leave/update-status `{ id, version }` (spec 000 §7: remove); 409 once used, expired, locked or stale. */
export function removeProjectLeave({ id, version }: ProjectLeaveRef): Promise<Envelope<{ id: number }>> {
  return apiRequest<{ id: number }>('PUT', `${PROJECT_LEAVE_PATH}/update-status`, { body: { id, version } });
}

export const removeProjectLeaveMutation = mutationOptions({
  mutationFn: removeProjectLeave,
  ...recordWriteEffects(projectLeaveKeys.all, projectLeaveKeys.all),
});

export function useRemoveProjectLeave() {
  return useMutation(removeProjectLeaveMutation);
}
