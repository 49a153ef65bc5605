/**
 * Test-only (recalculation crash test): a process that commits a write and dies before anything drains it. It opens
 * the database of CRASH_DATA_DIR (embedded) or DATABASE_URL, imports the punch rows of CRASH_ROWS (JSON: the
 * timesheet import's cells) through the timesheet import service in one transaction — which queues their days for
 * recalculation in that transaction — prints `committed <n>`, and kills itself with SIGKILL: no drain, no shutdown.
 */
import path from 'node:path';
import { openDatabase } from '../db/client.ts';
import { systemClock } from '../lib/clock.ts';
import { importRows } from '../modules/check-in-out/timesheet-import.service.ts';
import { TIMESHEET_IMPORT_COLUMNS } from '@tms/contracts/timesheet-export';

const rows = JSON.parse(process.env.CRASH_ROWS ?? '[]') as Record<string, string>[];
const database = process.env.DATABASE_URL
  ? await openDatabase({ databaseUrl: process.env.DATABASE_URL, migrate: false, poolMax: 1, onIdleError: () => {} })
  : await openDatabase({ dataDir: path.join(process.env.DATA_DIR!, 'pglite'), migrate: false });
const deps = { db: database.db, clock: systemClock(process.env.TZ_COMPANY ?? 'Asia/Ho_Chi_Minh') };
const outcome = await importRows(deps, { headers: [...TIMESHEET_IMPORT_COLUMNS], rows: rows.map((values, i) => ({ rowNumber: i + 2, values })) }, 'overwrite');
if ('errors' in outcome) {
  console.log(`refused ${JSON.stringify([...outcome.errors])}`);
  process.exit(2);
}
console.log(`committed ${outcome.count}`);
process.kill(process.pid, 'SIGKILL');
