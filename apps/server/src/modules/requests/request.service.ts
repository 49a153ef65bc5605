/**
 * Requests, write side (spec 001 §4.2, §5.2, §7.2; RULES.md §3, §5).
 *
 * FOR OTHER HELPERS (ready since 03:50 UTC):
 * - `createRequests(deps, author, items, { approved?, mode? })` — imports (helper B) and the demo seed (helper G).
 *   `deps.db` may be the pool or your transaction; all items are written in one transaction, the first refusal throws
 *   its AppError (all-or-nothing: with your own transaction, roll it back or use a savepoint, since rows written
 *   before the refusal are in it). With `approved: true` the requests are stored APPROVED and their leave is drawn at
 *   once. Answers `{ ids, days }`. The days of approved items are queued for recalculation in the same transaction.
 * - `withdrawRequest(deps, author, { id, reason })` — the owner's withdrawal (import "revoke"); same rules as
 *   update-status 5. `deps.db` may be your transaction too.
 * - `withdrawByImporter({ ...deps, tx }, importer, { id, reason })` — the revoke import's withdrawal in the caller's
 *   transaction, by the importer (HR, HRM, ADMIN) for the owner; answers the days to recalculate after the commit.
 * Items are the spec's request payload (`RequestPayload` of @tms/contracts/requests) plus `employeeId`.
 */
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import {
  REQUEST_MESSAGES as M,
  REQUEST_PAGE,
  REQUEST_RULE_MESSAGES as R,
  REQUEST_STATUS as S,
  SPECIAL_CREATOR_ROLE,
  type BatchItemResult,
  type CommonRequestPayload,
  type RequestBatchPayload,
  type RequestEditPayload,
  type RequestPayload,
  type RequestStatusPayload,
} from '@tms/contracts/requests';
import type { Actor } from '@tms/contracts/roles';
import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { diffFields, recordHistory } from '../../lib/history.ts';
import { notify, notifyEvent, type NotificationType, type NotifyMailConfig } from '../../lib/notify.ts';
import { inTransaction } from '../leave/leave.service.ts';
import { getLockDate, latestPeriodEnd } from '../payroll-periods/payroll-periods.service.ts';
import { queueRecalculation } from '../timesheet/recalc-queue.ts';
import type { EmployeeDay } from '../timesheet/recalculate.ts';
import { resolveApprover } from '../auth/approver.repository.ts';
import { applyEffects, fundAvailable, returnEffects, type EffectRequest } from '../request-days/request-effects.ts';
import { findOverlap, planDates, readHead, readWanted, refusedError, wantedDates, type FundEffect, type FormMode, type Plan, type ScheduleDay } from '../request-days/request-form.ts';
import { actionOfStatus, fromStatuses, isAfterLock, reasonRefusal, refusal, type RuleRequest } from '../request-days/request-rules.ts';
import { reachOf, type RequestAuthor } from '../request-days/request-author.ts';
import * as repo from '../request-days/request.repository.ts';
import { scheduleMap } from '../request-days/schedule-days.ts';

/** `mail`: the app's mail settings; with them a notification is also mailed (lib/notify.ts `notifyEvent`). */
export type RequestDeps = { db: DbOrTx; clock: Clock; log?: FastifyBaseLogger; mail?: NotifyMailConfig };

/** RULES.md §8: one in-app notification (and, with mail settings, the mail with the request's CC list copied). */
export async function tell(tx: DbOrTx, mail: NotifyMailConfig | undefined, n: { userId: number; type: NotificationType; title: string; body?: string | null; link: string; ccEmployeeIds?: readonly number[] }) {
  if (mail) await notifyEvent(tx, mail, { userIds: [n.userId], ccEmployeeIds: n.ccEmployeeIds ?? [], type: n.type, title: n.title, body: n.body ?? null, link: n.link });
  else await notify(tx, { userId: n.userId, type: n.type, title: n.title, body: n.body ?? null, link: n.link });
}
/** Who acts: a session user, or any author with the same fields (the seed). */
export type CreateItem = RequestPayload & {
  employeeId: number;
  /** 'HR' for onsite / work outside filed by HR, HRM, ADMIN (spec 001 §4.2 "special role"). */
  createdByRole?: string | null;
};
export type CreateOptions = { approved?: boolean; mode?: FormMode };

const PRIVILEGED: readonly Actor[] = ['HR', 'HRM', 'ADMIN'];
const isPrivileged = (a: RequestAuthor) => PRIVILEGED.some((r) => a.actors.includes(r));
export const linkOf = (id: number) => `${REQUEST_PAGE}?id=${id}`;
const HISTORY_FIELDS = ['request_type', 'reason_type', 'start_date', 'end_date', 'start_shift', 'end_shift', 'quantity_in_hours', 'description', 'status', 'assignee_user_id', 'project_id', 'request_dates'] as const;

type Planned = { head: ReturnType<typeof readHead>; reason: repo.ReasonRow; effect: FundEffect; plan: Plan; schedule: Map<string, ScheduleDay> };

/** Reads and checks a payload for `employeeId`: the §5.2 messages, the amounts, lock, overlap and balance. */
async function planRequest(tx: DbOrTx, item: CreateItem, opts: { mode: FormMode; excludeId: number | null; companyId: number | null; checkBalance: boolean }): Promise<Planned> {
  const head = readHead(item);
  const reason = await repo.reasonType(tx, head.reasonType);
  if (!reason || reason.request_type !== head.requestType) throw badRequest(M.reasonRequired);
  // Explanations have their own flow (abnormal case, spec 001 §5.4).
  if (reason.request_type === 'EXPLANATION_REQUEST') throw badRequest(M.requestTypeRequired);
  const wanted = readWanted(item, opts.mode);
  const schedule = await scheduleMap(tx, item.employeeId, wantedDates(wanted));
  if (schedule.size === 0) throw badRequest(M.noWorkSchedule);
  const effect = reason.effect as FundEffect;
  const plan = planDates(wanted, schedule, effect);
  const lockDate = await getLockDate(tx, opts.companyId);
  if (!isAfterLock(plan.startDate, lockDate)) throw badRequest(R.locked);
  const existing = await repo.coveredDates(tx, item.employeeId, plan.dates.map((d) => d.date), opts.excludeId);
  if (findOverlap(plan, existing, schedule)) throw badRequest(R.overlapping);
  if (opts.checkBalance) {
    const available = await fundAvailable(tx, item.employeeId, effect, plan.startDate);
    if (available !== null) {
      const pending = await repo.pendingAmount(tx, item.employeeId, reason.code, opts.excludeId);
      const need = plan.dates.reduce((s, d) => s + d.fundAmount, 0);
      if (available - pending < need - 1e-9) throw badRequest(R.insufficientBalance);
    }
  }
  return { head, reason, effect, plan, schedule };
}

const snapshot = (p: Planned, extra: Record<string, unknown>) => ({
  request_type: p.head.requestType,
  reason_type: p.head.reasonType,
  start_date: p.plan.startDate,
  end_date: p.plan.endDate,
  start_shift: p.plan.startShift,
  end_shift: p.plan.endShift,
  quantity_in_hours: p.plan.quantityInHours,
  description: p.head.description,
  project_id: p.head.projectId,
  request_dates: p.plan.dates.map((d) => ({ request_date: d.date, duration: d.shift, request_minutes: d.minutes })),
  ...extra,
});

/** RULES.md §5: a delegation in force on the request's first date, else the project's PM (onsite), else the lead chain. */
async function assigneeFor(tx: DbOrTx, employeeId: number, head: Planned['head'], date: string): Promise<number | null> {
  if (head.requestType === 'ONSITE' && !head.projectId) throw badRequest(M.projectRequired);
  const project = head.projectId ? await repo.projectPm(tx, head.projectId) : undefined;
  if (head.projectId && !project) throw badRequest(M.projectRequired);
  const projectId = head.requestType === 'ONSITE' ? head.projectId : null;
  const approver = await resolveApprover(tx, { employeeId, projectId, date });
  return approver?.userId ?? null;
}

async function createOne(tx: DbOrTx, author: RequestAuthor, item: CreateItem, opts: CreateOptions & { mail?: NotifyMailConfig }): Promise<{ id: number; days: EmployeeDay[] }> {
  const [employee] = await repo.employeesBy(tx, { ids: [item.employeeId] }, 'all');
  if (!employee) throw badRequest(M.staffRequired);
  const planned = await planRequest(tx, item, { mode: opts.mode ?? 'day', excludeId: null, companyId: employee.company_id, checkBalance: !opts.approved });
  const { head, plan } = planned;
  const assignee = await assigneeFor(tx, item.employeeId, head, plan.startDate);
  const status = opts.approved ? S.approved : S.pending;
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
  const record = snapshot(planned, { status, assignee_user_id: assignee, employee_id: item.employeeId, mail_cc: item.mail_cc ?? item.ccMails ?? [] });
  await recordHistory(tx, {
    tableName: 'requests',
    recordId: created.id,
    employeeId: item.employeeId,
    action: 'CREATE',
    changes: diffFields(null, record, HISTORY_FIELDS),
    newRecord: record,
    by: author,
  });
  if (opts.approved) {
    await applyEffects(tx, effectRequest(created.id, item.employeeId, planned.effect, plan.dates.map((d) => ({ date: d.date, fundAmount: d.fundAmount }))), author);
    await queueRecalculation(tx, plan.dates.map((d) => ({ employeeId: item.employeeId, date: d.date })), { createdBy: author.userId });
  } else if (assignee !== null) {
    await tell(tx, opts.mail, { userId: assignee, type: 'ASSIGNED', title: `Request #${created.id} of ${employee.name} is assigned to you`, link: linkOf(created.id), ccEmployeeIds: item.mail_cc ?? item.ccMails ?? [] });
  }
  return { id: created.id, days: plan.dates.map((d) => ({ employeeId: item.employeeId, date: d.date })) };
}

const effectRequest = (id: number, employeeId: number, effect: FundEffect, dates: EffectRequest['dates']): EffectRequest => ({ id, employeeId, effect, dates });

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
    return { ids, days };
  });
}

function isTransaction(db: DbOrTx): boolean {
  return db instanceof PgTransaction;
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

export function requestService(deps: RequestDeps) {

  /** create-request (mode day) and create-request-flexible (mode flexible). */
  async function create(user: RequestAuthor, p: RequestPayload, mode: FormMode) {
    if (p.request_type === 'WORK_OUTSIDE' && !isPrivileged(user)) throw badRequest(M.onsiteNotSupported);
    const employeeId = targetEmployee(user, p);
    if (employeeId !== user.employeeId) await mustSeeEmployee(user, employeeId);
    const { ids } = await createRequests(deps, user, [{ ...p, employeeId }], { mode });
    return { id: ids[0]! };
  }

  async function mustSeeEmployee(user: RequestAuthor, employeeId: number) {
    const rows = await repo.employeesBy(deps.db, { ids: [employeeId] }, reachOf(user));
    if (rows.length === 0) throw badRequest(M.staffRequired);
  }

  /** batch-create-request (HR): the same request for each username, each in its own transaction. */
  async function batch(user: RequestAuthor, p: RequestBatchPayload): Promise<{ status: 200 | 207 | 400; results: BatchItemResult[] }> {
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
        const { ids } = await createRequests(deps, user, [{ ...p, employeeId: employee.id }], { mode: 'day' });
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
  async function createCommon(user: RequestAuthor, p: CommonRequestPayload) {
    const head = readHead(p);
    if (head.requestType !== 'ONSITE' && head.requestType !== 'WORK_OUTSIDE') throw badRequest(M.requestTypeRequired);
    if (head.requestType === 'ONSITE' && !head.projectId) throw badRequest(M.projectRequired);
    const ids = [...(p.employee_ids ?? []), ...[p.employee, p.staff_id].filter((x): x is number => typeof x === 'number')];
    const employees = await repo.employeesBy(deps.db, { ids, usernames: p.usernames ?? [] }, 'all');
    if (employees.length === 0) throw badRequest(M.staffRequired);
    const items = employees.map((e) => ({ ...p, employeeId: e.id, createdByRole: SPECIAL_CREATOR_ROLE }));
    const created = await createRequests(deps, user, items, { mode: 'day' });
    return { ids: created.ids };
  }

  /**
   * The request if the caller reaches it (404 otherwise, explanations included). The writers lock the row
   * (`forUpdate`): the status they decide on is the current one, so a withdrawal racing an approval returns the leave
   * the approval drew; the conditional UPDATE in `repo.transition` still guards every status change.
   */
  async function loadVisible(db: DbOrTx, user: RequestAuthor, id: number, forUpdate = false) {
    const row = await repo.findRequest(db, id, { reach: reachOf(user), userId: user.userId }, { forUpdate });
    if (!row || row.is_explanation) throw notFound(R.notFound);
    return row;
  }

  /** edit-request, edit-request-flexible, edit-common-request. */
  async function edit(user: RequestAuthor, p: RequestEditPayload, mode: FormMode, common = false) {
    const out = await inTransaction(deps.db, async (tx) => {
      const row = await loadVisible(tx, user, p.id, true);
      if (common && row.request_type !== 'ONSITE' && row.request_type !== 'WORK_OUTSIDE') throw notFound(R.notFound);
      const lockDate = await getLockDate(tx, row.company_id);
      const lastEnd = await latestPeriodEnd(tx, { companyId: row.company_id });
      const refused = refusal('edit', ruleRequest(row), { caller: user, lockDate, today: deps.clock.today(), lastTimesheetEnd: lastEnd });
      if (refused) throw refusedError(refused);
      const item: CreateItem = { ...p, request_type: row.request_type, employeeId: row.employee_id };
      const planned = await planRequest(tx, item, { mode, excludeId: row.id, companyId: row.company_id, checkBalance: row.status === S.pending });
      const oldDates = await repo.requestDates(tx, row.id);
      if (planned.head.requestType === 'ONSITE' && !planned.head.projectId) throw badRequest(M.projectRequired);
      if (planned.head.projectId && !(await repo.projectPm(tx, planned.head.projectId))) throw badRequest(M.projectRequired);
      const updated = await repo.updateTerms(
        tx,
        row.id,
        { version: p.version ?? null, from: [row.status] },
        {
          reasonType: planned.head.reasonType,
          startDate: planned.plan.startDate,
          endDate: planned.plan.endDate,
          startShift: planned.plan.startShift,
          endShift: planned.plan.endShift,
          quantityInHours: planned.plan.quantityInHours,
          quantityInMinutes: planned.plan.quantityInMinutes,
          description: planned.head.description,
          projectId: planned.head.projectId,
          leavingType: planned.head.leavingType,
        },
      );
      if (!updated) throw conflict();
      await repo.writeDatesAndCc(
        tx,
        row.id,
        row.employee_id,
        planned.plan.dates.map((d) => ({ date: d.date, shift: d.shift, minutes: d.minutes, hours: d.fundAmount })),
        p.mail_cc ?? p.ccMails ?? null,
      );
      if (row.status === S.approved) {
        // An approved special-role onsite: give back and draw again (a no-op for reasons without a fund).
        await returnEffects(tx, effectRequest(row.id, row.employee_id, row.effect as FundEffect, oldDates.map((d) => ({ date: d.date, fundAmount: d.hours }))), user);
        await applyEffects(tx, effectRequest(row.id, row.employee_id, planned.effect, planned.plan.dates), user);
      }
      const before = {
        reason_type: row.reason_type,
        start_date: row.start_date,
        end_date: row.end_date,
        quantity_in_hours: Number(row.quantity_in_hours),
        description: row.description,
        project_id: row.project_id,
        request_dates: oldDates.map((d) => ({ request_date: d.date, duration: d.shift, request_minutes: d.minutes })),
      };
      const after = snapshot(planned, {});
      await recordHistory(tx, {
        tableName: 'requests',
        recordId: row.id,
        employeeId: row.employee_id,
        action: 'UPDATE',
        changes: diffFields(before, after, ['reason_type', 'start_date', 'end_date', 'quantity_in_hours', 'description', 'project_id', 'request_dates']),
        newRecord: { ...after, status: row.status, version: updated.version },
        by: user,
      });
      if (row.status === S.approved) {
        const days = [...oldDates.map((d) => d.date), ...planned.plan.dates.map((d) => d.date)].map((date) => ({ employeeId: row.employee_id, date }));
        await queueRecalculation(tx, days, { createdBy: user.userId });
      }
      return { id: row.id, version: updated.version };
    });
    return { id: out.id, version: out.version };
  }

  /** update-status: approve (3), reject (4), withdraw (5). */
  async function updateStatus(user: RequestAuthor, p: RequestStatusPayload) {
    const out = await changeStatus(user, p);
    return { id: out.id, status: out.status, version: out.version };
  }

  /**
   * `byImporter`: the revoke import (HR, HRM, ADMIN) withdraws for the owner — the owner rule is met on the owner's
   * behalf, every other rule (state, lock) holds and the history names the importer.
   */
  async function changeStatus(user: RequestAuthor, p: RequestStatusPayload, opts: { byImporter?: boolean } = {}) {
    const code = p.status_type ?? p.status ?? null;
    const action = code === null ? null : actionOfStatus(code);
    if (action === null || action === 'edit' || action === 'delegate') throw badRequest(M.updateStatusFailed);
    const reasonRefused = reasonRefusal(action, p.reason);
    if (reasonRefused) throw refusedError(reasonRefused);
    const reason = p.reason?.trim() ? p.reason.trim() : null;
    const out = await inTransaction(deps.db, async (tx) => {
      const row = await loadVisible(tx, user, p.id, true);
      const lockDate = await getLockDate(tx, row.company_id);
      const caller = opts.byImporter && action === 'withdraw' ? { userId: user.userId, employeeId: row.employee_id, actors: user.actors } : user;
      const refused = refusal(action, ruleRequest(row), { caller, lockDate, today: deps.clock.today() });
      if (refused) throw refusedError(refused);
      const to = action === 'approve' ? S.approved : action === 'reject' ? S.rejected : S.withdrawn;
      const moved = await repo.transition(tx, row.id, {
        from: fromStatuses(action, { createdByRole: row.created_by_role }),
        to,
        approvedBy: action === 'approve' ? user.userId : null,
        rejectionReason: action === 'reject' ? reason : null,
        withdrawReason: action === 'withdraw' ? reason : null,
      });
      if (!moved) throw new AppError(409, R.alreadyChanged, [R.alreadyChanged]);
      const dates = await repo.requestDates(tx, row.id);
      const effect = effectRequest(row.id, row.employee_id, row.effect as FundEffect, dates.map((d) => ({ date: d.date, fundAmount: d.hours })));
      if (action === 'approve') await applyEffects(tx, effect, user);
      else if (row.status === S.approved) await returnEffects(tx, effect, user);
      await recordHistory(tx, {
        tableName: 'requests',
        recordId: row.id,
        employeeId: row.employee_id,
        action: 'STATUS',
        changes: [
          { field: 'status', oldValue: row.status, newValue: to },
          ...(reason ? [{ field: action === 'reject' ? 'reasons_for_rejection' : 'withdraw_reason', oldValue: null, newValue: reason }] : []),
        ],
        newRecord: { id: row.id, status: to, version: moved.version },
        by: user,
      });
      if (row.owner_user_id !== null && action !== 'withdraw') {
        await tell(tx, deps.mail, {
          userId: row.owner_user_id,
          type: action === 'approve' ? 'APPROVED' : 'REJECTED',
          title: `Your request #${row.id} was ${action === 'approve' ? 'approved' : 'rejected'}`,
          body: action === 'reject' ? reason : null,
          link: linkOf(row.id),
        });
      }
      const touchesTimesheet = action === 'approve' || row.status === S.approved;
      const days = touchesTimesheet ? dates.map((d) => ({ employeeId: row.employee_id, date: d.date })) : [];
      await queueRecalculation(tx, days, { createdBy: user.userId });
      return { id: row.id, status: to, version: moved.version, days };
    });
    return out;
  }

  /** time-and-duration: hours and minutes of a span for the employee's schedule (weekends and holidays excluded). */
  async function timeAndDuration(user: RequestAuthor, p: { start_date?: string | null; end_date?: string | null; start_shift?: 'MORNING' | 'AFTERNOON' | null; end_shift?: 'MORNING' | 'AFTERNOON' | null; employee?: number | null }) {
    const employeeId = p.employee ?? user.employeeId;
    if (employeeId === null || employeeId === undefined) throw badRequest(M.staffRequired);
    if (employeeId !== user.employeeId) await mustSeeEmployee(user, employeeId);
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

  return {
    create,
    batch,
    createCommon,
    edit,
    updateStatus,
    timeAndDuration,
    withdraw: (user: RequestAuthor, p: { id: number; reason: string }, opts: { byImporter?: boolean } = {}) => changeStatus(user, { id: p.id, status_type: S.withdrawn, reason: p.reason }, opts),
  };
}

/** The owner's withdrawal (helper B's revoke import): update-status 5 with its rules. */
export async function withdrawRequest(deps: RequestDeps, author: RequestAuthor, p: { id: number; reason: string }): Promise<{ id: number; status: number; version: number; days: EmployeeDay[] }> {
  return requestService(deps).withdraw(author, p);
}

/**
 * The revoke import's withdrawal (spec 001 §7.2): `importer` (HR, HRM, ADMIN; 403 otherwise) withdraws the request in
 * the caller's transaction `tx` for its owner — the owner rule is bypassed for this path only; the state and lock
 * rules hold, the leave is returned and the history names the importer; its days are queued for recalculation in
 * that transaction.
 */
export async function withdrawByImporter(
  deps: Omit<RequestDeps, 'db'> & { tx: DbOrTx },
  importer: RequestAuthor,
  p: { id: number; reason: string },
): Promise<{ id: number; status: number; version: number; days: EmployeeDay[] }> {
  if (!isPrivileged(importer)) throw forbidden();
  if (!isTransaction(deps.tx)) throw new Error('withdrawByImporter needs the caller\'s transaction');
  return requestService({ ...deps, db: deps.tx }).withdraw(importer, p, { byImporter: true });
}

export function ruleRequest(row: repo.StoredRequest, inCallerLeadScope?: boolean): RuleRequest {
  return {
    status: row.status,
    isExplanation: row.is_explanation,
    requestType: row.request_type,
    ownerEmployeeId: row.employee_id,
    assigneeUserId: row.assignee_user_id,
    createdByRole: row.created_by_role,
    createdByUserId: row.created_by_user_id,
    inCallerLeadScope,
    startDate: row.start_date,
    endDate: row.end_date,
  };
}
