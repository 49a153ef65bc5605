import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { Envelope } from '@tms/contracts/api';
import { LEAVE_CARRYOVER_PATH, type LeaveCarryoverCreate } from '@tms/contracts/leave-carryover';
import { apiRequest } from '../../../lib/api-client.ts';
import { carryoverKeys } from './carryover-keys.ts';

/** POST …/reserve-leave/create: one row per staff within each staff's cap, all or none; `data` holds the new ids. */
export function createCarryover(body: LeaveCarryoverCreate): Promise<Envelope<number[]>> {
  return apiRequest<number[]>('POST', `${LEAVE_CARRYOVER_PATH}/create`, { body });
}

export const createCarryoverMutation = mutationOptions({
  mutationFn: createCarryover,
  // The list and the staff's remaining hours both change.
  onSuccess: (_data, _body, _result, { client }) => client.invalidateQueries({ queryKey: carryoverKeys.all }),
});

export function useCreateCarryover() {
  return useMutation(createCarryoverMutation);
}
