import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { Envelope } from '@tms/contracts/api';
import { BONUS_LEAVE_PATH, type BonusLeaveUpdate } from '@tms/contracts/bonus-leave';
import { apiRequest } from '../../../lib/api-client.ts';
import { recordWriteEffects } from '../../../components/record-queries.ts';
import { bonusLeaveKeys } from './bonus-leave-keys.ts';

/** PUT …/priority-leave/update with the row's `version` (a stale one answers 409); `data` is the new version. */
export function updateBonusLeave(body: BonusLeaveUpdate): Promise<Envelope<{ id: number; version: number }>> {
  return apiRequest<{ id: number; version: number }>('PUT', `${BONUS_LEAVE_PATH}/update`, { body });
}

export const updateBonusLeaveMutation = mutationOptions({
  mutationFn: updateBonusLeave,
  // The list and the row's history both change.
  ...recordWriteEffects(bonusLeaveKeys.all, bonusLeaveKeys.lists()),
});

export function useUpdateBonusLeave() {
  return useMutation(updateBonusLeaveMutation);
}
