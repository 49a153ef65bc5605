import { useMemo, useRef, useState, type CSSProperties, type UIEvent } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { REMOTE_SEARCH_MIN_CHARS } from '@tms/contracts/lookups';
import { apiRequest, type Query } from '../lib/api-client.ts';
import { commonTexts } from './i18n/index.ts';
import { useDebouncedValue } from './use-debounced-value.ts';
import { useSelectClear } from './select-clear.tsx';

export type RemoteValue = string | number;
export type RemoteOption<Item> = { value: RemoteValue; label: string; item?: Item };
export type RemotePage<Item> = { items: Item[]; hasMore: boolean };

/** One page of a paged lookup endpoint (`{ data: Item[], page }`); more pages while `total_element` is not reached. */
export async function fetchLookupPage<Item>(path: string, query: Query, page: number, size: number, signal: AbortSignal): Promise<RemotePage<Item>> {
  const envelope = await apiRequest<Item[]>('GET', path, { query: { ...query, page, size }, signal });
  const items = Array.isArray(envelope.data) ? envelope.data : [];
  const hasMore = envelope.page ? page * size < envelope.page.total_element : items.length >= size;
  return { items, hasMore };
}

/** Spec 000 §9: remote search from 3 characters (contracts), debounced 1000 ms; more rows 1 s after scrolling to the end. */
export const REMOTE_DEBOUNCE_MS = 1000;
export const REMOTE_SCROLL_DELAY_MS = 1000;

/** What a remote search field offers a form; EmployeeSelect and ProjectSelect add only their search source. */
export type RemoteFieldProps<Item> = {
  value?: RemoteValue | RemoteValue[] | null;
  /** `options` holds the chosen option(s) with the loaded `item` when known. */
  onChange?: (value: RemoteValue | RemoteValue[] | undefined, options: RemoteOption<Item> | RemoteOption<Item>[] | undefined) => void;
  /** 'multiple' for a multi-select; single otherwise. */
  mode?: 'multiple';
  /** Labels for values chosen before any search (e.g. an edit form's current staff). */
  initialOptions?: RemoteOption<Item>[];
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  style?: CSSProperties;
  /** Set by Form.Item so the label points at the input. */
  id?: string;
  'data-testid'?: string;
  'aria-label'?: string;
  /** Tags shown before "+ n" in multiple mode (spec 001 §5.2, §5.3: 3); responsive by default. */
  maxTagCount?: number;
  /** Height of the open list in px (antd default 256); e.g. 6 × 32 to show six rows, then scroll. */
  listHeight?: number;
};

export type RemoteSelectProps<Item> = RemoteFieldProps<Item> & {
  /** Cache key of this search source (e.g. ['employee', '/tms/filters/employee', extraQuery]). */
  cacheKey: readonly unknown[];
  /** Loads one page of matches for a keyword. */
  fetchPage: (keyword: string, page: number, size: number, signal: AbortSignal) => Promise<RemotePage<Item>>;
  toOption: (item: Item) => RemoteOption<Item>;
  pageSize: number;
  minChars?: number;
  debounceMs?: number;
};

/** A Select whose options come from a paged server search (base of EmployeeSelect and ProjectSelect). */
export function RemoteSelect<Item>(props: RemoteSelectProps<Item>) {
  const { t } = commonTexts.useT();
  const clear = useSelectClear();
  const minChars = props.minChars ?? REMOTE_SEARCH_MIN_CHARS;
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim(), props.debounceMs ?? REMOTE_DEBOUNCE_MS);
  const enabled = keyword.length >= minChars;
  const known = useRef(new Map<RemoteValue, RemoteOption<Item>>());
  const scrollTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const query = useInfiniteQuery({
    queryKey: ['remote-select', ...props.cacheKey, keyword, props.pageSize],
    queryFn: ({ pageParam, signal }) => props.fetchPage(keyword, pageParam, props.pageSize, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled,
    staleTime: 60_000,
  });

  const options = useMemo(() => {
    for (const option of props.initialOptions ?? []) if (!known.current.has(option.value)) known.current.set(option.value, option);
    const found = enabled ? (query.data?.pages.flatMap((p) => p.items.map(props.toOption)) ?? []) : [];
    const seen = new Set<RemoteValue>();
    const list: RemoteOption<Item>[] = [];
    for (const option of found) {
      if (seen.has(option.value)) continue;
      seen.add(option.value);
      known.current.set(option.value, option);
      list.push(option);
    }
    // Keep the chosen values' labels when a new search no longer lists them.
    const selected = props.value === null || props.value === undefined ? [] : Array.isArray(props.value) ? props.value : [props.value];
    for (const value of selected) {
      if (seen.has(value)) continue;
      list.push(known.current.get(value) ?? { value, label: String(value) });
    }
    return list;
  }, [enabled, query.data, props.initialOptions, props.value, props.toOption]);

  const onPopupScroll = (event: UIEvent<HTMLDivElement>) => {
    const target = event.currentTarget;
    if (target.scrollTop + target.clientHeight < target.scrollHeight - 16) return;
    if (!query.hasNextPage || query.isFetchingNextPage || scrollTimer.current) return;
    scrollTimer.current = setTimeout(() => {
      scrollTimer.current = null;
      void query.fetchNextPage();
    }, REMOTE_SCROLL_DELAY_MS);
  };

  const searching = search.trim() !== keyword || query.isFetching;
  const notFound =
    search.trim().length < minChars
      ? t('select.minChars', { min: minChars })
      : searching
        ? <Spin size="small" />
        : t('select.noData');

  return (
    <Select<RemoteValue | RemoteValue[], RemoteOption<Item>>
      id={props.id}
      data-testid={props['data-testid']}
      aria-label={props['aria-label']}
      mode={props.mode}
      value={props.value ?? undefined}
      onChange={(value, option) => props.onChange?.(value, option as RemoteOption<Item> | RemoteOption<Item>[] | undefined)}
      options={options}
      showSearch={{ onSearch: setSearch, filterOption: false, searchValue: search }}
      onOpenChange={(open) => {
        if (!open) setSearch('');
      }}
      onPopupScroll={onPopupScroll}
      notFoundContent={notFound}
      loading={searching && search.trim().length >= minChars}
      placeholder={props.placeholder}
      disabled={props.disabled}
      allowClear={(props.allowClear ?? true) ? clear : false}
      maxTagCount={props.maxTagCount ?? 'responsive'}
      listHeight={props.listHeight}
      style={{ width: '100%', ...props.style }}
      popupRender={(menu) => (
        <>
          {menu}
          {query.isFetchingNextPage ? (
            <div style={{ textAlign: 'center', padding: 4 }}>
              <Spin size="small" />
            </div>
          ) : null}
        </>
      )}
    />
  );
}
