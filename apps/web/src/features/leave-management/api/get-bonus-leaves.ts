import { BONUS_LEAVE_PATH, type BonusLeaveRow } from '@tms/contracts/bonus-leave';
import { usePagedList } from '../../../lib/use-paged-list.ts';
import { bonusLeaveKeys } from './bonus-leave-keys.ts';

/**
 * The list's filter parameters (spec 000 §7): `employee`, `division`, `department` as comma-joined ids and the
 * `applyFromDate`…`expireToDate` bounds as DD/MM/YYYY, as FilterBar's `onSearch` flattens them.
 */
export type BonusLeaveFilters = Record<string, string | undefined>;

/**
 * GET …/priority-leave: one page of bonus leave in the caller's scope. The fetcher (`fetchPage`) and the query
 * (`usePagedList`: page state, page 1 on a new filter, the failed-load reset of spec 000 §8) are the shared ones;
 * this hook fixes the endpoint, the row type and the cache key that writes invalidate.
 */
export function useBonusLeaves(filters: BonusLeaveFilters) {
  return usePagedList<BonusLeaveRow>({ queryKey: bonusLeaveKeys.lists(), path: BONUS_LEAVE_PATH, filters });
}
