import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { isoInstant } from '../../db/sql-fragments.ts';

/** SQL of the attachments of an overtime request, either kind (links to `stored_files` under the name shown). */

export const OVERTIME_TABLE = 'overtime_requests';
export const OVERTIME_FILE_FOLDER = 'overtime';

export type FileRowDb = { id: number; stored_name: string; original_name: string; size: number; content_type: string; created_date: string };

const fileColumns = sql`f.id, f.stored_name, l.name as original_name, f.size, f.content_type, ${isoInstant(sql`f.created_at`)} as created_date`;

export async function listFiles(db: DbOrTx, requestId: number): Promise<FileRowDb[]> {
  return queryRows<FileRowDb>(
    db,
    sql`select ${fileColumns}
          from overtime_request_files l join stored_files f on f.id = l.stored_file_id
         where l.overtime_request_id = ${requestId} order by f.created_at, f.id`,
  );
}

export async function attachFile(tx: DbOrTx, requestId: number, storedFileId: number, name: string): Promise<void> {
  await queryRows(tx, sql`insert into overtime_request_files (overtime_request_id, stored_file_id, name) values (${requestId}, ${storedFileId}, ${name})`);
}

/**
 * A file of the request by its server-made name; with `orShownName` (flexible) also by the name shown when no file has
 * that server-made name and exactly one has that shown name.
 */
export async function findFile(db: DbOrTx, requestId: number, name: string, opts: { orShownName?: boolean } = {}): Promise<(FileRowDb & { content: Buffer | Uint8Array }) | undefined> {
  const rows = await queryRows<FileRowDb & { content: Buffer | Uint8Array; exact: boolean }>(
    db,
    sql`select ${fileColumns}, f.content, f.stored_name = ${name} as exact
          from overtime_request_files l join stored_files f on f.id = l.stored_file_id
         where l.overtime_request_id = ${requestId} and (f.stored_name = ${name} ${opts.orShownName ? sql`or l.name = ${name}` : sql``})
         order by (f.stored_name = ${name}) desc, f.id limit 2`,
  );
  const found = rows.find((r) => r.exact) ?? (rows.length === 1 ? rows[0] : undefined);
  if (!found) return undefined;
  const { exact: _exact, ...file } = found;
  return file;
}

/** Unlinks a file (the stored row stays for the history); false when it was already gone. */
export async function detachFile(tx: DbOrTx, requestId: number, storedFileId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`delete from overtime_request_files where overtime_request_id = ${requestId} and stored_file_id = ${storedFileId} returning stored_file_id as id`,
  );
  return rows.length > 0;
}

export async function fileCount(db: DbOrTx, requestId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from overtime_request_files where overtime_request_id = ${requestId}`);
  return row?.n ?? 0;
}
