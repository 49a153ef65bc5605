import type { Bilingual, HeaderTexts } from '@tms/contracts/file-headers';
import { addDays, toDmy } from './dates.ts';
import { badRequest } from './errors.ts';
import { columnsIn, foldHeader, inCurrentLanguage } from './file-headers.ts';
import type { CellValue, ImportRow, XlsxColumn } from './xlsx.ts';

/**
 * Reading the cells of an import sheet (RULES.md §1) the same way in every import: headers match in either language
 * without regard to case, spaces or diacritics (readImportUpload's `template` renames them to the English ones the
 * cells are read by), date cells come back as the form's DD/MM/YYYY text, and the form's rules judge the rest.
 */

/** The template's columns, in the order given, headed in the requester's language from the contract's column texts. */
export function templateColumns<K extends string>(headers: Bilingual<HeaderTexts<K>>, widths: ReadonlyArray<readonly [K, number]>): XlsxColumn[] {
  return columnsIn(headers, widths.map(([key, width]) => ({ key, width })));
}

/** Columns of the template the file lacks (by English header, as matched), each as `message(header)` in the requester's language. */
export function missingColumns<K extends string>(headers: readonly string[], expected: Bilingual<HeaderTexts<K>>, message: (header: string) => string): string[] {
  const present = new Set(headers.map(foldHeader));
  const shown = inCurrentLanguage(expected);
  return (Object.keys(expected.en) as K[]).filter((k) => !present.has(foldHeader(expected.en[k]))).map((k) => message(shown[k]));
}

/** The cell under `header` (exact first, then as headers match: case, spaces and diacritics ignored). */
export function cell(row: ImportRow, header: string): CellValue | undefined {
  if (header in row.values) return row.values[header];
  const folded = foldHeader(header);
  const key = Object.keys(row.values).find((k) => foldHeader(k) === folded);
  return key === undefined ? undefined : row.values[key];
}

/** A date cell: ExcelJS gives date-formatted cells as Dates at UTC midnight, text cells as 'DD/MM/YYYY'. */
export function dateCell(value: CellValue | undefined): unknown {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return 'invalid';
    return toDmy(value.toISOString().slice(0, 10));
  }
  return typeof value === 'string' ? value.trim() : value;
}

/** A text cell, trimmed; an empty cell is ''. */
export const textCell = (value: CellValue | undefined): string => (value === null || value === undefined ? '' : String(value).trim());

/** An optional free-text cell (Description): kept as written, an empty cell is null. */
export const optionalTextCell = (value: CellValue | undefined): string | null =>
  value === null || value === undefined || value === '' ? null : String(value);

/** The dates of a template's example row: from tomorrow to the end of that year, so the row would pass as it stands. */
export function exampleDates(today: string): { applyDate: string; expireDate: string } {
  const applyDate = addDays(today, 1);
  return { applyDate: toDmy(applyDate)!, expireDate: `31/12/${applyDate.slice(0, 4)}` };
}

/**
 * The first rules of an import (RULES.md §1), each a 400 before anything is read: every template column present
 * (all missing ones listed), at least one data row. Then every row read by `read`, with its sheet row number.
 */
export function importInputs<T extends object>(
  upload: { headers: string[]; rows: ImportRow[] },
  opts: { missingColumns: (headers: readonly string[]) => string[]; noRowsMessage: string; read: (row: ImportRow) => T },
): (T & { rowNumber: number })[] {
  const missing = opts.missingColumns(upload.headers);
  if (missing.length > 0) throw badRequest(missing[0]!, missing);
  if (upload.rows.length === 0) throw badRequest(opts.noRowsMessage);
  return upload.rows.map((r) => ({ rowNumber: r.rowNumber, ...opts.read(r) }));
}
