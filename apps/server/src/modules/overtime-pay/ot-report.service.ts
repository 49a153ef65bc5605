import { isIsoDateText } from '@tms/contracts/api';
import { ROW_NUMBER_HEADER, type HeaderTexts } from '@tms/contracts/file-headers';
import { OT_REPORT_COLUMNS, OT_REPORT_COLUMNS_VI, OT_REPORT_MESSAGES as M, OT_SHIFT_KEYS, otReportShiftHeader, otReportShiftHeaderVi } from '@tms/contracts/overtime-pay';
import { DATE_TYPE_LABELS, OVERTIME_MESSAGES, type DateType } from '@tms/contracts/overtime';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { cellLabel, inCurrentLanguage } from '../../lib/file-headers.ts';
import type { CellValue, XlsxColumn } from '../../lib/xlsx.ts';
import { zoneOffsetMinutes } from '../../lib/zone-time.ts';
import { otReportPage, type OtReportKey, type OtReportRow } from './ot-report.repository.ts';

/**
 * The OT report (spec 001 §7.3 `GET /tms/excel/report-ot`, §6 Export Overtime Report; docs/overtime-pay.md): the
 * approved OT of a date range, one row per (request, staff), hours per shift, original and final totals, OT pay
 * hours, hours without tax and whether it is paid by offset days — all from the stored pay lines.
 */
export const OT_REPORT_MAX_DAYS = 366;

export function checkReportDates(fromDate: string | undefined, toDate: string | undefined): { from: string; to: string } {
  const from = fromDate?.trim();
  const to = toDate?.trim();
  if (!from || !to) throw badRequest(M.dateRequired);
  if (!isIsoDateText(from) || !isIsoDateText(to)) throw badRequest(M.invalidDate);
  if (from > to) throw badRequest(M.fromAfterTo);
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 >= OT_REPORT_MAX_DAYS) throw badRequest(M.rangeTooLong);
  return { from, to };
}

/** The export's columns, headed in the requester's language. */
export function otReportXlsxColumns(): XlsxColumn[] {
  const C = inCurrentLanguage<HeaderTexts<keyof typeof OT_REPORT_COLUMNS>>({ en: OT_REPORT_COLUMNS, vi: OT_REPORT_COLUMNS_VI });
  const shiftHeader = inCurrentLanguage({ en: otReportShiftHeader, vi: otReportShiftHeaderVi });
  return [
    { header: inCurrentLanguage(ROW_NUMBER_HEADER), key: 'no', width: 6 },
    { header: C.staffId, key: 'staffId', width: 14 },
    { header: C.name, key: 'name', width: 24 },
    { header: C.department, key: 'department', width: 20 },
    { header: C.project, key: 'project', width: 20 },
    { header: C.kind, key: 'kind', width: 10 },
    { header: C.type, key: 'type', width: 18 },
    { header: C.otDate, key: 'otDate', width: 12 },
    { header: C.dateType, key: 'dateType', width: 10 },
    { header: C.start, key: 'start', width: 17 },
    { header: C.end, key: 'end', width: 17 },
    { header: C.checkIn, key: 'checkIn', width: 17 },
    { header: C.checkOut, key: 'checkOut', width: 17 },
    ...OT_SHIFT_KEYS.map((s) => ({ header: shiftHeader(s), key: `h_${s}`, width: 14 })),
    { header: C.originalTotal, key: 'originalTotal', width: 14 },
    { header: C.finalTotal, key: 'finalTotal', width: 14 },
    { header: C.payHours, key: 'payHours', width: 14 },
    { header: C.nonTaxHours, key: 'nonTaxHours', width: 14 },
    { header: C.offset, key: 'offset', width: 12 },
  ];
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));
const dmyOf = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** 'DD/MM/YYYY HH:mm' of an instant in the zone (the engine's cached offsets: no per-cell Intl call). */
export function formatLocal(ms: number | null, timeZone: string): string | null {
  if (ms === null) return null;
  const d = new Date(ms + zoneOffsetMinutes(ms, timeZone) * 60_000);
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

export function reportCells(r: OtReportRow, no: number, timeZone: string): Record<string, CellValue> {
  const cells: Record<string, CellValue> = {
    no,
    staffId: r.staff_id,
    name: r.name,
    department: r.department,
    project: r.project,
    kind: cellLabel(r.kind === 'FIXED' ? 'Fixed' : 'Flexible'),
    type: r.ot_type,
    otDate: dmyOf(r.k_date),
    dateType: cellLabel(DATE_TYPE_LABELS[r.date_type as DateType] ?? r.date_type),
    start: formatLocal(r.start_at, timeZone),
    end: formatLocal(r.end_at, timeZone),
    checkIn: formatLocal(r.check_in, timeZone),
    checkOut: formatLocal(r.check_out, timeZone),
    originalTotal: r.actual ?? 0,
    finalTotal: r.final ?? 0,
    payHours: r.pay ?? 0,
    nonTaxHours: r.non_tax ?? 0,
    offset: cellLabel(r.offset ? 'Yes' : 'No'),
  };
  for (const s of OT_SHIFT_KEYS) cells[`h_${s}`] = r.hours?.[s] ?? 0;
  return cells;
}

/** The report's rows as an async iterable of cells (keyset pages); answers 404 'No data has been exported' when empty. */
export async function reportRows(db: DbOrTx, range: { from: string; to: string }, timeZone: string, pageSize = 5000): Promise<AsyncIterable<Record<string, CellValue>>> {
  const first = await otReportPage(db, { ...range, after: null, limit: pageSize });
  if (first.length === 0) throw notFound(OVERTIME_MESSAGES.noDataExported);
  const nextAfter = (page: OtReportRow[]): OtReportKey | null => {
    if (page.length < pageSize) return null;
    const last = page[page.length - 1]!;
    return { date: last.k_date, req: last.k_req, staff: last.k_staff };
  };
  return (async function* () {
    let page = first;
    let no = 0;
    for (;;) {
      // The next page is asked for before this one is written, so the database works while the workbook is written
      // and compressed.
      const after = nextAfter(page);
      const next = after ? otReportPage(db, { ...range, after, limit: pageSize }) : null;
      next?.catch(() => undefined);
      for (const r of page) yield reportCells(r, ++no, timeZone);
      if (!next) return;
      page = await next;
    }
  })();
}
