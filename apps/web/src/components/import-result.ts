import { formatCount } from '../lib/numbers.ts';
import { commonTexts } from './i18n/index.ts';

/** Reading an import answer (RULES.md §1 imports: header `code` 200 + JSON with the count). Texts in the current language. */
export const importFailedText = () => commonTexts.t('import.failed');

/** Reads the imported row count of a success body (`data.count`, `data.total`, or a number `data`). */
export function importedCount(json: unknown): number | undefined {
  const data = (json as { data?: unknown } | undefined)?.data;
  if (typeof data === 'number') return data;
  if (data && typeof data === 'object') {
    for (const key of ['count', 'total', 'imported', 'rows']) {
      const value = (data as Record<string, unknown>)[key];
      if (typeof value === 'number') return value;
    }
  }
  return undefined;
}

/** The server's success message (e.g. 'Import bonus leave successfully'), else a generic one with the count. */
export function importSuccessText(json: unknown, count: number | undefined): string {
  const message = (json as { message?: unknown } | undefined)?.message;
  // 'Success' is the API's generic word (RULES.md §1), not a message worth showing.
  if (typeof message === 'string' && message.length > 0 && message !== 'Success') return message;
  return count === undefined ? commonTexts.t('import.success') : commonTexts.t('import.successRows', { rows: formatCount(count) });
}
