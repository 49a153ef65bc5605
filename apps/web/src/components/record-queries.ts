import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Envelope } from '@tms/contracts/api';
import { apiGet, apiRequest } from '../lib/api-client.ts';
import { ApiError } from '../lib/api-error.ts';
import type { HistoryEntry } from './history-format.ts';

/**
 * What every record screen with a list, a history and writes (the leave tabs, project leave) asks of the server the
 * same way: its query keys under one root, the history call, and how a write tells a stale row.
 */

/** Query keys under one root, so a write can mark lists and histories stale together. */
export function recordKeys<Root extends string>(root: Root) {
  const all = [root] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    history: (id: number) => [...all, 'history', id] as const,
  };
}

/** A 409 means the row changed under the user (RULES.md §1 stale version) or its state no longer allows the action: reload. */
export function isConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/** GET `${path}/history?id=`: the record's change entries, newest first (RULES.md §8). */
export function recordHistoryQuery(path: string, queryKey: readonly unknown[], id: number) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => apiGet<HistoryEntry[]>(`${path}/history`, { id }, { signal }),
  });
}

/**
 * The cache effects of a write (mutationOptions `onSuccess`/`onError`): success marks `changed` stale (the list and
 * the row's history); a 409 reloads `onConflict` so the user sees the row as it is now.
 */
export function recordWriteEffects(changed: readonly unknown[], onConflict: readonly unknown[]) {
  return {
    onSuccess: (_data: unknown, _variables: unknown, _result: unknown, { client }: { client: QueryClient }) => client.invalidateQueries({ queryKey: changed }),
    onError: (error: unknown, _variables: unknown, _result: unknown, { client }: { client: QueryClient }) =>
      isConflict(error) ? client.invalidateQueries({ queryKey: onConflict }) : undefined,
  };
}

/** DELETE `${path}/delete/{id}?version=`: refused (409) when the row's state forbids it or the version is stale. */
export function deleteRecord(path: string, { id, version }: { id: number; version: number }): Promise<Envelope<{ id: number }>> {
  return apiRequest<{ id: number }>('DELETE', `${path}/delete/${id}`, { query: { version } });
}
