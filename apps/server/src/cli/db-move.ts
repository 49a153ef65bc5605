// `npm run db:move -- --to postgres://…`: the embedded database (DATA_DIR/pglite) into an empty PostgreSQL database,
// verified (README "Outgrowing the embedded database"). With MIGRATION_DATABASE_URL set it restores as that owner and
// grants --to as the serving role. The reverse, a test copy of a server database into a new embedded one:
// `npm run db:move -- --from postgres://… --to-data-dir FOLDER [--scramble]`.
import { loadConfig } from '../config.ts';
import { withoutPassword } from '../modules/backups/db-move.service.ts';
import { megabytes, parseArgs, runCommand, seconds } from './cli-support.ts';
import { copyToEmbedded, moveToServer, type MoveReport } from './db-move-steps.ts';

const USAGE = 'usage: npm run db:move -- --to postgres://…   or   npm run db:move -- --from postgres://… --to-data-dir FOLDER [--scramble]';

const text = (value: string | true | undefined) => (typeof value === 'string' && value !== '' ? value : undefined);

/** Prints what differs (and exits 1 through runCommand), or the figures and what to do next. */
function print(report: MoveReport, next: string[]): void {
  const { tables, api } = report;
  if (tables.differences.length > 0) {
    console.log('\ntables that differ (rows in source / target, checksum):');
    console.table(tables.differences.map((d) => ({ table: d.table, source: d.sourceRows ?? 'missing', target: d.targetRows ?? 'missing', checksum: d.checksum })));
  }
  for (const d of api?.differences ?? []) console.log(`API ${d.call}: ${d.detail}`);
  console.log(`\ntables: ${tables.tables} compared, ${tables.differences.length} differ; ${tables.rows} rows; not copied (everyone signs in again): ${tables.notCopied.join(', ')}`);
  if (api) console.log(api.skipped ? `API sample: skipped (${api.skipped})` : `API sample: ${api.calls.length} calls, ${api.differences.length} differ`);
  const { dumpMs, restoreMs, verifyMs } = report.timings;
  console.log(`timings: dump ${seconds(dumpMs)}, restore ${seconds(restoreMs)}, verify ${seconds(verifyMs)}, total ${seconds(dumpMs + restoreMs + verifyMs)}`);
  console.log(`sizes: backup file ${megabytes(report.sizes.file)}, source database ${megabytes(report.sizes.source)}, target database ${megabytes(report.sizes.target)}`);
  if (!report.ok) throw new Error('the copy does not match its source (see above); nothing else was changed');
  for (const line of next) console.log(line);
}

runCommand(async () => {
  const config = loadConfig();
  const { options } = parseArgs(process.argv.slice(2));
  const [to, from, dataDir] = [text(options.get('to')), text(options.get('from')), text(options.get('to-data-dir'))];
  const log = (line: string) => console.log(line);
  if (to && !from && !dataDir) {
    const report = await moveToServer({ config, to, migrationUrl: config.migrationDatabaseUrl }, log);
    const env = config.migrationDatabaseUrl ? `MIGRATION_DATABASE_URL=${withoutPassword(config.migrationDatabaseUrl)} DATABASE_URL=${withoutPassword(to)}` : `DATABASE_URL=${withoutPassword(to)}`;
    print(report, [
      `\nthe copy is verified. The move's backup: ${report.backupFile}`,
      `next: start the server on it:  ${env} npm start`,
      `the embedded folder ${config.dataDir}/pglite is untouched: to switch back, start without DATABASE_URL (what was written on the server since is not in it).`,
    ]);
    return;
  }
  if (from && dataDir && !to) {
    const report = await copyToEmbedded({ config, from, dataDir, scramble: options.has('scramble') }, log);
    const s = report.scramble;
    print(report, [
      s
        ? `\nscrambled: ${s.employees} employees, ${s.files} files; rows rewritten: ${Object.entries(s.rewritten).map(([t, n]) => `${t} ${n}`).join(', ')}\n` +
          `every one of the ${s.users} users now signs in with the password ${s.password} (usernames are kept); the move's backup file (real data) was deleted`
        : `\nthe move's backup: ${report.backupFile}`,
      `next: DATA_DIR=${dataDir} npm start`,
    ]);
    return;
  }
  throw new Error(USAGE);
});
