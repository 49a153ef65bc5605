import { WORK_SCHEDULE_REPORT_COLUMNS as C, WORK_SCHEDULE_REPORT_COLUMNS_VI, SOURCE_LABELS, type WorkScheduleReportQuery, type WorkScheduleReportRow } from '@tms/contracts/work-schedule-config';
import type { PageInfo } from '@tms/contracts/api';
import type { Db } from '../../db/client.ts';
import { toDmy } from '../../lib/dates.ts';
import { cellLabel, columnsIn } from '../../lib/file-headers.ts';
import type { CellValue, XlsxColumn } from '../../lib/xlsx.ts';
import { pageInfo } from '../../lib/page-answer.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { policyRangeOf } from './policy-filter.ts';
import * as repo from './work-schedule-report.repository.ts';

/** Rows the export reads per statement. */
const EXPORT_BATCH = 2000;

const EXPORT_WIDTHS = [
  { key: 'staff', width: 28 },
  { key: 'user_name', width: 20 },
  { key: 'department_name', width: 24 },
  { key: 'division_name', width: 24 },
  { key: 'work_schedule_code', width: 20 },
  { key: 'work_schedule_name', width: 30 },
  { key: 'work_schedule_type', width: 18 },
  { key: 'apply_date', width: 14 },
  { key: 'expire_date', width: 14 },
  { key: 'source', width: 14 },
] as const;

/** The export's columns, headed in the requester's language. */
export const reportExportColumns = (): XlsxColumn[] => columnsIn({ en: C, vi: WORK_SCHEDULE_REPORT_COLUMNS_VI }, EXPORT_WIDTHS);

function filterOf(q: Omit<WorkScheduleReportQuery, 'page' | 'size'>): repo.ReportFilter {
  return {
    staff: q.employee,
    division: q.division,
    department: q.department,
    codes: q.workScheduleCode,
    types: q.workScheduleType,
    ...policyRangeOf(q),
  };
}

function toRow(r: repo.ReportRow): WorkScheduleReportRow {
  return {
    key: `${r.source}-${r.id}-${r.employee_id}-${r.apply_date}`,
    id: Number(r.id),
    employee_id: Number(r.employee_id),
    staff: r.staff,
    user_name: r.user_name,
    department_name: r.department_name,
    division_name: r.division_name,
    work_schedule_code: r.work_schedule_code,
    work_schedule_name: r.work_schedule_name,
    work_schedule_type: r.work_schedule_type,
    rule_type: r.rule_type,
    apply_date: r.apply_date,
    expire_date: r.expire_date,
    source: r.source,
    is_from: r.is_from,
  };
}

/** One export row: the columns' values, dates DD/MM/YYYY and the source's label. */
function exportCells(r: repo.ReportRow): Record<string, CellValue> {
  const cells: Record<string, CellValue> = {};
  for (const c of EXPORT_WIDTHS) cells[c.key] = r[c.key as keyof repo.ReportRow];
  return { ...cells, apply_date: toDmy(r.apply_date), expire_date: toDmy(r.expire_date), source: cellLabel(SOURCE_LABELS[r.source] ?? r.source) };
}

/** Work Schedule Report (spec 002 §2, §7): the list and its export share filters, order and scope. */
export type WorkScheduleReportDeps = { db: Db };

export async function list({ db }: WorkScheduleReportDeps, user: SessionUser, q: WorkScheduleReportQuery): Promise<{ data: WorkScheduleReportRow[]; page: PageInfo }> {
  const f = filterOf(q);
  const rows = await repo.reportPage(db, user, f, q.size, (q.page - 1) * q.size);
  return { data: rows.map(toRow), page: await pageInfo(q, rows, () => repo.reportCount(db, user, f)) };
}

/** Every matching row as export cells (dates DD/MM/YYYY), read in batches. */
export async function* exportRows({ db }: WorkScheduleReportDeps, user: SessionUser, q: Omit<WorkScheduleReportQuery, 'page' | 'size'>): AsyncGenerator<Record<string, CellValue>> {
  const f = filterOf(q);
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const rows = await repo.reportPage(db, user, f, EXPORT_BATCH, offset);
    for (const r of rows) yield exportCells(r);
    if (rows.length < EXPORT_BATCH) return;
  }
}
