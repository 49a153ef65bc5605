import { mutationOptions, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@tms/contracts/api';
import {
  REASON_TYPES_LOOKUP_PATH,
  SPECIAL_EXPLANATION_PATH,
  type ReasonTypeOption,
  type SpecialExplanationCreate,
  type SpecialExplanationRow,
  type SpecialExplanationUpdate,
} from '@tms/contracts/special-explanation';
import { apiGet, apiRequest } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/use-paged-list.ts';
import { recordKeys, recordWriteEffects } from '../../../components/record-queries.ts';

/** Query keys of special explanations under one root, so a save marks every list stale. */
export const specialExplanationKeys = recordKeys('special-explanation');

/** The list's filter parameters: `employee` (comma-joined ids), `fromDate`, `toDate` (DD/MM/YYYY). */
export type SpecialExplanationFilters = Record<string, string | undefined>;

/** GET /tms/explanations-special: one page of rows, newest date first. */
export function useSpecialExplanations(filters: SpecialExplanationFilters) {
  return usePagedList<SpecialExplanationRow>({ queryKey: specialExplanationKeys.lists(), path: SPECIAL_EXPLANATION_PATH, filters });
}

/** GET /tms/filters/reason-types?requestType=: the reasons of one request type (all when none is given). */
export const reasonTypesQuery = (requestType: string | undefined) =>
  queryOptions({
    queryKey: ['reason-types', requestType ?? null],
    queryFn: ({ signal }) => apiGet<ReasonTypeOption[]>(REASON_TYPES_LOOKUP_PATH, requestType ? { requestType } : {}, { signal }),
    staleTime: 10 * 60_000,
  });

export function useReasonTypes(requestType: string | undefined, enabled = true) {
  return useQuery({ ...reasonTypesQuery(requestType), enabled });
}

export type SpecialExplanationSave =
  | { mode: 'create'; body: SpecialExplanationCreate }
  | { mode: 'edit'; body: SpecialExplanationUpdate };

/** POST (create, one row per staff) or PUT (edit with version; 409 when stale) /tms/explanations-special. */
export function saveSpecialExplanation(save: SpecialExplanationSave): Promise<Envelope<unknown>> {
  return apiRequest<unknown>(save.mode === 'create' ? 'POST' : 'PUT', SPECIAL_EXPLANATION_PATH, { body: save.body });
}

export const saveSpecialExplanationMutation = mutationOptions({
  mutationFn: saveSpecialExplanation,
  ...recordWriteEffects(specialExplanationKeys.all, specialExplanationKeys.all),
});

export function useSaveSpecialExplanation() {
  return useMutation(saveSpecialExplanationMutation);
}
