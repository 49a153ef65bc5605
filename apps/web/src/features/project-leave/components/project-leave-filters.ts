import { toFilterQuery, type FilterField } from '../../../components/filter-query.ts';
import { STAFF_ORG_FILTERS } from '../../../components/record-filters.ts';

/** The Project Leave filter bar (spec 000 §2): staff (remote search, ids → `employee`), division, department. */
export const PROJECT_LEAVE_FILTERS: readonly FilterField[] = STAFF_ORG_FILTERS;

/** The first list query: every parameter empty, as the bar sends before anything is chosen. */
export const INITIAL_PROJECT_LEAVE_QUERY = toFilterQuery(PROJECT_LEAVE_FILTERS, undefined);
