import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../config.ts';
import { historyRewriteRights, openDatabase, queryRows } from '../db/client.ts';
import { prepareData } from '../seed/prepare.ts';
import { silentLogger } from '../test/silent-logger.ts';
import { copyToEmbedded, moveToServer, type MoveReport } from './db-move-steps.ts';

// A move needs a PostgreSQL server: DATABASE_URL's, else the local one. Skipped only when none answers.
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SERVING_ROLE = 'tms_move_web';
const NOW = new Date('2026-11-23T03:00:00Z');

async function serverAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: BASE_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const created: string[] = [];
/** A new empty database on the server; its URL as `user` (default: BASE_URL's). */
async function freshDatabase(): Promise<string> {
  const name = `tms_move_t${randomBytes(5).toString('hex')}`;
  await admin((c) => c.query(`create database ${name}`));
  created.push(name);
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
const asRole = (url: string, role: string) => Object.assign(new URL(url), { username: role }).toString();

const log = () => {};
const expectVerified = (report: MoveReport) => {
  expect(report.tables.differences).toEqual([]);
  expect(report.tables.tables).toBeGreaterThan(40);
  expect(report.ok).toBe(true);
};

describe.skipIf(!(await serverAnswers()))('npm run db:move', () => {
  let dataDir: string;
  let config: Config;
  let originals: { name: string; email: string }[];
  const FORMER_NAME = 'Trịnh Công Former';

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tms-move-'));
    config = { ...loadConfig({ DATA_DIR: dataDir }), seedDemo: true };
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    await prepareData(database.db, config, silentLogger, { now: NOW });
    // An employee renamed since: history keeps the former name, which the employees table no longer holds.
    await database.db.execute(sql`
      insert into history (table_name, record_id, employee_id, action, changes, new_record, created_by_name)
      select 'employees', id, id, 'UPDATE', jsonb_build_array(jsonb_build_object('field', 'name', 'oldValue', ${FORMER_NAME}::text, 'newValue', name)),
             jsonb_build_object('id', id, 'name', name, 'email', email), name
        from employees order by id limit 1`);
    originals = await queryRows<{ name: string; email: string }>(database.db, sql`select name, email from employees`);
    await database.close();
    await admin((c) =>
      c.query(`do $$ begin create role ${SERVING_ROLE} login nosuperuser nocreatedb nocreaterole; exception when duplicate_object then null; end $$`),
    );
    const password = decodeURIComponent(new URL(BASE_URL).password);
    if (password) await admin((c) => c.query(`alter role ${SERVING_ROLE} password ${c.escapeLiteral(password)}`));
  });

  afterAll(async () => {
    await admin(async (c) => {
      for (const name of created) await c.query(`drop database if exists ${name} with (force)`);
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  let moved: string;
  it('copies the embedded database into an empty server database: every table and the API sample equal', async () => {
    moved = await freshDatabase();
    const report = await moveToServer({ config, to: moved, now: NOW }, log);
    expectVerified(report);
    expect(report.api!.skipped).toBeNull();
    expect(report.api!.calls).toHaveLength(3);
    expect(report.api!.differences).toEqual([]);
    expect(fs.existsSync(report.backupFile)).toBe(true);
    expect(report.tables.rows).toBeGreaterThan(10_000);
  }, 180_000);

  it('refuses a database that is not empty, before it dumps anything', async () => {
    const backups = fs.readdirSync(config.backup.dir).length;
    await expect(moveToServer({ config, to: moved, now: NOW }, log)).rejects.toThrow(/is not empty: it already holds tables/);
    expect(fs.readdirSync(config.backup.dir)).toHaveLength(backups);
  }, 60_000);

  it('with MIGRATION_DATABASE_URL restores as the owner and serves as a role that cannot rewrite history', async () => {
    const owner = await freshDatabase();
    const serving = asRole(owner, SERVING_ROLE);
    const report = await moveToServer({ config, to: serving, migrationUrl: owner, now: NOW }, log);
    expectVerified(report);
    expect(report.api!.differences).toEqual([]);
    const served = await openDatabase({ databaseUrl: serving, migrate: false, poolMax: 1 });
    try {
      expect(await historyRewriteRights(served.db)).toEqual([]);
    } finally {
      await served.close();
    }
  }, 180_000);

  it('copies a server database back into a new embedded folder, scrambled: no original name or e-mail is left', async () => {
    const copyDir = path.join(dataDir, 'vendor-copy');
    const report = await copyToEmbedded({ config, from: moved, dataDir: copyDir, scramble: true }, log);
    expectVerified(report);
    expect(fs.existsSync(report.backupFile)).toBe(false);
    expect(fs.existsSync(path.join(copyDir, 'pglite.partial'))).toBe(false);
    const copy = await openDatabase({ dataDir: path.join(copyDir, 'pglite'), migrate: false });
    try {
      const texts = async (table: string) => (await queryRows<{ t: string }>(copy.db, sql.raw(`select x::text as t from ${table} x`))).map((r) => r.t.toLowerCase()).join('\n');
      const lookedAt = { employees: await texts('employees'), history: await texts('history'), notifications: await texts('notifications'), mail_outbox: await texts('mail_outbox') };
      for (const [table, text] of Object.entries(lookedAt)) {
        const left = [...originals.flatMap((o) => [o.name, o.email]), FORMER_NAME].filter((value) => text.includes(value.toLowerCase()));
        expect(left, table).toEqual([]);
      }
      expect(lookedAt.history).toContain('employee 1');
      const [trigger] = await queryRows<{ enabled: string }>(copy.db, sql`select tgenabled as enabled from pg_trigger where tgname = 'history_no_update_delete'`);
      expect(trigger!.enabled).toBe('O');
      const [user] = await queryRows<{ hash: string }>(copy.db, sql`select password_hash as hash from users where username = 'admin'`);
      expect(await verify(user!.hash, report.scramble!.password)).toBe(true);
    } finally {
      await copy.close();
    }
    await expect(copyToEmbedded({ config, from: moved, dataDir: copyDir, scramble: false }, log)).rejects.toThrow(/is not empty/);
  }, 180_000);
});
