// `npm run restore -- <file> [--replace]`: a backup into the database this environment's server uses (docs/backups.md):
// DATABASE_URL (restored as MIGRATION_DATABASE_URL's owner when set, then granted), else DATA_DIR's embedded database.
import { loadConfig } from '../config.ts';
import { assertEmbeddedDatabaseFree } from '../lib/embedded-lock.ts';
import { restoreIntoTarget } from '../modules/backups/restore-target.ts';
import type { RestoreTarget } from '../modules/backups/restore.ts';
import { parseArgs, pgliteDirOf, runCommand, seconds } from './cli-support.ts';

runCommand(async () => {
  const config = loadConfig();
  const { positional, options } = parseArgs(process.argv.slice(2));
  const file = positional[0];
  if (!file) throw new Error('usage: npm run restore -- <backup file> [--replace]');
  const target: RestoreTarget = config.databaseUrl
    ? { kind: 'postgres', url: config.migrationDatabaseUrl ?? config.databaseUrl, servingUrl: config.migrationDatabaseUrl ? config.databaseUrl : undefined }
    : { kind: 'pglite', dataDir: pgliteDirOf(config) };
  if (target.kind === 'pglite') assertEmbeddedDatabaseFree(target.dataDir);
  const started = performance.now();
  let shown = -1;
  const outcome = await restoreIntoTarget(file, target, {
    replace: options.has('replace'),
    backupDir: config.backup.dir,
    progress: (done, total) => {
      const percent = Math.floor((done * 100) / Math.max(1, total));
      if (percent >= shown + 10) console.log(`  ${(shown = percent)} %`);
    },
  });
  const { manifest } = outcome;
  if (outcome.replacedBackup) console.log(`what the target held is in ${outcome.replacedBackup}`);
  console.log(`restored ${file} (taken ${manifest.createdAt}, schema ${manifest.schema.tag}) in ${seconds(performance.now() - started)}; migrated to this version`);
  console.log(`not in the file: the rows of ${manifest.leftOut.join(', ')} — everyone signs in again`);
});
