import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';
import { notifyApiError } from './notify.ts';

declare module '@tanstack/react-query' {
  interface Register {
    /** `meta: { silent: true }` on a query or mutation: the caller shows the failure itself (e.g. login Alert). */
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** Client errors (4xx) will not change on retry; a dropped connection or a 5xx gets one more try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * The single query client. Every failed query or mutation shows the server's message as a notice
 * (spec 002 §8 "Any failed call"), in the language given to setServerMessageLanguage (server-messages.ts), so pages
 * must not notify again in their own `onError`; opt out with `meta: { silent: true }`.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (!query.meta?.silent) notifyApiError(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _result, mutation) => {
      if (!mutation.meta?.silent) notifyApiError(error);
    },
  }),
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
