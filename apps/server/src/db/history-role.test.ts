import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.ts';
import { TEST_SERVING_ROLE, testDatabaseName } from '../test/global-setup.ts';
import { historyRewriteRights, openDatabase, queryRows, type Database } from './client.ts';
import { dbFailure } from '../test/db-failure.ts';

/**
 * ISSUE 7 §5 / RULES.md §8: history is append-only for whoever serves requests. On a PostgreSQL server (DATABASE_URL
 * set) requests are served by a role that does not own `history`; embedded PGlite is single-user, where the
 * trigger of migration 0001 is what holds.
 */
const onServer = Boolean(process.env.DATABASE_URL);


async function appendEntry(database: Database, tableName: string): Promise<void> {
  await database.db.execute(sql`insert into history (table_name, record_id, action, changes, created_by_name)
                                 values (${tableName}, 1, 'CREATE', '[]'::jsonb, 'Tester')`);
}

async function countEntries(database: Database, tableName: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from history where table_name = ${tableName}`);
  return row!.n;
}

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('history from the serving connection', () => {
  it('can be read and appended', async () => {
    await appendEntry(database, 'role_append');
    expect(await countEntries(database, 'role_append')).toBe(1);
  });

  it('cannot be updated, deleted or truncated', async () => {
    await appendEntry(database, 'role_locked');
    const refused = onServer ? 'permission denied for table history' : 'history is append-only';
    expect(await dbFailure(() => database.db.execute(sql`update history set created_by_name = 'Forger' where table_name = 'role_locked'`))).toContain(refused);
    expect(await dbFailure(() => database.db.execute(sql`delete from history where table_name = 'role_locked'`))).toContain(refused);
    expect(await dbFailure(() => database.db.execute(sql`truncate history`))).toContain(refused);
    expect(await countEntries(database, 'role_locked')).toBe(1);
  });

  it('cannot switch the trigger off, replay as a replica or take another role', async () => {
    await appendEntry(database, 'role_bypass');
    if (!onServer) {
      // Embedded PGlite: one process, one superuser — the accepted exception; the check names it.
      expect(database.kind).toBe('pglite');
      expect((await historyRewriteRights(database.db)).join()).toContain('is a superuser');
      return;
    }
    const [me] = await queryRows<{ role: string }>(database.db, sql`select current_user as role`);
    expect(me!.role).toBe(TEST_SERVING_ROLE);
    expect(await historyRewriteRights(database.db)).toEqual([]);
    expect(await dbFailure(() => database.db.execute(sql`alter table history disable trigger history_no_update_delete`))).toContain('must be owner of table history');
    expect(await dbFailure(() => database.db.execute(sql`alter table history disable trigger all`))).toContain('must be owner of table history');
    expect(await dbFailure(() => database.db.execute(sql`set session_replication_role = replica`))).toContain('permission denied to set parameter "session_replication_role"');
    expect(await dbFailure(() => database.db.execute(sql`set role postgres`))).toContain('permission denied to set role "postgres"');
    expect(await dbFailure(() => database.db.execute(sql`drop table history`))).toContain('must be owner of table history');
    const [entry] = await queryRows<{ name: string }>(database.db, sql`select created_by_name as name from history where table_name = 'role_bypass'`);
    expect(entry!.name).toBe('Tester');
  });
});

describe('openDatabase with a migration URL (two roles)', () => {
  it('migrates as the owner, grants the serving role, and refuses a serving role that could rewrite history', async () => {
    if (!onServer) {
      // Embedded: no roles to separate; the migration URL has no meaning and the default needs no extra step.
      const embedded = await openDatabase({ dataDir: 'memory://', migrationDatabaseUrl: 'postgres://unused@127.0.0.1:1/none' });
      try {
        expect(embedded.kind).toBe('pglite');
        await appendEntry(embedded, 'embedded');
        expect(await dbFailure(() => embedded.db.execute(sql`delete from history`))).toContain('history is append-only');
      } finally {
        await embedded.close();
      }
      return;
    }
    const name = testDatabaseName(`role_${randomUUID().replaceAll('-', '').slice(0, 8)}`);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const owner = new URL(process.env.DATABASE_URL!);
      owner.pathname = `/${name}`;
      const serving = new URL(owner);
      serving.username = TEST_SERVING_ROLE;

      const twoRoles = await openDatabase({ databaseUrl: serving.toString(), migrationDatabaseUrl: owner.toString(), poolMax: 2 });
      try {
        await appendEntry(twoRoles, 'two_roles');
        // Ordinary tables get plain DML (sessions, jobs, …); history only SELECT and INSERT.
        await twoRoles.db.execute(sql`insert into jobs (name, payload) values ('role.check', '{}'::jsonb)`);
        await twoRoles.db.execute(sql`update jobs set status = 'done' where name = 'role.check'`);
        await twoRoles.db.execute(sql`delete from jobs where name = 'role.check'`);
        expect(await dbFailure(() => twoRoles.db.execute(sql`update history set action = 'DELETE'`))).toContain('permission denied for table history');
        expect(await historyRewriteRights(twoRoles.db)).toEqual([]);
      } finally {
        await twoRoles.close();
      }

      // The owner (here a superuser) as the serving URL is a misconfiguration of the two-role deployment.
      await expect(openDatabase({ databaseUrl: owner.toString(), migrationDatabaseUrl: owner.toString(), poolMax: 1 })).rejects.toThrow(/is a superuser/);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
