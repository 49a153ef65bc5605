import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { assertEmbeddedDatabaseFree } from '../lib/embedded-lock.ts';

/** The embedded database's folder of a configuration (DATA_DIR/pglite). */
export const pgliteDirOf = (config: Config) => path.join(config.dataDir, 'pglite');

/**
 * The database the server of this environment uses (DATABASE_URL with MIGRATION_DATABASE_URL, else DATA_DIR), opened
 * without migrating: a command reads or writes it as it is. The embedded one only while no server holds it.
 */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) return openDatabase({ databaseUrl: config.databaseUrl, migrationDatabaseUrl: config.migrationDatabaseUrl, migrate: false, poolMax: 2 });
  return openEmbeddedDatabase(config);
}

/** DATA_DIR's embedded database as it is (no migration): refused while its server runs, or when there is none. */
export async function openEmbeddedDatabase(config: Config): Promise<Database> {
  const dir = pgliteDirOf(config);
  assertEmbeddedDatabaseFree(dir);
  if (!fs.existsSync(dir)) throw new Error(`No embedded database in ${dir} (DATA_DIR=${config.dataDir})`);
  return openDatabase({ dataDir: dir, migrate: false });
}

/** `--name value` and `--flag` options after the positional arguments. */
export function parseArgs(argv: string[]): { positional: string[]; options: Map<string, string | true> } {
  const positional: string[] = [];
  const options = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) positional.push(arg);
    else if (arg.includes('=')) options.set(arg.slice(2, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1));
    else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--')) options.set(arg.slice(2), argv[++i]!);
    else options.set(arg.slice(2), true);
  }
  return { positional, options };
}

/** Runs a command's main: its error is one line on stderr and exit status 1. */
export function runCommand(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(`error: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
