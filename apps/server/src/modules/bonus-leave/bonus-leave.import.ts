import { BONUS_LEAVE_IMPORT_COLUMNS as COLUMNS, BONUS_LEAVE_IMPORT_COLUMNS_VI, BONUS_LEAVE_MESSAGES as M } from '@tms/contracts/bonus-leave';
import type { CellValue, ImportRow, XlsxColumn } from '../../lib/xlsx.ts';
import type { Bilingual, HeaderTexts } from '@tms/contracts/file-headers';
import { cell, dateCell, exampleDates, missingColumns as missingColumnsOf, optionalTextCell, templateColumns, textCell } from '../../lib/import-cells.ts';
import type { GrantFields } from './bonus-leave.validation.ts';

/** The import file ↔ form fields (spec 000 §5 Import dialog, RULES.md §1): template columns and cell reading. */

/** The template's headers in both languages: the file is written in the requester's, read in either. */
export const TEMPLATE_HEADERS: Bilingual<HeaderTexts<keyof typeof COLUMNS>> = { en: COLUMNS, vi: BONUS_LEAVE_IMPORT_COLUMNS_VI };

export const templateXlsxColumns = (): XlsxColumn[] => templateColumns(TEMPLATE_HEADERS, [
  ['username', 20],
  ['leaveHour', 12],
  ['description', 40],
  ['applyDate', 24],
  ['expireDate', 24],
]);

/** One example row, dated from tomorrow to the end of that year so it would pass as it stands. */
export function templateExampleRow(today: string): Record<string, CellValue> {
  return { username: 'jane.doe', leaveHour: 8, description: 'Bonus for the release', ...exampleDates(today) };
}

/** Headers of the template the file lacks, as messages. */
export const missingColumns = (headers: readonly string[]): string[] => missingColumnsOf(headers, TEMPLATE_HEADERS, M.importMissingColumn);

/** A sheet row as the form's fields; Leave Hour may be a number or its text. */
export function importRowToInput(row: ImportRow): { username: string; fields: GrantFields } {
  return {
    username: textCell(cell(row, COLUMNS.username)),
    fields: {
      leaveHour: cell(row, COLUMNS.leaveHour),
      description: optionalTextCell(cell(row, COLUMNS.description)),
      applyDate: dateCell(cell(row, COLUMNS.applyDate)),
      expireDate: dateCell(cell(row, COLUMNS.expireDate)),
    },
  };
}
