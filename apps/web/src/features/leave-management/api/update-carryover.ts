import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { Envelope } from '@tms/contracts/api';
import { LEAVE_CARRYOVER_PATH, type LeaveCarryoverUpdate } from '@tms/contracts/leave-carryover';
import { apiRequest } from '../../../lib/api-client.ts';
import { recordWriteEffects } from '../../../components/record-queries.ts';
import { carryoverKeys } from './carryover-keys.ts';

/** PUT …/reserve-leave/update with the row's `version` (a stale one answers 409); `data` is the new version. */
export function updateCarryover(body: LeaveCarryoverUpdate): Promise<Envelope<{ id: number; version: number }>> {
  return apiRequest<{ id: number; version: number }>('PUT', `${LEAVE_CARRYOVER_PATH}/update`, { body });
}

export const updateCarryoverMutation = mutationOptions({
  mutationFn: updateCarryover,
  // The list, the row's history and the staff's remaining hours change.
  ...recordWriteEffects(carryoverKeys.all, carryoverKeys.lists()),
});

export function useUpdateCarryover() {
  return useMutation(updateCarryoverMutation);
}
