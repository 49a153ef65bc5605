import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { connectionHistory } from '../db/schema/platform.ts';
import { printableClip } from './printable-text.ts';

/** Integration sources shown on Logs → Connection History (RULES.md §8). */
export type ConnectionSource = 'device' | 'hr-import' | 'mail' | (string & {});

type ConnectionError = { source: ConnectionSource; code: string; errorDetails: string };

/**
 * What a row stores of an error: each field cut to its column's length, a missing code as ERROR. The details quote
 * outside text (a device's line, a mail server's reply): unprintable characters are escaped, so a NUL in what a
 * device sent can neither hide from the reader nor make the database refuse the row (issue 22 §4).
 */
const clipped = (e: ConnectionError) => ({
  source: printableClip(e.source, 40),
  code: printableClip(e.code || 'ERROR', 40),
  errorDetails: printableClip(e.errorDetails, 4000),
});

/**
 * Records an integration error (device punch API, HR-system import, mail delivery). Call it outside the failed
 * transaction (with the pool), or the record is rolled back with the work it reports.
 */
export async function logConnectionError(db: DbOrTx, e: ConnectionError): Promise<number> {
  const [row] = await db.insert(connectionHistory).values(clipped(e)).returning({ id: connectionHistory.id });
  if (!row) throw new Error('connection_history insert returned no row');
  return row.id;
}

/**
 * As `logConnectionError`, unless the same source, code and details were recorded in the last `withinSeconds`: a
 * device that keeps retrying (every few seconds, for days) leaves one row per interval, not thousands. Answers the
 * new row's id, or null when skipped.
 */
export async function logConnectionErrorThrottled(db: DbOrTx, e: ConnectionError, withinSeconds: number): Promise<number | null> {
  const { source, code, errorDetails } = clipped(e);
  const [recent] = await db
    .select({ id: connectionHistory.id })
    .from(connectionHistory)
    .where(
      and(
        // Wall time, not business time: the rows are stamped by the database's now().
        gt(connectionHistory.dateTime, new Date(Date.now() - withinSeconds * 1000)),
        eq(connectionHistory.source, source),
        eq(connectionHistory.code, code),
        eq(connectionHistory.errorDetails, errorDetails),
      ),
    )
    .limit(1);
  return recent ? null : logConnectionError(db, { source, code, errorDetails });
}
