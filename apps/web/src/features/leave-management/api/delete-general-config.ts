import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { Envelope } from '@tms/contracts/api';
import { GENERAL_CONFIG_PATH } from '@tms/contracts/general-config';
import type { GeneralConfigRef } from './create-general-config.ts';
import { deleteRecord, recordWriteEffects } from '../../../components/record-queries.ts';
import { generalConfigKeys } from './general-config-keys.ts';

/** DELETE …/general-config/delete/{id}?version=: refused (409) once applied, locked or stale. */
export function deleteGeneralConfig(ref: GeneralConfigRef): Promise<Envelope<{ id: number }>> {
  return deleteRecord(GENERAL_CONFIG_PATH, ref);
}

export const deleteGeneralConfigMutation = mutationOptions({
  mutationFn: deleteGeneralConfig,
  ...recordWriteEffects(generalConfigKeys.all, generalConfigKeys.lists()),
});

export function useDeleteGeneralConfig() {
  return useMutation(deleteGeneralConfigMutation);
}
