import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import {
  LEAVE_FUND_EXPORT_COLUMNS as COLS,
  LEAVE_FUND_EXPORT_COLUMNS_VI,
  OVERVIEW_FIGURES,
  OVERVIEW_FUND_TYPES,
  TOTAL_FUND,
  figureColumnTitle,
  figureColumnTitleVi,
  type LeaveOverviewRow,
} from '@tms/contracts/leave-overview';
import { inCurrentLanguage } from '../../lib/file-headers.ts';
import { backlogOf, sendXlsxStream, whileBacklogged } from '../../lib/xlsx.ts';

/**
 * LeaveFund.xlsx (spec 000 §7): one row per employee — who, seniority, period, the six totals, then the six figures of
 * each fund — streamed chunk by chunk with ExcelJS's streaming writer. Text cells are written as inline strings, so
 * a name starting with = + - @ stays text, never a formula (RULES.md §1).
 */

export type ExportCell = string | number | null;

/** The header row in the requester's language. */
export function exportHeaders(): string[] {
  const columns = inCurrentLanguage<Readonly<Record<keyof typeof COLS, string>>>({ en: COLS, vi: LEAVE_FUND_EXPORT_COLUMNS_VI });
  const title = inCurrentLanguage({ en: figureColumnTitle, vi: figureColumnTitleVi });
  return [
    ...Object.values(columns),
    ...OVERVIEW_FIGURES.map((figure) => title(TOTAL_FUND, figure)),
    ...OVERVIEW_FUND_TYPES.flatMap((fund) => OVERVIEW_FIGURES.map((figure) => title(fund, figure))),
  ];
}

const seniorityText = (r: LeaveOverviewRow) =>
  r.years_seniority === null ? null : `${r.years_seniority}-${r.months_seniority}-${r.days_seniority}`;

/** The cells of one employee, in the order of exportHeaders(). */
export function exportCells(r: LeaveOverviewRow, no: number): ExportCell[] {
  return [
    no,
    r.employee.user_name,
    r.fullName,
    r.role,
    r.division_name,
    r.department_name,
    r.seniorityDate,
    seniorityText(r),
    r.hired_date,
    r.rangeTimesheet,
    ...OVERVIEW_FIGURES.map((f) => r.total_leave_detail[f]),
    ...OVERVIEW_FUND_TYPES.flatMap((fund) => OVERVIEW_FIGURES.map((f) => r.annual_leave[fund][f])),
  ];
}

/**
 * Every data cell shares this one style object: ExcelJS caches a style's id per object, so the rows cost one style
 * lookup in all instead of one per cell (most of the writer's time otherwise). Frozen so nothing can restyle it.
 */
const PLAIN_STYLE = Object.freeze({}) as Partial<ExcelJS.Style>;
const HOURS_STYLE = Object.freeze({ numFmt: '0.00' }) as Partial<ExcelJS.Style>;
const FIRST_FIGURE_COLUMN = Object.keys(COLS).length + 1;

/** Opens the workbook on `out` with its header row; answers the sheet to write into. */
export function openLeaveFundSheet(out: PassThrough) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Leave Fund', { views: [{ state: 'frozen', xSplit: 3, ySplit: 1 }] });
  const headers = exportHeaders();
  sheet.columns = headers.map((h, i) => ({ width: i === 0 ? 6 : Math.min(Math.max(h.length + 2, 12), 40) }));
  const header = sheet.addRow(headers);
  header.font = { bold: true };
  header.commit();
  return { workbook, sheet };
}

export function writeCells(sheet: ExcelJS.Worksheet, cells: readonly ExportCell[]): void {
  const row = sheet.addRow(cells as ExportCell[]);
  row.eachCell({ includeEmpty: true }, (cell, column) => {
    cell.style = column >= FIRST_FIGURE_COLUMN ? HOURS_STYLE : PLAIN_STYLE;
  });
  row.commit();
}

/**
 * Streams the rows as `fileName`. The caller resolved the period first, so a bad filter answers JSON; a failure after
 * the headers went out ends the download early (lib/xlsx.ts `sendXlsxStream`).
 */
export function sendLeaveFund(reply: FastifyReply, fileName: string, batches: AsyncGenerator<LeaveOverviewRow[]>): FastifyReply {
  const out = new PassThrough();
  const { workbook, sheet } = openLeaveFundSheet(out);
  const write = async () => {
    let no = 0;
    try {
      for await (const rows of batches) {
        for (const r of rows) {
          if (out.destroyed) return;
          no += 1;
          writeCells(sheet, exportCells(r, no));
          if (backlogOf(sheet, out)) await whileBacklogged(sheet, out);
        }
        // Rows of a chunk come from memory: give zlib and the socket a turn between chunks.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      await batches.return(undefined);
    }
    if (out.destroyed) return;
    sheet.commit();
    await workbook.commit();
  };
  return sendXlsxStream(reply, fileName, out, write);
}
