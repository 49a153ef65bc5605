import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { Envelope } from '@tms/contracts/api';
import { BONUS_LEAVE_PATH } from '@tms/contracts/bonus-leave';
import { deleteRecord, recordWriteEffects } from '../../../components/record-queries.ts';
import { bonusLeaveKeys } from './bonus-leave-keys.ts';

export type BonusLeaveRef = { id: number; version: number };

/** DELETE …/priority-leave/delete/{id}?version=: refused (409) once used, expired or locked, or when stale. */
export function deleteBonusLeave(ref: BonusLeaveRef): Promise<Envelope<{ id: number }>> {
  return deleteRecord(BONUS_LEAVE_PATH, ref);
}

export const deleteBonusLeaveMutation = mutationOptions({
  mutationFn: deleteBonusLeave,
  // The list and the row's history both change.
  ...recordWriteEffects(bonusLeaveKeys.all, bonusLeaveKeys.lists()),
});

export function useDeleteBonusLeave() {
  return useMutation(deleteBonusLeaveMutation);
}
