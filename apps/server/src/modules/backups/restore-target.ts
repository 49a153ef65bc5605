import fs from 'node:fs';
import { openDatabase } from '../../db/client.ts';
import { checkBackupFile, type BackupManifest } from './backup-file.ts';
import { takeBackup } from './backup.service.ts';
import { assertSchemaKnown, isTargetEmpty, restoreBackup, TargetNotEmptyError, type RestoreOptions, type RestoreTarget } from './restore.ts';

export type RestoreOutcome = { manifest: BackupManifest; replacedBackup: string | null };

const describe = (target: RestoreTarget) => (target.kind === 'pglite' ? `folder ${target.dataDir}` : 'database');

/**
 * `npm run restore` (docs/backups.md): the file is checked whole first; an empty target is restored into; a target
 * that holds data is refused unless `replace`, and then backed up first (kind `pre-restore`, into `backupDir`) and
 * replaced — on a server in the restore's own transaction, for the embedded database by restoring into a fresh folder
 * and putting the old one back if anything fails.
 */
export async function restoreIntoTarget(file: string, target: RestoreTarget, opts: RestoreOptions & { replace?: boolean; backupDir: string }): Promise<RestoreOutcome> {
  const empty = await isTargetEmpty(target);
  if (!empty && !opts.replace) {
    throw new TargetNotEmptyError(`The target ${describe(target)} is not empty: restore into an empty one, or add --replace (what it holds is backed up first)`);
  }
  // Into an empty target the restore checks the file itself; before replacing data, the file is checked first, so
  // a damaged or newer file never costs the target its pre-restore backup and replacement.
  if (!empty) assertSchemaKnown(await checkBackupFile(file));
  const replacedBackup = empty ? null : await backUpTarget(target, opts.backupDir);
  if (empty || target.kind === 'postgres') {
    const manifest = await restoreBackup(file, target, { ...opts, dropExisting: !empty });
    return { manifest, replacedBackup };
  }
  const aside = `${target.dataDir}.before-restore-${Date.now()}`;
  fs.renameSync(target.dataDir, aside);
  try {
    const manifest = await restoreBackup(file, target, opts);
    fs.rmSync(aside, { recursive: true, force: true });
    return { manifest, replacedBackup };
  } catch (err) {
    fs.rmSync(target.dataDir, { recursive: true, force: true });
    fs.renameSync(aside, target.dataDir);
    throw err;
  }
}

async function backUpTarget(target: RestoreTarget, dir: string): Promise<string> {
  const database = target.kind === 'pglite' ? await openDatabase({ dataDir: target.dataDir, migrate: false }) : await openDatabase({ databaseUrl: target.url, migrate: false, poolMax: 2 });
  try {
    return (await takeBackup(database, { dir, kind: 'pre-restore' })).file;
  } finally {
    await database.close();
  }
}
