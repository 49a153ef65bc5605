import { REQUEST_TYPE_NAMES, type RequestListFilter, type RequestListQuery } from '@tms/contracts/request-list';
import { REQUEST_RULE_MESSAGES, REQUEST_STATUS, REQUEST_STATUS_TEXT, type RequestActions, type RequestRecord, type RequestType, type ShiftName } from '@tms/contracts/requests';
import type { PageInfo } from '@tms/contracts/api';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { listHistory, type HistoryEntryDto } from '../../lib/history.ts';
import { pageInfo } from '../../lib/page-answer.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { latestPeriodEndOfEmployeeSql, lockDateOfEmployeeSql } from '../payroll-periods/payroll-periods.service.ts';
import { requestActions, type RuleContext } from '../request-days/request-rules.ts';
import { onsiteActions } from '../request-days/onsite-rules.ts';
import * as repo from './request-list.repository.ts';

type Deps = { db: Db; clock: Clock };

/** What the caller may do with a row: the write side's own pure rules (request-rules.ts), so the list shows exactly what it accepts. */
function actionsFor(row: repo.RequestListRow, ctx: RuleContext): RequestActions {
  if (row.onsite) {
    // One status: a row of an onsite record is approved, rejected and withdrawn by the record's own rules (edited there).
    const a = onsiteActions(row.onsite, { caller: ctx.caller, lockDate: ctx.lockDate, today: ctx.today, lastTimesheetEnd: ctx.lastTimesheetEnd ?? null });
    return { approve: a.approve, reject: a.reject, withdraw: a.withdraw, edit: false, delegate: false };
  }
  return requestActions(
    {
      status: Number(row.status),
      isExplanation: row.is_explanation,
      requestType: row.request_type,
      ownerEmployeeId: Number(row.employee_id),
      assigneeUserId: row.assignee_user_id === null ? null : Number(row.assignee_user_id),
      assigneeRole: row.assignee_role,
      createdByRole: row.created_by_role,
      createdByUserId: row.created_by_user_id === null ? null : Number(row.created_by_user_id),
      inCallerLeadScope: row.in_lead_scope,
      startDate: row.start_date,
      endDate: row.end_date,
    },
    ctx,
  );
}

/** A list row in the record shape of spec 001 §3 (Expired shown as status 10, RULES.md §5). */
export function toRecord(row: repo.RequestListRow, ctx: RuleContext): RequestRecord {
  const status = row.is_expired ? REQUEST_STATUS.expired : Number(row.status);
  const mail = row.mail ?? [];
  return {
    id: Number(row.id),
    request_type: row.request_type as RequestType,
    request_type_name: REQUEST_TYPE_NAMES[row.request_type as RequestType] ?? row.request_type,
    reason_type: row.reason_type,
    reason_type_name: row.reason_type_name,
    // The same name as reason_type_name, in the request's language (the web reads either, issue 25).
    reason_type_name_vi: row.reason_type_name,
    employee: { id: Number(row.employee_id), name: row.employee_name, user_name: row.employee_user_name, department_name: row.employee_department },
    approver: { id: row.assignee_user_id === null ? null : Number(row.assignee_user_id), user_name: row.assignee_user_name, name: row.assignee_name },
    start_date: row.start_date,
    end_date: row.end_date,
    start_shift: row.start_shift as ShiftName | null,
    end_shift: row.end_shift as ShiftName | null,
    quantity_in_hours: Number(row.quantity_in_hours),
    quantity_in_minutes: Number(row.quantity_in_minutes),
    status,
    status_type: REQUEST_STATUS_TEXT[status] ?? 'PENDING',
    is_expired: row.is_expired,
    is_explanation: row.is_explanation,
    is_flexible: row.is_flexible,
    created_by_role: row.created_by_role,
    description: row.description,
    mail: mail.map((m) => ({ id: Number(m.id), name: m.name, user_name: m.user_name, department_name: m.department_name })),
    mail_cc: mail.map((m) => Number(m.id)),
    reasons_for_rejection: row.reasons_for_rejection,
    check_in: row.check_in,
    check_out: row.check_out,
    absent_time: row.absent_time === null ? null : Number(row.absent_time),
    leaving_type: row.leaving_type,
    request_dates: (row.request_dates ?? []).map((d) => ({
      request_date: d.request_date,
      request_minutes: d.request_minutes === null ? null : Number(d.request_minutes),
      duration: d.duration as ShiftName | null,
    })),
    abnormal_case_id: row.abnormal_case_id === null ? null : Number(row.abnormal_case_id),
    project_id: row.project_id === null ? null : Number(row.project_id),
    onsite_request_id: row.onsite_request_id === null ? null : Number(row.onsite_request_id),
    approval_step:
      status === REQUEST_STATUS.pending && row.approval_step !== null && row.approval_step_count !== null
        ? { step: Number(row.approval_step), count: Number(row.approval_step_count), flow_name: row.approval_flow_name ?? '' }
        : null,
    created_by: { user_name: row.created_by_user_name, name: row.created_by_name },
    created_date: row.created_date,
    last_modified_date: row.last_modified_date,
    version: Number(row.version),
    actions: actionsFor(row, ctx),
  };
}

/** Rows of the export as they are fetched, in pages of `size`. */
const EXPORT_CHUNK = 1000;

/**
 * The rule context of a caller over a page: their company's lock date and last timesheet end (the onsite edit window,
 * RULES.md §5), read by the page's own statement (payroll-periods fragments), so a page is one query.
 */
function contextOf(clock: Clock, user: SessionUser, row: repo.RequestListRow | undefined): RuleContext {
  return { caller: { userId: user.userId, employeeId: user.employeeId, actors: user.actors }, lockDate: row?.lock_date ?? null, today: clock.today(), lastTimesheetEnd: row?.last_timesheet_end ?? null };
}

/** The caller's lock date and last timesheet end as SQL of the page's statement. */
const periodsOf = (user: SessionUser) => ({ lockDate: lockDateOfEmployeeSql(user.employeeId), lastTimesheetEnd: latestPeriodEndOfEmployeeSql(user.employeeId) });

/** A request in the caller's scope (RULES.md §3: outside it, 404). */
export async function scopedRequest(db: Db, user: SessionUser, id: number): Promise<repo.ScopedRequest> {
  const row = await repo.findScopedRequest(db, id, repo.requestScope(user));
  if (!row) throw notFound(REQUEST_RULE_MESSAGES.notFound);
  return row;
}

export async function listRequestRecords({ db, clock }: Deps, user: SessionUser, query: RequestListQuery): Promise<{ data: RequestRecord[]; page: PageInfo }> {
  const { page, size, ...filter } = query;
  const periods = periodsOf(user);
  const scope = repo.requestScope(user);
  const timeZone = clock.timeZone;
  const rows = await repo.listRequests(db, { filter, scope, ...periods, timeZone, limit: size, offset: (page - 1) * size, caller: user });
  const ctx = contextOf(clock, user, rows[0]);
  // Only a page past the end needs a second statement (its total).
  const count = () => repo.countRequests(db, { filter, scope, lockDate: periods.lockDate, timeZone });
  return { data: rows.map((r) => toRecord(r, ctx)), page: await pageInfo({ page, size }, rows, count) };
}

/** Export batches (same filters and scope as the list); null when nothing matches. */
export async function requestExportBatches({ db, clock }: Deps, user: SessionUser, filter: RequestListFilter): Promise<AsyncIterable<RequestRecord[]> | null> {
  const periods = periodsOf(user);
  const scope = repo.requestScope(user);
  const fetch = (offset: number) => repo.listRequests(db, { filter, scope, ...periods, timeZone: clock.timeZone, limit: EXPORT_CHUNK, offset, caller: user });
  const first = await fetch(0);
  if (first.length === 0) return null;
  const ctx = contextOf(clock, user, first[0]);
  return (async function* () {
    let rows = first;
    let offset = 0;
    for (;;) {
      yield rows.map((r) => toRecord(r, ctx));
      if (rows.length < EXPORT_CHUNK) return;
      offset += EXPORT_CHUNK;
      rows = await fetch(offset);
      if (rows.length === 0) return;
    }
  })();
}

/** History entries of a request in scope (spec 001 §2.3: the onsite drawer's history list). */
export async function requestHistory({ db, clock }: Deps, user: SessionUser, id: number): Promise<HistoryEntryDto[]> {
  await scopedRequest(db, user, id);
  return listHistory(db, repo.REQUESTS_TABLE, id, clock.timeZone);
}
