import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { Envelope } from '@tms/contracts/api';
import { BONUS_LEAVE_PATH, type BonusLeaveUpdate } from '@tms/contracts/bonus-leave';
import { apiRequest } from '../../../lib/api-client.ts';
import { bonusLeaveKeys, isConflict } from './bonus-leave-keys.ts';

/** PUT …/priority-leave/update with the row's `version` (a stale one answers 409); `data` is the new version. */
export function updateBonusLeave(body: BonusLeaveUpdate): Promise<Envelope<{ id: number; version: number }>> {
  return apiRequest<{ id: number; version: number }>('PUT', `${BONUS_LEAVE_PATH}/update`, { body });
}

export const updateBonusLeaveMutation = mutationOptions({
  mutationFn: updateBonusLeave,
  // The list and the row's history both change.
  onSuccess: (_data, _body, _result, { client }) => client.invalidateQueries({ queryKey: bonusLeaveKeys.all }),
  onError: (error, _body, _result, { client }) => (isConflict(error) ? client.invalidateQueries({ queryKey: bonusLeaveKeys.lists() }) : undefined),
});

export function useUpdateBonusLeave() {
  return useMutation(updateBonusLeaveMutation);
}
