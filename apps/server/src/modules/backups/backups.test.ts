import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_MESSAGES, backupDownloadPath } from '@tms/contracts/backups';
import { BONUS_LEAVE_PATH } from '@tms/contracts/bonus-leave';
import { openDatabase, queryRows } from '../../db/client.ts';
import { knownMigrations } from '../../db/migration-state.ts';
import { runDueJobs } from '../../lib/jobs.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { readJson, type Json } from '../../test/json-body.ts';
import { BackupFileError, readManifest, sealBackupFile, SqlBodyWriter } from './backup-file.ts';
import { takeBackup } from './backup.service.ts';
import { isTargetEmpty, loadBackup, restoreBackup, TargetNotEmptyError, type RestoreTarget } from './restore.ts';
import { listTables, tableChecksums, tableCounts } from './table-stats.repository.ts';

/** Issue 24: backups of either database (DATABASE_URL runs this file on the server), their restore and their refusals. */
let t: TestApp;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tms-backups-test-'));
const serverUrl = process.env.DATABASE_URL;
const serverDatabases: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-23T10:00:00+07:00' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    for (const name of serverDatabases) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});

const call = async (user: string, method: 'GET' | 'POST', url: string) => {
  const res = await t.app.inject({ method, url, headers: await t.as(user) });
  return { status: res.statusCode, body: res.headers['content-type']?.toString().includes('json') ? readJson(res) : ({} as Json), res };
};

/** A fresh embedded folder, or on a server run a fresh database there, to restore into. */
async function freshTarget(label: string): Promise<RestoreTarget> {
  if (!serverUrl) return { kind: 'pglite', dataDir: path.join(scratch, `${label}-${Date.now()}`) };
  const name = `tms_test_restore_${label.replace(/\W/g, '_')}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  serverDatabases.push(name);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { kind: 'postgres', url: url.toString() };
}

/** The test database as its owner (on a server the serving role cannot read drizzle's schema, as in production). */
async function asOwner<T>(read: (db: TestApp['db']) => Promise<T>): Promise<T> {
  if (!t.database.urls) return read(t.db);
  const owner = await openDatabase({ databaseUrl: t.database.urls.owner, migrate: false, poolMax: 2 });
  try {
    return await read(owner.db);
  } finally {
    await owner.close();
  }
}

const openTarget = (target: RestoreTarget) =>
  target.kind === 'pglite' ? openDatabase({ dataDir: target.dataDir, migrate: false }) : openDatabase({ databaseUrl: target.url, migrate: false, poolMax: 2 });

/** Grants made so far by the writers of the concurrency test. */
let grantsDone = 0;

/** Grants of bonus leave (a fund row, its ledger row and history in one transaction) as HR, `count` in a row. */
async function grantBonusLeave(username: string, count: number): Promise<number> {
  let done = 0;
  for (let i = 0; i < count; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${BONUS_LEAVE_PATH}/create`,
      headers: await t.as('hr'),
      payload: { usernames: [username], leaveHour: 1, description: `grant ${i}`, applyDate: '24/11/2026', expireDate: '31/12/2027' },
    });
    if (res.statusCode === 200) [done, grantsDone] = [done + 1, grantsDone + 1];
  }
  return done;
}

describe('Settings → Backups', () => {
  it('runs a backup as a job for an admin, verifies it, lists it and downloads it', async () => {
    const empty = await call('admin', 'GET', '/api/tms/backups');
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({ items: [], schedule: { nightlyHour: 2, keepDaily: 14, keepWeekly: 8 }, runningJobId: null });

    const run = await call('admin', 'POST', '/api/tms/backups');
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    const jobId = run.body.data.jobId as number;
    const again = await call('admin', 'POST', '/api/tms/backups');
    expect([again.status, again.body.message]).toEqual([409, BACKUP_MESSAGES.alreadyRunning]);
    expect((await call('admin', 'GET', '/api/tms/backups')).body.data.runningJobId).toBe(jobId);

    await runDueJobs(t.app);
    const job = await call('admin', 'GET', `/api/tms/jobs/${jobId}`);
    expect(job.body.data).toMatchObject({ status: 'done', percent: 100, result: { verification: 'passed' } });

    const list = await call('admin', 'GET', '/api/tms/backups');
    expect(list.body.data.runningJobId).toBeNull();
    const [item] = list.body.data.items as Json[];
    expect(item).toMatchObject({ name: job.body.data.result.name, kind: 'manual', source: t.database.kind, schemaVersion: knownMigrations().at(-1)!.tag, verification: { status: 'passed' } });
    expect(item!.rows).toBeGreaterThan(0);

    const download = await t.app.inject({ method: 'GET', url: `/api${backupDownloadPath(item!.name)}`, headers: await t.as('admin') });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain(item!.name);
    expect(download.rawPayload.length).toBe(item!.sizeBytes);
    // What was downloaded is the backup: its manifest counts the rows the database holds (nothing was written since).
    const copy = path.join(scratch, item!.name);
    fs.writeFileSync(copy, download.rawPayload);
    const manifest = await readManifest(copy);
    const counts = await asOwner(async (db) => tableCounts(db, await listTables(db)));
    for (const table of manifest.leftOut) counts[table] = 0;
    expect(manifest.tables).toEqual(counts);
    expect(manifest.leftOut).toEqual(['public.sessions', 'public.login_attempts', 'public.app_keys']);
  }, 120_000);

  it('is for admins only, and downloads only files of the backup folder', async () => {
    for (const user of ['hr', 'hrm', 'staff']) expect((await call(user, 'GET', '/api/tms/backups')).status).toBe(403);
    expect((await call('hr', 'POST', '/api/tms/backups')).status).toBe(403);
    const missing = await call('admin', 'GET', `/api${backupDownloadPath('tms-20200101T000000000Z-manual.tmsbak')}`);
    expect([missing.status, missing.body.message]).toEqual([404, BACKUP_MESSAGES.notFound]);
    expect((await call('admin', 'GET', `/api${backupDownloadPath('..%2F..%2Fpackage.json')}`)).status).toBe(400);
  });

  it('reports a failed backup in the connection history and to every admin', async () => {
    const blocked = path.join(scratch, 'not-a-folder');
    fs.writeFileSync(blocked, 'a file where the backup folder should be');
    const saved = t.app.config.backup.dir;
    t.app.config.backup.dir = blocked;
    try {
      const run = await call('admin', 'POST', '/api/tms/backups');
      await runDueJobs(t.app);
      expect((await call('admin', 'GET', `/api/tms/jobs/${run.body.data.jobId}`)).body.data.status).toBe('failed');
    } finally {
      t.app.config.backup.dir = saved;
    }
    const [logged] = await queryRows<Json>(t.db, sql`select source, code from connection_history where source = 'backup' order by id desc limit 1`);
    expect(logged).toEqual({ source: 'backup', code: 'BACKUP_FAILED' });
    const told = await queryRows<Json>(t.db, sql`select user_id, title, link from notifications where notification_type = 'BACKUP_FAILED'`);
    expect(told).toEqual([{ user_id: t.fixture.userIds.admin, title: 'A backup failed', link: '/settings/backups' }]);
  }, 60_000);
});

describe('restore', () => {
  it('gives back every table equal, row counts and checksums, with history still append-only', async () => {
    const taken = await takeBackup(t.database, { dir: scratch, kind: 'manual' });
    // The embedded database's dump ran in the app's own session: it must leave it as it was (views readable).
    await expect(t.db.execute(sql`select count(*) from employee_policies`)).resolves.toBeDefined();
    const target = await freshTarget('roundtrip');
    await restoreBackup(taken.file, target);
    const restored = await openTarget(target);
    try {
      const tables = (await listTables(restored.db)).filter((name) => !taken.manifest.leftOut.includes(name));
      expect(tables.length).toBe(Object.keys(taken.manifest.tables).length - taken.manifest.leftOut.length);
      expect(await tableChecksums(restored.db, tables)).toEqual(await asOwner((db) => tableChecksums(db, tables)));
      // The history chain is still append-only in the copy.
      await expect(restored.db.execute(sql`truncate history`)).rejects.toMatchObject({ cause: { message: 'history is append-only' } });
    } finally {
      await restored.close();
    }
  }, 180_000);

  it('a backup taken while 20 clients write holds whole transactions only, and its counts are its snapshot', async () => {
    const fundRows = async () => (await tableCounts(t.db, ['public.leave_fund_rows']))['public.leave_fund_rows']!;
    const before = await fundRows();
    const users = ['staff', 'staff2', 'staff3', 'staff4'];
    const writers = Array.from({ length: 20 }, (_, i) => grantBonusLeave(users[i % users.length]!, 6));
    // The backup starts once the writers are under way, and they go on while it runs.
    while (grantsDone < 5) await new Promise((resolve) => setTimeout(resolve, 5));
    const taken = await takeBackup(t.database, { dir: scratch, kind: 'manual' });
    const granted = (await Promise.all(writers)).reduce((a, b) => a + b, 0);
    expect(granted).toBe(120);
    const snapshot = taken.manifest.tables['public.leave_fund_rows']!;
    expect(snapshot).toBeGreaterThan(before);
    expect(snapshot).toBeLessThan(before + 120);
    const target = await freshTarget('concurrent');
    // loadBackup compares every table with the manifest's counts before it commits.
    await loadBackup(taken.file, target);
    const restored = await openTarget(target);
    try {
      const [orphans] = await queryRows<{ rows_without_grant: number; ledger_without_row: number }>(
        restored.db,
        sql`select (select count(*)::int from leave_fund_rows f where f.fund_type = 'prioritize_leave'
                       and not exists (select 1 from leave_ledger l where l.fund_row_id = f.id)) as rows_without_grant,
                   (select count(*)::int from leave_ledger l where l.fund_row_id is not null
                       and not exists (select 1 from leave_fund_rows f where f.id = l.fund_row_id)) as ledger_without_row`,
      );
      expect(orphans).toEqual({ rows_without_grant: 0, ledger_without_row: 0 });
      const counts = await tableCounts(restored.db, ['public.leave_fund_rows', 'public.leave_ledger']);
      expect(counts).toEqual({ 'public.leave_fund_rows': taken.manifest.tables['public.leave_fund_rows'], 'public.leave_ledger': taken.manifest.tables['public.leave_ledger'] });
    } finally {
      await restored.close();
    }
  }, 180_000);

  it('refuses a cut, damaged, foreign or newer file, and a target that holds data, writing nothing', async () => {
    const taken = await takeBackup(t.database, { dir: scratch, kind: 'manual' });
    const bytes = fs.readFileSync(taken.file);
    const write = (name: string, content: Buffer | string) => {
      const file = path.join(scratch, name);
      fs.writeFileSync(file, content);
      return file;
    };
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(bytes.length * 0.6)]! ^= 0xff;
    const cases: [string, string, RegExp][] = [
      ['cut', write('cut.tmsbak', bytes.subarray(0, Math.floor(bytes.length / 2))), /damaged or incomplete/],
      ['flipped', write('flipped.tmsbak', flipped), /damaged/],
      ['foreign', write('foreign.tmsbak', zlib.gzipSync('SELECT 1;\n')), /not a TMS backup file/],
      ['text', write('text.tmsbak', 'hello'), /damaged or incomplete|not a TMS backup/],
      ['newer', await newerVersionFile(taken.manifest), /newer version of TMS/],
    ];
    const target = await freshTarget('refused');
    for (const [label, file, message] of cases) {
      await expect(loadBackup(file, target), label).rejects.toThrow(BackupFileError);
      await expect(loadBackup(file, target), label).rejects.toThrow(message);
      expect(await isTargetEmpty(target), label).toBe(true);
    }
    await loadBackup(taken.file, target);
    await expect(loadBackup(taken.file, target)).rejects.toThrow(TargetNotEmptyError);
  }, 180_000);
});

/** A well-formed file whose manifest names a migration this version does not have. */
async function newerVersionFile(manifest: Awaited<ReturnType<typeof readManifest>>): Promise<string> {
  const body = path.join(scratch, 'newer.body.tmp');
  const writer = new SqlBodyWriter(body);
  await writer.write('SELECT 1;\n');
  const sqlBody = await writer.finish();
  const file = path.join(scratch, 'newer.tmsbak');
  await sealBackupFile(file, body, { ...manifest, schema: { applied: knownMigrations().length + 1, tag: '9999_from_the_future' }, tables: {}, sql: sqlBody });
  return file;
}
