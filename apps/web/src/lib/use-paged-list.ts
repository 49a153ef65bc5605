import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@tms/contracts/api';
import type { Query } from './api-client.ts';
import { fetchPage } from './fetch-page.ts';

export type PagedListOptions = {
  /** Cache key prefix of the list, e.g. ['bonus-leave']; the filters, page and size are appended. */
  queryKey: readonly unknown[];
  /** List endpoint, e.g. '/tms/leaves-management/annual-leaves/priority-leave'. */
  path: string;
  /** Current filter query (FilterBar's onSearch result). A change goes back to page 1. */
  filters?: Query;
  /** Page size at start; default 10. */
  initialSize?: number;
  enabled?: boolean;
  /** Reload the current page this often (ms) while the window is in front, for lists that change on their own. */
  refetchInterval?: number;
};

/**
 * Server-paged list state for a PagedTable: `page`/`size` query parameters (1-based, RULES.md §1), page 1 on a new
 * filter, and spec 000 §8 "a list load that fails empties the list, resets paging to default and shows the
 * server's message" (fetchPage shows it). Spread `tableProps` into PagedTable.
 */
export function usePagedList<Row>({ queryKey, path, filters, initialSize = DEFAULT_PAGE_SIZE, enabled = true, refetchInterval }: PagedListOptions) {
  const [paging, setPaging] = useState({ page: DEFAULT_PAGE, size: initialSize });
  const filterKey = JSON.stringify(filters ?? {});
  const [lastFilterKey, setLastFilterKey] = useState(filterKey);
  if (filterKey !== lastFilterKey) {
    setLastFilterKey(filterKey);
    setPaging((p) => (p.page === DEFAULT_PAGE ? p : { page: DEFAULT_PAGE, size: p.size }));
  }

  const query = useQuery({
    queryKey: [...queryKey, filters ?? {}, paging.page, paging.size],
    // Stamped with the time it arrived, so what is shown relative to now ("5 min ago") is measured from its own load.
    queryFn: async ({ signal }) => ({ ...(await fetchPage<Row>(path, { ...filters, page: paging.page, size: paging.size }, { signal })), fetchedAt: Date.now() }),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval,
  });

  const failed = query.data?.failed === true;
  useEffect(() => {
    if (failed) setPaging((p) => (p.page === DEFAULT_PAGE && p.size === DEFAULT_PAGE_SIZE ? p : { page: DEFAULT_PAGE, size: DEFAULT_PAGE_SIZE }));
  }, [failed]);

  const rows = query.data?.items ?? [];
  const total = query.data?.page.total_element ?? 0;
  const onChange = (page: number, size: number) => setPaging({ page, size });

  return {
    rows,
    total,
    page: paging.page,
    size: paging.size,
    loading: query.isFetching,
    /** When the rows shown were loaded (epoch ms; 0 before the first load). */
    fetchedAt: query.data?.fetchedAt ?? 0,
    /** Reload the current page (e.g. after a save, or 'Reload Search' with unchanged filters). */
    refetch: () => query.refetch(),
    setPage: onChange,
    /**
     * After deleting a row: the last row of a page sends the list back one page (spec 000 §4), else it reloads.
     */
    afterDelete: () => {
      if (rows.length <= 1 && paging.page > DEFAULT_PAGE) setPaging((p) => ({ page: p.page - 1, size: p.size }));
      else void query.refetch();
    },
    tableProps: { rows, total, page: paging.page, size: paging.size, loading: query.isFetching, onChange },
  };
}
