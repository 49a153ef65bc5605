import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { Envelope } from '@tms/contracts/api';
import { BONUS_LEAVE_PATH, type BonusLeaveCreate } from '@tms/contracts/bonus-leave';
import { apiRequest } from '../../../lib/api-client.ts';
import { bonusLeaveKeys } from './bonus-leave-keys.ts';

/** POST …/priority-leave/create: one row per staff, all or none; `data` holds the new ids. */
export function createBonusLeave(body: BonusLeaveCreate): Promise<Envelope<number[]>> {
  return apiRequest<number[]>('POST', `${BONUS_LEAVE_PATH}/create`, { body });
}

export const createBonusLeaveMutation = mutationOptions({
  mutationFn: createBonusLeave,
  onSuccess: (_data, _body, _result, { client }) => client.invalidateQueries({ queryKey: bonusLeaveKeys.lists() }),
});

export function useCreateBonusLeave() {
  return useMutation(createBonusLeaveMutation);
}
