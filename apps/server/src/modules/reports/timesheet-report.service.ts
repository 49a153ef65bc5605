import type { PageInfo } from '@tms/contracts/api';
import { pageInfo } from '../../lib/page-answer.ts';
import { ROW_NUMBER_HEADER } from '@tms/contracts/file-headers';
import {
  SUMMARY_NUMBER_COLUMNS,
  SUMMARY_NUMBER_HEADERS_VI,
  SUMMARY_STAFF_COLUMNS,
  SUMMARY_STAFF_HEADERS_VI,
  TIMESHEET_REPORT_MESSAGES as M,
  TOTAL_LABEL,
  TOTAL_LABEL_VI,
  type ReportDay,
  type SummaryNumberKey,
  type SummaryChartRow,
  type TimesheetDetailRow,
  type TimesheetReportFilter,
  type TimesheetReportQuery,
  type TimesheetSummaryRow,
} from '@tms/contracts/timesheet-report';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { inCurrentLanguage } from '../../lib/file-headers.ts';
import { currentLanguage } from '../../lib/request-language.ts';
import type { CellValue, XlsxColumn } from '../../lib/xlsx.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { findPeriod } from '../payroll-periods/payroll-periods.service.ts';
import { HOLIDAY_NOTATION } from '../timesheet/day-engine.types.ts';
import { keysetPages } from '../../lib/keyset-pages.ts';
import * as repo from './timesheet-report.repository.ts';

/** Employees the exports read per statement (keyset on name, id): memory stays bounded however many there are. */
export const EXPORT_CHUNK = 1000;

const MS_PER_DAY = 86_400_000;
/** Every 'YYYY-MM-DD' of [from, to], ascending. */
export function periodDates(from: string, to: string): string[] {
  const out: string[] = [];
  const last = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= last; t += MS_PER_DAY) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

function filterOf(q: TimesheetReportFilter): repo.ReportFilter {
  return { departmentIds: q.departments, divisionIds: q.divisions, employeeIds: q.employee, keyword: q.keyword || undefined };
}

function toSummary(r: repo.ReportRow): TimesheetSummaryRow {
  const { days: _days, total: _total, ...row } = r;
  return row;
}

/** Every date of the period, with the stored (or edited) day when there is one; a holiday shows its notation. */
function toDays(dates: readonly string[], r: repo.ReportRow): ReportDay[] {
  const byDate = new Map((r.days ?? []).map((d) => [d[0], d]));
  return dates.map((date) => {
    const d = byDate.get(date);
    if (!d) return { date, value: null, notation: null, late: false, early: false };
    return { date, value: d[1], notation: d[2] ?? (d[3] === 'HOLIDAY' ? HOLIDAY_NOTATION : null), late: d[4], early: d[5] };
  });
}

/**
 * A day cell of the details export, as the details page writes it (report-columns.tsx): the value, followed by the
 * notation when the day has one (RULES.md §4: H, P, P/2, KL), or the notation alone.
 */
function dayCellOf(d: ReportDay): CellValue {
  if (d.notation === null) return d.value;
  return d.value === null ? d.notation : `${d.value} ${d.notation}`;
}

/** The staff and number columns of the exports, headed in the requester's language. */
function staffColumns(): XlsxColumn[] {
  const vietnamese = currentLanguage() === 'vi';
  return [
    { header: inCurrentLanguage(ROW_NUMBER_HEADER), key: 'no', width: 6 },
    ...SUMMARY_STAFF_COLUMNS.map(([key, header]) => ({ header: vietnamese ? SUMMARY_STAFF_HEADERS_VI[key] : header, key, width: key === 'staff' ? 28 : 18 })),
  ];
}
function numberColumns(): XlsxColumn[] {
  const vietnamese = currentLanguage() === 'vi';
  return SUMMARY_NUMBER_COLUMNS.map(([key, english]) => {
    const header = vietnamese ? SUMMARY_NUMBER_HEADERS_VI[key] : english;
    return { header, key, width: Math.max(header.length + 2, 12) };
  });
}
/** The details' date column key and header (DD/MM). */
const dayKey = (date: string) => `d_${date}`;
const dayHeader = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' by slicing (10,000 rows × 3 dates: no date library per cell). */
const dmy = (iso: string | null): string | null => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : null);

function staffCells(no: number, r: TimesheetSummaryRow): Record<string, CellValue> {
  return {
    no,
    staff: r.staff,
    user_name: r.user_name,
    department: r.department,
    onboard_date: dmy(r.onboard_date),
    contract_type: r.contract_type,
    contract_start_date: dmy(r.contract_start_date),
    contract_end_date: dmy(r.contract_end_date),
  };
}

function numberCells(r: Partial<Record<SummaryNumberKey, number>>): Record<string, CellValue> {
  const cells: Record<string, CellValue> = {};
  for (const [key] of SUMMARY_NUMBER_COLUMNS) cells[key] = r[key] ?? 0;
  return cells;
}

/** Timesheets Summary and Details (spec 001 §2.10, §7.9): pages, exports and the chart share filters, order and scope. */
export type TimesheetReportDeps = { db: Db };

async function period({ db }: TimesheetReportDeps, user: SessionUser, id: number): Promise<repo.ReportPeriod> {
  const p = await findPeriod(db, id, { callerEmployeeId: user.employeeId });
  if (!p) throw notFound(M.timesheetNotFound);
  return p;
}

async function page(deps: TimesheetReportDeps, user: SessionUser, q: TimesheetReportQuery, withDays: boolean) {
  const { db } = deps;
  const p = await period(deps, user, q.timesheetId);
  const f = filterOf(q);
  const rows = await repo.reportPage(db, user, p, f, { limit: q.size, offset: (q.page - 1) * q.size }, withDays);
  return { p, rows, page: await pageInfo(q, rows, () => repo.reportCount(db, user, p, f)) };
}

/** Every filtered employee in keyset chunks of EXPORT_CHUNK (one statement each), by name then id. */
async function* allRows({ db }: TimesheetReportDeps, user: SessionUser, p: repo.ReportPeriod, f: repo.ReportFilter, withDays: boolean): AsyncGenerator<repo.ReportRow> {
  const chunks = keysetPages(
    EXPORT_CHUNK,
    (after: { name: string; id: number } | null) => repo.reportChunk(db, user, p, f, { limit: EXPORT_CHUNK, after: after ?? undefined }, withDays),
    (last) => ({ name: last.staff, id: last.employee_id }),
  );
  for await (const rows of chunks) yield* rows;
}

export async function summary(deps: TimesheetReportDeps, user: SessionUser, q: TimesheetReportQuery): Promise<{ data: TimesheetSummaryRow[]; page: PageInfo }> {
  const { rows, page: info } = await page(deps, user, q, false);
  return { data: rows.map(toSummary), page: info };
}

export async function detail(deps: TimesheetReportDeps, user: SessionUser, q: TimesheetReportQuery): Promise<{ data: TimesheetDetailRow[]; page: PageInfo }> {
  const { p, rows, page: info } = await page(deps, user, q, true);
  const dates = periodDates(p.from_date, p.to_date);
  return { data: rows.map((r) => ({ ...toSummary(r), days: toDays(dates, r) })), page: info };
}

export async function chart(deps: TimesheetReportDeps, user: SessionUser, q: TimesheetReportFilter): Promise<SummaryChartRow[]> {
  const { db } = deps;
  const p = await period(deps, user, q.timesheetId);
  return repo.summaryChart(db, user, p, filterOf(q));
}

/**
 * The export of either report: the period's name (file name), the columns, and the rows streamed in keyset chunks,
 * then a totals row. `empty` when no employee matches (the route answers "No data export").
 */
export async function exportRows(deps: TimesheetReportDeps, user: SessionUser, q: TimesheetReportFilter, withDays: boolean) {
  const { db } = deps;
  const p = await period(deps, user, q.timesheetId);
  const f = filterOf(q);
  const empty = (await repo.reportCount(db, user, p, f)) === 0;
  const dates = withDays ? periodDates(p.from_date, p.to_date) : [];
  const columns: XlsxColumn[] = [...staffColumns(), ...dates.map((d) => ({ header: dayHeader(d), key: dayKey(d), width: 7 })), ...numberColumns()];
  const totalLabel = inCurrentLanguage({ en: TOTAL_LABEL, vi: TOTAL_LABEL_VI });
  async function* rows(): AsyncGenerator<Record<string, CellValue>> {
    // Running sums in thousandths (reportTotals' rule), so memory does not grow with the rows.
    const sums: Partial<Record<SummaryNumberKey, number>> = {};
    let no = 0;
    for await (const row of allRows(deps, user, p, f, withDays)) {
      no += 1;
      for (const [key] of SUMMARY_NUMBER_COLUMNS) sums[key] = (sums[key] ?? 0) + Math.round(row[key] * 1000);
      const cells: Record<string, CellValue> = { ...staffCells(no, row), ...numberCells(row) };
      if (withDays) for (const d of toDays(dates, row)) cells[dayKey(d.date)] = dayCellOf(d);
      yield cells;
    }
    const totals: Partial<Record<SummaryNumberKey, number>> = {};
    for (const [key] of SUMMARY_NUMBER_COLUMNS) totals[key] = (sums[key] ?? 0) / 1000;
    yield { no: null, staff: totalLabel, ...numberCells(totals) };
  }
  return { period: p, columns, rows: rows(), empty };
}
