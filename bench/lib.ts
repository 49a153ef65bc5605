import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { openDatabase, queryRows, type Database, type DbOrTx } from '../apps/server/src/db/client.ts';
import { hashToken } from '../apps/server/src/plugins/auth.ts';

export const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function serverAnswers(url = SERVER_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * A fresh database for a benchmark: in-memory PGlite, or a new database on the PostgreSQL server. `BENCH_DB_SUFFIX`
 * is appended to the server database's name, so two benches of the same name on one server do not drop each other's.
 */
export async function freshDatabase(kind: 'pglite' | 'postgres', base: string): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ dataDir: 'memory://' });
  const name = `${base}${(process.env.BENCH_DB_SUFFIX ?? '').replace(/[^a-z0-9_]/gi, '')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolMax: 20 });
  return {
    ...database,
    close: async () => {
      await database.close();
      if (process.env.BENCH_KEEP === '1') return;
      const dropper = new pg.Client({ connectionString: SERVER_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

export const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/** The median of a list of numbers (the upper one of an even count). */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Latency percentiles (ms) and throughput of one autocannon run. */
export type Measured = { p50: number; p95: number; p99: number; rps: number; count: number; non2xx: number };

/**
 * GETs under `connections` concurrent clients for `seconds`, each request's path from `path()` (random pages);
 * any status but 200 counts as non-2xx.
 */
export async function measureGets(base: string, path: () => string, headers: Record<string, string>, o: { connections: number; seconds: number }): Promise<Measured> {
  const times: number[] = [];
  let non2xx = 0;
  const instance = autocannon({
    url: base,
    connections: o.connections,
    duration: o.seconds,
    headers,
    requests: [{ method: 'GET', setupRequest: (request: Record<string, unknown>) => ({ ...request, path: path() }) }],
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode !== 200) non2xx += 1;
    times.push(responseTime);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), rps: result.requests.average, count: times.length, non2xx };
}

/**
 * Waits until the app answers /api/health quickly again: requests still running when a case ends must not land in
 * the next case.
 */
export async function settle(base: string) {
  for (let i = 0; i < 600; i++) {
    const t0 = performance.now();
    try {
      await (await fetch(`${base}/api/health`)).arrayBuffer();
    } catch {
      // A keep-alive socket the server closed after a run: ask again.
      continue;
    }
    if (performance.now() - t0 < 20) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}

export type Kind = 'pglite' | 'postgres';

/** The databases a benchmark runs on: PGlite always, the PostgreSQL server when it answers; `only` (BENCH_ONLY) picks one. */
export async function benchKinds(only = process.env.BENCH_ONLY): Promise<Kind[]> {
  const kinds: Kind[] = ['pglite'];
  if (await serverAnswers()) kinds.push('postgres');
  if (only === 'pglite' || only === 'postgres') kinds.splice(0, kinds.length, only);
  return kinds;
}

/** A logger that says nothing (prepareData's logger while the benchmark builds its data). */
export const silentLogger = { info() {}, warn() {}, error() {}, debug() {}, fatal() {}, trace() {}, child: () => silentLogger, level: 'silent' } as never;

/** A session for `username`; answers its bearer token. */
export async function sessionToken(db: DbOrTx, username: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.execute(sql`insert into sessions (token_hash, user_id) select ${hashToken(token)}, id from users where username = ${username}`);
  return token;
}

/**
 * Runs `file` (the benchmark itself) again as a child with BENCH_SERVE=kind, so the app under load has its own
 * process; answers the JSON line the child prints first and a `stop` that ends it.
 */
export async function startServeChild<T>(file: string, kind: Kind): Promise<{ served: T; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [...process.execArgv, file], { env: { ...process.env, BENCH_SERVE: kind }, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const line = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server (${kind}) exited with ${code}`)));
  });
  return {
    served: JSON.parse(line) as T,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A stream that throws its bytes away and counts them: the sink of the "writer alone" baselines. */
export function discardStream() {
  let bytes = 0;
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      bytes += chunk.length;
      cb();
    },
  });
  return { stream, size: () => bytes };
}

const run = promisify(execFile);
let curlFound: Promise<boolean> | undefined;
/** Whether curl is on this machine (the export benches' client; fetch in this process otherwise). */
export const hasCurl = (): Promise<boolean> =>
  (curlFound ??= run('curl', ['--version']).then(
    () => true,
    () => false,
  ));

/**
 * GETs `url` with `authorization` and reads the whole body, keeping only its size and the content-disposition. With
 * curl the client runs in its own process (as a browser would): the server's thread does only the server's work; the
 * time is curl's, first byte sent to last byte received. Without curl, fetch in this process.
 */
export async function timedGet(url: string, authorization: string): Promise<{ status: number; seconds: number; bytes: number; name: string | null }> {
  if (await hasCurl()) {
    const { stdout } = await run('curl', ['-s', '-o', '/dev/null', '-D', '-', '-H', `authorization: ${authorization}`, '-w', '\n%{http_code} %{size_download} %{time_total}', url]);
    const lines = stdout.trim().split(/\r?\n/);
    const [status, bytes, seconds] = lines[lines.length - 1]!.split(' ').map(Number) as [number, number, number];
    const name = lines.find((l) => /^content-disposition:/i.test(l))?.replace(/^content-disposition:\s*/i, '') ?? null;
    return { status, seconds, bytes, name };
  }
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization } });
  const bytes = (await res.arrayBuffer()).byteLength;
  return { status: res.status, seconds: (performance.now() - started) / 1000, bytes, name: res.headers.get('content-disposition') };
}

/**
 * The "writer alone" baseline of the export benches: ExcelJS's streaming WorkbookWriter writing `rows` under `columns`
 * to a discarded stream (no database, no HTTP), yielding to the event loop every 200 rows.
 */
export async function xlsxWriterAlone(sheetName: string, columns: readonly { header: string; key: string; width?: number }[], rows: readonly Record<string, unknown>[]) {
  const started = performance.now();
  const sink = discardStream();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink.stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  for (let i = 0; i < rows.length; i++) {
    sheet.addRow(rows[i]!).commit();
    if ((i + 1) % 200 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  sheet.commit();
  await workbook.commit();
  return { seconds: (performance.now() - started) / 1000, bytes: sink.size() };
}

/**
 * The period a bench measures, on any date: the latest payroll period that has fully passed and whose dates are not
 * locked (the demo company keeps the latest past period open, seed/periods.ts), so the recalculation computes every
 * day of it. `BENCH_FROM` / `BENCH_TO` pick another (a period of the demo company). Throws when there is none.
 */
export async function openPastPeriod(db: DbOrTx, today: string): Promise<{ id: number; name: string; from: string; to: string }> {
  const chosen = process.env.BENCH_FROM && process.env.BENCH_TO ? sql`p.from_date = ${process.env.BENCH_FROM}::date and p.to_date = ${process.env.BENCH_TO}::date` : sql`p.to_date < ${today}::date and p.from_date > coalesce(lk.lock_date, '-infinity'::date)`;
  const [period] = await queryRows<{ id: number; name: string; from: string; to: string }>(
    db,
    sql`with lk as (select max(to_date) as lock_date from payroll_periods where status = 4 or is_lock)
        select p.id, p.name, p.from_date::text as "from", p.to_date::text as "to"
          from payroll_periods p cross join lk
         where ${chosen}
         order by p.to_date desc, p.id limit 1`,
  );
  if (!period) throw new Error(`bench: no ${process.env.BENCH_FROM ? `payroll period ${process.env.BENCH_FROM}…${process.env.BENCH_TO}` : `open payroll period ended before ${today}`} in the demo company`);
  return { ...period, id: Number(period.id) };
}

/** A bench that did no work fails loudly: a non-zero exit naming what was empty, never a ratio of nothing. */
export function assertMeasured(what: string, amount: number): void {
  if (!(amount > 0)) throw new Error(`bench measured nothing: ${what} = ${amount}`);
}

/** An autocannon case with no successful answer measured nothing (every request refused or failed). */
export function assertAnswered(label: string, m: Measured): void {
  assertMeasured(`${label}: successful requests (${m.count} sent, ${m.non2xx} non-200)`, m.count - m.non2xx);
}

/**
 * The child's side of startServeChild: prints `served` as its one JSON line and, on SIGTERM, runs `closers` in turn
 * (the servers, then the database) and exits.
 */
export function serveUntilStopped(served: unknown, ...closers: (() => Promise<unknown>)[]): void {
  process.once('SIGTERM', () => {
    void (async () => {
      for (const close of closers) await close();
      process.exit(0);
    })();
  });
  process.stdout.write(`${JSON.stringify(served)}\n`);
}

/**
 * A list bench's pair of cases: a warm-up of the bare handler (`${bare}/bare/list`) and of the app, then each measured
 * by `measure`, the bare one first.
 */
export async function bareThenApp(
  measure: (base: string, path: string, headers: Record<string, string>) => Promise<Measured>,
  bare: string,
  app: { base: string; path: string; headers: Record<string, string> },
): Promise<{ bare: Measured; app: Measured }> {
  await measure(bare, '/bare/list', {});
  await measure(app.base, app.path, app.headers);
  const bareMeasured = await measure(bare, '/bare/list', {});
  return { bare: bareMeasured, app: await measure(app.base, app.path, app.headers) };
}

/**
 * The main of a bench that serves the app in a child process (`BENCH_SERVE` set: this process is that child) or runs
 * `runKind` on each database kind (`BENCH_ONLY`); exits non-zero, printing `failure`, when a kind missed its aim,
 * measured nothing or threw.
 */
export async function benchMain(serve: (kind: Kind) => Promise<unknown>, runKind: (kind: Kind) => Promise<boolean>, failure: string): Promise<void> {
  const serveKind = process.env.BENCH_SERVE;
  if (serveKind === 'pglite' || serveKind === 'postgres') {
    await serve(serveKind);
    return;
  }
  let failed = false;
  for (const kind of await benchKinds()) {
    try {
      if (!(await runKind(kind))) failed = true;
    } catch (error) {
      failed = true;
      console.error(`[${kind}] ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (failed) console.error(`\nbench: ${failure}`);
  process.exit(failed ? 1 : 0);
}
