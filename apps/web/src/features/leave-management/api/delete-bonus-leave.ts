import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { Envelope } from '@tms/contracts/api';
import { BONUS_LEAVE_PATH } from '@tms/contracts/bonus-leave';
import { apiRequest } from '../../../lib/api-client.ts';
import { bonusLeaveKeys, isConflict } from './bonus-leave-keys.ts';

export type BonusLeaveRef = { id: number; version: number };

/** DELETE …/priority-leave/delete/{id}?version=: refused (409) once used, expired or locked, or when stale. */
export function deleteBonusLeave({ id, version }: BonusLeaveRef): Promise<Envelope<{ id: number }>> {
  return apiRequest<{ id: number }>('DELETE', `${BONUS_LEAVE_PATH}/delete/${id}`, { query: { version } });
}

export const deleteBonusLeaveMutation = mutationOptions({
  mutationFn: deleteBonusLeave,
  // The list and the row's history both change.
  onSuccess: (_data, _ref, _result, { client }) => client.invalidateQueries({ queryKey: bonusLeaveKeys.all }),
  onError: (error, _ref, _result, { client }) => (isConflict(error) ? client.invalidateQueries({ queryKey: bonusLeaveKeys.lists() }) : undefined),
});

export function useDeleteBonusLeave() {
  return useMutation(deleteBonusLeaveMutation);
}
