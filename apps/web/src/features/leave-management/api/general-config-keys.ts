import { recordKeys } from '../../../components/record-queries.ts';

/** Query keys of general configuration under one root, so a write can mark the list and histories stale together. */
export const generalConfigKeys = recordKeys('general-config');
