import { createHash, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ATTACHMENT_EXTENSIONS, MAX_UPLOAD_BYTES, MESSAGES_COMMON } from '@tms/contracts/api';
import type { DbOrTx } from '../db/client.ts';
import { storedFiles } from '../db/schema/platform.ts';
import { AppError, badRequest } from './errors.ts';
import { checkZipLimits } from './zip-limits.ts';

/** Spec 000 §5 Attachments: the extensions an attachment may have (otherwise 'Attach file is wrong format'). */
export { ATTACHMENT_EXTENSIONS };

/** The content type a stored file is served with, decided by the server from the checked extension, never by the client. */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  mp4: 'video/mp4',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xls: 'application/vnd.ms-excel',
  zip: 'application/zip',
};

export type UploadedFile = {
  /** The client's file name without any path part, for display and download only. */
  fileName: string;
  /** Lower-case extension without the dot ('pdf'). */
  extension: string;
  buffer: Buffer;
  contentType: string;
  size: number;
};

export type UploadOptions = {
  field: 'file' | 'files';
  /** Allowed extensions, with or without the leading dot ('.xlsx' or 'xlsx'). */
  extensions: readonly string[];
  multiple?: boolean;
  /** 415 message for a refused extension or content (default 'File is wrong format'). */
  wrongFormatMessage?: string;
  /** Answer 400 'File is required' when no file came in `field`. */
  required?: boolean;
};

const PK = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const startsWith = (buf: Buffer, sig: Buffer, at = 0) => buf.length >= at + sig.length && buf.subarray(at, at + sig.length).equals(sig);

/** RULES.md §1: the leading bytes must match the extension; an extension without a rule here is refused. */
const SIGNATURES: Readonly<Record<string, (buf: Buffer) => boolean>> = {
  pdf: (b) => startsWith(b, Buffer.from('%PDF', 'latin1')),
  png: (b) => startsWith(b, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  jpg: (b) => startsWith(b, Buffer.from([0xff, 0xd8, 0xff])),
  jpeg: (b) => startsWith(b, Buffer.from([0xff, 0xd8, 0xff])),
  docx: (b) => startsWith(b, PK),
  xlsx: (b) => startsWith(b, PK),
  pptx: (b) => startsWith(b, PK),
  zip: (b) => startsWith(b, PK),
  mp4: (b) => startsWith(b, Buffer.from('ftyp', 'latin1'), 4),
  xls: (b) => startsWith(b, Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])),
  txt: isUtf8Text,
  csv: isUtf8Text,
};

/**
 * The zip containers among the upload types (Office Open XML documents are zips). Whatever the file is for — an
 * import or an attachment someone else will download and open — its zip directory must pass the limits of RULES.md §1
 * (1,000 entries, 50 MB unpacked, 100:1) before it is kept: a 300 KB spreadsheet that unpacks to 300 MB is a zip
 * bomb, not a document (issue 22 §4).
 */
const ZIP_CONTAINERS: ReadonlySet<string> = new Set(['docx', 'xlsx', 'pptx', 'zip']);

/** Throws 415 with `message` when a zip container breaks the zip limits or is not a readable zip at all. */
async function checkZipContainer(extension: string, buffer: Buffer, message: string = MESSAGES_COMMON.fileWrongFormat): Promise<void> {
  if (!ZIP_CONTAINERS.has(extension)) return;
  try {
    await checkZipLimits(buffer);
  } catch {
    throw new AppError(415, message);
  }
}

function isUtf8Text(buf: Buffer): boolean {
  if (buf.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return true;
  } catch {
    return false;
  }
}

export function normaliseExtension(ext: string): string {
  return ext.trim().toLowerCase().replace(/^\./, '');
}

/** The name without directories or control characters; never used as a storage path. */
export function cleanFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base.slice(-200);
}

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? normaliseExtension(fileName.slice(dot + 1)) : '';
}

/** Checks the extension allow-list and the leading bytes; throws 415 with `message` when either fails. */
export function checkFileFormat(fileName: string, buffer: Buffer, extensions: readonly string[], message: string = MESSAGES_COMMON.fileWrongFormat): string {
  const extension = extensionOf(fileName);
  const allowed = extensions.map(normaliseExtension);
  if (!extension || !allowed.includes(extension)) throw new AppError(415, message);
  const matches = SIGNATURES[extension];
  if (!matches || !matches(buffer)) throw new AppError(415, message);
  return extension;
}

export type MultipartResult = {
  files: UploadedFile[];
  /**
   * Every other part by name, in arrival order: text fields as strings, fields sent as application/json as their
   * parsed value, and small file parts outside `field` (a JSON Blob such as `projectLeaveRequest`) as UTF-8 text.
   */
  fields: Record<string, unknown[]>;
};

const MAX_SIDE_PART_BYTES = 1024 * 1024;

/**
 * Reads a multipart body: the files of `opts.field` (checked as in RULES.md §1: size 413, extension and leading
 * bytes 415, and for a zip container its zip limits 415) and every other part as a field. A file larger than
 * 5,242,880 bytes answers 413 whatever the plugin's own limit is. Every upload of the app comes through here, so a
 * refused file fails the whole request before its service stores anything.
 */
export async function readMultipart(request: FastifyRequest, opts: UploadOptions): Promise<MultipartResult> {
  const message = opts.wrongFormatMessage ?? MESSAGES_COMMON.fileWrongFormat;
  const files: UploadedFile[] = [];
  const fields: Record<string, unknown[]> = {};
  const addField = (name: string, value: unknown) => {
    (fields[name] ??= []).push(value);
  };
  if (request.isMultipart()) {
    try {
      await readParts();
    } catch (error) {
      // The parser's own errors (no boundary, the body ends mid-part) carry no status: the client sent a broken body.
      if (error instanceof AppError || typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
      throw badRequest(MESSAGES_COMMON.malformedMultipart);
    }
  }
  if (opts.required && files.length === 0) throw badRequest(MESSAGES_COMMON.fileRequired);
  return { files, fields };

  async function readParts() {
    for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES } })) {
      if (part.type === 'field') {
        addField(part.fieldname, part.value);
        continue;
      }
      if (part.fieldname !== opts.field) {
        const buffer = await readPart(part);
        if (buffer.length > MAX_SIDE_PART_BYTES) throw new AppError(413, MESSAGES_COMMON.fileTooLarge);
        addField(part.fieldname, buffer.toString('utf8'));
        continue;
      }
      const fileName = cleanFileName(part.filename ?? '');
      // A browser sends an empty part with filename "" when no file was chosen.
      if (!fileName) {
        const empty = await readPart(part);
        if (empty.length === 0) continue;
        throw new AppError(415, message);
      }
      if (files.length > 0 && !opts.multiple) throw badRequest('Only one file is allowed');
      // Extension before reading the body, so a wrong type is refused without buffering it.
      const extension = extensionOf(fileName);
      if (!extension || !opts.extensions.map(normaliseExtension).includes(extension)) {
        part.file.resume();
        throw new AppError(415, message);
      }
      const buffer = await readPart(part);
      checkFileFormat(fileName, buffer, opts.extensions, message);
      await checkZipContainer(extension, buffer, message);
      files.push({ fileName, extension, buffer, contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream', size: buffer.length });
    }
  }
}

/** The files of `opts.field`; see readMultipart. */
export async function readUploads(request: FastifyRequest, opts: UploadOptions): Promise<UploadedFile[]> {
  return (await readMultipart(request, opts)).files;
}

type FilePart = { file: NodeJS.ReadableStream & { truncated?: boolean }; toBuffer(): Promise<Buffer> };

async function readPart(part: FilePart): Promise<Buffer> {
  let buffer: Buffer;
  try {
    buffer = await part.toBuffer();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, MESSAGES_COMMON.fileTooLarge);
    throw error;
  }
  if (part.file.truncated || buffer.length > MAX_UPLOAD_BYTES) throw new AppError(413, MESSAGES_COMMON.fileTooLarge);
  return buffer;
}

export type StoredFileInfo = {
  id: number;
  folder: string;
  storedName: string;
  originalName: string;
  contentType: string;
  size: number;
  sha256: string;
};

/**
 * Stores an upload in `stored_files` under a server-made random name (RULES.md §1); the client's name is kept only
 * for display and the download's file name. Call inside the transaction that links it to its owner.
 */
export async function storeFile(
  tx: DbOrTx,
  file: UploadedFile,
  opts: { folder: string; ownerTable?: string | null; ownerId?: number | null; createdBy?: number | null },
): Promise<StoredFileInfo> {
  const storedName = `${randomUUID()}${file.extension ? `.${file.extension}` : ''}`;
  const sha256 = createHash('sha256').update(file.buffer).digest('hex');
  const [row] = await tx
    .insert(storedFiles)
    .values({
      folder: opts.folder,
      storedName,
      originalName: file.fileName,
      contentType: file.contentType,
      size: file.size,
      sha256,
      content: file.buffer,
      ownerTable: opts.ownerTable ?? null,
      ownerId: opts.ownerId ?? null,
      createdBy: opts.createdBy ?? null,
    })
    .returning({
      id: storedFiles.id,
      folder: storedFiles.folder,
      storedName: storedFiles.storedName,
      originalName: storedFiles.originalName,
      contentType: storedFiles.contentType,
      size: storedFiles.size,
      sha256: storedFiles.sha256,
    });
  if (!row) throw new Error('stored_files insert returned no row');
  return row;
}

/** RFC 6266 / RFC 8187 header value: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(fileName: string): string {
  const clean = cleanFileName(fileName) || 'download';
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Sends a stored file as a download (RULES.md §1: attachment disposition, nosniff). */
export function sendStoredFile(reply: FastifyReply, row: { originalName: string; contentType: string; content: Buffer | Uint8Array }): FastifyReply {
  const content = Buffer.isBuffer(row.content) ? row.content : Buffer.from(row.content);
  return reply
    .status(200)
    .header('Content-Type', row.contentType)
    .header('Content-Disposition', contentDisposition(row.originalName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(content);
}
