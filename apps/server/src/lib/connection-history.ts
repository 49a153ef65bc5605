import type { DbOrTx } from '../db/client.ts';
import { connectionHistory } from '../db/schema/platform.ts';

/** Integration sources shown on Logs → Connection History (RULES.md §8). */
export type ConnectionSource = 'device' | 'hr-import' | 'mail' | (string & {});

/**
 * Records an integration error (device punch API, HR-system import, mail delivery). Call it outside the failed
 * transaction (with the pool), or the record is rolled back with the work it reports.
 */
export async function logConnectionError(db: DbOrTx, e: { source: ConnectionSource; code: string; errorDetails: string }): Promise<number> {
  const [row] = await db
    .insert(connectionHistory)
    .values({ source: e.source.slice(0, 40), code: (e.code || 'ERROR').slice(0, 40), errorDetails: e.errorDetails.slice(0, 4000) })
    .returning({ id: connectionHistory.id });
  if (!row) throw new Error('connection_history insert returned no row');
  return row.id;
}
