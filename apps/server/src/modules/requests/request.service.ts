/**
 * Requests, write side (spec 001 §4.2, §5.2, §7.2; RULES.md §3, §5): creating them here; editing in
 * request-edit.service.ts, approve / reject / withdraw in request-status.service.ts.
 *
 * FOR OTHER HELPERS (ready since 03:50 UTC):
 * - `createRequests(deps, author, items, { approved?, mode? })` — imports (helper B) and the demo seed (helper G).
 *   `deps.db` may be the pool or your transaction; all items are written in one transaction, the first refusal throws
 *   its AppError (all-or-nothing: with your own transaction, roll it back or use a savepoint, since rows written
 *   before the refusal are in it). With `approved: true` the requests are stored APPROVED and their leave is drawn at
 *   once. Answers `{ ids, days }`. The days of approved items are queued for recalculation in the same transaction.
 * - `withdrawRequest(deps, author, { id, reason })` (request-status.service.ts) — the owner's withdrawal (import "revoke"); same rules as
 *   update-status 5. `deps.db` may be your transaction too.
 * - `withdrawByImporter({ ...deps, tx }, importer, { id, reason })` (request-status.service.ts) — the revoke import's withdrawal in the caller's
 *   transaction, by the importer (HR, HRM, ADMIN) for the owner; answers the days to recalculate after the commit.
 * Items are the spec's request payload (`RequestPayload` of @tms/contracts/requests) plus `employeeId`.
 */
import {
  REQUEST_MESSAGES as M,
  REQUEST_STATUS as S,
  SPECIAL_CREATOR_ROLE,
  type BatchItemResult,
  type CommonRequestPayload,
  type RequestBatchPayload,
  type RequestPayload,
} from '@tms/contracts/requests';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, forbidden } from '../../lib/errors.ts';
import { diffFields, recordHistory } from '../../lib/history.ts';
import type { NotifyMailConfig } from '../../lib/notify.ts';
import { inTransaction } from '../leave/leave.service.ts';
import { queueRecalculation } from '../timesheet/recalc-queue.ts';
import type { EmployeeDay } from '../timesheet/recalculate.ts';
import { applyEffects } from '../request-days/request-effects.ts';
import { planDates, readHead, readWanted, wantedDates, type FormMode } from '../request-days/request-form.ts';
import { reachOf, type RequestAuthor } from '../request-days/request-author.ts';
import * as repo from '../request-days/request.repository.ts';
import { scheduleMap } from '../request-days/schedule-days.ts';
import { isPrivileged, linkOf, tell, type RequestDeps } from './request-access.ts';
import { fileOnsiteRequest } from './request-onsite.ts';
import { queueCreatedRequestEvents } from './request-webhook-events.ts';
import { approvalItemOf, assigneeFor, effectRequest, HISTORY_FIELDS, planRequest, snapshot, type CreateItem } from './request-plan.ts';
import { FLOW_HISTORY_FIELDS, flowAuthor, flowHistoryValues, planApproval, requestItem, startRequestFlow, stepDeciders } from '../approval-flows/approval-steps.ts';

export type { CreateItem } from './request-plan.ts';
export type CreateOptions = { approved?: boolean; mode?: FormMode };

async function createOne(tx: DbOrTx, author: RequestAuthor, item: CreateItem, opts: CreateOptions & { mail?: NotifyMailConfig }): Promise<{ id: number; days: EmployeeDay[] }> {
  const [employee] = await repo.employeesBy(tx, { ids: [item.employeeId] }, 'all');
  if (!employee) throw badRequest(M.staffRequired);
  const planned = await planRequest(tx, item, { mode: opts.mode ?? 'day', excludeId: null, companyId: employee.company_id, checkBalance: !opts.approved });
  const { head, plan } = planned;
  // Issue 29: a pending item follows the first approval flow whose conditions hold; without one, the single step.
  const approval = opts.approved ? null : await planApproval(tx, approvalItemOf(item.employeeId, planned));
  const single = approval === null ? await assigneeFor(tx, item.employeeId, head, plan.startDate) : null;
  const autoApproved = approval !== null && approval.steps.length === 0;
  const assignee = approval === null ? single : autoApproved ? null : (approval.steps[0]!.approver?.user_id ?? null);
  const status = opts.approved || autoApproved ? S.approved : S.pending;
  const created = await repo.insertRequest(tx, {
    employeeId: item.employeeId,
    requestType: head.requestType,
    reasonType: head.reasonType,
    startDate: plan.startDate,
    endDate: plan.endDate,
    startShift: plan.startShift,
    endShift: plan.endShift,
    quantityInHours: plan.quantityInHours,
    quantityInMinutes: plan.quantityInMinutes,
    description: head.description,
    status,
    assigneeUserId: assignee,
    approvedByUserId: opts.approved ? author.userId : null,
    createdByUserId: author.userId,
    createdByRole: item.createdByRole ?? null,
    projectId: head.projectId,
    leavingType: head.leavingType,
    isFlexible: plan.isFlexible,
  });
  await repo.writeDatesAndCc(
    tx,
    created.id,
    item.employeeId,
    plan.dates.map((d) => ({ date: d.date, shift: d.shift, minutes: d.minutes, hours: d.fundAmount })),
    item.mail_cc ?? item.ccMails ?? [],
  );
  if (approval) await startRequestFlow(tx, created.id, approval.flow, approval.steps);
  const record = snapshot(planned, { status, assignee_user_id: assignee, employee_id: item.employeeId, mail_cc: item.mail_cc ?? item.ccMails ?? [], ...flowHistoryValues(approval) });
  await recordHistory(tx, {
    tableName: 'requests',
    recordId: created.id,
    employeeId: item.employeeId,
    action: 'CREATE',
    changes: diffFields(null, record, approval ? [...HISTORY_FIELDS, ...FLOW_HISTORY_FIELDS] : HISTORY_FIELDS),
    newRecord: record,
    by: author,
  });
  if (autoApproved) {
    await recordHistory(tx, {
      tableName: 'requests',
      recordId: created.id,
      employeeId: item.employeeId,
      action: 'STATUS',
      changes: [{ field: 'status', oldValue: S.pending, newValue: S.approved }],
      newRecord: { id: created.id, status: S.approved, approval_flow: approval.flow.name },
      by: flowAuthor(approval.flow.name),
    });
  }
  if (opts.approved || autoApproved) {
    await applyEffects(tx, effectRequest(created.id, item.employeeId, planned.effect, plan.dates.map((d) => ({ date: d.date, fundAmount: d.fundAmount }))), author);
    await queueRecalculation(tx, plan.dates.map((d) => ({ employeeId: item.employeeId, date: d.date })), { createdBy: author.userId });
  } else {
    // The assignee, or everyone of a first ROLE step's role (the first of them to act decides).
    const deciders = approval ? await stepDeciders(tx, requestItem(created.id), 1, item.employeeId) : assignee === null ? [] : [assignee];
    for (const userId of deciders) {
      await tell(tx, opts.mail, { userId, type: 'ASSIGNED', text: { key: 'requestAssigned', params: { id: created.id, name: employee.name } }, link: linkOf(created.id), ccEmployeeIds: item.mail_cc ?? item.ccMails ?? [] });
    }
  }
  return { id: created.id, days: plan.dates.map((d) => ({ employeeId: item.employeeId, date: d.date })) };
}

/** See the note at the top of this file. */
export async function createRequests(deps: RequestDeps, author: RequestAuthor, items: readonly CreateItem[], opts: CreateOptions = {}): Promise<{ ids: number[]; days: EmployeeDay[] }> {
  return inTransaction(deps.db, async (tx) => {
    const ids: number[] = [];
    const days: EmployeeDay[] = [];
    for (const item of items) {
      const one = await createOne(tx, author, item, { ...opts, mail: deps.mail });
      ids.push(one.id);
      days.push(...one.days);
    }
    await queueCreatedRequestEvents(tx, deps.clock, ids);
    return { ids, days };
  });
}

/** Who a single create is for: the caller, or (HR, HRM, ADMIN) the employee named. */
function targetEmployee(author: RequestAuthor, p: RequestPayload): number {
  const named = p.employee ?? p.staff_id ?? null;
  if (named !== null && named !== author.employeeId) {
    if (!isPrivileged(author)) throw forbidden();
    return named;
  }
  if (author.employeeId === null) throw badRequest(M.staffRequired);
  return author.employeeId;
}

/** create-request (mode day) and create-request-flexible (mode flexible). */
export async function createRequest(deps: RequestDeps, user: RequestAuthor, p: RequestPayload, mode: FormMode) {
  if (p.request_type === 'WORK_OUTSIDE' && !isPrivileged(user)) throw badRequest(M.onsiteNotSupported);
  const employeeId = targetEmployee(user, p);
  if (employeeId !== user.employeeId) await mustSeeEmployee(deps.db, user, employeeId);
  // An onsite request is an onsite record (docs/onsite.md): the onsite service files it and writes this row.
  if (p.request_type?.trim() === 'ONSITE') return { id: (await fileOnsiteRequest(deps, user, p, [employeeId], mode))[0]! };
  const { ids } = await createRequests(deps, user, [{ ...p, employeeId }], { mode });
  return { id: ids[0]! };
}

async function mustSeeEmployee(db: DbOrTx, user: RequestAuthor, employeeId: number) {
  const rows = await repo.employeesBy(db, { ids: [employeeId] }, reachOf(user));
  if (rows.length === 0) throw badRequest(M.staffRequired);
}

/** batch-create-request (HR): the same request for each username, each in its own transaction. */
export async function batchCreateRequests(deps: RequestDeps, user: RequestAuthor, p: RequestBatchPayload): Promise<{ status: 200 | 207 | 400; results: BatchItemResult[] }> {
  const usernames = [...new Set((p.usernames ?? []).map((u) => u.trim()).filter(Boolean))];
  if (usernames.length === 0) throw badRequest(M.staffRequired);
  if (p.request_type === 'WORK_OUTSIDE' && !isPrivileged(user)) throw badRequest(M.onsiteNotSupported);
  readHead(p);
  const employees = await repo.employeesBy(deps.db, { usernames }, 'all');
  const byName = new Map(employees.map((e) => [e.user_name.toLowerCase(), e]));
  const results: BatchItemResult[] = [];
  for (const username of usernames) {
    const employee = byName.get(username.toLowerCase());
    if (!employee) {
      results.push({ code: 404, message: M.staffRequired, username });
      continue;
    }
    try {
      const { ids } =
        p.request_type?.trim() === 'ONSITE'
          ? { ids: await fileOnsiteRequest(deps, user, p, [employee.id], 'day') }
          : await createRequests(deps, user, [{ ...p, employeeId: employee.id }], { mode: 'day' });
      results.push({ code: 200, message: M.success, username, id: ids[0]! });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      results.push({ code: err.statusCode, message: err.message, username });
    }
  }
  const ok = results.filter((r) => r.code === 200).length;
  return { status: ok === results.length ? 200 : ok === 0 ? 400 : 207, results };
}

/** create-common-request (HR, HRM, ADMIN): onsite or work outside for staff, created by the special role. */
export async function createCommonRequest(deps: RequestDeps, user: RequestAuthor, p: CommonRequestPayload) {
  const head = readHead(p);
  if (head.requestType !== 'ONSITE' && head.requestType !== 'WORK_OUTSIDE') throw badRequest(M.requestTypeRequired);
  if (head.requestType === 'ONSITE' && !head.projectId) throw badRequest(M.projectRequired);
  const ids = [...(p.employee_ids ?? []), ...[p.employee, p.staff_id].filter((x): x is number => typeof x === 'number')];
  const employees = await repo.employeesBy(deps.db, { ids, usernames: p.usernames ?? [] }, 'all');
  if (employees.length === 0) throw badRequest(M.staffRequired);
  // One onsite record for all of them (docs/onsite.md), filed by the special role.
  if (head.requestType === 'ONSITE') return { ids: await fileOnsiteRequest(deps, user, p, employees.map((e) => e.id), 'day') };
  const items = employees.map((e) => ({ ...p, employeeId: e.id, createdByRole: SPECIAL_CREATOR_ROLE }));
  const created = await createRequests(deps, user, items, { mode: 'day' });
  return { ids: created.ids };
}

/** time-and-duration: hours and minutes of a span for the employee's schedule (weekends and holidays excluded). */
export async function timeAndDuration(deps: RequestDeps, user: RequestAuthor, p: { start_date?: string | null; end_date?: string | null; start_shift?: 'MORNING' | 'AFTERNOON' | null; end_shift?: 'MORNING' | 'AFTERNOON' | null; employee?: number | null }) {
  const employeeId = p.employee ?? user.employeeId;
  if (employeeId === null || employeeId === undefined) throw badRequest(M.staffRequired);
  if (employeeId !== user.employeeId) await mustSeeEmployee(deps.db, user, employeeId);
  const wanted = readWanted({ start_date: p.start_date, end_date: p.end_date, start_shift: p.start_shift, end_shift: p.end_shift }, 'day');
  const schedule = await scheduleMap(deps.db, employeeId, wantedDates(wanted));
  if (schedule.size === 0) throw badRequest(M.noWorkSchedule);
  const plan = planDates(wanted, schedule, 'NONE');
  return {
    hours: plan.quantityInHours,
    minutes: plan.quantityInMinutes,
    quantity_in_hours: plan.quantityInHours,
    quantity_in_minutes: plan.quantityInMinutes,
    request_dates: plan.dates.map((d) => ({ request_date: d.date, duration: d.shift })),
  };
}
