import { GENERAL_CONFIG_PATH, type GeneralConfigRow } from '@tms/contracts/general-config';
import { usePagedList } from '../../../lib/use-paged-list.ts';
import { generalConfigKeys } from './general-config-keys.ts';

/** The list's filter parameters (spec 000 §7): applyFromDate…expireToDate as DD/MM/YYYY, as FilterBar flattens them. */
export type GeneralConfigFilters = Record<string, string | undefined>;

/** GET …/general-config: one page, newest apply date first, with the server's row flags. */
export function useGeneralConfigs(filters: GeneralConfigFilters) {
  return usePagedList<GeneralConfigRow>({ queryKey: generalConfigKeys.lists(), path: GENERAL_CONFIG_PATH, filters });
}
