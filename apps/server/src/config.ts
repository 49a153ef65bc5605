import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyServerOptions } from 'fastify';

/** The repository root: `./data` in the README means this folder's `data`, whatever the working directory. */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every environment variable the server reads (documented in README.md). */
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** The schema owner's connection for migrations; DATABASE_URL then serves as a role that cannot rewrite history. */
  migrationDatabaseUrl?: string;
  seedDemo: boolean;
  adminPassword?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Public base URL of the web app (APP_URL): mail links to an item are absolute when set. */
  appUrl?: string;
  companyTimeZone: string;
  logLevel: string;
  webDist?: string;
  trustProxy: TrustProxy;
  /** BUSINESS_CLOCK_START: the instant business time starts at (ms), for rehearsing a date; unset in production. */
  businessClockStart?: number;
  /** Backups (docs/backups.md): the folder, the company-time hour of the nightly one, and how many are kept. */
  backup: BackupConfig;
};

export type BackupConfig = { dir: string; nightlyHour: number; keepDaily: number; keepWeekly: number };

/**
 * Which hops in front of the server may report the client's address (TRUST_PROXY; README): none; the last `hops`
 * hops (the socket peer and the proxies before it); or the peers whose address is in a list of addresses, CIDR
 * ranges and the named ranges `loopback`, `linklocal`, `uniquelocal`.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/**
 * A folder given in the environment, relative to where the user typed the command: npm keeps that folder in INIT_CWD
 * through nested scripts, while `npm start` runs the server from apps/server — so `DATA_DIR=./copy npm start` and
 * `DATA_DIR=./copy npm run restore` name the same folder. Without npm (node dist/server.js), the working directory.
 */
export function resolveUserPath(env: NodeJS.ProcessEnv, value: string): string {
  return path.resolve(env.INIT_CWD || process.cwd(), value);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = env.DATA_DIR ? resolveUserPath(env, env.DATA_DIR) : path.join(REPO_ROOT, 'data');
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    migrationDatabaseUrl: env.MIGRATION_DATABASE_URL || undefined,
    seedDemo: env.SEED_DEMO !== 'false',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'TMS <no-reply@tms.local>',
    appUrl: env.APP_URL || undefined,
    companyTimeZone: env.TZ_COMPANY ?? 'Asia/Ho_Chi_Minh',
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: env.WEB_DIST || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    businessClockStart: parseInstant('BUSINESS_CLOCK_START', env.BUSINESS_CLOCK_START),
    backup: loadBackupConfig(env, dataDir),
  };
}

function loadBackupConfig(env: NodeJS.ProcessEnv, dataDir: string): BackupConfig {
  return {
    dir: env.BACKUP_DIR ? resolveUserPath(env, env.BACKUP_DIR) : path.join(dataDir, 'backups'),
    nightlyHour: parseWhole('BACKUP_HOUR', env.BACKUP_HOUR, 2, 23),
    keepDaily: parseWhole('BACKUP_KEEP_DAILY', env.BACKUP_KEEP_DAILY, 14, 366),
    keepWeekly: parseWhole('BACKUP_KEEP_WEEKLY', env.BACKUP_KEEP_WEEKLY, 8, 520),
  };
}

/** An optional whole number in [0, max]; unset gives the default, anything else stops the start. */
export function parseWhole(name: string, value: string | undefined, fallback: number, max: number): number {
  const text = (value ?? '').trim();
  if (text === '') return fallback;
  if (!/^\d+$/.test(text) || Number(text) > max) throw new Error(`${name}: ${JSON.stringify(text)} is not a whole number from 0 to ${max}`);
  return Number(text);
}

/** An optional instant with its offset ('2026-12-26T09:15:00+07:00'); anything else stops the start. */
export function parseInstant(name: string, value: string | undefined): number | undefined {
  const text = (value ?? '').trim();
  if (text === '') return undefined;
  const ms = Date.parse(text);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text) || !Number.isFinite(ms)) {
    throw new Error(`${name}: ${JSON.stringify(text)} is not an instant with its offset, e.g. 2026-12-26T09:15:00+07:00`);
  }
  return ms;
}

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(item: string): boolean {
  if (NAMED_RANGES.has(item) || isIP(item) !== 0) return true;
  const [address = '', prefix, extra] = item.split('/');
  const family = isIP(address);
  return family !== 0 && prefix !== undefined && extra === undefined && /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY as written in the environment. Unset, empty, `false` or `0`: no proxy (the socket's address is the
 * client's). A whole number n ≥ 1: n hops. `true`: **one** hop — the address the proxy in front of the server saw,
 * not the leftmost of `X-Forwarded-For`, which a client writes itself when its proxy appends to the header (issue
 * 22 §4). Otherwise a comma-separated list of proxy addresses or ranges. Anything else stops the start.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') return { hops: 1 };
  if (/^\d+$/.test(text)) return { hops: Number(text) };
  const addresses = text.split(',').map((item) => item.trim());
  const wrong = addresses.filter((item) => !isAddressOrRange(item));
  if (wrong.length > 0) {
    throw new Error(`TRUST_PROXY: ${wrong.map((w) => JSON.stringify(w)).join(', ')} is not true, false, a number of hops, an address, a CIDR range or loopback/linklocal/uniquelocal`);
  }
  return { addresses };
}

/**
 * The Fastify `trustProxy` option of a TrustProxy. Hops become a function: Fastify refuses a bare number (it cannot
 * tell a proxy from a client that connects directly), so a hop count is safe only when the server is reachable
 * through its proxies alone — the README says so; a list of proxy addresses has no such condition.
 */
export function fastifyTrustProxy(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (trust === false) return false;
  if ('hops' in trust) {
    const { hops } = trust;
    return (_address: string, hop: number) => hop < hops;
  }
  return trust.addresses;
}
