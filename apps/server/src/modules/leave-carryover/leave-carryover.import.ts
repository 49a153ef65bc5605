import { LEAVE_CARRYOVER_IMPORT_COLUMNS as COLUMNS, LEAVE_CARRYOVER_IMPORT_COLUMNS_VI, LEAVE_CARRYOVER_MESSAGES as M } from '@tms/contracts/leave-carryover';
import type { CellValue, ImportRow, XlsxColumn } from '../../lib/xlsx.ts';
import type { Bilingual, HeaderTexts } from '@tms/contracts/file-headers';
import { cell, dateCell, exampleDates, missingColumns as missingColumnsOf, optionalTextCell, templateColumns, textCell } from '../../lib/import-cells.ts';
import type { CarryoverFields } from './leave-carryover.validation.ts';

/** The import file ↔ form fields (spec 000 §5 Import dialog, RULES.md §1): template columns and cell reading. */

/** The template's headers in both languages: the file is written in the requester's, read in either. */
export const TEMPLATE_HEADERS: Bilingual<HeaderTexts<keyof typeof COLUMNS>> = { en: COLUMNS, vi: LEAVE_CARRYOVER_IMPORT_COLUMNS_VI };

export const templateXlsxColumns = (): XlsxColumn[] => templateColumns(TEMPLATE_HEADERS, [
  ['username', 20],
  ['financialYear', 14],
  ['leaveHours', 12],
  ['description', 40],
  ['applyDate', 24],
  ['expireDate', 24],
]);

/** One example row for the preset year, dated from tomorrow to the end of that year, so only the staff needs filling in. */
export function templateExampleRow(today: string, financialYear: number): Record<string, CellValue> {
  return { username: 'jane.doe', financialYear, leaveHours: 8, description: `Carried over from ${financialYear}`, ...exampleDates(today) };
}

/** Headers of the template the file lacks, as messages. */
export const missingColumns = (headers: readonly string[]): string[] => missingColumnsOf(headers, TEMPLATE_HEADERS, M.importMissingColumn);

/** A sheet row as the form's fields; numbers may be numbers or their text. */
export function importRowToInput(row: ImportRow): { username: string; fields: CarryoverFields } {
  return {
    username: textCell(cell(row, COLUMNS.username)),
    fields: {
      financialYear: cell(row, COLUMNS.financialYear),
      leaveHours: cell(row, COLUMNS.leaveHours),
      description: optionalTextCell(cell(row, COLUMNS.description)),
      applyDate: dateCell(cell(row, COLUMNS.applyDate)),
      expireDate: dateCell(cell(row, COLUMNS.expireDate)),
    },
  };
}
