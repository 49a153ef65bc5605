import { LEAVE_CARRYOVER_PATH, type LeaveCarryoverRow } from '@tms/contracts/leave-carryover';
import { usePagedList } from '../../../lib/use-paged-list.ts';
import { carryoverKeys } from './carryover-keys.ts';

/**
 * The list's filter parameters (spec 000 §7): `employee`, `division`, `department` as comma-joined ids and the
 * `applyFromDate`…`expireToDate` bounds as DD/MM/YYYY, as FilterBar's `onSearch` flattens them.
 */
export type CarryoverFilters = Record<string, string | undefined>;

/** GET …/reserve-leave: one page of carryover in the caller's scope, newest first ("sort direction -1", spec 000 §7). */
export function useCarryovers(filters: CarryoverFilters) {
  return usePagedList<LeaveCarryoverRow>({ queryKey: carryoverKeys.lists(), path: LEAVE_CARRYOVER_PATH, filters: { ...filters, direction: '-1' } });
}
