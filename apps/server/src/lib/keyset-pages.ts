/**
 * Keyset pages of `size` rows until a short (or empty) page; `keyOf` gives the position after a page's last row. The
 * next page is asked for before the current one is handed out, so on a PostgreSQL server the database reads while the
 * caller writes (an export's workbook, a batch of mails). Exports stream this way with bounded memory (RULES.md §1).
 */
export async function* keysetPages<T, K>(size: number, fetch: (after: K | null) => Promise<T[]>, keyOf: (last: T) => K): AsyncGenerator<T[]> {
  let pending: Promise<T[]> | null = fetch(null);
  while (pending) {
    const rows: T[] = await pending;
    if (rows.length === 0) return;
    pending = rows.length < size ? null : fetch(keyOf(rows[rows.length - 1]!));
    // Awaited on the next turn; if the consumer stops first (client gone), its failure must not go unhandled.
    pending?.catch(() => undefined);
    yield rows;
  }
}
