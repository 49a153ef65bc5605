import type { FastifyReply, FastifyRequest } from 'fastify';

// INTERFACE STUB — implemented by the server-libraries work. Keep these signatures.

export type CellValue = string | number | boolean | Date | null;
export type XlsxColumn = { header: string; key: string; width?: number };

/** A parsed upload row: 1-based sheet row number and the cell values keyed by the template's header text. */
export type ImportRow = { rowNumber: number; values: Record<string, CellValue> };

/**
 * Reads the uploaded multipart file (field `file` or `files`), checks size (413 'Maximum allowed file size is 5.0 MB'),
 * extension in `extensions` and leading bytes (415 'File is wrong format'), the zip directory limits of RULES.md §1,
 * then parses the first sheet with ExcelJS's streaming reader. Header = first row. Missing file → 400 'File is required'.
 */
export async function readImportUpload(request: FastifyRequest, opts: { field: 'file' | 'files'; extensions?: readonly string[]; maxRows?: number }): Promise<{ fileName: string; headers: string[]; rows: ImportRow[] }> {
  void request; void opts;
  throw new Error('not implemented');
}

/**
 * All-or-nothing import reply (RULES.md §1): when any row has errors, answers header `code: 400` with an xlsx error
 * report (the uploaded rows plus an `Error` column) named `resultFileName`; otherwise header `code: 200` and JSON
 * `{ code: 200, message, data: { count } }`.
 */
export async function sendImportErrorReport(reply: FastifyReply, opts: { headers: string[]; rows: ImportRow[]; errors: Map<number, string[]>; resultFileName: string }): Promise<FastifyReply> {
  void reply; void opts;
  throw new Error('not implemented');
}
export function sendImportSuccess(reply: FastifyReply, opts: { count: number; message?: string }): FastifyReply {
  void reply; void opts;
  throw new Error('not implemented');
}

/**
 * Streams an xlsx workbook to the client with `Content-Disposition: attachment; filename=...`. Text cells starting
 * with = + - @ tab or CR are written as text, never formulas. Rows may be an async iterable (streamed from SQL).
 */
export async function sendXlsx(reply: FastifyReply, opts: { fileName: string; sheetName: string; columns: XlsxColumn[]; rows: Iterable<Record<string, CellValue>> | AsyncIterable<Record<string, CellValue>> }): Promise<FastifyReply> {
  void reply; void opts;
  throw new Error('not implemented');
}
