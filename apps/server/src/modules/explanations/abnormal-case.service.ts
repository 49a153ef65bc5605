/**
 * Abnormal Case (spec 001 §2.5, §3, §4.3, §7.4): the list in the caller's scope (RULES.md §3, plus the cases assigned
 * to them), one statement a page; its export; rerun of one employee-day (HR).
 */
import {
  ABNORMAL_EXPORT_COLUMNS,
  ABNORMAL_EXPORT_COLUMNS_VI,
  ABNORMAL_MESSAGES as AM,
  ABNORMAL_REASONS,
  ABNORMAL_STATUS_TEXT,
  type AbnormalCase,
  type AbnormalListQuery,
  explainedMinutesCap,
} from '@tms/contracts/abnormal-case';
import { ABNORMAL_STATUS, EXPLANATION_STATUS } from '@tms/contracts/requests';
import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CellValue, XlsxColumn } from '../../lib/xlsx.ts';
import { parseDmy } from '../../lib/dates.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { cellLabel, columnsIn } from '../../lib/file-headers.ts';
import { pageInfo } from '../../lib/page-answer.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { forbiddenRequestOf, isRequestForbidden, lockDateOfEmployeeSql } from '../payroll-periods/payroll-periods.service.ts';
import { queueRecalculation, settleQueuedNow } from '../timesheet/recalc-queue.ts';
import { moverRefusal } from '../auth/reassign-rule.ts';
import * as repo from './abnormal-case.repository.ts';
import { decidesItem } from '@tms/contracts/approval-flows';

/** The export's row limit (one statement; the list's filters narrow it). */
export const ABNORMAL_EXPORT_MAX_ROWS = 50_000;

type CaseDeps = { db: DbOrTx; clock: Clock };

/** The company-local moment, for the explanation window (spec 001 §4.3). */
function localNow(clock: Clock) {
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: clock.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(clock.now());
  return { date: clock.today(), time };
}

function filterOf(user: SessionUser, q: AbnormalListQuery): repo.CaseFilter {
  return {
    scope: repo.caseScope(user),
    employee: q.employee || undefined,
    departments: q.departments,
    from: parseDmy(q.fromDate),
    to: parseDmy(q.toDate),
    statuses: q.status,
    reasons: q.reason,
    id: q.id,
  };
}

/** Rows of `listCases` / `allCases`, which carry the caller's lock date (a page is one statement). */
function rowsToCases(clock: Clock, user: SessionUser, rows: repo.CaseRow[]): AbnormalCase[] {
  const lock = rows[0]?.caller_lock_date ?? null;
  const now = localNow(clock);
  return rows.map((r) => toCase(r, user, lock, now));
}

export async function listAbnormalCases({ db, clock }: CaseDeps, user: SessionUser, q: AbnormalListQuery) {
  const rows = await repo.listCases(db, filterOf(user, q), { page: q.page, size: q.size, direction: q.direction === -1 ? -1 : 1 }, lockDateOfEmployeeSql(user.employeeId), user);
  return { data: rowsToCases(clock, user, rows), page: await pageInfo(q, rows) };
}

export async function abnormalCaseExportRows({ db, clock }: CaseDeps, user: SessionUser, q: AbnormalListQuery): Promise<Record<string, CellValue>[]> {
  const rows = await repo.allCases(db, filterOf(user, q), ABNORMAL_EXPORT_MAX_ROWS, q.direction === -1 ? -1 : 1, lockDateOfEmployeeSql(user.employeeId), user);
  if (rows.length === 0) throw badRequest(AM.noDataExport);
  return rowsToCases(clock, user, rows).map((c) => ({
    staff: `${c.employee.name} - ${c.employee.department_name ?? ''}`,
    user_name: c.employee.user_name,
    abnormal_date: c.abnormal_date,
    schedule: c.work_start_time && c.work_end_time ? `${c.work_start_time} - ${c.work_end_time}` : '',
    type: cellLabel(c.reason_type_name),
    check_in: c.check_in,
    check_out: c.check_out,
    minute_violation: c.minute_violation,
    status: cellLabel(c.status_type),
    assignee: c.assignee?.name ?? '',
  }));
}

/** Recompute one employee-day and answer its cases (brief: HR, HRM, ADMIN). */
export async function rerunCaseDay({ db, clock }: CaseDeps, user: SessionUser, employeeId: number, date: string) {
  if (!(await repo.employeeExists(db, employeeId))) throw notFound(AM.notFound);
  await queueRecalculation(db, [{ employeeId, date }], { createdBy: user.userId });
  await settleQueuedNow();
  const rows = await repo.listCases(db, { scope: repo.ANY_CASE, employeeId, date }, { page: 1, size: 10, direction: 1 }, lockDateOfEmployeeSql(user.employeeId), user);
  return rowsToCases(clock, user, rows);
}

/** The export's columns in the contract's order, headed in the requester's language. */
export const abnormalExportColumns = (): XlsxColumn[] =>
  columnsIn(
    { en: ABNORMAL_EXPORT_COLUMNS, vi: ABNORMAL_EXPORT_COLUMNS_VI },
    (Object.keys(ABNORMAL_EXPORT_COLUMNS) as (keyof typeof ABNORMAL_EXPORT_COLUMNS)[]).map((key) => ({ key })),
  );

function toCase(r: repo.CaseRow, user: SessionUser, lock: string | null, now: { date: string; time: string }): AbnormalCase {
  const locked = lock !== null && r.abnormal_date <= lock;
  const closed =
    r.period_to !== null &&
    isRequestForbidden(forbiddenRequestOf({ toDate: r.period_to, forbiddenRequestDate: r.period_forbidden_date, forbiddenRequestTimeInHour: r.period_forbidden_hour, daySetting: r.forbidden_day_setting }), now);
  const expired = r.status === ABNORMAL_STATUS.unexplained && (locked || closed);
  const owner = r.employee_id === user.employeeId;
  const assignee = decidesItem({ assigneeUserId: r.assignee_user_id, assigneeRole: r.assignee_role }, user) && !owner;
  const requestOpen = r.request_status === EXPLANATION_STATUS.pending || r.request_status === EXPLANATION_STATUS.delegated;
  return {
    id: r.id,
    employee: { id: r.employee_id, name: r.employee_name, user_name: r.employee_user_name, department_name: r.department_name },
    abnormal_date: r.abnormal_date,
    status: r.status,
    status_type: expired ? ABNORMAL_STATUS_TEXT[10]! : (ABNORMAL_STATUS_TEXT[r.status] ?? String(r.status)),
    check_in: r.check_in,
    check_out: r.check_out,
    minute_violation: r.minute_violation,
    reason_type: r.reason,
    reason_type_name: ABNORMAL_REASONS[r.reason] ?? r.reason,
    request_type_code: r.request_id === null ? null : 'EXPLANATION_REQUEST',
    reason_type_code: r.request_reason_type,
    start_time: r.start_time,
    end_time: r.end_time,
    work_start_time: r.work_start_time,
    work_end_time: r.work_end_time,
    is_flexible: r.is_flexible,
    explained_minutes_max: explainedMinutesCap(r),
    assignee: r.assignee_user_id === null ? null : { id: r.assignee_user_id, user_name: r.assignee_user_name, name: r.assignee_name },
    is_expired: expired,
    dateInApprovedTimeSheet: locked,
    request:
      r.request_id === null
        ? null
        : {
            id: r.request_id,
            title: r.request_title,
            actual: r.request_actual,
            description: r.request_description,
            reason_type: r.request_reason_type ?? '',
            reason_type_name: r.request_reason_name,
            status: r.request_status ?? 0,
            mail: r.request_mail ?? [],
            mail_cc: (r.request_mail ?? []).map((m) => m.id),
            leaving_type: r.request_leaving_type,
            explanation_fund: r.request_fund_uses,
            is_flexible: r.is_flexible,
            reasons_for_rejection: r.request_rejection,
            version: r.request_version ?? 1,
          },
    actions: {
      explain: owner && r.status === ABNORMAL_STATUS.unexplained && !expired && !user.roles.every((role) => role === 'GUEST'),
      approve: assignee && r.status === ABNORMAL_STATUS.pending && !locked,
      reject: assignee && (r.status === ABNORMAL_STATUS.pending || r.status === ABNORMAL_STATUS.approved) && !locked,
      edit: owner && r.status === ABNORMAL_STATUS.pending && requestOpen && !locked && !closed,
      // spec 001 §4.3: while the case is pending and its explanation open; who may, by the shared reassignment rule.
      delegate:
        r.status === ABNORMAL_STATUS.pending &&
        requestOpen &&
        !locked &&
        moverRefusal(user, { requesterEmployeeIds: [r.employee_id], creatorUserId: r.request_created_by_user_id, inMoverLeadScope: r.in_lead_scope ?? false }) === null,
    },
  };
}
