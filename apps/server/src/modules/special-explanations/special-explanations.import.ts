import type { FastifyRequest } from 'fastify';
import { MESSAGES_COMMON } from '@tms/contracts/api';
import type { Bilingual, HeaderTexts } from '@tms/contracts/file-headers';
import {
  SPECIAL_EXPLANATION_IMPORT_COLUMNS as COLUMNS,
  SPECIAL_EXPLANATION_IMPORT_COLUMNS_VI,
  SPECIAL_EXPLANATION_IMPORT_EXTENSIONS,
  SPECIAL_EXPLANATION_IMPORT_MAX_ROWS,
  SPECIAL_EXPLANATION_MESSAGES as M,
} from '@tms/contracts/special-explanation';
import { AppError, badRequest } from '../../lib/errors.ts';
import { matchHeaders } from '../../lib/file-headers.ts';
import { templateColumns } from '../../lib/import-cells.ts';
import { readUploads } from '../../lib/uploads.ts';
import { normaliseCell, parseXlsx, type ImportRow, type XlsxColumn } from '../../lib/xlsx.ts';

/** The template's headers in both languages: the template is written in the requester's, a file read in either. */
export const SPECIAL_EXPLANATION_HEADERS: Bilingual<HeaderTexts<keyof typeof COLUMNS>> = { en: COLUMNS, vi: SPECIAL_EXPLANATION_IMPORT_COLUMNS_VI };

/** Description and CC may be left out of a file; the other columns must be there. */
const required = ({ description: _d, ccMail: _c, ...rest }: HeaderTexts<keyof typeof COLUMNS>) => rest;
export const REQUIRED_HEADERS: Bilingual<HeaderTexts> = { en: required(COLUMNS), vi: required(SPECIAL_EXPLANATION_IMPORT_COLUMNS_VI) };

export const templateXlsxColumns = (): XlsxColumn[] =>
  templateColumns(SPECIAL_EXPLANATION_HEADERS, [
    ['username', 20],
    ['date', 20],
    ['requestReason', 24],
    ['type', 28],
    ['time', 14],
    ['description', 40],
    ['ccMail', 36],
  ]);

/**
 * The import file (spec 001 §5.3: .csv, .xls, .xlsx). xlsx goes through the shared reader; a CSV (UTF-8, comma or
 * semicolon separated, quotes per RFC 4180) is read here into the same rows. A legacy .xls cannot be read (ExcelJS
 * reads OOXML only) and answers 415 'File is wrong format' as the other imports do. Headers of either language come
 * back as the English ones the import reads by.
 */
export async function readSpecialImport(request: FastifyRequest): Promise<{ headers: string[]; rows: ImportRow[] }> {
  return matchHeaders(await readSpecialFile(request), SPECIAL_EXPLANATION_HEADERS);
}

async function readSpecialFile(request: FastifyRequest): Promise<{ headers: string[]; rows: ImportRow[] }> {
  const [file] = await readUploads(request, {
    field: 'file',
    extensions: SPECIAL_EXPLANATION_IMPORT_EXTENSIONS,
    multiple: false,
    required: true,
    wrongFormatMessage: MESSAGES_COMMON.fileWrongFormat,
  });
  if (!file) throw badRequest(M.fileRequired);
  if (file.extension === 'csv') return parseCsv(file.buffer.toString('utf8'));
  if (file.extension !== 'xlsx') throw new AppError(415, MESSAGES_COMMON.fileWrongFormat);
  return parseXlsx(file.buffer, { maxRows: SPECIAL_EXPLANATION_IMPORT_MAX_ROWS });
}

/** RFC 4180 records; the separator is the first of ',' or ';' found in the header line. */
export function parseCsv(text: string): { headers: string[]; rows: ImportRow[] } {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  const sep = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"') {
        if (body[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === sep) {
      record.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  const nonEmpty = records.map((r, i) => ({ r, line: i + 1 })).filter(({ r }) => r.some((c) => c.trim() !== ''));
  if (nonEmpty.length === 0) return { headers: [], rows: [] };
  const headers = nonEmpty[0]!.r.map((h) => h.trim());
  if (nonEmpty.length - 1 > SPECIAL_EXPLANATION_IMPORT_MAX_ROWS) throw badRequest(`The file has more than ${SPECIAL_EXPLANATION_IMPORT_MAX_ROWS} rows`);
  const rows: ImportRow[] = nonEmpty.slice(1).map(({ r, line }) => {
    const values: ImportRow['values'] = {};
    headers.forEach((h, i) => {
      if (h) values[h] = normaliseCell(r[i] ?? null);
    });
    return { rowNumber: line, values };
  });
  return { headers, rows };
}
