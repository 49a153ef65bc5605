import type { SQL } from 'drizzle-orm';
import {
  EMPLOYEE_DETAIL_TABLE_ROW,
  TIMESHEET_DETAIL_SHEET,
  TIMESHEET_EXPORT_MESSAGES as M,
  TIMESHEET_LIST_HEADER_ROWS,
  TIMESHEET_LIST_LEADING_HEADERS,
  TIMESHEET_LIST_SHEET,
  timesheetDetailFileName,
  timesheetDetailZipName,
  timesheetListDetailFileName,
  timesheetListFileName,
  type ExportBody,
} from '@tms/contracts/timesheet-export';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { findPeriod } from '../payroll-periods/payroll-periods.service.ts';
import { employeeFilterSql, fromExportBody } from '../timesheet/employee-filter.repository.ts';
import * as repo from './timesheet-export.repository.ts';
import type { ExportPeriod } from './timesheet-export.repository.ts';
import { detailChunkRows, detailHeaderRow, detailRows, DETAIL_COLUMN_WIDTHS, listColumnWidths, listHeaderRows, listRows, parseDays, periodDates, summarise, summaryRows, type SheetRow } from './timesheet-export.sheets.ts';
import { keysetPages } from '../../lib/keyset-pages.ts';
import { xlsxBuffer, type StreamSheet } from './xlsx-stream.ts';

/** Employees per chunk: what an export holds at once (twice, with the prefetch), whatever the company's size. */
export const EXPORT_CHUNK = 500;

export async function loadPeriod(db: DbOrTx, id: number, callerEmployeeId: number | null): Promise<ExportPeriod> {
  const period = await findPeriod(db, id, { callerEmployeeId });
  if (!period) throw notFound(M.timesheetNotFound);
  return period;
}

type Keyed = { name: string; id: number };

/** Keyset pages of employees in (name, id) order (lib/keyset-pages.ts: the next page is read while this one is written). */
export const pages = <T extends Keyed>(size: number, fetch: (after: Keyed | null) => Promise<T[]>): AsyncGenerator<T[]> =>
  keysetPages(size, fetch, (last) => ({ name: last.name, id: Number(last.id) }));

/**
 * Row batches of a sheet with the first one already fetched: "no employee" answers 404 'No data export' (spec 001 §8,
 * the text the web shows) and a failing query the error envelope, both before any byte of the file is sent.
 */
export async function firstBatchOrNoData<T>(batches: AsyncGenerator<T>): Promise<AsyncIterable<T>> {
  const first = await batches.next();
  if (first.done) throw notFound(M.noData);
  return (async function* () {
    yield first.value;
    yield* batches;
  })();
}

// ---------------------------------------------------------------------------------------------------------------
// rule

export function listSheet(period: ExportPeriod): { spec: StreamSheet; dates: string[] } {
  const dates = periodDates(period);
  const [first, second] = listHeaderRows(dates);
  return {
    dates,
    spec: {
      name: TIMESHEET_LIST_SHEET,
      widths: listColumnWidths(dates.length),
      leading: [
        { values: first, bold: true },
        { values: second, bold: true },
      ],
      freeze: { columns: TIMESHEET_LIST_LEADING_HEADERS.length, rows: TIMESHEET_LIST_HEADER_ROWS },
    },
  };
}

export async function* listBatches(db: DbOrTx, filter: SQL, period: ExportPeriod, dayCount: number, size = EXPORT_CHUNK): AsyncGenerator<SheetRow[]> {
  let no = 1;
  for await (const employees of pages(size, (after) => repo.listPage(db, filter, period, after, size))) {
    const rows = listRows(employees, dayCount, no);
    no += rows.length;
    yield rows;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// rule2

export function detailSheet(): StreamSheet {
  return { name: TIMESHEET_DETAIL_SHEET, widths: DETAIL_COLUMN_WIDTHS, leading: [{ values: detailHeaderRow(), bold: true }], freeze: { columns: 0, rows: 1 } };
}

export async function* detailBatches(db: DbOrTx, filter: SQL, period: ExportPeriod, size = EXPORT_CHUNK): AsyncGenerator<SheetRow[]> {
  const dates = periodDates(period);
  for await (const employees of pages(size, (after) => repo.detailPage(db, filter, period, after, size))) yield detailChunkRows(employees, dates);
}

// ---------------------------------------------------------------------------------------------------------------
// zip: one detail file per employee

/** Employees per query while the zip is built (it holds at most 500). */
const ZIP_CHUNK = 50;

/** A file name part from a user name: no path separators or characters Windows refuses, so an entry is never a path. */
const safeNamePart = (text: string) => text.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').replace(/^\.+/, '_') || '_';

export async function* employeeFiles(db: DbOrTx, filter: SQL, period: ExportPeriod): AsyncGenerator<{ name: string; data: Buffer }> {
  const dates = periodDates(period);
  for await (const employees of pages(ZIP_CHUNK, (after) => repo.detailPage(db, filter, period, after, ZIP_CHUNK))) {
    for (const emp of employees) {
      const days = parseDays(emp.days);
      const spec: StreamSheet = {
        name: TIMESHEET_DETAIL_SHEET,
        widths: DETAIL_COLUMN_WIDTHS,
        leading: [
          ...summaryRows(emp, period, summarise(days, emp.violations, period)).map((values) => ({ values })),
          { values: [] },
          { values: detailHeaderRow(), bold: true },
        ],
        freeze: { columns: 0, rows: EMPLOYEE_DETAIL_TABLE_ROW },
      };
      yield { name: timesheetDetailFileName(safeNamePart(emp.user_name), period.to_date), data: await xlsxBuffer(spec, detailRows(emp, days, dates)) };
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The exports of a period of the caller's company (RULES.md §3), employees picked by the timesheet core's filter

type Sheet = { fileName: string; spec: StreamSheet; batches: AsyncIterable<SheetRow[]> };

/** The HR list: one row per employee, one column per date (spec 001 §2.1 grid), streamed chunk by chunk. */
export async function listExport(db: DbOrTx, periodId: number, body: ExportBody, callerEmployeeId: number | null): Promise<Sheet> {
  const period = await loadPeriod(db, periodId, callerEmployeeId);
  const { spec, dates } = listSheet(period);
  const batches = await firstBatchOrNoData(listBatches(db, employeeFilterSql(fromExportBody(body), period), period, dates.length));
  return { fileName: timesheetListFileName(period.to_date), spec, batches };
}

/** The detail: one row per employee-day, under its own name (contracts timesheetListDetailFileName). */
export async function detailExport(db: DbOrTx, periodId: number, body: ExportBody, callerEmployeeId: number | null): Promise<Sheet> {
  const period = await loadPeriod(db, periodId, callerEmployeeId);
  const batches = await firstBatchOrNoData(detailBatches(db, employeeFilterSql(fromExportBody(body), period), period));
  return { fileName: timesheetListDetailFileName(period.to_date), spec: detailSheet(), batches };
}

/** One detail file per chosen employee, the first one built; ids that match nobody in the period are skipped. */
export async function zipExport(
  db: DbOrTx,
  periodId: number,
  employeeIds: readonly number[],
  callerEmployeeId: number | null,
): Promise<{ fileName: string; first: { name: string; data: Buffer }; rest: AsyncGenerator<{ name: string; data: Buffer }> }> {
  const period = await loadPeriod(db, periodId, callerEmployeeId);
  const files = employeeFiles(db, employeeFilterSql({ employeeIds: [...new Set(employeeIds)] }, period), period);
  const first = await files.next();
  if (first.done) throw notFound(M.noData);
  return { fileName: timesheetDetailZipName(period.to_date), first: first.value, rest: files };
}
