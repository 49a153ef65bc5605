import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
  trustProxy: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: env.DATA_DIR ? path.resolve(env.DATA_DIR) : path.join(REPO_ROOT, 'data'),
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
    trustProxy: env.TRUST_PROXY === 'true',
  };
}
