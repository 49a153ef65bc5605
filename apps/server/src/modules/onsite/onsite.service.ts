/**
 * Onsite management, write and read side (spec 002 §2 Onsite management, §3, §4, §5, §6; RULES.md §3, §5, §8).
 * Two stages: Department (the project's PM, else the creator's approver; nobody approves their own request), then C&B
 * (HR, HRM, ADMIN). Each transition is one conditional UPDATE (onsite.repository `transition`). When C&B approves, the
 * same transaction gives every listed staff member one approved ONSITE request with its dates (the credit); a withdrawal
 * after approval withdraws the credits. The timesheet is recalculated after the commit.
 */
import { isIsoDateText } from '@tms/contracts/api';
import type { FastifyBaseLogger } from 'fastify';
import {
  ONSITE_CB_DECIDERS,
  ONSITE_EXPORT_COLUMNS,
  ONSITE_FILES_MAX_BYTES,
  ONSITE_MESSAGES as M,
  ONSITE_PAGE,
  ONSITE_STAGE_LETTER,
  ONSITE_STAGES,
  ONSITE_STATUS_TEXT,
  ONSITE_TYPE_LABELS,
  type OnsiteCreatePayload,
  type OnsiteDetail,
  type OnsiteFile,
  type OnsiteListQuery,
  type OnsiteReasonPayload,
  type OnsiteRow,
  type OnsiteStage,
  type OnsiteType,
  type OnsiteUpdatePayload,
} from '@tms/contracts/onsite';
import { ONSITE_CREDIT_ROLE } from '@tms/contracts/requests';
import type { Actor } from '@tms/contracts/roles';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { toDmy } from '../../lib/dates.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { diffFields, listHistory, recordHistories, recordHistory, type HistoryAuthor, type HistoryEntryDto, type HistoryRecordEntry } from '../../lib/history.ts';
import { notifyEvent, type NotifyMailConfig } from '../../lib/notify.ts';
import { storeFile, type UploadedFile } from '../../lib/uploads.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { getLockDate, latestPeriodEnd, lockDateFor } from '../payroll-periods/payroll-periods.service.ts';
import { queueRecalculation } from '../timesheet/recalc-queue.ts';
import type { EmployeeRange } from '../timesheet/recalculate.ts';
import { resolveApprover } from '../auth/approver.repository.ts';
import { rangeDates, readOnsiteForm, type OnsiteForm } from './onsite-form.ts';
import { cbStage, departmentStage, mayChangeStaff, onsiteActions, onsiteRefusal, type OnsiteAction, type OnsiteContext, type OnsiteFacts } from './onsite-rules.ts';
import * as repo from './onsite.repository.ts';
import { isAfterLock } from '../request-days/request-rules.ts';
import * as requestRepo from '../request-days/request.repository.ts';
import { scheduleMap } from '../request-days/schedule-days.ts';

export type OnsiteDeps = { db: Db; clock: Clock; log?: FastifyBaseLogger; mail: NotifyMailConfig };
type Caller = SessionUser;

const PRIVILEGED: readonly Actor[] = ONSITE_CB_DECIDERS;
const isPrivileged = (u: Caller) => PRIVILEGED.some((a) => u.actors.includes(a));
const linkOf = (id: number) => `${ONSITE_PAGE}?id=${id}`;
const HISTORY_FIELDS = ['title', 'project_id', 'from_date', 'to_date', 'onsite_type', 'location', 'description', 'approver_user_id', 'staff', 'cc'] as const;
const EXPORT_CHUNK = 1000;

/** A history entry of an onsite request, filed under its creator; call it in the writer's transaction (RULES.md §8). */
const onsiteHistory = (tx: DbOrTx, row: { id: number; creator_employee_id: number | null }, by: HistoryAuthor, entry: Pick<HistoryRecordEntry, 'action' | 'changes' | 'newRecord'>) =>
  recordHistory(tx, { tableName: repo.ONSITE_TABLE, recordId: row.id, employeeId: row.creator_employee_id, ...entry, by });

const facts = (r: repo.OnsiteRowDb): OnsiteFacts => ({
  status: r.status,
  statusDepartment: r.status_department,
  statusCb: r.status_cb,
  approverUserId: r.approver_user_id,
  departmentDecidedBy: r.department_decided_by,
  createdByUserId: r.created_by_user_id,
  creatorPrivileged: r.creator_privileged,
  fromDate: r.from_date,
});

const person = (id: number | null, username: string | null, name: string | null) => (id === null ? null : { id, user_name: username ?? '', name: name ?? username ?? '' });

function stage(name: string, status: number, by: ReturnType<typeof person>, at: string | null): OnsiteStage {
  return { stage: name, status: ONSITE_STAGE_LETTER[status] ?? 'P', status_num: status, decidedBy: by, decidedAt: at };
}

function toRow(r: repo.OnsiteRowDb, ctx: OnsiteContext): OnsiteRow {
  return {
    id: r.id,
    title: r.title,
    projectid: r.project_id,
    projectName: r.project_name,
    projectCode: r.project_code,
    fromDate: r.from_date,
    toDate: r.to_date,
    type: r.onsite_type,
    location: r.location,
    description: r.description,
    approver: person(r.approver_user_id, r.approver_username, r.approver_name),
    createdBy: person(r.created_by_user_id, r.creator_username, r.creator_name),
    createdDate: r.created_at,
    lastModifiedDate: r.updated_at,
    status: r.status,
    status_department: stage(ONSITE_STAGES.department, r.status_department, person(r.department_decided_by, r.department_decider_username, r.department_decider_name), r.department_decided_at),
    status_CB: stage(ONSITE_STAGES.cb, r.status_cb, person(r.cb_decided_by, r.cb_decider_username, r.cb_decider_name), r.cb_decided_at),
    reasonsForRejection: r.reasons_for_rejection,
    withdrawReason: r.withdraw_reason,
    employeeList: r.staff,
    version: r.version,
    actions: onsiteActions(facts(r), ctx),
  };
}

/** What the history keeps of a request. */
function snapshot(f: Pick<OnsiteForm, 'title' | 'projectId' | 'fromDate' | 'toDate' | 'type' | 'location' | 'description' | 'cc' | 'staff'>, approverUserId: number | null) {
  return {
    title: f.title,
    project_id: f.projectId,
    from_date: f.fromDate,
    to_date: f.toDate,
    onsite_type: f.type,
    location: f.location,
    description: f.description,
    approver_user_id: approverUserId,
    staff: f.staff.map((s) => ({ employee_id: s.employeeId, start_time: s.startTime, end_time: s.endTime, duration: s.duration })),
    cc: [...f.cc].sort((a, b) => a - b),
  };
}

export function onsiteService(deps: OnsiteDeps) {
  const { db, clock } = deps;

  /** The rule context of one company (lock date, last timesheet end), cached per call. */
  function contexts(caller: Caller) {
    const cache = new Map<number | null, Promise<OnsiteContext>>();
    return (tx: DbOrTx, companyId: number | null) => {
      let hit = cache.get(companyId);
      if (!hit) {
        hit = (async () => ({
          caller,
          lockDate: await getLockDate(tx, companyId),
          today: clock.today(),
          lastTimesheetEnd: await latestPeriodEnd(tx, { companyId }),
        }))();
        cache.set(companyId, hit);
      }
      return hit;
    };
  }

  const viewerOf = (u: Caller): repo.OnsiteViewer | 'all' => (isPrivileged(u) ? 'all' : u);

  const filterOf = (q: OnsiteListQuery): repo.OnsiteFilter => ({
    title: q.title,
    projectIds: q.projectId,
    statuses: q.status,
    fromDate: q.fromDate && isIsoDateText(q.fromDate) ? q.fromDate : undefined,
    toDate: q.toDate && isIsoDateText(q.toDate) ? q.toDate : undefined,
    employeeIds: q.employee,
  });

  async function loadVisible(tx: DbOrTx, user: Caller, id: number, forUpdate = false) {
    const row = await repo.findOnsite(tx, id, viewerOf(user), { forUpdate });
    if (!row) throw notFound(M.notFound);
    return row;
  }

  function refuse(action: OnsiteAction, row: repo.OnsiteRowDb, ctx: OnsiteContext) {
    const refused = onsiteRefusal(action, facts(row), ctx);
    if (refused) throw new AppError(refused.statusCode, refused.message, [refused.message]);
  }

  /** Staff within the author's scope (RULES.md §3): HR, HRM, ADMIN anyone; a staff member only themselves. */
  async function checkStaffScope(tx: DbOrTx, user: Caller, ids: readonly number[]) {
    const reach: requestRepo.Reach = isPrivileged(user) ? 'all' : { roles: user.roles, employeeId: user.employeeId, isPm: user.isPm };
    const found = await requestRepo.employeesBy(tx, { ids }, reach);
    if (found.length === new Set(ids).size) return;
    const lead = user.roles.includes('GROUP_LEAD') || user.roles.includes('DULEAD') || user.isPm;
    throw badRequest(lead || isPrivileged(user) ? M.staffOutOfScope : M.staffOnlySelf);
  }

  async function checkProjectAndCc(tx: DbOrTx, form: OnsiteForm, ccUsernames: readonly string[] | null | undefined) {
    if (!(await repo.projectOf(tx, form.projectId))) throw badRequest(M.projectRequired);
    const names = [...new Set((ccUsernames ?? []).map((u) => u.trim().toLowerCase()).filter(Boolean))];
    if (names.length > 0) {
      const ids = await repo.userIdsByUsernames(tx, names);
      if (ids.length !== names.length) throw badRequest(M.ccNotFound);
      form.cc = [...new Set([...form.cc, ...ids])];
    }
    if ((await repo.usersByIds(tx, form.cc)).length !== form.cc.length) throw badRequest(M.ccNotFound);
  }

  async function departmentApprover(tx: DbOrTx, creatorEmployeeId: number | null, projectId: number, creatorUserId: number, date: string): Promise<number> {
    // RULES.md §5: a delegation in force on the first date, else the project's PM, else the creator's group lead,
    // division lead, an HRM; never the creator.
    const found = await resolveApprover(tx, { employeeId: creatorEmployeeId ?? 0, projectId, date });
    if (!found || found.userId === creatorUserId) throw badRequest(M.noApprover);
    return found.userId;
  }

  async function tell(tx: DbOrTx, row: { id: number; title: string }, userIds: readonly number[], type: string, title: string, body: string | null = null) {
    const cc = await repo.ccOf(tx, row.id);
    await notifyEvent(tx, deps.mail, {
      userIds,
      ccEmployeeIds: cc.map((c) => c.employee_id).filter((x): x is number => x !== null),
      type,
      title,
      body,
      link: linkOf(row.id),
    });
  }

  /**
   * The credit (RULES.md §4 "an approved request covers it (… onsite)"): one approved ONSITE request per staff member
   * with a `request_dates` row for each working day of the range after the lock date. Answers the ranges to recalculate.
   */
  async function createCredits(tx: DbOrTx, row: repo.OnsiteRowDb, by: Caller): Promise<EmployeeRange[]> {
    const lockDate = await getLockDate(tx, row.company_id);
    const dates = rangeDates(row.from_date, row.to_date).filter((d) => isAfterLock(d, lockDate));
    const staff = await repo.staffOf(tx, row.id);
    const ranges: EmployeeRange[] = [];
    const histories: HistoryRecordEntry[] = [];
    const type = row.onsite_type as OnsiteType;
    for (const s of staff) {
      const schedule = await scheduleMap(tx, s.employee_id, dates);
      const credit: requestRepo.NewDate[] = [];
      let minutes = 0;
      let hourBased = type === 'OTHER';
      for (const d of dates) {
        const day = schedule.get(d);
        if (!day || !day.working) continue;
        hourBased ||= day.hourBased;
        const covered = type === 'OTHER' ? Math.round(s.duration * 60) : type === 'FULL_DAY' ? day.standardMinutes : day.standardMinutes / 2;
        minutes += covered;
        credit.push({
          date: d,
          shift: type === 'OTHER' ? null : type,
          minutes: type === 'OTHER' ? covered : null,
          startTime: type === 'OTHER' ? s.start_time : null,
          endTime: type === 'OTHER' ? s.end_time : null,
          hours: Math.round((covered / 60) * 1000) / 1000,
        });
      }
      if (credit.length === 0) continue;
      const first = credit[0]!;
      const last = credit[credit.length - 1]!;
      const created = await requestRepo.insertRequest(tx, {
        employeeId: s.employee_id,
        requestType: 'ONSITE',
        reasonType: 'ONSITE',
        startDate: first.date,
        endDate: last.date,
        startShift: type === 'OTHER' ? null : type === 'AFTERNOON' ? 'AFTERNOON' : 'MORNING',
        endShift: type === 'OTHER' ? null : type === 'MORNING' ? 'MORNING' : 'AFTERNOON',
        quantityInHours: Math.round((minutes / 60) * 10000) / 10000,
        quantityInMinutes: Math.round(minutes),
        description: `Onsite #${row.id}: ${row.title}`.slice(0, 1000),
        status: 3,
        assigneeUserId: row.approver_user_id,
        approvedByUserId: by.userId,
        createdByUserId: row.created_by_user_id ?? by.userId,
        // The onsite request owns the credit: Request Management refuses every action on it (request-rules.ts).
        createdByRole: ONSITE_CREDIT_ROLE,
        projectId: row.project_id,
        leavingType: null,
        isFlexible: hourBased,
      });
      await requestRepo.writeDatesAndCc(tx, created.id, s.employee_id, credit, null);
      await repo.setStaffRequest(tx, s.id, created.id);
      histories.push({
        tableName: 'requests',
        recordId: created.id,
        employeeId: s.employee_id,
        action: 'CREATE',
        changes: [{ field: 'status', oldValue: null, newValue: 3 }],
        newRecord: { request_type: 'ONSITE', reason_type: 'ONSITE', status: 3, onsite_request_id: row.id, start_date: first.date, end_date: last.date, request_dates: credit },
      });
      ranges.push({ employeeId: s.employee_id, from: first.date, to: last.date });
    }
    await recordHistories(tx, histories, by);
    return ranges;
  }

  /** Withdraws the credits of a request (after approval, or before an approved request is re-credited). */
  async function withdrawCreditsOf(tx: DbOrTx, onsiteId: number, by: Caller, reason: string | null): Promise<EmployeeRange[]> {
    const staff = await repo.staffOf(tx, onsiteId);
    const moved = await repo.withdrawCredits(tx, staff.map((s) => s.request_id).filter((x): x is number => x !== null), reason);
    await recordHistories(
      tx,
      moved.map((m) => ({
        tableName: 'requests',
        recordId: m.id,
        employeeId: m.employee_id,
        action: 'STATUS' as const,
        changes: [{ field: 'status', oldValue: 3, newValue: 5 }],
        newRecord: { id: m.id, status: 5, version: m.version, onsite_request_id: onsiteId },
      })),
      by,
    );
    await repo.clearStaffRequests(tx, onsiteId);
    return moved.map((m) => ({ employeeId: m.employee_id, from: m.start_date, to: m.end_date }));
  }


  const staleVersion = (given: number | null | undefined, row: repo.OnsiteRowDb) => {
    if (given !== null && given !== undefined && given !== row.version) throw new AppError(409, M.alreadyChanged, [M.alreadyChanged]);
  };

  async function decide(user: Caller, id: number, action: 'approve' | 'reject', p: OnsiteReasonPayload) {
    const reason = p.reason?.trim() ? p.reason.trim() : null;
    if (action === 'reject' && !reason) throw badRequest(M.reasonRequired);
    const out = await db.transaction(async (tx) => {
      const row = await loadVisible(tx, user, id, true);
      staleVersion(p.version, row);
      const ctx = await contexts(user)(tx, row.company_id);
      refuse(action, row, ctx);
      const atDepartment = departmentStage(facts(row));
      if (!atDepartment && !cbStage(facts(row))) throw new AppError(409, M.alreadyChanged, [M.alreadyChanged]);
      const to = action === 'approve' ? 3 : 4;
      const moved = await repo.transition(tx, row.id, row.version, { kind: atDepartment ? 'department' : 'cb', to, by: user.userId, reason: action === 'reject' ? reason : null });
      if (!moved) throw new AppError(409, M.alreadyChanged, [M.alreadyChanged]);
      const field = atDepartment ? 'status_department' : 'status_cb';
      await onsiteHistory(tx, row, user, {
        action: 'STATUS',
        changes: [
          { field, oldValue: 1, newValue: to },
          ...(moved.status !== row.status ? [{ field: 'status', oldValue: row.status, newValue: moved.status }] : []),
          ...(reason && action === 'reject' ? [{ field: 'reasons_for_rejection', oldValue: row.reasons_for_rejection, newValue: reason }] : []),
        ],
        newRecord: { id: row.id, stage: atDepartment ? ONSITE_STAGES.department : ONSITE_STAGES.cb, [field]: to, status: moved.status, version: moved.version },
      });
      const ranges = !atDepartment && action === 'approve' ? await createCredits(tx, row, user) : [];
      const stageName = atDepartment ? ONSITE_STAGES.department : ONSITE_STAGES.cb;
      const verb = action === 'approve' ? 'approved' : 'rejected';
      if (row.created_by_user_id !== null) {
        await tell(tx, row, [row.created_by_user_id], action === 'approve' ? 'APPROVED' : 'REJECTED', `${stageName} ${verb} your onsite request #${row.id} "${row.title}"`, reason);
      }
      if (atDepartment && action === 'approve') {
        const hr = (await repo.cbUsers(tx)).filter((u) => u !== row.created_by_user_id);
        if (hr.length > 0) await notifyEvent(tx, deps.mail, { userIds: hr, type: 'ASSIGNED', title: `Onsite request #${row.id} "${row.title}" awaits the C&B decision`, link: linkOf(row.id) });
      }
      await queueRecalculation(tx, { ranges }, { createdBy: user.userId });
      return { id: row.id, version: moved.version, status: moved.status };
    });
    return out;
  }

  return {
    async list(user: Caller, q: OnsiteListQuery): Promise<{ data: OnsiteRow[]; page: { page: number; size: number; total_element: number } }> {
      const { rows, total } = await repo.listOnsite(db, viewerOf(user), filterOf(q), { limit: q.size, offset: (q.page - 1) * q.size });
      const ctxOf = contexts(user);
      const data: OnsiteRow[] = [];
      for (const r of rows) data.push(toRow(r, await ctxOf(db, r.company_id)));
      return { data, page: { page: q.page, size: q.size, total_element: total } };
    },

    async detail(user: Caller, id: number): Promise<OnsiteDetail> {
      const row = await loadVisible(db, user, id);
      const ctx = await contexts(user)(db, row.company_id);
      const cc = await repo.ccOf(db, id);
      const files = await repo.listFiles(db, id);
      return { ...toRow(row, ctx), cc: cc.map((c) => ({ id: c.id, name: c.name, user_name: c.username })), files: files.map(toFile) };
    },

    async history(user: Caller, id: number): Promise<HistoryEntryDto[]> {
      await loadVisible(db, user, id);
      return listHistory(db, repo.ONSITE_TABLE, id, clock.timeZone);
    },

    /** The export's rows (same filters and scope as the list), fetched in chunks. */
    async exportRows(user: Caller, q: OnsiteListQuery): Promise<AsyncIterable<Record<string, string>>> {
      const viewer = viewerOf(user);
      const filter = filterOf(q);
      const fetch = async (offset: number) => (await repo.listOnsite(db, viewer, filter, { limit: EXPORT_CHUNK, offset })).rows;
      const first = await fetch(0);
      const record = (r: repo.OnsiteRowDb): Record<string, string> => ({
        title: r.title,
        project: `${r.project_name} (${r.project_code})`,
        from: toDmy(r.from_date) ?? r.from_date,
        to: toDmy(r.to_date) ?? r.to_date,
        type: ONSITE_TYPE_LABELS[r.onsite_type as OnsiteType] ?? r.onsite_type,
        location: r.location ?? '',
        approver: r.approver_name ?? '',
        createdBy: r.creator_name ?? '',
        department: ONSITE_STAGE_LETTER[r.status_department] ?? '',
        cb: ONSITE_STAGE_LETTER[r.status_cb] ?? '',
        status: ONSITE_STATUS_TEXT[r.status] ?? String(r.status),
        staff: r.staff.map((s) => `${s.name} (${s.user_name}) ${s.startTime}-${s.endTime} ${s.duration}h`).join('; '),
      });
      return (async function* () {
        let rows = first;
        let offset = 0;
        for (;;) {
          yield* rows.map(record);
          if (rows.length < EXPORT_CHUNK) return;
          offset += EXPORT_CHUNK;
          rows = await fetch(offset);
          if (rows.length === 0) return;
        }
      })();
    },
    exportColumns: ONSITE_EXPORT_COLUMNS.map((c) => ({ ...c })),

    async create(user: Caller, p: OnsiteCreatePayload) {
      const form = readOnsiteForm(p);
      return db.transaction(async (tx) => {
        await checkProjectAndCc(tx, form, p.ccUsernames);
        await checkStaffScope(tx, user, form.staff.map((s) => s.employeeId));
        const lockDate = await lockDateFor(tx, user.employeeId);
        if (!isAfterLock(form.fromDate, lockDate)) throw badRequest(M.locked);
        const approver = await departmentApprover(tx, user.employeeId, form.projectId, user.userId, form.fromDate);
        const created = await repo.insertOnsite(tx, { ...form, approverUserId: approver, createdByUserId: user.userId });
        await repo.writeStaffAndCc(tx, created.id, form.staff, form.cc);
        const record = snapshot(form, approver);
        await recordHistory(tx, {
          tableName: repo.ONSITE_TABLE,
          recordId: created.id,
          employeeId: user.employeeId,
          action: 'CREATE',
          changes: diffFields(null, record, HISTORY_FIELDS),
          newRecord: { ...record, status: 1, status_department: 1, status_cb: 1 },
          by: user,
        });
        await tell(tx, { id: created.id, title: form.title }, [approver], 'ASSIGNED', `Onsite request #${created.id} "${form.title}" of ${user.name} is assigned to you`);
        return { id: created.id, version: created.version, status: 1 };
      });
    },

    async update(user: Caller, id: number, p: OnsiteUpdatePayload) {
      const form = readOnsiteForm(p);
      const out = await db.transaction(async (tx) => {
        const row = await loadVisible(tx, user, id, true);
        staleVersion(p.version, row);
        const ctx = await contexts(user)(tx, row.company_id);
        refuse('edit', row, ctx);
        const oldStaff = await repo.staffOf(tx, row.id);
        const oldIds = new Set(oldStaff.map((s) => s.employee_id));
        const newIds = new Set(form.staff.map((s) => s.employeeId));
        const staffChanged = oldIds.size !== newIds.size || [...newIds].some((e) => !oldIds.has(e));
        if (staffChanged) {
          if (!mayChangeStaff(user)) throw forbidden(M.staffChangeHrOnly);
          await checkStaffScope(tx, user, [...newIds]);
        }
        await checkProjectAndCc(tx, form, p.ccUsernames);
        if (!isAfterLock(form.fromDate, ctx.lockDate)) throw badRequest(M.locked);
        const approver =
          form.projectId === row.project_id || row.status !== 1 || row.approver_user_id === null
            ? row.approver_user_id
            : await departmentApprover(tx, row.creator_employee_id, form.projectId, row.created_by_user_id ?? user.userId, form.fromDate);
        const updated = await repo.updateTerms(tx, row.id, { version: row.version, status: row.status, statusDepartment: row.status_department }, { ...form, approverUserId: approver });
        if (!updated) throw new AppError(409, M.alreadyChanged, [M.alreadyChanged]);
        const oldCc = await repo.ccOf(tx, row.id);
        let ranges: EmployeeRange[] = [];
        if (row.status === 3) ranges = await withdrawCreditsOf(tx, row.id, user, 'Onsite request edited');
        await repo.writeStaffAndCc(tx, row.id, form.staff, form.cc);
        if (row.status === 3) ranges = [...ranges, ...(await createCredits(tx, { ...row, ...{ from_date: form.fromDate, to_date: form.toDate, onsite_type: form.type, title: form.title, project_id: form.projectId } }, user))];
        const before = snapshot(
          {
            title: row.title,
            projectId: row.project_id,
            fromDate: row.from_date,
            toDate: row.to_date,
            type: row.onsite_type as OnsiteType,
            location: row.location,
            description: row.description,
            cc: oldCc.map((c) => c.id),
            staff: oldStaff.map((s) => ({ employeeId: s.employee_id, startTime: s.start_time, endTime: s.end_time, duration: s.duration })),
          },
          row.approver_user_id,
        );
        const after = snapshot(form, approver);
        await onsiteHistory(tx, row, user, {
          action: 'UPDATE',
          changes: diffFields(before, after, HISTORY_FIELDS),
          newRecord: { ...after, status: row.status, version: updated.version },
        });
        if (approver !== null && approver !== row.approver_user_id) {
          await tell(tx, { id: row.id, title: form.title }, [approver], 'ASSIGNED', `Onsite request #${row.id} "${form.title}" is assigned to you`);
        }
        await queueRecalculation(tx, { ranges }, { createdBy: user.userId });
        return { id: row.id, version: updated.version, status: row.status };
      });
      return out;
    },

    approve: (user: Caller, id: number, p: { version?: number | null } | null | undefined) => decide(user, id, 'approve', { version: p?.version ?? null }),
    reject: (user: Caller, id: number, p: OnsiteReasonPayload | null | undefined) => decide(user, id, 'reject', p ?? {}),

    async withdraw(user: Caller, id: number, p: OnsiteReasonPayload | null | undefined) {
      const reason = p?.reason?.trim() ? p.reason.trim() : null;
      if (!reason) throw badRequest(M.reasonRequired);
      const out = await db.transaction(async (tx) => {
        const row = await loadVisible(tx, user, id, true);
        staleVersion(p?.version, row);
        const ctx = await contexts(user)(tx, row.company_id);
        refuse('withdraw', row, ctx);
        const moved = await repo.transition(tx, row.id, row.version, { kind: 'withdraw', from: row.status === 3 ? 3 : 1, reason });
        if (!moved) throw new AppError(409, M.alreadyChanged, [M.alreadyChanged]);
        const ranges = row.status === 3 ? await withdrawCreditsOf(tx, row.id, user, reason) : [];
        await onsiteHistory(tx, row, user, {
          action: 'STATUS',
          changes: [
            { field: 'status', oldValue: row.status, newValue: 5 },
            { field: 'withdraw_reason', oldValue: row.withdraw_reason, newValue: reason },
          ],
          newRecord: { id: row.id, status: 5, version: moved.version, credits_withdrawn: ranges.length },
        });
        const waiting = departmentStage(facts(row)) ? row.approver_user_id : null;
        const told = [waiting, row.created_by_user_id !== user.userId ? row.created_by_user_id : null].filter((x): x is number => x !== null);
        if (told.length > 0) await tell(tx, row, told, 'WITHDRAWN', `Onsite request #${row.id} "${row.title}" was withdrawn`, reason);
        await queueRecalculation(tx, { ranges }, { createdBy: user.userId });
        return { id: row.id, version: moved.version, status: 5 };
      });
      return out;
    },

    async listFiles(user: Caller, id: number): Promise<OnsiteFile[]> {
      await loadVisible(db, user, id);
      return (await repo.listFiles(db, id)).map(toFile);
    },

    async upload(user: Caller, id: number, file: UploadedFile): Promise<OnsiteFile> {
      return db.transaction(async (tx) => {
        const row = await loadVisible(tx, user, id, true);
        refuseFiles(row, await contexts(user)(tx, row.company_id));
        if ((await repo.filesTotal(tx, id)) + file.size > ONSITE_FILES_MAX_BYTES) throw new AppError(413, M.filesTooLarge, [M.filesTooLarge]);
        const stored = await storeFile(tx, file, { folder: repo.ONSITE_FILE_FOLDER, ownerTable: repo.ONSITE_TABLE, ownerId: id, createdBy: user.userId });
        await onsiteHistory(tx, row, user, {
          action: 'UPDATE',
          changes: [{ field: 'attachments', oldValue: null, newValue: stored.originalName }],
          newRecord: { name: stored.storedName, original_name: stored.originalName, size: stored.size },
        });
        return { name: stored.storedName, original_name: stored.originalName, size: stored.size, content_type: stored.contentType, created_date: clock.now().toISOString() };
      });
    },

    async download(user: Caller, id: number, name: string) {
      await loadVisible(db, user, id);
      const file = await repo.findFile(db, id, name);
      if (!file) throw notFound(M.fileNotFound);
      return { originalName: file.original_name, contentType: file.content_type, content: file.content };
    },

    async deleteFile(user: Caller, id: number, name: string): Promise<{ name: string }> {
      await db.transaction(async (tx) => {
        const row = await loadVisible(tx, user, id, true);
        const file = await repo.findFile(tx, id, name);
        if (!file) throw notFound(M.fileNotFound);
        refuseFiles(row, await contexts(user)(tx, row.company_id));
        if (!(await repo.detachFile(tx, id, file.id))) throw new AppError(409, M.alreadyChanged, [M.alreadyChanged]);
        await onsiteHistory(tx, row, user, {
          action: 'UPDATE',
          changes: [{ field: 'attachments', oldValue: file.original_name, newValue: null }],
          newRecord: { name, deleted: true },
        });
      });
      return { name };
    },
  };

  /** Attachments change with the request: whoever may edit it now. */
  function refuseFiles(row: repo.OnsiteRowDb, ctx: OnsiteContext) {
    const refused = onsiteRefusal('edit', facts(row), ctx);
    if (refused) throw new AppError(refused.statusCode === 409 ? 403 : refused.statusCode, refused.message, [refused.message]);
  }
}

function toFile(r: repo.OnsiteFileRow): OnsiteFile {
  return { name: r.stored_name, original_name: r.original_name, size: Number(r.size), content_type: r.content_type, created_date: r.created_date };
}
