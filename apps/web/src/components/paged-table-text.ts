import { formatCount } from '../lib/numbers.ts';
import { commonTexts } from './i18n/index.ts';

/** Spec 000 §9: default page 1, page size 10, with a size changer. */
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];

/** The pager's total text: exactly 'x-y of n items' in English (e.g. '1-10 of 42 items'); `t` defaults to the language now. */
export function pageTotalText(total: number, range: readonly [number, number], t: typeof commonTexts.t = commonTexts.t): string {
  return t('table.total', { from: formatCount(range[0]), to: formatCount(range[1]), total: formatCount(total) });
}

/** The [first, last] row numbers shown on a page (0-0 when the list is empty). */
export function pageRange(page: number, size: number, total: number): [number, number] {
  if (total <= 0) return [0, 0];
  const first = Math.min((page - 1) * size + 1, total);
  return [first, Math.min(page * size, total)];
}
