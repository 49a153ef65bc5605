import type { DbOrTx } from '../db/client.ts';
import type { SessionUser } from '../plugins/auth.ts';

// INTERFACE STUB — implemented by the server-libraries work. Keep these signatures.

export type HistoryAction = 'CREATE' | 'UPDATE' | 'DELETE' | 'STATUS';
export type HistoryChange = { field: string; oldValue: unknown; newValue: unknown };
export type HistoryAuthor = Pick<SessionUser, 'userId' | 'username' | 'name'>;

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

/** Writes one history entry; call it inside the same transaction as the change. */
export async function recordHistory(
  tx: DbOrTx,
  entry: { tableName: string; recordId: number; employeeId?: number | null; action: HistoryAction; changes: HistoryChange[]; newRecord: unknown; by: HistoryAuthor },
): Promise<void> {
  void tx; void entry;
  throw new Error('not implemented');
}

/** The changed fields between two plain records, limited to `fields` (values compared by JSON text). */
export function diffFields(before: Record<string, unknown> | null, after: Record<string, unknown>, fields: readonly string[]): HistoryChange[] {
  void before; void after; void fields;
  throw new Error('not implemented');
}

/** Entries of one record, newest first. */
export async function listHistory(db: DbOrTx, tableName: string, recordId: number, timeZone: string): Promise<HistoryEntryDto[]> {
  void db; void tableName; void recordId; void timeZone;
  throw new Error('not implemented');
}
