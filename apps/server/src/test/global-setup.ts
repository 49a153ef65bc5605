import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_FOLDER } from '../db/client.ts';

export const TEMPLATE_DB = 'tms_test_template';

/**
 * Migrates once per run: a PGlite data-dir dump that each test file loads (0.6 s instead of 2.7 s), or, with
 * DATABASE_URL, a template database that each test file copies with CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const stale = await admin.query(`select datname from pg_database where datname like 'tms_test_%'`);
    for (const row of stale.rows) await admin.query(`drop database if exists "${row.datname}" with (force)`);
    await admin.query(`create database ${TEMPLATE_DB}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${TEMPLATE_DB}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
    await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_FOLDER });
    await pool.end();
    await admin.end();
    return;
  }
  const client = await PGlite.create({ dataDir: 'memory://' });
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
  }
}
