import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { once } from 'node:events';
import { StringDecoder } from 'node:string_decoder';
import zlib from 'node:zlib';
import { z } from 'zod';
import { BACKUP_KINDS } from '@tms/contracts/backups';

/**
 * A backup file (`.tmsbak`, docs/backups.md): two gzip members one after the other. The first holds one line, the
 * manifest (JSON: when, which database and schema version, the row count of every table in the snapshot, what was
 * left out, and the length and SHA-256 of the SQL); the second the SQL itself, a plain pg_dump. Any gzip tool reads it
 * as one text. The checksum is of the SQL as restored, so a damaged or cut file is refused before anything is written.
 */
export const BACKUP_FORMAT = 'tms-backup';

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(1),
  kind: z.enum(BACKUP_KINDS),
  createdAt: z.string(),
  source: z.enum(['pglite', 'postgres']),
  /** The PostgreSQL version of the source (`server_version`). */
  serverVersion: z.string(),
  /** Migrations applied in the source and the last one's tag (db/migration-state.ts). */
  schema: z.object({ applied: z.number().int(), tag: z.string().nullable() }),
  /** `schema.table` → rows, counted in the same snapshot as the dump. */
  tables: z.record(z.string(), z.number().int()),
  /** Tables whose rows the file does not hold (their structure it does). */
  leftOut: z.array(z.string()),
  /** What secret-like data the file does hold (so whoever keeps it knows). */
  holds: z.array(z.string()),
  sql: z.object({ bytes: z.number().int(), sha256: z.string() }),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** A file that is not a backup, is damaged or cut short, or does not match its manifest. Nothing was written. */
export class BackupFileError extends Error {}

const MANIFEST_MAX_BYTES = 1 << 20;

/** Writes SQL as it is produced into a gzip file, counting its bytes and hashing it. */
export class SqlBodyWriter {
  private readonly gzip = zlib.createGzip({ level: 6 });
  private readonly out: fs.WriteStream;
  private readonly hash = createHash('sha256');
  private bytes = 0;
  private readonly done: Promise<unknown>;

  constructor(path: string) {
    this.out = fs.createWriteStream(path);
    this.gzip.pipe(this.out);
    this.done = once(this.out, 'close');
  }

  async write(text: string | Buffer): Promise<void> {
    const buffer = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
    this.hash.update(buffer);
    this.bytes += buffer.length;
    if (!this.gzip.write(buffer)) await once(this.gzip, 'drain');
  }

  async finish(): Promise<{ bytes: number; sha256: string }> {
    this.gzip.end();
    await this.done;
    return { bytes: this.bytes, sha256: this.hash.digest('hex') };
  }
}

/** Puts the manifest member in front of the written SQL member: `bodyPath` becomes part of `target` (then removed). */
export async function sealBackupFile(target: string, bodyPath: string, manifest: BackupManifest): Promise<number> {
  const partial = `${target}.partial`;
  const fd = fs.openSync(partial, 'w');
  try {
    fs.writeSync(fd, zlib.gzipSync(`${JSON.stringify(manifest)}\n`));
    const body = fs.openSync(bodyPath, 'r');
    try {
      const chunk = Buffer.alloc(1 << 20);
      for (let n; (n = fs.readSync(body, chunk)) > 0; ) fs.writeSync(fd, chunk, 0, n);
    } finally {
      fs.closeSync(body);
    }
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(partial, target);
  fs.rmSync(bodyPath, { force: true });
  return fs.statSync(target).size;
}

/** The decompressed text of a backup file, as it streams; a gzip error becomes a BackupFileError. */
async function* textOf(path: string): AsyncGenerator<string> {
  if (!fs.existsSync(path)) throw new BackupFileError(`No backup file at ${path}`);
  const source = fs.createReadStream(path);
  const gunzip = zlib.createGunzip();
  source.on('error', (err) => gunzip.destroy(err));
  source.pipe(gunzip);
  const decoder = new StringDecoder('utf8');
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) yield decoder.write(chunk);
    yield decoder.end();
  } catch (err) {
    throw new BackupFileError(`The backup file is damaged or incomplete (${err instanceof Error ? err.message : String(err)})`);
  } finally {
    source.destroy();
    gunzip.destroy();
  }
}

/** Reads and checks the manifest line only. */
export async function readManifest(path: string): Promise<BackupManifest> {
  let head = '';
  for await (const text of textOf(path)) {
    head += text;
    const eol = head.indexOf('\n');
    if (eol !== -1) return parseManifest(head.slice(0, eol));
    if (head.length > MANIFEST_MAX_BYTES) break;
  }
  throw new BackupFileError('This is not a TMS backup file (no manifest)');
}

function parseManifest(line: string): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    throw new BackupFileError('This is not a TMS backup file (its first line is not a manifest)');
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const format = (json as { format?: unknown } | null)?.format;
    throw new BackupFileError(format === BACKUP_FORMAT ? 'This backup file was written in a format this version does not read' : 'This is not a TMS backup file');
  }
  return parsed.data;
}

/**
 * The SQL of a backup as it streams, after its manifest. The length and checksum are compared at the end: a reader
 * that must not act on a damaged file reads it through once (`checkBackupFile`) before using it.
 */
export async function* backupSql(path: string, manifest: BackupManifest): AsyncGenerator<string> {
  const hash = createHash('sha256');
  let bytes = 0;
  let inBody = false;
  for await (const text of textOf(path)) {
    let body = text;
    if (!inBody) {
      const eol = text.indexOf('\n');
      if (eol === -1) continue;
      inBody = true;
      body = text.slice(eol + 1);
    }
    const buffer = Buffer.from(body, 'utf8');
    hash.update(buffer);
    bytes += buffer.length;
    if (body !== '') yield body;
  }
  if (bytes !== manifest.sql.bytes || hash.digest('hex') !== manifest.sql.sha256) {
    throw new BackupFileError(`The backup file is damaged: its SQL does not match the checksum in its manifest (${bytes} of ${manifest.sql.bytes} bytes read)`);
  }
}

/** Reads a backup through: its manifest, then every byte against the checksum. Answers the manifest. */
export async function checkBackupFile(path: string): Promise<BackupManifest> {
  const manifest = await readManifest(path);
  for await (const _ of backupSql(path, manifest)) {
    // Only the checksum at the end matters here.
  }
  return manifest;
}
