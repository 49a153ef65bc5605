import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { Envelope } from '@tms/contracts/api';
import { GENERAL_CONFIG_PATH, type GeneralConfigCreate } from '@tms/contracts/general-config';
import { apiRequest } from '../../../lib/api-client.ts';
import { generalConfigKeys } from './general-config-keys.ts';

export type GeneralConfigRef = { id: number; version: number };

/** POST …/general-config/create; `data` is the new row's id and version. */
export function createGeneralConfig(body: GeneralConfigCreate): Promise<Envelope<GeneralConfigRef>> {
  return apiRequest<GeneralConfigRef>('POST', `${GENERAL_CONFIG_PATH}/create`, { body });
}

export const createGeneralConfigMutation = mutationOptions({
  mutationFn: createGeneralConfig,
  onSuccess: (_data, _body, _result, { client }) => client.invalidateQueries({ queryKey: generalConfigKeys.lists() }),
});

export function useCreateGeneralConfig() {
  return useMutation(createGeneralConfigMutation);
}
