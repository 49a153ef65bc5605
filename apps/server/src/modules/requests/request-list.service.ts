import { REQUEST_FILE_MESSAGES, REQUEST_TYPE_NAMES, type RequestFile, type RequestListFilter, type RequestListQuery } from '@tms/contracts/request-list';
import { REQUEST_RULE_MESSAGES, REQUEST_STATUS, REQUEST_STATUS_TEXT, type RequestActions, type RequestRecord, type RequestType, type ShiftName } from '@tms/contracts/requests';
import type { PageInfo } from '@tms/contracts/api';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { listHistory, recordHistory, type HistoryEntryDto } from '../../lib/history.ts';
import { storeFile, type UploadedFile } from '../../lib/uploads.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { latestPeriodEndOfEmployeeSql, lockDateOfEmployeeSql } from '../payroll-periods/payroll-periods.service.ts';
import { requestActions, type RuleContext } from '../request-days/request-rules.ts';
import * as repo from './request-list.repository.ts';

type Deps = { db: Db; clock: Clock };

/** What the caller may do with a row: the write side's own pure rules (request-rules.ts), so the list shows exactly what it accepts. */
function actionsFor(row: repo.RequestListRow, ctx: RuleContext): RequestActions {
  return requestActions(
    {
      status: Number(row.status),
      isExplanation: row.is_explanation,
      requestType: row.request_type,
      ownerEmployeeId: Number(row.employee_id),
      assigneeUserId: row.assignee_user_id === null ? null : Number(row.assignee_user_id),
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
    reason_type_name_vi: row.reason_type_name_vi,
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
    created_by: { user_name: row.created_by_user_name, name: row.created_by_name },
    created_date: row.created_date,
    last_modified_date: row.last_modified_date,
    version: Number(row.version),
    actions: actionsFor(row, ctx),
  };
}

/** Rows of the export as they are fetched, in pages of `size`. */
const EXPORT_CHUNK = 1000;

export function requestListService({ db, clock }: Deps) {
  /**
   * The rule context of a caller over a page: their company's lock date and last timesheet end (the onsite edit window,
   * RULES.md §5), read by the page's own statement (payroll-periods fragments), so a page is one query.
   */
  function contextOf(user: SessionUser, row: repo.RequestListRow | undefined): RuleContext {
    return { caller: { userId: user.userId, employeeId: user.employeeId, actors: user.actors }, lockDate: row?.lock_date ?? null, today: clock.today(), lastTimesheetEnd: row?.last_timesheet_end ?? null };
  }
  /** The caller's lock date and last timesheet end as SQL of the page's statement. */
  const periodsOf = (user: SessionUser) => ({ lockDate: lockDateOfEmployeeSql(user.employeeId), lastTimesheetEnd: latestPeriodEndOfEmployeeSql(user.employeeId) });
  const timeZone = clock.timeZone;

  /** A request in the caller's scope (RULES.md §3: outside it, 404). */
  async function scoped(user: SessionUser, id: number): Promise<repo.ScopedRequest> {
    const row = await repo.findScopedRequest(db, id, repo.requestScope(user));
    if (!row) throw notFound(REQUEST_RULE_MESSAGES.notFound);
    return row;
  }

  /** Owner (or the one who filed it for them) while pending: the only one who changes its files. */
  function assertCanChangeFiles(user: SessionUser, row: repo.ScopedRequest) {
    const mine = row.owner_user_id === user.userId || row.created_by_user_id === user.userId;
    if (!mine || Number(row.status) !== REQUEST_STATUS.pending) throw forbidden(REQUEST_FILE_MESSAGES.notOwnerOrNotPending);
  }

  return {
    async list(user: SessionUser, query: RequestListQuery): Promise<{ data: RequestRecord[]; page: PageInfo }> {
      const { page, size, ...filter } = query;
      const periods = periodsOf(user);
      const scope = repo.requestScope(user);
      const rows = await repo.listRequests(db, { filter, scope, ...periods, timeZone, limit: size, offset: (page - 1) * size, caller: user });
      const ctx = contextOf(user, rows[0]);
      // Only a page past the end needs a second statement (its total).
      const total = rows.length > 0 ? Number(rows[0]!.total) : page > 1 ? await repo.countRequests(db, { filter, scope, lockDate: periods.lockDate, timeZone }) : 0;
      return { data: rows.map((r) => toRecord(r, ctx)), page: { page, size, total_element: total } };
    },

    /** Export batches (same filters and scope as the list); null when nothing matches. */
    async exportBatches(user: SessionUser, filter: RequestListFilter): Promise<AsyncIterable<RequestRecord[]> | null> {
      const periods = periodsOf(user);
      const scope = repo.requestScope(user);
      const fetch = (offset: number) => repo.listRequests(db, { filter, scope, ...periods, timeZone, limit: EXPORT_CHUNK, offset, caller: user });
      const first = await fetch(0);
      if (first.length === 0) return null;
      const ctx = contextOf(user, first[0]);
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
    },

    /** History entries of a request in scope (spec 001 §2.3: the onsite drawer's history list). */
    async onsiteHistory(user: SessionUser, id: number): Promise<HistoryEntryDto[]> {
      await scoped(user, id);
      return listHistory(db, repo.REQUESTS_TABLE, id, timeZone);
    },

    async listFiles(user: SessionUser, folder: string, id: number): Promise<RequestFile[]> {
      await scoped(user, id);
      return (await repo.listFiles(db, id, folder)).map(toFile);
    },

    async upload(user: SessionUser, folder: string, id: number, file: UploadedFile): Promise<RequestFile> {
      const row = await scoped(user, id);
      assertCanChangeFiles(user, row);
      return db.transaction(async (tx) => {
        const stored = await storeFile(tx, file, { folder: `request/${folder}`, ownerTable: repo.REQUESTS_TABLE, ownerId: id, createdBy: user.userId });
        await repo.linkFile(tx, id, stored.id, folder);
        await recordHistory(tx, {
          tableName: repo.REQUESTS_TABLE,
          recordId: id,
          employeeId: row.employee_id,
          action: 'UPDATE',
          changes: [{ field: 'attachments', oldValue: null, newValue: stored.originalName }],
          newRecord: { folder, name: stored.storedName, original_name: stored.originalName, size: stored.size },
          by: user,
        });
        return { name: stored.storedName, original_name: stored.originalName, size: stored.size, content_type: stored.contentType, created_date: new Date().toISOString() };
      });
    },

    async download(user: SessionUser, folder: string, id: number, name: string) {
      await scoped(user, id);
      const file = await repo.findFile(db, id, folder, name);
      if (!file) throw notFound(REQUEST_FILE_MESSAGES.fileNotFound);
      return { originalName: file.original_name, contentType: file.content_type, content: file.content };
    },

    async deleteFile(user: SessionUser, folder: string, id: number, name: string): Promise<{ name: string }> {
      const row = await scoped(user, id);
      const file = await repo.findFile(db, id, folder, name);
      if (!file) throw notFound(REQUEST_FILE_MESSAGES.fileNotFound);
      assertCanChangeFiles(user, row);
      await db.transaction(async (tx) => {
        if (!(await repo.unlinkFile(tx, id, file.stored_file_id))) throw new AppError(409, REQUEST_RULE_MESSAGES.alreadyChanged);
        await recordHistory(tx, {
          tableName: repo.REQUESTS_TABLE,
          recordId: id,
          employeeId: row.employee_id,
          action: 'UPDATE',
          changes: [{ field: 'attachments', oldValue: file.original_name, newValue: null }],
          newRecord: { folder, name, deleted: true },
          by: user,
        });
      });
      return { name };
    },
  };
}

function toFile(row: repo.RequestFileRow): RequestFile {
  return { name: row.stored_name, original_name: row.original_name, size: Number(row.size), content_type: row.content_type, created_date: row.created_date };
}
