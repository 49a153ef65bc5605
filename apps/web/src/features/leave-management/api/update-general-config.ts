import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { Envelope } from '@tms/contracts/api';
import { GENERAL_CONFIG_PATH, type GeneralConfigUpdate } from '@tms/contracts/general-config';
import { apiRequest } from '../../../lib/api-client.ts';
import type { GeneralConfigRef } from './create-general-config.ts';
import { recordWriteEffects } from '../../../components/record-queries.ts';
import { generalConfigKeys } from './general-config-keys.ts';

/** PUT …/general-config/update with the row's `version` (a stale one answers 409); `data` is the new version. */
export function updateGeneralConfig(body: GeneralConfigUpdate): Promise<Envelope<GeneralConfigRef>> {
  return apiRequest<GeneralConfigRef>('PUT', `${GENERAL_CONFIG_PATH}/update`, { body });
}

export const updateGeneralConfigMutation = mutationOptions({
  mutationFn: updateGeneralConfig,
  // The list and the row's history both change; a 409 means the row changed under the user: reload the list.
  ...recordWriteEffects(generalConfigKeys.all, generalConfigKeys.lists()),
});

export function useUpdateGeneralConfig() {
  return useMutation(updateGeneralConfigMutation);
}
