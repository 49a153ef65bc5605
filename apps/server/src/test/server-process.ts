import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { createTestDatabase } from './database.ts';

/**
 * A server-side script run as its own process, under tsx or (a built file) plain node, as the tests that kill or stop
 * a process need (server-shutdown.test.ts, server-build.test.ts, the recalculation crash test): its output collected,
 * `waitFor` a line, its exit.
 */
export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type Running = {
  output: () => string;
  waitFor(text: string, timeoutMs?: number): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  kill(signal: NodeJS.Signals): void;
};

/**
 * Starts `script` (relative to apps/server, e.g. 'src/server.ts') with `preloads` imported first; `env` replaces
 * the test's own database variables. `loader: 'none'` runs a built JavaScript file with plain node, as `npm start`
 * does. `onCleanup` receives what kills the process if it is still running at the end.
 */
export function spawnScript(
  script: string,
  opts: { env: NodeJS.ProcessEnv; preloads?: string[]; loader?: 'tsx' | 'none'; onCleanup: (cleanup: () => Promise<void>) => void },
): Running {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: undefined, MIGRATION_DATABASE_URL: undefined, ...opts.env };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  const imports = [...(opts.loader === 'none' ? [] : ['tsx']), ...(opts.preloads ?? [])].flatMap((p) => ['--import', p]);
  // node itself (not npx) so a signal reaches the process and nothing in between.
  const child = spawn(process.execPath, [...imports, script], { cwd: SERVER_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  opts.onCleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  return {
    output: () => output,
    exited,
    kill: (signal) => child.kill(signal),
    waitFor: (text, timeoutMs = 90_000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!output.includes(text)) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no '${text}' within ${timeoutMs} ms; output:\n${output}`));
        }, timeoutMs);
        listeners.add(check);
        void exited.then(() => setTimeout(check, 0));
        check();
      }),
  };
}

export type ProcessDatabase = {
  /** DATA_DIR, or DATABASE_URL and MIGRATION_DATABASE_URL, for the process. */
  env: NodeJS.ProcessEnv;
  /**
   * Runs `work` on the database from this test process: on a server at any time; the embedded database only while no
   * other process holds it, so it is opened for `work` and closed again.
   */
  use<T>(work: (database: Database) => Promise<T>): Promise<T>;
};

/** A copy of the test template for a separate process: a PGlite data folder, or a server database run with two roles. */
export async function databaseForProcess(prefix: string, onCleanup: (cleanup: () => Promise<void>) => void): Promise<ProcessDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  onCleanup(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  if (process.env.DATABASE_URL) {
    const server = await createTestDatabase();
    onCleanup(() => server.close());
    // The process runs the two-role deployment: migrations as the owner, requests as the serving role.
    return { env: { DATA_DIR: dataDir, DATABASE_URL: server.servingUrl, MIGRATION_DATABASE_URL: server.ownerUrl }, use: (work) => work(server) };
  }
  const pgliteDir = path.join(dataDir, 'pglite');
  const template = new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
  let loaded = false;
  return {
    env: { DATA_DIR: dataDir },
    use: async (work) => {
      const database = await openDatabase({ dataDir: pgliteDir, ...(loaded ? {} : { pgliteLoadDataDir: template }), migrate: false });
      loaded = true;
      try {
        return await work(database);
      } finally {
        await database.close();
      }
    },
  };
}
