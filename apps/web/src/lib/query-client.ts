import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';
import { notifyApiError } from './notify.ts';
import { getSession, subscribeSession } from './session.ts';

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

/**
 * A new or ended session starts from an empty cache, so no answer of one user is shown to the next: a sign-in, a
 * sign-out, a 401 that ends the session (api-client.ts), another tab. Here rather than at each of those, so the
 * HTTP client and the login page need no query client.
 */
let sessionToken = getSession()?.access_token ?? null;
subscribeSession(() => {
  const token = getSession()?.access_token ?? null;
  if (token === sessionToken) return;
  sessionToken = token;
  queryClient.clear();
});
