import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { buildApp } from './app.ts';
import { webPlugin } from './plugins/web.ts';
import { prepareData } from './db/seed/prepare.ts';
import { startJobWorker } from './lib/jobs.ts';
import { scheduleMaintenance } from './lib/maintenance.ts';

const started = performance.now();
const config = loadConfig();
fs.mkdirSync(config.dataDir, { recursive: true });

const database = await openDatabase(
  config.databaseUrl
    ? { databaseUrl: config.databaseUrl, onIdleError: (err) => console.error(`database: idle connection lost (${err.message})`) }
    : { dataDir: path.join(config.dataDir, 'pglite') },
);
const app = await buildApp({
  database,
  config,
  logger: { level: config.logLevel, redact: ['req.headers.authorization'] },
});
const webRoot = config.webDist ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
await app.register(webPlugin, { root: webRoot });

const prepared = await prepareData(database.db, config, app.log);
await scheduleMaintenance(database.db);
const worker = startJobWorker(app);

await app.listen({ port: config.port, host: config.host });
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const url = `http://localhost:${config.port}`;
console.log(`\nTMS is running at ${url}  (database: ${database.kind}, ready in ${seconds} s)`);
if (prepared.demoAccounts) {
  console.log(`Demo accounts (password ${prepared.demoPassword}): ${prepared.demoAccounts.join(', ')}`);
}
if (prepared.generatedAdminPassword) {
  console.log(`First start: user 'admin' created with password ${prepared.generatedAdminPassword} (shown once)`);
}

// Graceful shutdown: stop taking requests, let the job worker finish its job, close the database.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await worker.stop();
    await app.close();
    await database.close();
    process.exit(0);
  });
}
