// `npm run backup [-- --dir FOLDER]`: a verified backup of the database this environment's server uses (docs/backups.md).
import { loadConfig } from '../config.ts';
import { takeBackup, verifyBackup } from '../modules/backups/backup.service.ts';
import { megabytes, openConfiguredDatabase, parseArgs, runCommand, seconds } from './cli-support.ts';

runCommand(async () => {
  const config = loadConfig();
  const { options } = parseArgs(process.argv.slice(2));
  const dir = typeof options.get('dir') === 'string' ? (options.get('dir') as string) : config.backup.dir;
  const database = await openConfiguredDatabase(config);
  try {
    const started = performance.now();
    const taken = await takeBackup(database, { dir, kind: 'manual' });
    const tookBackup = performance.now() - started;
    const verification = await verifyBackup(taken);
    console.log(`${taken.file}\n  ${megabytes(taken.sizeBytes)}, ${Object.keys(taken.manifest.tables).length} tables, schema ${taken.manifest.schema.tag}, taken in ${seconds(tookBackup)}`);
    console.log(`  verification: ${verification.status}${verification.detail ? ` (${verification.detail})` : ''}, ${seconds(performance.now() - started - tookBackup)}`);
    if (verification.status !== 'passed') throw new Error('the backup did not verify');
  } finally {
    await database.close();
  }
});
