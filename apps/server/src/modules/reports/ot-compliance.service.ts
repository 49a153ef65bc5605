import type { PageInfo } from '@tms/contracts/api';
import {
  complianceMonths,
  complianceState,
  OT_COMPLIANCE_COLUMNS as C,
  OT_COMPLIANCE_COLUMNS_VI,
  OT_COMPLIANCE_STATE_LABELS,
  OT_COMPLIANCE_STATE_LABELS_VI,
  otComplianceFileName,
  type OtComplianceDepartment,
  type OtComplianceQuery,
  type OtComplianceRow,
} from '@tms/contracts/overtime-limits';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { columnsIn } from '../../lib/file-headers.ts';
import { keysetPages } from '../../lib/keyset-pages.ts';
import { pageInfo } from '../../lib/page-answer.ts';
import { currentLanguage } from '../../lib/request-language.ts';
import type { CellValue, XlsxColumn } from '../../lib/xlsx.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { readLimits } from '../overtime-pay/ot-limits.service.ts';
import * as repo from './ot-compliance.repository.ts';

/**
 * Overtime compliance report (issue 27 §2, docs/overtime-limits.md): list, export and the departments chart share one
 * filter — calendar months (at most 12), division, department, staff, only rows over or near a limit.
 */
export type ComplianceDeps = { db: Db; clock: { now(): Date }; exportChunk?: number };
type Criteria = Omit<OtComplianceQuery, 'page' | 'size'>;

const EXPORT_CHUNK = 2000;
const WIDTHS = [
  { key: 'staff', width: 28 },
  { key: 'user_name', width: 20 },
  { key: 'division', width: 20 },
  { key: 'department', width: 24 },
  { key: 'month', width: 10 },
  { key: 'month_hours', width: 16 },
  { key: 'month_limit', width: 14 },
  { key: 'ytd_hours', width: 20 },
  { key: 'year_limit', width: 14 },
  { key: 'days_over', width: 18 },
  { key: 'overrides', width: 12 },
  { key: 'state', width: 16 },
] as const;

export const complianceExportColumns = (): XlsxColumn[] => columnsIn({ en: C, vi: OT_COMPLIANCE_COLUMNS_VI }, WIDTHS);

async function filterOf(deps: ComplianceDeps, q: Criteria): Promise<repo.ComplianceFilter> {
  const range = complianceMonths(q.fromMonth, q.toMonth);
  if ('problem' in range) throw badRequest(range.problem);
  return {
    months: range.months,
    divisionIds: q.divisions,
    departmentIds: q.departments,
    employeeIds: q.users,
    onlyAtRisk: q.onlyAtRisk === true,
    limits: await readLimits(deps.db),
    now: deps.clock.now(),
  };
}

function toRow(r: repo.ComplianceDbRow, f: repo.ComplianceFilter): OtComplianceRow {
  const figures = { month_hours: Number(r.month_hours), month_limit: f.limits.month, ytd_hours: Number(r.ytd_hours), year_limit: Number(r.year_limit), days_over: Number(r.days_over) };
  return {
    key: `${r.employee_id}-${r.month}`,
    employee_id: Number(r.employee_id),
    staff: r.staff,
    user_name: r.user_name,
    division: r.division,
    department: r.department,
    month: r.month,
    ...figures,
    overrides: Number(r.overrides),
    state: complianceState(figures),
  };
}

/** One export row: the month MM/YYYY, the state in the reader's language. */
function exportCells(r: OtComplianceRow): Record<string, CellValue> {
  const labels = currentLanguage() === 'vi' ? OT_COMPLIANCE_STATE_LABELS_VI : OT_COMPLIANCE_STATE_LABELS;
  return { ...r, month: `${r.month.slice(5, 7)}/${r.month.slice(0, 4)}`, state: labels[r.state] };
}

export async function list(deps: ComplianceDeps, user: SessionUser, q: OtComplianceQuery): Promise<{ data: OtComplianceRow[]; page: PageInfo }> {
  const f = await filterOf(deps, q);
  const rows = await repo.compliancePage(deps.db, user, f, q.size, (q.page - 1) * q.size);
  return { data: rows.map((r) => toRow(r, f)), page: await pageInfo(q, rows, () => repo.complianceCount(deps.db, user, f)) };
}

/** The whole filter's rows in the list's order, in keyset chunks; the filter is checked before anything is sent. */
export async function exportRows(deps: ComplianceDeps, user: SessionUser, q: Criteria): Promise<{ fileName: string; rows: AsyncIterable<Record<string, CellValue>> }> {
  const f = await filterOf(deps, q);
  const size = deps.exportChunk ?? EXPORT_CHUNK;
  async function* rows() {
    const chunks = keysetPages(
      size,
      (after: repo.ComplianceCursor | null) => repo.complianceChunk(deps.db, user, f, after, size),
      (last) => ({ month: last.month, staff: last.staff, employee_id: Number(last.employee_id) }),
    );
    for await (const chunk of chunks) for (const r of chunk) yield exportCells(toRow(r, f));
  }
  return { fileName: otComplianceFileName(f.months[0]!, f.months[f.months.length - 1]!), rows: rows() };
}

/** The chart: each department's approved hours against the monthly limits of its rows (share 0 … ∞, 1 = the limit). */
export async function byDepartment(deps: ComplianceDeps, user: SessionUser, q: Criteria): Promise<OtComplianceDepartment[]> {
  const f = await filterOf(deps, q);
  const rows = await repo.complianceByDepartment(deps.db, user, f);
  return rows.map((r) => {
    const limit = Number(r.rows) * f.limits.month;
    return { department: r.department ?? '', hours: Number(r.hours), limit, share: limit > 0 ? Math.round((Number(r.hours) / limit) * 1000) / 1000 : 0 };
  });
}
