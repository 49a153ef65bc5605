import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { TestProject } from 'vitest/node';
import { grantServingRole, MIGRATIONS_FOLDER, type Db } from '../db/client.ts';

/** Test databases are named `tms_test_<epoch seconds>_…`, so a run only removes leftovers of crashed runs. */
export const testDatabaseName = (suffix: string) => `tms_test_${Math.floor(Date.now() / 1000)}_${suffix}`;
const STALE_AFTER_SECONDS = 3 * 3600;
/**
 * On a server, tests connect as this role, like the two-role deployment (README): it owns nothing and may only read
 * and append history, so every server test also proves that serving needs no more (ISSUE 7 §5).
 */
export const TEST_SERVING_ROLE = 'tms_test_app';

/**
 * Migrates once per run: a PGlite data-dir dump that each test file loads (0.6 s instead of 2.7 s), or, with
 * DATABASE_URL, a template database that each test file copies with CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const existing = await admin.query<{ datname: string }>(`select datname from pg_database where datname ~ '^tms_test_[0-9]+_'`);
    const now = Date.now() / 1000;
    for (const { datname } of existing.rows) {
      if (now - Number(datname.split('_')[2]) > STALE_AFTER_SECONDS) await admin.query(`drop database if exists "${datname}" with (force)`);
    }
    try {
      await admin.query(`create role ${TEST_SERVING_ROLE} login nosuperuser nocreatedb nocreaterole`);
    } catch (err) {
      // Another run created it first (duplicate_object, or unique_violation when both raced in the catalog).
      if (!['42710', '23505'].includes((err as { code?: string }).code ?? '')) throw err;
    }
    // Servers that ask for a password: the test role signs in with the one DATABASE_URL carries (test/database.ts).
    const password = decodeURIComponent(new URL(process.env.DATABASE_URL).password);
    if (password) await admin.query(`alter role ${TEST_SERVING_ROLE} password ${admin.escapeLiteral(password)}`);
    const template = testDatabaseName(`template_${Math.random().toString(36).slice(2, 8)}`);
    await admin.query(`create database ${template}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${template}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
    await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_FOLDER });
    // Grants live in the database, so every copy of the template inherits them.
    await grantServingRole(drizzlePg(pool) as unknown as Db, TEST_SERVING_ROLE);
    await pool.end();
    await admin.end();
    project.provide('pgTemplate', template);
    return async () => {
      const dropper = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists ${template} with (force)`);
      await dropper.end();
    };
  }
  const client = await PGlite.create({ dataDir: 'memory://', extensions: { pg_trgm } });
  await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tms-test-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
  }
}
