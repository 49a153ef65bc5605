import { PROJECT_LEAVE_IMPORT_COLUMNS as COLUMNS, PROJECT_LEAVE_IMPORT_COLUMNS_VI, PROJECT_LEAVE_MESSAGES as M } from '@tms/contracts/project-leave';
import type { CellValue, ImportRow, XlsxColumn } from '../../lib/xlsx.ts';
import type { Bilingual, HeaderTexts } from '@tms/contracts/file-headers';
import { cell, dateCell, exampleDates, missingColumns as missingColumnsOf, templateColumns, textCell } from '../../lib/import-cells.ts';

/** The import file ↔ form fields (spec 000 §5 Import dialog, RULES.md §1): template columns and cell reading. */

/** The template's headers in both languages: the file is written in the requester's, read in either. */
export const TEMPLATE_HEADERS: Bilingual<HeaderTexts<keyof typeof COLUMNS>> = { en: COLUMNS, vi: PROJECT_LEAVE_IMPORT_COLUMNS_VI };

export const templateXlsxColumns = (): XlsxColumn[] => templateColumns(TEMPLATE_HEADERS, [
  ['username', 20],
  ['projectCode', 20],
  ['leaveDay', 12],
  ['applyDate', 16],
  ['expireDate', 16],
]);

/** One example row, dated from tomorrow to the end of that year so it would pass as it stands. */
export function templateExampleRow(today: string): Record<string, CellValue> {
  return { username: 'jane.doe', projectCode: 'PRJ-ATLAS', leaveDay: 1.5, ...exampleDates(today) };
}

/** Headers of the template the file lacks, as messages. */
export const missingColumns = (headers: readonly string[]): string[] => missingColumnsOf(headers, TEMPLATE_HEADERS, M.importMissingColumn);

/** A sheet row as the form's fields; the project comes by code, Leave Day as a number or its text. */
export function importRowToInput(row: ImportRow): { username: string; projectCode: string; leaveDay: unknown; applyDate: unknown; expireDate: unknown } {
  return {
    username: textCell(cell(row, COLUMNS.username)),
    projectCode: textCell(cell(row, COLUMNS.projectCode)),
    leaveDay: cell(row, COLUMNS.leaveDay),
    applyDate: dateCell(cell(row, COLUMNS.applyDate)),
    expireDate: dateCell(cell(row, COLUMNS.expireDate)),
  };
}
