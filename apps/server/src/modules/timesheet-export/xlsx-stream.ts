import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { backlogOf, PLAIN_STYLE, sendXlsxStream, whileBacklogged } from '../../lib/xlsx.ts';
import type { SheetRow } from './timesheet-export.sheets.ts';

/**
 * One worksheet written by ExcelJS's streaming writer from plain arrays. lib/xlsx.ts `sendXlsx` takes keyed records and
 * styles cell by cell; the timesheet list is 10,000 rows × ~37 cells, so here rows are arrays, only the leading rows
 * get a (bold) style, data cells share one style object (`writePlainRow`), and rows arrive in batches (one per chunk
 * of employees).
 */
export type StreamSheet = {
  name: string;
  widths: readonly number[];
  /** Rows written first, before the data; `bold` ones are headers. */
  leading: readonly { values: SheetRow; bold?: boolean }[];
  /** Frozen panes: columns left of / rows above the split stay in view. */
  freeze?: { columns: number; rows: number };
};

/** Styles on for the bold header rows; no shared strings table, so memory does not grow with the sheet. */
const WRITER_OPTIONS = { useStyles: true, useSharedStrings: false } as const;

/** Adds and commits one data row whose cells share PLAIN_STYLE. */
export function writePlainRow(sheet: ExcelJS.Worksheet, values: SheetRow): void {
  const row = sheet.addRow(values);
  row.eachCell({ includeEmpty: true }, (cell) => {
    cell.style = PLAIN_STYLE;
  });
  row.commit();
}

/** Yield to the event loop after this many rows, so zlib and the socket get a turn while rows come from memory. */
export const ROWS_PER_TURN = 100;

export function openSheet(stream: Writable, spec: StreamSheet): { workbook: ExcelJS.stream.xlsx.WorkbookWriter; sheet: ExcelJS.Worksheet } {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, ...WRITER_OPTIONS });
  const views = spec.freeze ? [{ state: 'frozen' as const, xSplit: spec.freeze.columns, ySplit: spec.freeze.rows }] : [];
  const sheet = workbook.addWorksheet(spec.name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1', { views });
  sheet.columns = spec.widths.map((width) => ({ width }));
  for (const row of spec.leading) {
    const added = sheet.addRow(row.values);
    if (row.bold) added.font = { bold: true };
    added.commit();
  }
  return { workbook, sheet };
}

/**
 * Writes `batches` into the sheet, waiting whenever the output is behind. ExcelJS pushes a sheet into its zip entry's
 * deflate stream without honouring backpressure, so both that stream and `out` are watched (as lib/xlsx.ts does).
 * Returns false when `out` was closed (client gone) before the end.
 */
export async function writeBatches(sheet: ExcelJS.Worksheet, out: Writable, batches: AsyncIterable<SheetRow[]> | Iterable<SheetRow[]>): Promise<boolean> {
  let sinceTurn = 0;
  for await (const rows of batches) {
    for (let k = 0; k < rows.length; k += 1) {
      if (out.destroyed) return false;
      writePlainRow(sheet, rows[k]!);
      sinceTurn += 1;
      if (sinceTurn >= ROWS_PER_TURN) {
        sinceTurn = 0;
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (backlogOf(sheet, out)) await whileBacklogged(sheet, out);
    }
  }
  return !out.destroyed;
}

/** A whole small workbook in memory (one file of the zip). */
export async function xlsxBuffer(spec: StreamSheet, rows: SheetRow[]): Promise<Buffer> {
  const out = new PassThrough();
  const parts: Buffer[] = [];
  out.on('data', (chunk: Buffer) => parts.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const { workbook, sheet } = openSheet(out, spec);
  for (const row of rows) writePlainRow(sheet, row);
  sheet.commit();
  await workbook.commit();
  await ended;
  return Buffer.concat(parts);
}

/**
 * Streams one sheet to the client as `fileName` (attachment, nosniff). The caller fetched the first batch already
 * (so "no data" and query errors still answer JSON); a failure after the headers went out ends the response early.
 */
export function sendSheet(reply: FastifyReply, fileName: string, spec: StreamSheet, batches: AsyncIterable<SheetRow[]>): FastifyReply {
  const out = new PassThrough();
  const { workbook, sheet } = openSheet(out, spec);
  const write = async () => {
    if (!(await writeBatches(sheet, out, batches))) return;
    sheet.commit();
    await workbook.commit();
  };
  return sendXlsxStream(reply, fileName, out, write);
}

