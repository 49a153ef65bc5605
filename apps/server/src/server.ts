import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.ts';
import { historyRewriteRights, openDatabase } from './db/client.ts';
import { buildApp } from './app.ts';
import { runningClock } from './lib/clock.ts';
import { webPlugin } from './plugins/web.ts';
import { prepareData } from './seed/prepare.ts';
import { startJobWorker } from './lib/jobs.ts';
import { releaseAllClaims } from './modules/timesheet/recalc-queue.repository.ts';
import { scheduleMaintenance } from './lib/maintenance.ts';
import { scheduleJudgingOfEndedDays } from './modules/timesheet/recalculate.ts';
import { scheduleLeaveDailySettle } from './modules/leave/leave-schedule.ts';
import { scheduleScheduleSwitch } from './modules/work-schedules/schedule-switch.ts';
import { markEmbeddedDatabaseInUse } from './lib/embedded-lock.ts';
import { backupBeforeMigration } from './modules/backups/backup.service.ts';
import { scheduleNightlyBackup } from './modules/backups/backup.job.ts';

const started = performance.now();
const config = loadConfig();
// Made first, so a business clock set by BUSINESS_CLOCK_START is as close as can be to the instant asked for.
const clock = config.businessClockStart === undefined ? undefined : runningClock(config.businessClockStart, config.companyTimeZone);
fs.mkdirSync(config.dataDir, { recursive: true });

if (config.migrationDatabaseUrl && !config.databaseUrl) {
  console.error('MIGRATION_DATABASE_URL is set without DATABASE_URL: set both for the two-role deployment (README)');
  process.exit(1);
}
const database = await openDatabase(
  config.databaseUrl
    ? {
        databaseUrl: config.databaseUrl,
        migrationDatabaseUrl: config.migrationDatabaseUrl,
        onIdleError: (err) => console.error(`database: idle connection lost (${err.message})`),
      }
    : {
        dataDir: path.join(config.dataDir, 'pglite'),
        beforeMigrate: async (opened) => {
          const taken = await backupBeforeMigration(opened, config.backup.dir);
          if (taken) console.log(`database: backed up before migrating, ${taken.file}`);
        },
      },
);
const releaseEmbedded = database.kind === 'pglite' ? markEmbeddedDatabaseInUse(path.join(config.dataDir, 'pglite')) : () => {};
if (database.kind === 'postgres' && !config.migrationDatabaseUrl) {
  // ISSUE 7 §5: one role that owns the schema could switch off the history trigger; say so until two roles are used.
  const rights = await historyRewriteRights(database.db);
  if (rights.length > 0) console.warn(`database: history is protected only by its trigger (${rights.join(', ')}); set MIGRATION_DATABASE_URL (README: two roles)`);
}
const app = await buildApp({
  database,
  config,
  logger: { level: config.logLevel, redact: ['req.headers.authorization'] },
  clock,
});
if (config.businessClockStart !== undefined) console.warn(`BUSINESS_CLOCK_START: business time runs from ${new Date(config.businessClockStart).toISOString()}, not the real date`);
const webRoot = config.webDist ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
await app.register(webPlugin, { root: webRoot });

const prepared = await prepareData(database.db, config, app.log, { now: app.clock.now() });
// Only this process can hold the embedded database, so no claim on the recalculation queue is alive: a process killed
// mid-drain leaves its claims, handed back here so the worker's first poll recomputes them at once.
if (database.kind === 'pglite') await releaseAllClaims(database.db);
await scheduleMaintenance(database.db);
await scheduleJudgingOfEndedDays(database.db);
await scheduleLeaveDailySettle(database.db);
await scheduleScheduleSwitch(database.db);
await scheduleNightlyBackup(database.db, config.backup, config.companyTimeZone);
const worker = startJobWorker(app);

await app.listen({ port: config.port, host: config.host });
const seconds = ((performance.now() - started) / 1000).toFixed(1);
// The port actually bound: PORT=0 (tests) lets the system choose one.
const address = app.server.address();
const url = `http://localhost:${typeof address === 'object' && address ? address.port : config.port}`;
console.log(`\nTMS is running at ${url}  (database: ${database.kind}, ready in ${seconds} s)`);
if (prepared.demoAccounts) {
  console.log(`Demo accounts (password ${prepared.demoPassword}): ${prepared.demoAccounts.join(', ')}`);
}
if (prepared.generatedAdminPassword) {
  console.log(`First start: user 'admin' created with password ${prepared.generatedAdminPassword} (shown once)`);
}

// Graceful shutdown (ISSUE 7 §5a: a server always stops): stop taking requests and jobs, then close the database.
// The whole of it is bounded; the worker waits for its running job only part of that bound (lib/jobs.ts), so closing
// the database never waits behind a job that itself waits on the database. A second signal exits at once.
const SHUTDOWN_BOUND_MS = 10_000;
let stopping = false;
let shutdownStep = 'starting';
const stillBusy = () => {
  const job = worker.running();
  return job ? `${shutdownStep}; job ${job.id} '${job.name}' still running` : shutdownStep;
};
const shutdown = async (signal: NodeJS.Signals) => {
  if (stopping) {
    console.error(`shutdown: second ${signal}, exiting now (busy: ${stillBusy()})`);
    process.exit(1);
  }
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  const bound = setTimeout(() => {
    console.error(`shutdown: not done after ${SHUTDOWN_BOUND_MS / 1000} s, exiting (busy: ${stillBusy()})`);
    process.exit(1);
  }, SHUTDOWN_BOUND_MS);
  try {
    shutdownStep = 'job worker';
    await worker.stop();
    shutdownStep = 'http server (requests in flight)';
    await app.close();
    shutdownStep = 'database';
    await database.close();
    releaseEmbedded();
  } catch (err) {
    console.error(`shutdown: ${shutdownStep} failed (${err instanceof Error ? err.message : String(err)})`);
    process.exit(1);
  }
  clearTimeout(bound);
  process.exit(0);
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, (received) => void shutdown(received));
