import { queryOptions, useQuery } from '@tanstack/react-query';
import { REASON_TYPES_LOOKUP_PATH, type ReasonTypeOption } from '@tms/contracts/special-explanation';
import { apiGet } from '../../../lib/api-client.ts';

/** The request type of explanations in the reason lookup (reason_types.request_type). */
const EXPLANATION_REQUEST_TYPE = 'EXPLANATION_REQUEST';

/**
 * GET /tms/filters/reason-types?requestType=EXPLANATION_REQUEST: the active explanation reasons (the Explain form's
 * choices), code and name in the reader's language — the reason types an explanation flow may name. Cached with the
 * other readers of the same lookup (the key is the lookup's, by request type).
 */
export const explanationReasonsQuery = queryOptions({
  queryKey: ['reason-types', EXPLANATION_REQUEST_TYPE] as const,
  queryFn: ({ signal }) => apiGet<ReasonTypeOption[]>(REASON_TYPES_LOOKUP_PATH, { requestType: EXPLANATION_REQUEST_TYPE }, { signal }),
  staleTime: 10 * 60_000,
});

export function useExplanationReasons() {
  return useQuery(explanationReasonsQuery);
}
