import { SELF_CHECK_IN_MESSAGES as SM, type SelfCheckInMode } from '@tms/contracts/self-check-in';
import type { DbOrTx } from '../../db/client.ts';
import { addDays } from '../../lib/dates.ts';
import { recordHistories, type HistoryAuthor } from '../../lib/history.ts';
import * as repo from './policy.repository.ts';

/**
 * The self check-in field of staff and department policies (issue 28): the places a LISTED_PLACES policy names must
 * exist and be active, and everyone a policy lets self check in has an attendance-check config of the product's own
 * system (TMS), so their self punches map to them like any device punch (RULES.md §4).
 */
export async function checkSelfCheckInPlaces(db: DbOrTx, mode: SelfCheckInMode | undefined, placeIds: readonly number[] | undefined): Promise<string[]> {
  if (mode !== 'LISTED_PLACES') return [];
  const ids = placeIds ?? [];
  if (ids.length === 0) return [SM.placesRequired];
  const active = await repo.activePlaceIds(db, ids);
  return active.length === new Set(ids).size ? [] : [SM.policyPlaceNotFound];
}

/** Back this far for a new config, so a punch taken offline up to 72 hours ago maps too. */
const CONFIG_BACK_DAYS = 3;

/**
 * In the caller's transaction: a TMS attendance-check config (with its history) for each of `employeeIds` whose
 * policy in force today allows self check-in and who has none covering today. Answers the employees given one.
 */
export async function ensureSelfCheckInConfigs(tx: DbOrTx, employeeIds: readonly number[], today: string, by: HistoryAuthor): Promise<number[]> {
  const created = await repo.createSelfCheckInConfigs(tx, [...new Set(employeeIds)], today, addDays(today, -CONFIG_BACK_DAYS));
  if (created.length === 0) return [];
  await recordHistories(
    tx,
    created.map((c) => ({
      tableName: 'attendance_check_configs',
      recordId: c.id,
      employeeId: c.employee_id,
      action: 'CREATE' as const,
      changes: [
        { field: 'attendance_check_system', oldValue: null, newValue: c.attendance_check_system },
        { field: 'attendance_check_id', oldValue: null, newValue: c.attendance_check_id },
        { field: 'start_date', oldValue: null, newValue: c.start_date },
        { field: 'end_date', oldValue: null, newValue: c.end_date },
      ],
      newRecord: c,
    })),
    by,
  );
  return created.map((c) => c.employee_id);
}
