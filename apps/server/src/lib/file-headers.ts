import type { Bilingual, HeaderTexts } from '@tms/contracts/file-headers';
import { CELL_LABELS_VI } from '@tms/contracts/file-headers-labels';
import { currentLanguage } from './request-language.ts';
import type { ImportRow, XlsxColumn } from './sheet-rows.ts';

/**
 * Header rows in the requester's language (issue 25, docs/i18n-files-and-names.md). A file the server writes — an
 * export, a template, an error report — has its headers in the language of the request (or of the job that writes
 * it); a file it reads may name its columns in either language. The texts live in contracts, each English list with
 * its Vietnamese twin; this file only chooses between them and matches them.
 */

/** The texts of the language of the work in progress. */
export const inCurrentLanguage = <T>(texts: Bilingual<T>): T => texts[currentLanguage()];

/**
 * A label cell of an export (a status, a request type, a shift, a day type) in the language of the work in progress:
 * the English text as the contracts' tables give it, its Vietnamese from contracts `CELL_LABELS_VI`. Names, codes and
 * free text are not labels and are written as they are.
 */
export function cellLabel(english: string): string {
  return currentLanguage() === 'vi' ? (CELL_LABELS_VI[english] ?? english) : english;
}

/**
 * A header as the matching compares it: case, spaces around and between words and Vietnamese diacritics ignored
 * ('Ngày áp dụng' = 'ngay ap dung'), so a hand-typed header still names its column.
 */
export function foldHeader(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** An export's columns (`key`, `width`) titled in the current language from a table of headers by key. */
export function columnsIn<K extends string>(headers: Bilingual<HeaderTexts<K>>, columns: ReadonlyArray<{ key: K; width?: number }>): XlsxColumn[] {
  const texts = inCurrentLanguage(headers);
  return columns.map((c) => ({ header: texts[c.key], key: c.key, width: c.width }));
}

/**
 * Columns whose English headers are written in the code beside their keys (contracts lists of `{ header, key, width }`)
 * with the Vietnamese twin by key: the English as they are, else each titled by its twin.
 */
export function localizedColumns(columns: ReadonlyArray<{ header: string; key: string; width?: number }>, vi: Readonly<Record<string, string>>): XlsxColumn[] {
  const vietnamese = currentLanguage() === 'vi';
  return columns.map((c) => ({ header: vietnamese ? (vi[c.key] ?? c.header) : c.header, key: c.key, width: c.width }));
}

/** Folded header of either language → the column's English header. */
function aliases(template: Bilingual<HeaderTexts>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, english] of Object.entries(template.en)) {
    out.set(foldHeader(english), english);
    const vietnamese = template.vi[key];
    if (vietnamese !== undefined) out.set(foldHeader(vietnamese), english);
  }
  return out;
}

/**
 * An upload read against a template: every header that names one of the template's columns, in either language,
 * becomes that column's English header (the one the importers read cells by); other headers stay as written. Of two
 * headers naming the same column, the first is kept.
 */
export function matchHeaders<U extends { headers: string[]; rows: ImportRow[] }>(upload: U, template: Bilingual<HeaderTexts>): U {
  const byFolded = aliases(template);
  const renamed = new Map<string, string>();
  const taken = new Set<string>();
  for (const header of upload.headers) {
    const english = byFolded.get(foldHeader(header));
    if (english !== undefined && !taken.has(english)) {
      taken.add(english);
      renamed.set(header, english);
    }
  }
  if ([...renamed].every(([from, to]) => from === to)) return upload;
  const rename = (header: string) => renamed.get(header) ?? header;
  return {
    ...upload,
    headers: upload.headers.map(rename),
    rows: upload.rows.map((row) => ({ rowNumber: row.rowNumber, values: Object.fromEntries(Object.entries(row.values).map(([h, v]) => [rename(h), v])) })),
  };
}

/** A header an importer reads by (English) as the current language writes it; a header of no column as it is. */
export function headerInCurrentLanguage(template: Bilingual<HeaderTexts> | undefined, english: string): string {
  if (!template) return english;
  const texts = inCurrentLanguage(template);
  const key = Object.keys(template.en).find((k) => template.en[k] === english);
  return key === undefined ? english : (texts[key] ?? english);
}
