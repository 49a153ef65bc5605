import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, type PageInfo } from '@tms/contracts/api';
import { apiRequest, type Query } from './api-client.ts';
import { notifyApiError } from './notify.ts';

/** Paging when nothing was loaded (spec 000 §9: page 1, size 10). */
export function defaultPage(size: number = DEFAULT_PAGE_SIZE): PageInfo {
  return { page: DEFAULT_PAGE, size, total_element: 0 };
}

export type PageResult<T> = { items: T[]; page: PageInfo; failed: boolean };

/**
 * A paged list (`query` carries `page` and `size`). Spec 000 §8: a list load that fails empties the list,
 * resets paging to default and shows the server's message — so this never throws (a cancelled load resolves
 * silently to the empty result too); `failed` tells the caller to reset its own page state.
 * (Kept out of api-client.ts so the login bundle does not carry contracts/api and its zod schemas.)
 */
export async function fetchPage<T>(path: string, query?: Query, options: { signal?: AbortSignal } = {}): Promise<PageResult<T>> {
  try {
    const envelope = await apiRequest<T[]>('GET', path, { query, signal: options.signal });
    const items = Array.isArray(envelope.data) ? envelope.data : [];
    const size = Number(query?.size) || DEFAULT_PAGE_SIZE;
    const page = envelope.page ?? { page: Number(query?.page) || DEFAULT_PAGE, size, total_element: items.length };
    return { items, page, failed: false };
  } catch (error) {
    notifyApiError(error);
    return { items: [], page: defaultPage(), failed: true };
  }
}
