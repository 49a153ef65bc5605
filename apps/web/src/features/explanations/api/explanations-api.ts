import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend, type Query } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/use-paged-list.ts';
import {
  EXPLANATION_MANAGEMENT_PATH,
  EXPLANATION_MANAGEMENT_STATUS_PATH,
  EXPLANATION_UPDATE_PATH,
  type Explanation,
  type ExplanationUpdatePayload,
} from '@tms/contracts/explanations';
import { ABNORMAL_ACTUAL_FIXED_PATH, ABNORMAL_ACTUAL_PATH } from '@tms/contracts/abnormal-case';

/** Explanation Management calls (spec 001 §7.5) with the server's contract (packages/contracts/src/explanations.ts). */
export const EXPLANATION_LIST_PATH = EXPLANATION_MANAGEMENT_PATH;
export { EXPLANATION_UPDATE_PATH };
export const EXPLANATION_STATUS_PATH = EXPLANATION_MANAGEMENT_STATUS_PATH;
/** Explanation list: 10 a page, newest first (spec 001 §2.6, §9 direction -1). */
export const EXPLANATION_DIRECTION = -1;
export const EXPLANATION_SORT_FIELD = 'created_date';

export type ExplanationRow = Explanation;
export type ExplanationPerson = Explanation['employee'];

export const explanationKeys = { all: ['explanations'] as const, list: ['explanations', 'list'] as const };

export function useExplanations(filters: Query, enabled = true) {
  return usePagedList<ExplanationRow>({
    enabled,
    queryKey: explanationKeys.list,
    path: EXPLANATION_LIST_PATH,
    filters: { fieldToSort: EXPLANATION_SORT_FIELD, direction: EXPLANATION_DIRECTION, ...filters },
  });
}


export type ExplanationUpdateBody = ExplanationUpdatePayload;

function useInvalidate() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: explanationKeys.all });
}

export function useUpdateExplanation() {
  const invalidate = useInvalidate();
  return useMutation({
    // The callers show the spec's failure text with the server's reason (spec 001 §8).
    meta: { silent: true },
    mutationFn: (body: ExplanationUpdateBody) => apiSend<unknown>('PUT', EXPLANATION_UPDATE_PATH, body),
    onSuccess: invalidate,
  });
}

/** Cancel (5), approve (3) or reject (4) — payload abnormalId and status (spec 001 §7.5). */
export function useExplanationStatus() {
  const invalidate = useInvalidate();
  return useMutation({
    // The callers show the spec's failure text with the server's reason (spec 001 §8).
    meta: { silent: true },
    mutationFn: ({ row, status, reason }: { row: ExplanationRow; status: 3 | 4 | 5; reason?: string }) =>
      apiSend<unknown>('PUT', EXPLANATION_STATUS_PATH, { abnormalId: row.abnormal_id ?? row.id, status, reason }),
    onSuccess: invalidate,
  });
}

type ActualChoice = { code: string; name: string };

/** The "actual" choices of both schedule kinds (GET /tms/abnormal-case/actual and get-actual-fixed-schedule), by code. */
export function useActualChoices() {
  return useQuery({
    queryKey: ['explanations', 'actual-choices'],
    queryFn: async ({ signal }) => {
      const lists = await Promise.all([ABNORMAL_ACTUAL_PATH, ABNORMAL_ACTUAL_FIXED_PATH].map((path) => apiGet<ActualChoice[]>(path, undefined, { signal })));
      const byCode = new Map<string, string>();
      for (const list of lists) for (const c of Array.isArray(list) ? list : []) if (!byCode.has(c.code)) byCode.set(c.code, c.name);
      return [...byCode].map(([value, label]) => ({ value, label }));
    },
    staleTime: 5 * 60_000,
  });
}
