import { toFilterQuery, type FilterField } from '../../../../components/filter-query.ts';
import { APPLY_EXPIRE_FILTERS } from '../../../../components/record-filters.ts';

/** The General Configuration filter bar (spec 000 §2): the applied and expired date ranges. */
export const GENERAL_CONFIG_FILTERS: readonly FilterField[] = APPLY_EXPIRE_FILTERS;

/** The first list query: every parameter empty, as the bar sends before anything is chosen. */
export const INITIAL_GENERAL_CONFIG_QUERY = toFilterQuery(GENERAL_CONFIG_FILTERS, undefined);
