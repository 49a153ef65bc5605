/**
 * The overtime list page's read side (spec 001 §2.4, §6, §7.3): the fixed and the flexible list, and the list export
 * (Overtime_List_{from}-{to}.xlsx, both dates required). Rows by RULES.md §3 scope; the staff view for users without
 * the management view (spec 001 §6).
 */
import { isIsoDateText } from '@tms/contracts/api';
import {
  DATE_TYPE_LABELS,
  FIXED_OT_TYPES,
  FIXED_STAFF_STATUS_TEXT,
  FLEXIBLE_OT_TYPES,
  FLEXIBLE_STATUS_TEXT,
  fixedRequestTag,
  OVERTIME_MANAGEMENT_VIEW,
  type DateType,
} from '@tms/contracts/overtime';
import {
  FIXED_EXPORT_COLUMNS,
  OVERTIME_EXPORT_HEADERS_VI,
  FLEXIBLE_EXPORT_COLUMNS,
  OVERTIME_LIST_MESSAGES as M,
  type FixedListRow,
  type FlexibleListRow,
  type OvertimeExportQuery,
  type OvertimeListQuery,
} from '@tms/contracts/overtime-list';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { toDmy } from '../../lib/dates.ts';
import { badRequest } from '../../lib/errors.ts';
import { cellLabel, localizedColumns } from '../../lib/file-headers.ts';
import type { CellValue, XlsxColumn } from '../../lib/xlsx.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { lockDateFor } from '../payroll-periods/payroll-periods.service.ts';
import * as repo from './overtime-list.repository.ts';

const EXPORT_CHUNK = 1000;
const typeLabel = (list: readonly { value: string; label: string }[], v: string) => list.find((t) => t.value === v)?.label ?? v;
const hm = (dateTime: string) => dateTime.slice(11, 16);

/** spec 001 §6: project managers, DULEAD, GROUP_LEAD, HR, HRM, ADMIN get the management view; others the staff view. */
export const hasManagementView = (u: SessionUser) => OVERTIME_MANAGEMENT_VIEW.some((a) => u.actors.includes(a));

const filterOf = (q: OvertimeListQuery): repo.OvertimeListFilter => ({
  keyword: q.keyword,
  projectIds: q.projectId,
  statuses: q.status,
  fromDate: q.fromDate && isIsoDateText(q.fromDate) ? q.fromDate : undefined,
  toDate: q.toDate && isIsoDateText(q.toDate) ? q.toDate : undefined,
  employeeIds: q.staff,
  otType: q.otType?.trim() || undefined,
});

export function toFixed(r: repo.FixedListRowDb): FixedListRow {
  const staff = r.staff.map((s) => ({ ...s, statusText: FIXED_STAFF_STATUS_TEXT[s.status] ?? String(s.status) }));
  return {
    id: r.id,
    title: r.title,
    project: { id: r.project_id, name: r.project_name, code: r.project_code },
    ot_date: r.ot_date,
    start_time: r.start_time,
    end_time: r.end_time,
    ot_type: r.ot_type,
    approver: r.approver,
    createdBy: r.created_by,
    tag: fixedRequestTag(staff.map((s) => s.status)),
    staff,
    is_ot_paid_by_offset_day: r.is_ot_paid_by_offset_day,
    source: r.source,
    version: r.version,
  };
}

export function toFlexible(r: repo.FlexibleListRowDb): FlexibleListRow {
  return {
    id: r.id,
    title: r.title,
    staff: r.staff,
    project: { id: r.project_id, name: r.project_name, code: r.project_code },
    overtimeDate: toDmy(r.ot_date) ?? r.ot_date,
    dateType: r.date_type,
    startTime: r.start_hm,
    endTime: r.end_hm,
    requestType: r.ot_type,
    totalTimeActual: r.total_time_actual,
    totalTimeConfirm: r.total_time_confirm,
    projectManager: r.pm,
    manager: r.manager,
    status: r.status,
    statusText: FLEXIBLE_STATUS_TEXT[r.status] ?? String(r.status),
    version: r.version,
    approval_step: r.approval_step,
  };
}

const fixedRecord = (r: FixedListRow): Record<string, CellValue> => ({
  title: r.title,
  project: `${r.project.name} (${r.project.code})`,
  otDate: toDmy(r.ot_date) ?? r.ot_date,
  otTime: `${hm(r.start_time)} - ${hm(r.end_time)}`,
  otType: cellLabel(typeLabel(FIXED_OT_TYPES, r.ot_type)),
  approver: r.approver?.name ?? '',
  createdBy: r.createdBy?.name ?? '',
  // The tag ends with its status word ('2/3 PENDING'): that word is the label.
  status: r.tag.text.replace(/[A-Z]+$/, (word) => cellLabel(word)),
  staff: r.staff.map((s) => `${s.name} (${s.user_name}): ${cellLabel(s.statusText)}`).join('; '),
});

const flexibleRecord = (r: FlexibleListRow): Record<string, CellValue> => ({
  title: r.title,
  staff: r.staff ? `${r.staff.name} (${r.staff.user_name})` : '',
  project: `${r.project.name} (${r.project.code})`,
  otDate: r.overtimeDate,
  dateType: cellLabel(DATE_TYPE_LABELS[r.dateType as DateType] ?? r.dateType),
  otTime: `${r.startTime} - ${r.endTime}`,
  requestType: typeLabel(FLEXIBLE_OT_TYPES, r.requestType),
  actual: r.totalTimeActual,
  confirm: r.totalTimeConfirm,
  pm: r.projectManager?.name ?? '',
  manager: r.manager?.name ?? '',
  status: cellLabel(r.statusText),
});

export function overtimeListService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function context(user: SessionUser): Promise<repo.OvertimeListContext> {
    return { user, staffView: !hasManagementView(user), lockDate: await lockDateFor(db, user.employeeId), timeZone: clock.timeZone };
  }

  const page = (q: OvertimeListQuery, total: number) => ({ page: q.page, size: q.size, total_element: total });

  return {
    async listFixed(user: SessionUser, q: OvertimeListQuery) {
      const { rows, total } = await repo.listFixed(db, filterOf(q), await context(user), { limit: q.size, offset: (q.page - 1) * q.size });
      return { data: rows.map(toFixed), page: page(q, total) };
    },

    async listFlexible(user: SessionUser, q: OvertimeListQuery) {
      const { rows, total } = await repo.listFlexible(db, filterOf(q), await context(user), { limit: q.size, offset: (q.page - 1) * q.size });
      return { data: rows.map(toFlexible), page: page(q, total) };
    },

    /** The export: both dates required (spec 001 §5.6), the list's rows fetched in chunks. */
    async exportRows(user: SessionUser, q: OvertimeExportQuery): Promise<{ fileFrom: string; fileTo: string; columns: XlsxColumn[]; rows: AsyncIterable<Record<string, CellValue>> }> {
      if (!q.fromDate || !q.toDate) throw badRequest(M.exportDatesRequired);
      if (!isIsoDateText(q.fromDate) || !isIsoDateText(q.toDate)) throw badRequest(M.exportDatesRequired);
      if (q.fromDate > q.toDate) throw badRequest(M.exportDatesInvalid);
      const ctx = await context(user);
      const filter = filterOf(q);
      const flexible = q.kind === 'FLEXIBLE';
      const fetch = async (offset: number): Promise<Record<string, CellValue>[]> =>
        flexible
          ? (await repo.listFlexible(db, filter, ctx, { limit: EXPORT_CHUNK, offset })).rows.map((r) => flexibleRecord(toFlexible(r)))
          : (await repo.listFixed(db, filter, ctx, { limit: EXPORT_CHUNK, offset })).rows.map((r) => fixedRecord(toFixed(r)));
      const first = await fetch(0);
      const rows = (async function* () {
        let chunk = first;
        let offset = 0;
        for (;;) {
          yield* chunk;
          if (chunk.length < EXPORT_CHUNK) return;
          offset += EXPORT_CHUNK;
          chunk = await fetch(offset);
        }
      })();
      const columns = localizedColumns(flexible ? FLEXIBLE_EXPORT_COLUMNS : FIXED_EXPORT_COLUMNS, OVERTIME_EXPORT_HEADERS_VI);
      return { fileFrom: q.fromDate, fileTo: q.toDate, columns, rows };
    },
  };
}
