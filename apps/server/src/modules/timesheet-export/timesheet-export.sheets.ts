import {
  ABNORMAL_REASON_TEXT,
  DAY_TYPE_TEXT,
  EMPLOYEE_DETAIL_SUMMARY_LABELS,
  EMPLOYEE_DETAIL_SUMMARY_LABELS_VI,
  TIMESHEET_DETAIL_HEADERS,
  TIMESHEET_DETAIL_HEADERS_VI,
  TIMESHEET_LIST_LEADING_HEADERS,
  TIMESHEET_LIST_LEADING_HEADERS_VI,
  TIMESHEET_LIST_TRAILING_HEADERS,
  TIMESHEET_LIST_TRAILING_HEADERS_VI,
  WEEKDAY_SHORT,
  WEEKDAY_SHORT_VI,
} from '@tms/contracts/timesheet-export';
import { cellLabel, inCurrentLanguage } from '../../lib/file-headers.ts';
import type { DetailDay, DetailEmployee, ExportEmployee, ExportPeriod, ListEmployee } from './timesheet-export.repository.ts';

/** A sheet row as written: plain values only, so nothing a client sent can become a formula (RULES.md §1). */
export type SheetValue = string | number | null;
export type SheetRow = SheetValue[];

const DAY_MS = 86_400_000;
const epochDay = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;

/** The dates of a period, first to last, as ISO text. */
export function periodDates(period: Pick<ExportPeriod, 'from_date' | 'to_date'>): string[] {
  const first = epochDay(period.from_date);
  const last = epochDay(period.to_date);
  const out: string[] = [];
  for (let d = first; d <= last; d += 1) out.push(new Date(d * DAY_MS).toISOString().slice(0, 10));
  return out;
}

export const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const round2 = (n: number) => Math.round(n * 100) / 100;

// ---------------------------------------------------------------------------------------------------------------
// rule: the list sheet

/** The header texts of the sheets in the requester's language (the same lengths in both). */
const texts = (en: readonly string[], vi: readonly string[]) => inCurrentLanguage<readonly string[]>({ en, vi });

/** Header rows of the list sheet: 'DD/MM' per date, then the weekdays under them. */
export function listHeaderRows(dates: readonly string[]): [SheetRow, SheetRow] {
  const lead = TIMESHEET_LIST_LEADING_HEADERS.length;
  const trail = TIMESHEET_LIST_TRAILING_HEADERS.length;
  const weekdays = texts(WEEKDAY_SHORT, WEEKDAY_SHORT_VI);
  const first: SheetRow = [
    ...texts(TIMESHEET_LIST_LEADING_HEADERS, TIMESHEET_LIST_LEADING_HEADERS_VI),
    ...dates.map((d) => `${d.slice(8, 10)}/${d.slice(5, 7)}`),
    ...texts(TIMESHEET_LIST_TRAILING_HEADERS, TIMESHEET_LIST_TRAILING_HEADERS_VI),
  ];
  const second: SheetRow = [...Array<null>(lead).fill(null), ...dates.map((d) => weekdays[new Date(`${d}T00:00:00Z`).getUTCDay()]!), ...Array<null>(trail).fill(null)];
  return [first, second];
}

/** The header row of the detail table (rule2 and each file of the zip). */
export const detailHeaderRow = (): SheetRow => [...texts(TIMESHEET_DETAIL_HEADERS, TIMESHEET_DETAIL_HEADERS_VI)];

export function listColumnWidths(dayCount: number): number[] {
  return [6, 14, 28, 24, 22, ...Array<number>(dayCount).fill(7), 8, 10];
}

/**
 * List rows of one chunk: No, Staff ID, Name, Department, Role, the days (RULES.md §4: the notation when the day has
 * one — H, P, P/2, KL — else the value; blank where none, as the grid shows them), Total (sum of the values),
 * Violation (working days valued below 1, RULES.md §4). `firstNo` numbers the rows across chunks.
 */
export function listRows(employees: readonly ListEmployee[], dayCount: number, firstNo: number): SheetRow[] {
  const lead = TIMESHEET_LIST_LEADING_HEADERS.length;
  const width = lead + dayCount + TIMESHEET_LIST_TRAILING_HEADERS.length;
  const rows: SheetRow[] = new Array(employees.length);
  for (let k = 0; k < employees.length; k += 1) {
    const emp = employees[k]!;
    const row: SheetRow = new Array<SheetValue>(width).fill(null);
    row[0] = firstNo + k;
    row[1] = emp.user_name;
    row[2] = emp.name;
    row[3] = emp.department;
    row[4] = emp.role;
    let total = 0;
    if (emp.vals) {
      for (const day of emp.vals.split('\u001e')) {
        const eq = day.indexOf('=');
        const eq2 = day.indexOf('=', eq + 1);
        const i = Number(day.slice(0, eq));
        const value = day.slice(eq + 1, eq2);
        const notation = day.slice(eq2 + 1);
        if (i < 0 || i >= dayCount) continue;
        row[lead + i] = notation || (value === '' ? null : Number(value));
        if (value !== '') total += Number(value);
      }
    }
    row[width - 2] = round2(total);
    row[width - 1] = Number(emp.violations);
    rows[k] = row;
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------------------------
// rule2, the zip and the mails: the days of one employee

/** Reads `DetailEmployee.days` ('i|day_type|check_in|check_out|value|late|early|absent|is_late|is_early|reason|notation;…'). */
export function parseDays(text: string | null): DetailDay[] {
  if (!text) return [];
  return text.split(';').map((day) => {
    const f = day.split('|');
    return {
      i: Number(f[0]),
      day_type: f[1]!,
      check_in: f[2] || null,
      check_out: f[3] || null,
      v: f[4] ? Number(f[4]) : null,
      late: Number(f[5]),
      early: Number(f[6]),
      absent: Number(f[7]),
      is_late: f[8] === '1',
      is_early: f[9] === '1',
      reason: f[10] || null,
      notation: f[11] || null,
    };
  });
}

export const DETAIL_COLUMN_WIDTHS = [14, 28, 24, 12, 16, 10, 10, 8, 10, 11, 11, 12, 26];

/** Indexes of the period's dates inside the employee's employment (start working day … last working day). */
function employedIndexes(emp: ExportEmployee, dates: readonly string[]): [number, number] {
  let from = 0;
  let to = dates.length - 1;
  while (from <= to && dates[from]! < emp.start_working_day) from += 1;
  if (emp.last_working_day) while (to >= from && dates[to]! > emp.last_working_day) to -= 1;
  return [from, to];
}

/**
 * Detail rows of one employee: every date of the period they were employed on, in date order; a date without a
 * computed day (not calculated yet, in the future) has only the employee and the date. `days` in date order.
 */
export function detailRows(emp: ExportEmployee, days: readonly DetailDay[], dates: readonly string[], out: SheetRow[] = []): SheetRow[] {
  const [from, to] = employedIndexes(emp, dates);
  let p = 0;
  for (let i = from; i <= to; i += 1) {
    while (p < days.length && days[p]!.i < i) p += 1;
    const d = p < days.length && days[p]!.i === i ? days[p]! : null;
    const date = dmy(dates[i]!);
    out.push(
      d
        ? [
            emp.user_name,
            emp.name,
            emp.department,
            date,
            cellLabel(DAY_TYPE_TEXT[d.day_type] ?? d.day_type),
            d.check_in,
            d.check_out,
            d.v,
            d.notation,
            d.late,
            d.early,
            d.absent,
            d.reason === null ? null : cellLabel(ABNORMAL_REASON_TEXT[d.reason] ?? d.reason),
          ]
        : [emp.user_name, emp.name, emp.department, date, null, null, null, null, null, null, null, null, null],
    );
  }
  return out;
}

/** Detail rows of a chunk of employees. */
export function detailChunkRows(employees: readonly DetailEmployee[], dates: readonly string[]): SheetRow[] {
  const out: SheetRow[] = [];
  for (const emp of employees) detailRows(emp, parseDays(emp.days), dates, out);
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// The period summary of one employee (the zip's summary block, the send-email mail)

export type EmployeeSummary = {
  totalWorkday: number;
  workingDays: number;
  abnormalDays: number;
  lateComingDays: number;
  earlyLeavingDays: number;
};

export function summarise(days: readonly DetailDay[], abnormalDays: number, period: ExportPeriod): EmployeeSummary {
  let total = 0;
  let late = 0;
  let early = 0;
  for (const d of days) {
    if (d.v !== null) total += d.v;
    if (d.is_late) late += 1;
    if (d.is_early) early += 1;
  }
  return { totalWorkday: round2(total), workingDays: Number(period.working_days), abnormalDays: Number(abnormalDays), lateComingDays: late, earlyLeavingDays: early };
}

/** The summary block rows: EMPLOYEE_DETAIL_SUMMARY_LABELS (in the requester's language) with their values. */
export function summaryRows(emp: ExportEmployee, period: ExportPeriod, s: EmployeeSummary): SheetRow[] {
  const values: SheetValue[] = [
    emp.user_name,
    emp.name,
    emp.department,
    `${period.name} (${dmy(period.from_date)} - ${dmy(period.to_date)})`,
    s.totalWorkday,
    s.workingDays,
    s.abnormalDays,
    s.lateComingDays,
    s.earlyLeavingDays,
  ];
  return texts(EMPLOYEE_DETAIL_SUMMARY_LABELS, EMPLOYEE_DETAIL_SUMMARY_LABELS_VI).map((label, i) => [label, values[i] ?? null]);
}
