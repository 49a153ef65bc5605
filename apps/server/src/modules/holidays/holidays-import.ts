import { HOLIDAYS_IMPORT_COLUMNS as COLUMNS, HOLIDAYS_IMPORT_COLUMNS_VI, HOLIDAYS_MESSAGES as M, checkHolidayFields, type HolidayFields } from '@tms/contracts/holidays';
import type { Bilingual, HeaderTexts } from '@tms/contracts/file-headers';
import { parseDmy, toDmy } from '../../lib/dates.ts';
import { cell, dateCell, importInputs, missingColumns as missingColumnsOf, optionalTextCell, templateColumns, textCell } from '../../lib/import-cells.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import type { CellValue, ImportRow, XlsxColumn } from '../../lib/xlsx.ts';
import { getLockDate } from '../payroll-periods/payroll-periods.service.ts';
import * as repo from './holidays.repository.ts';
import { afterChange, calendarOf, replaceRows, type HolidaysDeps } from './holidays.service.ts';

/** Import holidays into one calendar (RULES.md §1: all or nothing, an error report per row); a listed date replaces the calendar's day. */

export const TEMPLATE_HEADERS: Bilingual<HeaderTexts<keyof typeof COLUMNS>> = { en: COLUMNS, vi: HOLIDAYS_IMPORT_COLUMNS_VI };

export const templateXlsxColumns = (): XlsxColumn[] => templateColumns(TEMPLATE_HEADERS, [['date', 18], ['nameEn', 36], ['nameVi', 36], ['kind', 24], ['note', 40]]);

/** One example row: a company day at the end of next year, so it would pass as it stands. */
export function templateExampleRow(today: string): Record<string, CellValue> {
  const year = Number(today.slice(0, 4)) + 1;
  return { date: `31/12/${year}`, nameEn: "Company's year-end day", nameVi: 'Ngày nghỉ cuối năm của công ty', kind: 'COMPANY', note: null };
}

function readRow(row: ImportRow) {
  const dmy = dateCell(cell(row, COLUMNS.date));
  const text = typeof dmy === 'string' ? dmy : '';
  return {
    date: text === '' ? '' : (parseDmy(text) ?? 'invalid'),
    name_en: textCell(cell(row, COLUMNS.nameEn)),
    name_vi: textCell(cell(row, COLUMNS.nameVi)),
    kind: textCell(cell(row, COLUMNS.kind)),
    note: optionalTextCell(cell(row, COLUMNS.note)),
  };
}

/** Every row checked (fields, a date listed once, after the lock date); any error → the report, nothing saved. */
export async function importHolidays({ db }: HolidaysDeps, user: SessionUser, calendarCode: string, upload: { headers: string[]; rows: ImportRow[] }): Promise<{ count: number } | { errors: Map<number, string[]> }> {
  const code = await calendarOf(db, calendarCode);
  const inputs = importInputs(upload, { missingColumns: (h) => missingColumnsOf(h, TEMPLATE_HEADERS, M.importMissingColumn), noRowsMessage: M.importNoRows, read: readRow });
  const lock = await getLockDate(db);
  const errors = new Map<number, string[]>();
  const seen = new Set<string>();
  const items: HolidayFields[] = [];
  for (const input of inputs) {
    const result = checkHolidayFields(input);
    const messages = result.ok ? [] : [...result.messages];
    if (result.ok) {
      const d = result.value.date;
      if (seen.has(d)) messages.push(M.duplicateInList(toDmy(d)!));
      if (lock !== null && d <= lock) messages.push(M.locked(toDmy(d)!, toDmy(lock)!));
      seen.add(d);
      items.push(result.value);
    }
    if (messages.length > 0) errors.set(input.rowNumber, messages);
  }
  if (errors.size > 0) return { errors };
  return db.transaction(async (tx) => {
    await repo.lockCalendar(tx, code);
    const current = await repo.findHolidaysOn(tx, code, items.map((i) => i.date));
    const touched = await replaceRows(tx, code, current, items, user);
    await afterChange(tx, code, touched, user);
    return { count: items.length };
  });
}
