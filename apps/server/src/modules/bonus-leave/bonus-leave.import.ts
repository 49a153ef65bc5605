import { BONUS_LEAVE_IMPORT_COLUMNS as COLUMNS, BONUS_LEAVE_MESSAGES as M } from '@tms/contracts/bonus-leave';
import { addDays, toDmy } from '../../lib/dates.ts';
import type { CellValue, ImportRow, XlsxColumn } from '../../lib/xlsx.ts';
import type { GrantFields } from './bonus-leave.validation.ts';

/** The import file ↔ form fields (spec 000 §5 Import dialog, RULES.md §1): template columns and cell reading. */

export const TEMPLATE_COLUMNS: XlsxColumn[] = [
  { header: COLUMNS.username, key: 'username', width: 20 },
  { header: COLUMNS.leaveHour, key: 'leaveHour', width: 12 },
  { header: COLUMNS.description, key: 'description', width: 40 },
  { header: COLUMNS.applyDate, key: 'applyDate', width: 24 },
  { header: COLUMNS.expireDate, key: 'expireDate', width: 24 },
];

/** One example row, dated from tomorrow to the end of that year so it would pass as it stands. */
export function templateExampleRow(today: string): Record<string, CellValue> {
  const applyDate = addDays(today, 1);
  return {
    username: 'jane.doe',
    leaveHour: 8,
    description: 'Bonus for the release',
    applyDate: toDmy(applyDate),
    expireDate: `31/12/${applyDate.slice(0, 4)}`,
  };
}

/** Headers of the template the file lacks, as messages. */
export function missingColumns(headers: readonly string[]): string[] {
  const present = new Set(headers.map((h) => h.trim().toLowerCase()));
  return Object.values(COLUMNS)
    .filter((h) => !present.has(h.toLowerCase()))
    .map(M.importMissingColumn);
}

/** A date cell: ExcelJS gives date-formatted cells as Dates at UTC midnight, text cells as 'DD/MM/YYYY'. */
export function dateCell(value: CellValue | undefined): unknown {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return 'invalid';
    return toDmy(value.toISOString().slice(0, 10));
  }
  return typeof value === 'string' ? value.trim() : value;
}

function cell(row: ImportRow, header: string): CellValue | undefined {
  if (header in row.values) return row.values[header];
  const key = Object.keys(row.values).find((k) => k.trim().toLowerCase() === header.toLowerCase());
  return key === undefined ? undefined : row.values[key];
}

/** A sheet row as the form's fields; Leave Hour may be a number or its text. */
export function importRowToInput(row: ImportRow): { username: string; fields: GrantFields } {
  const username = cell(row, COLUMNS.username);
  const description = cell(row, COLUMNS.description);
  return {
    username: username === null || username === undefined ? '' : String(username).trim(),
    fields: {
      leaveHour: cell(row, COLUMNS.leaveHour),
      description: description === null || description === undefined || description === '' ? null : String(description),
      applyDate: dateCell(cell(row, COLUMNS.applyDate)),
      expireDate: dateCell(cell(row, COLUMNS.expireDate)),
    },
  };
}
