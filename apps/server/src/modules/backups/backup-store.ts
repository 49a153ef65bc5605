import fs from 'node:fs';
import path from 'node:path';
import { BACKUP_KINDS, BACKUP_NAME_PATTERN, type BackupItem, type BackupKind, type BackupVerificationState } from '@tms/contracts/backups';
import { readManifest, type BackupManifest } from './backup-file.ts';

/**
 * The backup folder (BACKUP_DIR): `tms-<UTC stamp>-<kind>.tmsbak` files, each with a sidecar `<name>.json` holding
 * its manifest, size and the result of its verification, so the list reads small files, not the backups.
 */
export type Verification = { status: BackupVerificationState; checkedDate: string | null; detail: string | null };
type Sidecar = { manifest: BackupManifest; sizeBytes: number; verification: Verification };

export function backupFileName(kind: BackupKind, at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('.', '');
  return `tms-${stamp}-${kind}.tmsbak`;
}

const sidecarPath = (file: string) => `${file}.json`;

/** The instant in a backup's name (`tms-20260102T030405678Z-…`), as an ISO string. */
function instantOfName(name: string): string {
  const m = /^tms-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z-/.exec(name)!;
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7]}Z`;
}

export function writeSidecar(file: string, manifest: BackupManifest, verification: Verification): void {
  const sidecar: Sidecar = { manifest, sizeBytes: fs.statSync(file).size, verification };
  fs.writeFileSync(`${sidecarPath(file)}.partial`, JSON.stringify(sidecar));
  fs.renameSync(`${sidecarPath(file)}.partial`, sidecarPath(file));
}

function readSidecar(file: string): Sidecar | null {
  try {
    return JSON.parse(fs.readFileSync(sidecarPath(file), 'utf8')) as Sidecar;
  } catch {
    return null;
  }
}

function toItem(name: string, sidecar: Sidecar): BackupItem {
  const { manifest } = sidecar;
  return {
    name,
    kind: manifest.kind,
    createdDate: manifest.createdAt,
    sizeBytes: sidecar.sizeBytes,
    schemaVersion: manifest.schema.tag ?? 'empty',
    source: manifest.source,
    tables: Object.keys(manifest.tables).length,
    rows: Object.values(manifest.tables).reduce((sum, n) => sum + n, 0),
    verification: sidecar.verification,
  };
}

/** A file put in the folder by hand (copied from elsewhere) has no sidecar: its manifest is read, unverified here. */
async function itemWithoutSidecar(dir: string, name: string): Promise<BackupItem> {
  const file = path.join(dir, name);
  const sizeBytes = fs.statSync(file).size;
  try {
    return toItem(name, { manifest: await readManifest(file), sizeBytes, verification: { status: 'not-run', checkedDate: null, detail: null } });
  } catch (err) {
    const kind = BACKUP_KINDS.find((k) => name.endsWith(`-${k}.tmsbak`)) ?? 'manual';
    const failed: Verification = { status: 'failed', checkedDate: null, detail: err instanceof Error ? err.message : String(err) };
    return { name, kind, createdDate: instantOfName(name), sizeBytes, schemaVersion: 'unknown', source: 'pglite', tables: 0, rows: 0, verification: failed };
  }
}

/** The backups in the folder, newest first. */
export async function listBackups(dir: string): Promise<BackupItem[]> {
  if (!fs.existsSync(dir)) return [];
  const names = fs.readdirSync(dir).filter((n) => BACKUP_NAME_PATTERN.test(n));
  const items = await Promise.all(
    names.map(async (name) => {
      const sidecar = readSidecar(path.join(dir, name));
      return sidecar ? toItem(name, sidecar) : itemWithoutSidecar(dir, name);
    }),
  );
  return items.sort((a, b) => b.createdDate.localeCompare(a.createdDate) || b.name.localeCompare(a.name));
}

/** The path of a backup in the folder, or null when the name is not one of its backups. */
export function backupPath(dir: string, name: string): string | null {
  if (!BACKUP_NAME_PATTERN.test(name)) return null;
  const file = path.join(dir, name);
  return fs.existsSync(file) ? file : null;
}

export type Retention = { keepDaily: number; keepWeekly: number };

/**
 * Which backups retention keeps: the newest of each of the last `keepDaily` days that have one, the newest of each of
 * the last `keepWeekly` ISO weeks that have one, and anything younger than a day (a backup just taken before a
 * migration or a restore is never the one removed). Days and weeks are UTC.
 */
export function backupsToKeep(items: Pick<BackupItem, 'name' | 'createdDate'>[], keep: Retention, now: Date): Set<string> {
  const newestFirst = [...items].sort((a, b) => b.createdDate.localeCompare(a.createdDate));
  const kept = new Set<string>();
  const byDay = new Map<string, string>();
  const byWeek = new Map<string, string>();
  for (const item of newestFirst) {
    if (now.getTime() - Date.parse(item.createdDate) < 24 * 3600 * 1000) kept.add(item.name);
    const day = item.createdDate.slice(0, 10);
    if (!byDay.has(day)) byDay.set(day, item.name);
    const week = isoWeek(day);
    if (!byWeek.has(week)) byWeek.set(week, item.name);
  }
  [...byDay.values()].slice(0, keep.keepDaily).forEach((n) => kept.add(n));
  [...byWeek.values()].slice(0, keep.keepWeekly).forEach((n) => kept.add(n));
  return kept;
}

/** Removes what retention does not keep (files, sidecars and leftovers of interrupted runs). Answers the removed names. */
export async function pruneBackups(dir: string, keep: Retention, now: Date): Promise<string[]> {
  const items = await listBackups(dir);
  const kept = backupsToKeep(items, keep, now);
  const removed = items.filter((i) => !kept.has(i.name)).map((i) => i.name);
  for (const name of removed) {
    fs.rmSync(path.join(dir, name), { force: true });
    fs.rmSync(sidecarPath(path.join(dir, name)), { force: true });
  }
  for (const leftover of fs.readdirSync(dir).filter((n) => /\.(partial|body\.tmp)$/.test(n))) {
    const file = path.join(dir, leftover);
    if (now.getTime() - fs.statSync(file).mtimeMs > 24 * 3600 * 1000) fs.rmSync(file, { force: true });
  }
  return removed;
}

/** `YYYY-Www` of a `YYYY-MM-DD` (ISO 8601 week: Monday first; week 1 holds the year's first Thursday). */
export function isoWeek(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  // The Thursday of the same week decides the year.
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7) + 3);
  const year = date.getUTCFullYear();
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const firstThursday = Date.UTC(year, 0, 4 - ((jan4.getUTCDay() + 6) % 7) + 3);
  const week = 1 + Math.round((date.getTime() - firstThursday) / (7 * 86400000));
  return `${year}-W${String(week).padStart(2, '0')}`;
}
