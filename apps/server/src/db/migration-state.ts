import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, queryRows, type DbOrTx } from './client.ts';

/** One migration this version of the server knows (drizzle's journal): its tag and the instant drizzle records for it. */
export type KnownMigration = { tag: string; when: number };

/** The migrations shipped with this server, oldest first. */
export function knownMigrations(): KnownMigration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
  return journal.entries.map((e) => ({ tag: e.tag, when: e.when }));
}

/**
 * How far a database's schema is: the number of migrations applied and the tag of the last one (drizzle records each
 * migration's journal instant in `drizzle.__drizzle_migrations`). A database this version does not know the last
 * migration of was migrated by a newer version: `newer` is true. An empty database has applied 0.
 */
export type SchemaVersion = { applied: number; tag: string | null; newer: boolean };

export async function schemaVersionOf(db: DbOrTx): Promise<SchemaVersion> {
  const [exists] = await queryRows<{ found: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`);
  if (!exists?.found) return { applied: 0, tag: null, newer: false };
  const [row] = await queryRows<{ applied: number; last: string | null }>(
    db,
    sql`select count(*)::int as applied, max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  return schemaVersionFrom(row?.applied ?? 0, row?.last === null || row?.last === undefined ? null : Number(row.last));
}

export function schemaVersionFrom(applied: number, lastWhen: number | null): SchemaVersion {
  if (applied === 0 || lastWhen === null) return { applied: 0, tag: null, newer: false };
  const known = knownMigrations();
  const match = known.find((m) => m.when === lastWhen);
  return { applied, tag: match?.tag ?? null, newer: !match && lastWhen > known[known.length - 1]!.when };
}

/** True when the database has applied some migrations but not all this server ships (a start that will migrate). */
export async function hasPendingMigrations(db: DbOrTx): Promise<boolean> {
  const version = await schemaVersionOf(db);
  return version.applied > 0 && version.applied < knownMigrations().length;
}
