import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { Envelope } from '@tms/contracts/api';
import { LEAVE_CARRYOVER_PATH } from '@tms/contracts/leave-carryover';
import { deleteRecord, recordWriteEffects } from '../../../components/record-queries.ts';
import { carryoverKeys } from './carryover-keys.ts';

export type CarryoverRef = { id: number; version: number };

/** DELETE …/reserve-leave/delete/{id}?version=: refused (409) once used, expired or locked, or when stale. */
export function deleteCarryover(ref: CarryoverRef): Promise<Envelope<{ id: number }>> {
  return deleteRecord(LEAVE_CARRYOVER_PATH, ref);
}

export const deleteCarryoverMutation = mutationOptions({
  mutationFn: deleteCarryover,
  ...recordWriteEffects(carryoverKeys.all, carryoverKeys.lists()),
});

export function useDeleteCarryover() {
  return useMutation(deleteCarryoverMutation);
}
