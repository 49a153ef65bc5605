import type { PageInfo } from '@tms/contracts/api';

/**
 * The paging block of every list answer (RULES.md §1). A page's statement carries the total on each row
 * (`count(*) over ()`), so a page with rows needs no second statement; a page past the last one has no row to carry it,
 * and only then is `count` asked (when the list has one; page 1 with no rows is simply empty).
 */
export async function pageInfo(
  q: { page: number; size: number },
  rows: readonly { total?: number }[],
  count?: () => Promise<number>,
): Promise<PageInfo> {
  const total = rows[0]?.total ?? (q.page > 1 && count ? await count() : 0);
  return { page: q.page, size: q.size, total_element: total };
}
