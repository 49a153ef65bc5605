import { queryOptions, useQuery } from '@tanstack/react-query';
import { BEFORE_FINANCIAL_YEAR_PATH } from '@tms/contracts/leave-carryover';
import { apiGet } from '../../../lib/api-client.ts';
import { carryoverKeys } from './carryover-keys.ts';

/** GET /tms/advance/get-before-financial-year: the year HR carries over from (the one before the server's today). */
export function getBeforeFinancialYear(signal?: AbortSignal): Promise<number> {
  return apiGet<number>(BEFORE_FINANCIAL_YEAR_PATH, undefined, { signal });
}

export const beforeFinancialYearQuery = queryOptions({
  queryKey: carryoverKeys.financialYear(),
  queryFn: ({ signal }) => getBeforeFinancialYear(signal),
  staleTime: 60_000,
});

export function useBeforeFinancialYear() {
  return useQuery(beforeFinancialYearQuery);
}
