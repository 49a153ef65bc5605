import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { Envelope } from '@tms/contracts/api';
import {
  SETTINGS_CREATE_PATH,
  SETTINGS_WORK_PERIODS_PATH,
  SETTINGS_WORK_TYPES_PATH,
  settingsLockPath,
  type PeriodCreate,
  type WorkPeriodRow,
  type WorkTypeRow,
} from '@tms/contracts/settings';
import { apiRequest } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/use-paged-list.ts';
import { recordKeys, recordWriteEffects } from '../../../components/record-queries.ts';

export const workTypeKeys = recordKeys('settings-work-types');
export const workPeriodKeys = recordKeys('settings-work-periods');

/** GET /tms/settings/get-work-types (paged). */
export function useWorkTypes() {
  return usePagedList<WorkTypeRow>({ queryKey: workTypeKeys.lists(), path: SETTINGS_WORK_TYPES_PATH });
}

/** GET /tms/settings/work-periods (paged, newest first). */
export function useWorkPeriods() {
  return usePagedList<WorkPeriodRow>({ queryKey: workPeriodKeys.lists(), path: SETTINGS_WORK_PERIODS_PATH });
}

/** POST /tms/settings/create: a payroll period. */
export function createPeriod(body: PeriodCreate): Promise<Envelope<WorkPeriodRow>> {
  return apiRequest<WorkPeriodRow>('POST', SETTINGS_CREATE_PATH, { body });
}

/** PUT /tms/settings/work-periods/{id}/lock (409 when someone changed the period first). */
export function lockPeriod(v: { id: number; is_lock: boolean; version: number }): Promise<Envelope<WorkPeriodRow>> {
  return apiRequest<WorkPeriodRow>('PUT', settingsLockPath(v.id), { body: { is_lock: v.is_lock, version: v.version } });
}

export function useCreatePeriod() {
  return useMutation(mutationOptions({ mutationFn: createPeriod, ...recordWriteEffects(workPeriodKeys.all, workPeriodKeys.all) }));
}

export function useLockPeriod() {
  return useMutation(mutationOptions({ mutationFn: lockPeriod, ...recordWriteEffects(workPeriodKeys.all, workPeriodKeys.all) }));
}
