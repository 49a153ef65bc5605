import fs from 'node:fs';
import path from 'node:path';

/**
 * The embedded database is one process's: PGlite has no lock of its own, and a second process opening the same folder
 * would corrupt it. The server writes its process id into `pglite.pid` beside the data (server.ts); the backup,
 * restore and move commands refuse to open a folder whose server is alive.
 */
const pidFile = (pgliteDir: string) => path.join(path.dirname(pgliteDir), `${path.basename(pgliteDir)}.pid`);

export function markEmbeddedDatabaseInUse(pgliteDir: string): () => void {
  const file = pidFile(pgliteDir);
  fs.writeFileSync(file, String(process.pid));
  return () => {
    if (fs.existsSync(file) && fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file, { force: true });
  };
}

/** Throws when a live process other than this one has marked the folder. */
export function assertEmbeddedDatabaseFree(pgliteDir: string): void {
  const file = pidFile(pgliteDir);
  if (!fs.existsSync(file)) return;
  const pid = Number(fs.readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return;
  throw new Error(`The embedded database in ${pgliteDir} is in use by process ${pid} (the server): stop it first (a backup can also be taken while it runs, from Settings → Backups). If no server runs, delete ${file}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
