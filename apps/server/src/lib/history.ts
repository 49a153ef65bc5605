import { and, desc, eq } from 'drizzle-orm';
import { SYSTEM_USERNAME } from '@tms/contracts/history-authors';
import type { DbOrTx } from '../db/client.ts';
import { history } from '../db/schema/platform.ts';
import type { SessionUser } from './session-user.ts';
import { formatInstant } from './dates.ts';

export type HistoryAction = 'CREATE' | 'UPDATE' | 'DELETE' | 'STATUS';
export type HistoryChange = { field: string; oldValue: unknown; newValue: unknown };
export type HistoryAuthor = Pick<SessionUser, 'userId' | 'username' | 'name'>;

/**
 * The author of what the system does by itself (no user): username 'system' and a name from contracts
 * history-authors.ts, which screens translate. Its entries store no user id (the type is a session user's, whose id
 * is never null).
 */
export function systemHistoryAuthor(name: string): HistoryAuthor {
  return { userId: null as unknown as number, username: SYSTEM_USERNAME, name };
}

/** RULES.md §8 entry shape as the API returns it. */
export type HistoryEntryDto = {
  id: number;
  action: HistoryAction;
  changes: HistoryChange[];
  new_record: unknown;
  createdBy: { username: string | null; name: string | null };
  createdDate: string; // ISO instant
  createdDateFormat: string; // 'DD/MM/YYYY HH:mm:ss' in the company time zone
};

export type HistoryRecordEntry = { tableName: string; recordId: number; employeeId?: number | null; action: HistoryAction; changes: HistoryChange[]; newRecord: unknown };

/**
 * Writes one history entry; call it inside the same transaction as the change (RULES.md §8), so the entry exists
 * exactly when the change does. Values are stored as JSON (a Date becomes its ISO text).
 */
export async function recordHistory(tx: DbOrTx, entry: HistoryRecordEntry & { by: HistoryAuthor }): Promise<void> {
  await recordHistories(tx, [entry], entry.by);
}

/**
 * Many entries by one author in one INSERT (grants to many staff, imports). 9 parameters an entry, so up to
 * about 7,000 entries fit the 65,535 parameters of one statement; larger batches go in chunks.
 */
export async function recordHistories(tx: DbOrTx, entries: readonly HistoryRecordEntry[], by: HistoryAuthor): Promise<void> {
  const CHUNK = 5000;
  for (let start = 0; start < entries.length; start += CHUNK) {
    await tx.insert(history).values(
      entries.slice(start, start + CHUNK).map((entry) => ({
        tableName: entry.tableName,
        recordId: entry.recordId,
        employeeId: entry.employeeId ?? null,
        action: entry.action,
        changes: toJson(entry.changes) as HistoryChange[],
        newRecord: toJson(entry.newRecord ?? null),
        createdByUserId: by.userId,
        createdByUsername: by.username,
        createdByName: by.name,
      })),
    );
  }
}

/** Plain JSON (undefined → null, Date → ISO text, bigint → text) so what is stored is what is compared and shown. */
function toJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value ?? null, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v === undefined ? null : v)));
}

function jsonText(value: unknown): string {
  return JSON.stringify(toJson(value));
}

/**
 * The changed fields between two plain records, limited to `fields` (values compared by JSON text, so a Date and
 * its ISO text are equal and undefined equals null). For a CREATE (`before` null) every non-null field is a change.
 */
export function diffFields(before: Record<string, unknown> | null, after: Record<string, unknown>, fields: readonly string[]): HistoryChange[] {
  const changes: HistoryChange[] = [];
  for (const field of fields) {
    const newValue = toJson(after[field]);
    const oldValue = before === null ? null : toJson(before[field]);
    if (before === null ? newValue !== null : jsonText(oldValue) !== jsonText(newValue)) changes.push({ field, oldValue, newValue });
  }
  return changes;
}

/** Entries of one record, newest first. */
export async function listHistory(db: DbOrTx, tableName: string, recordId: number, timeZone: string): Promise<HistoryEntryDto[]> {
  const rows = await db
    .select()
    .from(history)
    .where(and(eq(history.tableName, tableName), eq(history.recordId, recordId)))
    .orderBy(desc(history.id));
  return rows.map((row) => toHistoryDto(row, timeZone));
}

/** One stored entry in the API shape; exported for lists that select history rows themselves (the Logs page). */
export function toHistoryDto(row: typeof history.$inferSelect, timeZone: string): HistoryEntryDto {
  const createdAt = row.createdAt instanceof Date ? row.createdAt : new Date(row.createdAt);
  return {
    id: row.id,
    action: row.action,
    changes: row.changes ?? [],
    new_record: row.newRecord ?? null,
    createdBy: { username: row.createdByUsername ?? null, name: row.createdByName ?? null },
    createdDate: createdAt.toISOString(),
    createdDateFormat: formatInstant(createdAt, timeZone) ?? '',
  };
}
