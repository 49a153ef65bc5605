import type { PageInfo } from '@tms/contracts/api';
import {
  CHECK_TIME_COLUMNS as C,
  CHECK_TIME_COLUMNS_VI,
  checkTimeCriteriaProblems,
  checkTimeReportFileName,
  WEEKDAY_LABELS,
  type CheckTimeReportQuery,
  type CheckTimeRow,
  type LateByWeekday,
} from '@tms/contracts/check-time-report';
import type { Db } from '../../db/client.ts';
import { toDmy } from '../../lib/dates.ts';
import { badRequest } from '../../lib/errors.ts';
import { columnsIn } from '../../lib/file-headers.ts';
import type { CellValue, XlsxColumn } from '../../lib/xlsx.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { keysetPages } from '../../lib/keyset-pages.ts';
import { pageInfo } from '../../lib/page-answer.ts';
import * as repo from './check-time-report.repository.ts';

/** Rows the export reads per statement. */
const EXPORT_CHUNK = 2000;

const EXPORT_WIDTHS = [
  { key: 'staff', width: 28 },
  { key: 'user_name', width: 20 },
  { key: 'department', width: 24 },
  { key: 'date_of_issue', width: 14 },
  { key: 'checkin', width: 10 },
  { key: 'checkout', width: 10 },
  { key: 'late_time', width: 20 },
  { key: 'early_leave', width: 22 },
  { key: 'absent', width: 18 },
  { key: 'working_day', width: 14 },
] as const;

/** The export's columns, headed in the requester's language. */
export const checkTimeExportColumns = (): XlsxColumn[] => columnsIn({ en: C, vi: CHECK_TIME_COLUMNS_VI }, EXPORT_WIDTHS);

type Criteria = Omit<CheckTimeReportQuery, 'page' | 'size'>;

/** spec 001 §5.8: the report needs a range of at most 3 months and one of project, departments, users (400 otherwise). */
function filterOf(q: Criteria): repo.CheckTimeFilter {
  const problems = checkTimeCriteriaProblems(q);
  if (problems.length) throw badRequest(problems[0]!, problems);
  return { fromDate: q.fromDate!, toDate: q.toDate!, projectId: q.project, departmentIds: q.departments, users: q.users };
}

function toRow(r: repo.CheckTimeDbRow): CheckTimeRow {
  return {
    key: `${r.employee_id}-${r.date_of_issue}`,
    employee_id: Number(r.employee_id),
    staff: r.staff,
    user_name: r.user_name,
    department: r.department,
    date_of_issue: r.date_of_issue,
    checkin: r.checkin,
    checkout: r.checkout,
    late_time: Number(r.late_time),
    early_leave: Number(r.early_leave),
    absent: Number(r.absent),
    working_day: r.working_day === null ? null : Number(r.working_day),
  };
}

/** One export row: the table's values, the date DD/MM/YYYY (RULES.md §1 display format). */
function exportCells(r: CheckTimeRow): Record<string, CellValue> {
  return { ...r, date_of_issue: toDmy(r.date_of_issue) };
}

/** Check in - Check out report (spec 001 §2.10, §5.8, §7.9): list, export and the weekday chart share one filter. */
export type CheckTimeReportDeps = { db: Db; exportChunk?: number };

export async function list({ db }: CheckTimeReportDeps, user: SessionUser, q: CheckTimeReportQuery): Promise<{ data: CheckTimeRow[]; page: PageInfo }> {
  const f = filterOf(q);
  const rows = await repo.checkTimePage(db, user, f, q.size, (q.page - 1) * q.size);
  return { data: rows.map(toRow), page: await pageInfo(q, rows, () => repo.checkTimeCount(db, user, f)) };
}

/** The whole filter's rows in the list's order, read in keyset chunks; the filter is checked before anything is sent. */
export function exportRows(deps: CheckTimeReportDeps, user: SessionUser, q: Criteria): { fileName: string; rows: AsyncIterable<Record<string, CellValue>> } {
  const { db } = deps;
  const f = filterOf(q);
  const chunkSize = deps.exportChunk ?? EXPORT_CHUNK;
  async function* rows() {
    const chunks = keysetPages(
      chunkSize,
      (after: repo.CheckTimeCursor | null) => repo.checkTimeChunk(db, user, f, after, chunkSize),
      (last) => ({ staff: last.staff, user_name: last.user_name, employee_id: Number(last.employee_id), date: last.date_of_issue }),
    );
    for await (const chunk of chunks) for (const r of chunk) yield exportCells(toRow(r));
  }
  return { fileName: checkTimeReportFileName(f.fromDate, f.toDate), rows: rows() };
}

/** Monday to Friday, each with its late days and minutes (zero when none). */
export async function lateByWeekday({ db }: CheckTimeReportDeps, user: SessionUser, q: Criteria): Promise<LateByWeekday[]> {
  const found = new Map((await repo.lateByWeekday(db, user, filterOf(q))).map((r) => [Number(r.weekday), r]));
  return [1, 2, 3, 4, 5].map((weekday) => ({
    weekday,
    label: WEEKDAY_LABELS[weekday]!,
    late_days: Number(found.get(weekday)?.late_days ?? 0),
    late_minutes: Number(found.get(weekday)?.late_minutes ?? 0),
  }));
}
