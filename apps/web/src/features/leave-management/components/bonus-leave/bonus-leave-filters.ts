import { toFilterQuery, type FilterField } from '../../../../components/filter-query.ts';
import { APPLY_EXPIRE_FILTERS, STAFF_ORG_FILTERS } from '../../../../components/record-filters.ts';

/** The Bonus Leave filter bar (spec 000 §2): staff, division, department, and the applied and expired date ranges. */
export const BONUS_LEAVE_FILTERS: readonly FilterField[] = [...STAFF_ORG_FILTERS, ...APPLY_EXPIRE_FILTERS];

/** The first list query: every parameter empty, as the bar sends before anything is chosen. */
export const INITIAL_BONUS_LEAVE_QUERY = toFilterQuery(BONUS_LEAVE_FILTERS, undefined);
