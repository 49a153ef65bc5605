import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database, type DbOrTx } from '../apps/server/src/db/client.ts';
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

/** A fresh database for a benchmark: in-memory PGlite, or a new database on the PostgreSQL server. */
export async function freshDatabase(kind: 'pglite' | 'postgres', name: string): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ dataDir: 'memory://' });
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
