import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES_COMMON, toStorableText } from '@tms/contracts/api';
import { IMPORT_ERROR_HEADER, type Bilingual, type HeaderTexts } from '@tms/contracts/file-headers';
import { localizeText } from '@tms/contracts/i18n/server-messages';
import { AppError, badRequest } from './errors.ts';
import { foldHeader, headerInCurrentLanguage, inCurrentLanguage, matchHeaders } from './file-headers.ts';
import type { CellValue, ImportRow, XlsxColumn } from './sheet-rows.ts';
import { currentLanguage } from './request-language.ts';
import { CONTENT_TYPES, contentDisposition, readUploads } from './uploads.ts';
import { checkZipLimits } from './zip-limits.ts';

// The sheet's shapes live below the headers (sheet-rows.ts); every reader and writer of xlsx takes them from here.
export type { CellValue, ImportRow, XlsxColumn } from './sheet-rows.ts';

export const XLSX_CONTENT_TYPE = CONTENT_TYPES.xlsx as string;
/** Rows an import may have unless the caller says otherwise; the zip limits bound the file anyway. */
export const DEFAULT_MAX_IMPORT_ROWS = 100_000;

/**
 * Reads the uploaded multipart file (field `file` or `files`), checks size (413 'Maximum allowed file size is 5.0 MB'),
 * extension in `extensions` and leading bytes (415 'File is wrong format'), the zip directory limits of RULES.md §1,
 * then parses the first sheet (read from memory, see parseXlsx). Header = first row. Missing file → 400 'File is required'.
 * With `template` (the import's columns in both languages), headers of either language come back as the English ones
 * the importer reads by (lib/file-headers.ts `matchHeaders`).
 */
export async function readImportUpload(
  request: FastifyRequest,
  opts: { field: 'file' | 'files'; extensions?: readonly string[]; maxRows?: number; template?: Bilingual<HeaderTexts> },
): Promise<{ fileName: string; headers: string[]; rows: ImportRow[] }> {
  const [file] = await readUploads(request, {
    field: opts.field,
    extensions: opts.extensions ?? ['.xlsx'],
    multiple: false,
    required: true,
    wrongFormatMessage: MESSAGES_COMMON.fileWrongFormat,
  });
  if (!file) throw badRequest(MESSAGES_COMMON.fileRequired);
  // Leave imports accept .xls (spec 000 §5), but ExcelJS reads only OOXML: a real legacy .xls (OLE2, its leading
  // bytes checked above) cannot be read, so it is answered like any unreadable type, 415 'File is wrong format'.
  if (file.extension !== 'xlsx') throw new AppError(415, MESSAGES_COMMON.fileWrongFormat);
  const parsed = await parseXlsx(file.buffer, { maxRows: opts.maxRows });
  return { fileName: file.fileName, ...(opts.template ? matchHeaders(parsed, opts.template) : parsed) };
}

/**
 * Parses the first worksheet of an xlsx buffer. The zip limits are checked first; a file that breaks them, or that
 * ExcelJS cannot read, answers 415 'File is wrong format' (RULES.md §1 lists 415 for a wrong file type, and a zip
 * bomb is not the spreadsheet it claims to be). More rows than `maxRows` answers 400.
 */
export async function parseXlsx(buffer: Buffer, opts: { maxRows?: number } = {}): Promise<{ headers: string[]; rows: ImportRow[] }> {
  try {
    await checkZipLimits(buffer);
  } catch {
    throw new AppError(415, MESSAGES_COMMON.fileWrongFormat);
  }
  const maxRows = opts.maxRows ?? DEFAULT_MAX_IMPORT_ROWS;
  // The whole workbook is read from the buffer (at most 5 MB, and its zip limits checked above) rather than through
  // ExcelJS's streaming reader: that reader depends on the order of the zip's entries and on timing — a worksheet
  // before xl/workbook.xml made it throw, and under load it now and then resolved shared strings wrongly, so a valid
  // file lost its header row ('Missing column …'). Reading from memory gives the same answer every time.
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw new AppError(415, MESSAGES_COMMON.fileWrongFormat);
  }
  // ExcelJS lists the worksheets in tab order: the first one is read.
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError(415, MESSAGES_COMMON.fileWrongFormat);
  let columns = null as (string | null)[] | null;
  const rows: ImportRow[] = [];
  let tooManyRows = false;
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = rowValues(row);
    if (values.every((v) => v === null)) return;
    if (columns === null) {
      columns = values.map((v) => (v === null ? null : cellText(v)));
      return;
    }
    if (rows.length >= maxRows) {
      tooManyRows = true;
      return;
    }
    const record: Record<string, CellValue> = {};
    columns.forEach((header, i) => {
      if (header) record[header] = values[i] ?? null;
    });
    rows.push({ rowNumber: row.number, values: record });
  });
  if (tooManyRows) throw badRequest(MESSAGES_COMMON.tooManyRows(maxRows));
  const headers = (columns ?? []).filter((h): h is string => h !== null && h !== '');
  return { headers, rows };
}

function rowValues(row: ExcelJS.Row): CellValue[] {
  const raw = row.values as unknown[];
  const out: CellValue[] = [];
  // row.values is 1-based and sparse.
  for (let i = 1; i < raw.length; i += 1) out.push(normaliseCell(raw[i]));
  return out;
}

/**
 * One cell as a plain value: rich text → its text, formula → its result, hyperlink → its text, error → its code
 * ('#N/A'), dates as Date (an Excel date has no zone: read a date cell with getUTC*). Strings are trimmed and an
 * empty string is null.
 */
export function normaliseCell(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    // PostgreSQL text holds no NUL or lone surrogate (issue 7 §2): a file's text is read as a UTF-8 decoder would.
    const text = toStorableText(value).trim();
    return text === '' ? null : text;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText)) return normaliseCell((v.richText as { text?: unknown }[]).map((r) => (typeof r.text === 'string' ? r.text : '')).join(''));
    if ('formula' in v || 'sharedFormula' in v) return normaliseCell(v.result);
    if ('hyperlink' in v || 'text' in v) return normaliseCell(v.text);
    if ('error' in v) return typeof v.error === 'string' ? v.error : null;
  }
  return null;
}

/** A cell as text (numbers as written, dates as YYYY-MM-DD or YYYY-MM-DD HH:mm:ss in UTC, as Excel stores them). */
export function cellText(value: CellValue): string {
  if (value === null) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
  }
  return String(value);
}

/**
 * All-or-nothing import reply (RULES.md §1): when any row has errors, answers header `code: 400` with an xlsx error
 * report (the uploaded rows plus an `Error` column) named `resultFileName`; otherwise header `code: 200` and JSON
 * `{ code: 200, message, data: { count } }`. The report's headers are in the importer's language: the template's
 * columns (`template`, as readImportUpload matched them) and the Error column; other columns as the file named them.
 */
export async function sendImportErrorReport(
  reply: FastifyReply,
  opts: { headers: string[]; rows: ImportRow[]; errors: Map<number, string[]>; resultFileName: string; template?: Bilingual<HeaderTexts> },
): Promise<FastifyReply> {
  // A re-uploaded error report already has an Error column (in either language): the new one replaces it.
  const errorHeaders = new Set(Object.values(IMPORT_ERROR_HEADER).map(foldHeader));
  const headers = opts.headers.filter((h) => !errorHeaders.has(foldHeader(h)));
  const columns: XlsxColumn[] = [
    ...headers.map((h, i) => ({ header: headerInCurrentLanguage(opts.template, h), key: `c${i}`, width: 18 })),
    { header: inCurrentLanguage(IMPORT_ERROR_HEADER), key: 'error', width: 60 },
  ];
  // A file cannot be translated by the web: each row error is written in the importer's language here, from the
  // English text the importer built (every importer's row messages are registered keys, so each has its Vietnamese).
  const language = currentLanguage();
  const errorCell = (messages: readonly string[]) => messages.map((m) => localizeText(m, language)).join('; ');
  const seen = new Set<number>();
  const rows: Record<string, CellValue>[] = opts.rows.map((row) => {
    seen.add(row.rowNumber);
    const out: Record<string, CellValue> = {};
    headers.forEach((h, i) => {
      out[`c${i}`] = row.values[h] ?? null;
    });
    out.error = errorCell(opts.errors.get(row.rowNumber) ?? []);
    return out;
  });
  // Errors about no uploaded row (a missing column, an empty file) still reach the report.
  for (const [rowNumber, messages] of [...opts.errors].sort((a, b) => a[0] - b[0])) {
    if (!seen.has(rowNumber) && messages.length > 0) rows.push({ error: errorCell(messages) });
  }
  const buffer = await buildXlsxBuffer({ sheetName: 'Result', columns, rows });
  // RULES.md §1: the HTTP status equals the code on errors, so the report goes out with 400 as well as `code: 400`.
  return sendXlsxBuffer(reply.status(400), opts.resultFileName, buffer, { code: '400' });
}

export function sendImportSuccess(reply: FastifyReply, opts: { count: number; message?: string; extra?: Record<string, unknown> }): FastifyReply {
  return reply
    .status(200)
    .header('code', '200')
    .send({ code: 200, message: opts.message ?? 'Import successfully', data: { count: opts.count, ...opts.extra } });
}

/**
 * A cell value for writing. Only string, number, boolean, Date and null are written; anything else becomes its text,
 * so no value from a caller can reach ExcelJS as a `{ formula }` object. A string starting with = + - @ tab or CR
 * stays a string cell: ExcelJS writes strings as text, never as formulas (RULES.md §1).
 */
function safeCell(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'bigint') return value.toString();
  return JSON.stringify(value) ?? null;
}

function dateFormat(value: Date): string {
  return value.getUTCHours() === 0 && value.getUTCMinutes() === 0 && value.getUTCSeconds() === 0 ? 'dd/mm/yyyy' : 'dd/mm/yyyy hh:mm:ss';
}

/**
 * The style object of every plain data cell. ExcelJS gives each new cell a fresh `{}` style and, with styles on, looks
 * each one up in its style table (rendering it to XML for the key): two thirds of a large export's time. It caches the
 * id per style object, so cells sharing one object cost one lookup in all. Frozen: nothing may style a cell through it.
 */
export const PLAIN_STYLE = Object.freeze({}) as Partial<ExcelJS.Style>;
/** One shared style per date format, for the same reason. */
const DATE_STYLES = new Map(['dd/mm/yyyy', 'dd/mm/yyyy hh:mm:ss'].map((f) => [f, Object.freeze({ numFmt: f }) as Partial<ExcelJS.Style>]));

function writeRow(sheet: ExcelJS.Worksheet, columns: XlsxColumn[], record: Record<string, unknown>): ExcelJS.Row {
  const row = sheet.addRow(columns.map((c) => safeCell(record[c.key])));
  row.eachCell({ includeEmpty: true }, (cell) => {
    cell.style = cell.value instanceof Date ? DATE_STYLES.get(dateFormat(cell.value))! : PLAIN_STYLE;
  });
  return row;
}

function addSheet(workbook: ExcelJS.Workbook, sheetName: string, columns: XlsxColumn[]): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(safeSheetName(sheetName));
  sheet.columns = columns.map((c) => ({ key: c.key, width: c.width ?? Math.min(Math.max(c.header.length + 4, 12), 60) }));
  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  return sheet;
}

/** Excel refuses sheet names over 31 characters or with : \ / ? * [ ]. */
function safeSheetName(name: string): string {
  return name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';
}

export type XlsxSheet = { sheetName: string; columns: XlsxColumn[]; rows?: Iterable<Record<string, CellValue>> };

/** A small workbook in memory (templates, error reports): the sheet plus any `extraSheets` (lists of codes, notes). */
export async function buildXlsxBuffer(opts: XlsxSheet & { extraSheets?: XlsxSheet[] }): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const spec of [opts, ...(opts.extraSheets ?? [])]) {
    const sheet = addSheet(workbook, spec.sheetName, spec.columns);
    for (const record of spec.rows ?? []) writeRow(sheet, spec.columns, record);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function sendXlsxBuffer(reply: FastifyReply, fileName: string, buffer: Buffer, extraHeaders: Record<string, string> = {}): FastifyReply {
  reply
    .header('Content-Type', XLSX_CONTENT_TYPE)
    .header('Content-Disposition', contentDisposition(fileName))
    .header('X-Content-Type-Options', 'nosniff');
  for (const [name, value] of Object.entries(extraHeaders)) reply.header(name, value);
  return reply.send(buffer);
}

/**
 * Streams an xlsx workbook to the client with `Content-Disposition: attachment; filename=...`. Text cells starting
 * with = + - @ tab or CR are written as text, never formulas. Rows may be an async iterable (streamed from SQL).
 * Each row is committed as it comes and the producer waits while the client is behind, so memory stays bounded
 * (no shared strings table: strings are written inline).
 */
export async function sendXlsx(reply: FastifyReply, opts: { fileName: string; sheetName: string; columns: XlsxColumn[]; rows: Iterable<Record<string, CellValue>> | AsyncIterable<Record<string, CellValue>> }): Promise<FastifyReply> {
  const rows = toAsyncIterator(opts.rows);
  // The first row is fetched before anything is sent, so a failing query still answers the JSON error envelope.
  const first = await rows.next();
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = addSheet(workbook, opts.sheetName, opts.columns);
  const write = async () => {
    try {
      let written = 0;
      for (let next = first; !next.done; next = await rows.next()) {
        if (out.destroyed) return;
        writeRow(sheet, opts.columns, next.value).commit();
        written += 1;
        // Rows from memory never leave the microtask queue: give zlib and the socket a turn now and then.
        if (written % 200 === 0) await new Promise((resolve) => setImmediate(resolve));
        await whileBacklogged(sheet, out);
      }
    } finally {
      await rows.return?.();
    }
    if (out.destroyed) return;
    sheet.commit();
    await workbook.commit();
  };
  return sendXlsxStream(reply, opts.fileName, out, write);
}

/**
 * Sends `out` as an xlsx attachment while `write` fills it; a failure after the headers went out is logged and ends
 * the response early (the client sees a cut download, never a half file presented as whole).
 */
export function sendXlsxStream(reply: FastifyReply, fileName: string, out: PassThrough, write: () => Promise<void>): FastifyReply {
  reply
    .header('Content-Type', XLSX_CONTENT_TYPE)
    .header('Content-Disposition', contentDisposition(fileName))
    .header('X-Content-Type-Options', 'nosniff');
  reply.send(out);
  write().catch((error: unknown) => {
    reply.log.error({ err: error }, 'xlsx export failed while streaming');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply;
}

function toAsyncIterator<T>(source: Iterable<T> | AsyncIterable<T>): AsyncIterator<T> {
  if (Symbol.asyncIterator in source) return source[Symbol.asyncIterator]();
  const it = source[Symbol.iterator]();
  return {
    next: async () => it.next(),
    return: async (value?: unknown) => it.return?.(value) ?? { done: true, value: undefined },
  };
}

/**
 * Waits while the client is behind. ExcelJS writes a sheet into its own buffer stream, which pushes into the zip
 * entry's deflate stream without honouring backpressure, so both ends are watched: the deflate input (the sheet
 * buffer's pipe destination) and the reply stream. Each wait also ends when the reply is closed.
 */
export async function whileBacklogged(sheet: ExcelJS.Worksheet, out: Writable): Promise<void> {
  for (;;) {
    if (out.destroyed) return;
    const blocked = backlogOf(sheet, out);
    if (!blocked) return;
    await drainOrClose(blocked, out);
  }
}

/** The stream that is behind — `out`, or the deflate stream ExcelJS pipes the sheet into — or null (cheap, sync). */
export function backlogOf(sheet: ExcelJS.Worksheet, out: Writable): Writable | null {
  if (out.writableNeedDrain) return out;
  const sink = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0] as Writable | undefined;
  return sink?.writableNeedDrain ? sink : null;
}

function drainOrClose(stream: Writable, out: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      out.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    out.on('close', done);
  });
}
