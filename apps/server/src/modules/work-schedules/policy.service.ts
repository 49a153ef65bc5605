import type { FastifyBaseLogger } from 'fastify';
import {
  OT_RULES,
  POLICY_MESSAGES as M,
  RULE_TYPES,
  SOURCE_HRMS,
  checkPolicyDates,
  ruleTypeMismatch,
  type CurrentPolicyQuery,
  type CurrentPolicyRow,
  type EditPolicyBody,
  type PolicyActions,
  type PolicyRow,
  type PolicyValues,
  type SetPolicyBody,
} from '@tms/contracts/policies';
import type { PageInfo } from '@tms/contracts/api';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { addDays, parseDmy } from '../../lib/dates.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { diffFields, listHistory, recordHistories, type HistoryAuthor, type HistoryRecordEntry } from '../../lib/history.ts';
import { pageInfo } from '../../lib/page-answer.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { getLockDate } from '../payroll-periods/payroll-periods.service.ts';
import { queueRecalculation, type RecalcOutcome } from '../timesheet/recalc-queue.ts';
import { policyRangeOf } from './policy-filter.ts';
import * as repo from './policy.repository.ts';
import { switchSchedulesIn } from './schedule-switch.ts';
import { checkSelfCheckInPlaces, ensureSelfCheckInConfigs } from './self-check-in-policy.ts';

export type PolicyDeps = { db: Db; clock: Clock; log?: FastifyBaseLogger };

/** Fields a policy history entry lists (RULES.md §8). */
export const POLICY_HISTORY_FIELDS = [
  'work_schedule_code',
  'rule_type',
  'explanation_number',
  'refund_hours_per_explanation',
  'explanation_time_per_days',
  'lack_of_time_allowed',
  'ot_type',
  'url_policy',
  'apply_date',
  'expire_date',
  'self_check_in_mode',
  'self_check_in_place_ids',
] as const;

const TABLE_OF: Record<repo.PolicyKind, string> = { staff: repo.STAFF_POLICIES_TABLE, department: repo.DEPARTMENT_POLICIES_TABLE };

// ---- pure rules ----

/**
 * Row actions (spec 002 §4): none for a default-source row (is_from = default_hrms) or a department-sourced row seen
 * on an employee; edit while the expire date is not past; remove only if also the lock date is before the apply date;
 * an apply date on or before the lock date locks the work schedule and apply-date fields.
 */
export function actionsOf(row: { apply_date: string; expire_date: string; is_from: string | null; source?: string }, ctx: { lockDate: string | null; today: string; viewedAs?: repo.PolicyKind }): PolicyActions {
  const lockedFields = ctx.lockDate !== null && row.apply_date <= ctx.lockDate;
  if (row.is_from === SOURCE_HRMS || (ctx.viewedAs === 'staff' && row.source === 'department')) return { history: false, edit: false, remove: false, lockedFields };
  const edit = row.expire_date >= ctx.today;
  return { history: true, edit, remove: edit && !lockedFields, lockedFields };
}

type Range = { owner: number; from: string; to: string };

export type TrimPlan = { deletes: repo.StoredPolicy[]; updates: { id: number; apply: string; expire: string }[]; copies: { id: number; apply: string; expire: string }[] };

/**
 * The trim rule (brief §set-policy): the owner's existing policies overlapping a new range lose the covered part —
 * the end moves to the day before the new apply date, the start to the day after its expire date (a policy around
 * the new range is split in two), a fully covered one is removed.
 */
export function planTrim(existing: readonly repo.StoredPolicy[], ranges: readonly Range[]): TrimPlan {
  const plan: TrimPlan = { deletes: [], updates: [], copies: [] };
  for (const row of existing) {
    let parts: { from: string; to: string }[] = [{ from: row.apply_date, to: row.expire_date }];
    for (const r of ranges) {
      if (r.owner !== row.owner_id) continue;
      parts = parts.flatMap((p) => {
        if (r.to < p.from || r.from > p.to) return [p];
        const out: { from: string; to: string }[] = [];
        if (p.from < r.from) out.push({ from: p.from, to: addDays(r.from, -1) });
        if (p.to > r.to) out.push({ from: addDays(r.to, 1), to: p.to });
        return out;
      });
    }
    if (parts.length === 0) plan.deletes.push(row);
    else {
      const [first, ...rest] = parts;
      if (first!.from !== row.apply_date || first!.to !== row.expire_date) plan.updates.push({ id: row.id, apply: first!.from, expire: first!.to });
      for (const p of rest) plan.copies.push({ id: row.id, apply: p.from, expire: p.to });
    }
  }
  return plan;
}

/** The history record of a stored policy (what the history modal's detail shows). */
export const historyRecordOf = (kind: repo.PolicyKind, p: repo.StoredPolicy) => ({
  id: p.id,
  [kind === 'staff' ? 'employee_id' : 'department_id']: p.owner_id,
  work_schedule_code: p.work_schedule_code,
  rule_type: p.rule_type,
  explanation_number: p.explanation_number,
  refund_hours_per_explanation: p.refund_hours_per_explanation,
  explanation_time_per_days: p.explanation_time_per_days,
  lack_of_time_allowed: p.lack_of_time_allowed,
  ot_type: p.ot_type,
  url_policy: p.url_policy,
  apply_date: p.apply_date,
  expire_date: p.expire_date,
  self_check_in_mode: p.self_check_in_mode,
  self_check_in_place_ids: p.self_check_in_place_ids,
  ...(kind === 'staff' ? { work_start_time: p.work_start_time, work_end_time: p.work_end_time, is_from: p.is_from } : {}),
  version: p.version,
});

export function toPolicyRow(r: repo.PolicyListRow, actions: PolicyActions): PolicyRow {
  return {
    id: Number(r.id),
    source: r.source,
    is_from: r.is_from,
    employee_id: r.employee_id === null ? null : Number(r.employee_id),
    fullName: r.full_name,
    user_name: r.user_name,
    department_id: r.department_id === null ? null : Number(r.department_id),
    department_name: r.department_name,
    division_name: r.division_name,
    work_schedule_code: r.work_schedule_code,
    work_schedule_name: r.work_schedule_name,
    work_schedule_type: r.work_schedule_type,
    rule_type: r.rule_type,
    explanation_number: Number(r.explanation_number),
    refund_hours_per_explanation: Number(r.refund_hours_per_explanation),
    explanation_time_per_days: Number(r.explanation_time_per_days),
    lack_of_time_allowed: Number(r.lack_of_time_allowed),
    ot_type: r.ot_type,
    url_policy: r.url_policy,
    ...(r.self_check_in_mode ? { self_check_in_mode: r.self_check_in_mode, self_check_in_place_ids: (r.self_check_in_place_ids ?? []).map(Number) } : {}),
    apply_date: r.apply_date,
    expire_date: r.expire_date,
    created_by: r.created_by,
    created_date: r.created_at,
    modified_date: r.updated_at,
    version: r.version === null ? null : Number(r.version),
    actions,
  };
}

// ---- the write engine shared by staff policies, department policies, job info and the imports ----

export type WriteOutcome = { ids: number[]; touched: Range[] };

/**
 * Writes new policies of one kind inside `tx`: trims the owners' overlapping policies (set-based), inserts the new
 * rows and records one history entry per changed row. Answers the new ids and the owner ranges touched (old ∪ new).
 */
export async function writeNewPolicies(tx: DbOrTx, kind: repo.PolicyKind, rows: readonly repo.NewPolicy[], by: HistoryAuthor): Promise<WriteOutcome> {
  const ranges = rows.map((r) => ({ owner: r.owner, from: r.apply_date, to: r.expire_date }));
  const { entries, touched } = await trimFor(tx, kind, ranges, []);
  const inserted = await repo.insertPolicies(tx, kind, rows, by.userId);
  for (const p of inserted) entries.push(entryOf(kind, p, 'CREATE', null));
  await recordHistories(tx, entries, by);
  return { ids: inserted.map((p) => p.id), touched: [...touched, ...ranges] };
}

function entryOf(kind: repo.PolicyKind, p: repo.StoredPolicy, action: 'CREATE' | 'UPDATE' | 'DELETE', before: repo.StoredPolicy | null): HistoryRecordEntry {
  const after = historyRecordOf(kind, p);
  return {
    tableName: TABLE_OF[kind],
    recordId: p.id,
    employeeId: kind === 'staff' ? p.owner_id : null,
    action,
    changes: action === 'DELETE' ? diffFields(after, {}, POLICY_HISTORY_FIELDS) : diffFields(before === null ? null : historyRecordOf(kind, before), after, POLICY_HISTORY_FIELDS),
    newRecord: action === 'DELETE' ? null : after,
  };
}

/** Trims the owners' policies (other than `exceptIds`) that overlap the ranges; answers the history entries. */
export async function trimFor(tx: DbOrTx, kind: repo.PolicyKind, ranges: readonly Range[], exceptIds: readonly number[]): Promise<{ entries: HistoryRecordEntry[]; touched: Range[] }> {
  const existing = await repo.lockOverlapping(tx, kind, ranges, exceptIds);
  const plan = planTrim(existing, ranges);
  const byId = new Map(existing.map((p) => [p.id, p]));
  await repo.deletePolicies(tx, kind, plan.deletes.map((p) => p.id));
  const updated = await repo.setDates(tx, kind, plan.updates);
  const copies = await repo.copyWithDates(tx, kind, plan.copies, null);
  const entries: HistoryRecordEntry[] = [
    ...plan.deletes.map((p) => entryOf(kind, p, 'DELETE', p)),
    ...updated.map((p) => entryOf(kind, p, 'UPDATE', byId.get(p.id)!)),
    ...copies.map((p) => entryOf(kind, p, 'CREATE', null)),
  ];
  const touched = existing.filter((p) => plan.deletes.includes(p) || plan.updates.some((u) => u.id === p.id) || plan.copies.some((c) => c.id === p.id)).map((p) => ({ owner: p.owner_id, from: p.apply_date, to: p.expire_date }));
  return { entries, touched };
}

/**
 * In the policy write's transaction: the current schedule of the employees whose touched ranges cover today follows
 * the policy in force today (spec 002 §3 work_schedule_type; a policy dated later switches on its day,
 * schedule-switch.ts), and the employees' days over the ranges touched, clipped to today, are queued for
 * recalculation (recalc-queue.ts).
 */
export async function policyChanged(tx: DbOrTx, deps: PolicyDeps, employeeRanges: readonly Range[], by: HistoryAuthor): Promise<RecalcOutcome> {
  const today = deps.clock.today();
  const merged = new Map<number, { from: string; to: string }>();
  // Today's policy can change only for an employee whose touched ranges cover today.
  const coversToday = new Set<number>();
  for (const r of employeeRanges) {
    if (r.from <= today && today <= r.to) coversToday.add(r.owner);
    const cur = merged.get(r.owner);
    merged.set(r.owner, cur ? { from: cur.from < r.from ? cur.from : r.from, to: cur.to > r.to ? cur.to : r.to } : { from: r.from, to: r.to });
  }
  if (coversToday.size > 0) await switchSchedulesIn(tx, today, [...coversToday], by);
  // Issue 28: everyone the policy now lets self check in gets the product's own attendance-check config.
  await ensureSelfCheckInConfigs(tx, [...merged.keys()], today, by);
  const ranges = [...merged]
    .map(([employeeId, r]) => ({ employeeId, from: r.from, to: r.to < today ? r.to : today }))
    .filter((r) => r.from <= r.to);
  return queueRecalculation(tx, { ranges }, { createdBy: by.userId });
}

/** Checks a policy's values against the server's state (schedule, types, dates); throws the first failing rule. */
export async function checkValues(
  tx: DbOrTx,
  v: PolicyValues,
  ctx: { lockDate: string | null; today: string; keptLockedApply?: boolean },
): Promise<repo.ScheduleRef> {
  const [schedule] = await repo.activeSchedules(tx, [v.work_schedule_code]);
  const messages: string[] = [];
  if (!schedule) messages.push(M.scheduleNotFound(v.work_schedule_code));
  if (!RULE_TYPES.some((t) => t.value === v.rule_type)) messages.push(M.unknownRuleType(v.rule_type));
  else if (schedule) {
    // RULES.md §4: hour-based exactly when the schedule is FLEXIBLE; a rule type that disagrees is refused.
    const mismatch = ruleTypeMismatch(v.rule_type, schedule);
    if (mismatch) messages.push(mismatch);
  }
  if (!OT_RULES.some((t) => t.value === v.ot_type)) messages.push(M.unknownOtRule(v.ot_type));
  messages.push(...checkPolicyDates(v.apply_date, v.expire_date, ctx));
  messages.push(...(await checkSelfCheckInPlaces(tx, v.self_check_in_mode, v.self_check_in_place_ids)));
  if (messages.length > 0) throw badRequest(messages[0]!, messages);
  return schedule!;
}

export const newPolicyOf = (owner: number, v: PolicyValues): repo.NewPolicy => ({
  owner,
  work_schedule_code: v.work_schedule_code,
  rule_type: v.rule_type,
  explanation_number: v.explanation_number,
  refund_hours_per_explanation: v.refund_hours_per_explanation,
  explanation_time_per_days: v.explanation_time_per_days,
  lack_of_time_allowed: v.lack_of_time_allowed,
  ot_type: v.ot_type,
  url_policy: v.url_policy || null,
  apply_date: v.apply_date,
  expire_date: v.expire_date,
  ...(v.self_check_in_mode === undefined ? {} : { self_check_in_mode: v.self_check_in_mode, self_check_in_place_ids: v.self_check_in_place_ids ?? [] }),
});

/**
 * Edit of one policy of either kind (spec 002 §4): not a default-source row, not expired, version current; when its
 * apply date is locked, the schedule and apply date stay. The edited range trims the owner's other policies.
 */
export async function editPolicy(tx: DbOrTx, kind: repo.PolicyKind, body: EditPolicyBody, ctx: { lockDate: string | null; today: string; by: HistoryAuthor }) {
  const before = await repo.findPolicy(tx, kind, body.id, true);
  if (!before) throw notFound(M.notFound);
  if (before.is_from === SOURCE_HRMS) throw badRequest(M.fromHrms);
  if (before.version !== body.version) throw conflict();
  const actions = actionsOf(before, { lockDate: ctx.lockDate, today: ctx.today });
  if (!actions.edit) throw badRequest(M.notEditable);
  if (actions.lockedFields && (body.work_schedule_code !== before.work_schedule_code || body.apply_date !== before.apply_date)) throw badRequest(M.lockedFields);
  await checkValues(tx, body, { lockDate: ctx.lockDate, today: ctx.today, keptLockedApply: actions.lockedFields });
  const range = { owner: before.owner_id, from: body.apply_date, to: body.expire_date };
  const { entries, touched } = await trimFor(tx, kind, [range], [before.id]);
  const after = await repo.updatePolicy(tx, kind, before.id, body.version, newPolicyOf(before.owner_id, body));
  if (!after) throw conflict();
  entries.push(entryOf(kind, after, 'UPDATE', before));
  await recordHistories(tx, entries, ctx.by);
  return { id: after.id, touched: [...touched, range, { owner: before.owner_id, from: before.apply_date, to: before.expire_date }] };
}

/** Removal (spec 002 §4): not default-source, not expired, and the lock date before the apply date. */
export async function removePolicy(tx: DbOrTx, kind: repo.PolicyKind, id: number, ctx: { lockDate: string | null; today: string; by: HistoryAuthor }) {
  const before = await repo.findPolicy(tx, kind, id, true);
  if (!before) throw notFound(M.notFound);
  if (before.is_from === SOURCE_HRMS) throw badRequest(M.fromHrms);
  if (!actionsOf(before, { lockDate: ctx.lockDate, today: ctx.today }).remove) throw badRequest(M.notRemovable);
  await repo.deletePolicies(tx, kind, [id]);
  await recordHistories(tx, [entryOf(kind, before, 'DELETE', before)], ctx.by);
  return { owner: before.owner_id, from: before.apply_date, to: before.expire_date };
}

// ---- the staff policy service ----

export async function setPolicy(deps: PolicyDeps, user: SessionUser, body: SetPolicyBody) {
  const { db, clock } = deps;
  const today = clock.today();
  const done = await db.transaction(async (tx) => {
    const staff = await repo.employeesByUsernames(tx, body.usernames);
    const found = new Set(staff.map((s) => s.user_name.toLowerCase()));
    const missing = body.usernames.filter((n) => !found.has(n.toLowerCase()));
    if (missing.length > 0) throw badRequest(M.staffNotFound(missing.join(', ')));
    const lockDate = await getLockDate(tx);
    await checkValues(tx, body, { lockDate, today });
    const written = await writeNewPolicies(tx, 'staff', staff.map((s) => newPolicyOf(Number(s.id), body)), user);
    return { ...written, recalculation: await policyChanged(tx, deps, written.touched, user) };
  });
  return { ids: done.ids, count: done.ids.length, recalculation: done.recalculation };
}

/** The employee ranges whose days a change of policy ranges recomputes: a staff policy's own; a department's, its members'. */
export type EmployeeRangesOf = (tx: DbOrTx, touched: readonly Range[]) => Promise<readonly Range[]>;
const ownRanges: EmployeeRangesOf = async (_tx, touched) => touched;

/** Edits one policy of `kind` and queues the recalculation of the days it changed, in one transaction. */
export async function editOfKind(deps: PolicyDeps, kind: repo.PolicyKind, user: SessionUser, body: EditPolicyBody, employeeRangesOf = ownRanges) {
  const { db, clock } = deps;
  const today = clock.today();
  const done = await db.transaction(async (tx) => {
    const edited = await editPolicy(tx, kind, body, { lockDate: await getLockDate(tx), today, by: user });
    return { ...edited, recalculation: await policyChanged(tx, deps, await employeeRangesOf(tx, edited.touched), user) };
  });
  return { ids: [done.id], count: 1, recalculation: done.recalculation };
}

/** Removes one policy of `kind` and queues the recalculation of the days it covered, in one transaction. */
export async function removeOfKind(deps: PolicyDeps, kind: repo.PolicyKind, user: SessionUser, id: number, employeeRangesOf = ownRanges) {
  const { db, clock } = deps;
  const today = clock.today();
  const recalculation = await db.transaction(async (tx) => {
    const range = await removePolicy(tx, kind, id, { lockDate: await getLockDate(tx), today, by: user });
    return policyChanged(tx, deps, await employeeRangesOf(tx, [range]), user);
  });
  return { ids: [id], count: 1, recalculation };
}

/** The history of one policy of `kind`; an unknown id is 404. */
export async function historyOfKind({ db, clock }: PolicyDeps, kind: repo.PolicyKind, id: number) {
  const row = await repo.findPolicy(db, kind, id);
  if (!row) throw notFound(M.notFound);
  return listHistory(db, kind === 'staff' ? repo.STAFF_POLICIES_TABLE : repo.DEPARTMENT_POLICIES_TABLE, id, clock.timeZone);
}

export const edit = (deps: PolicyDeps, user: SessionUser, body: EditPolicyBody) => editOfKind(deps, 'staff', user, body);
export const remove = (deps: PolicyDeps, user: SessionUser, id: number) => removeOfKind(deps, 'staff', user, id);
export const history = (deps: PolicyDeps, id: number) => historyOfKind(deps, 'staff', id);

export async function current({ db, clock }: PolicyDeps, q: CurrentPolicyQuery): Promise<{ data: CurrentPolicyRow[]; page: PageInfo }> {
  const today = clock.today();
  const [rows, lockDate] = await Promise.all([
    repo.currentPolicies(db, {
      today,
      staff: q.staff,
      division: q.division,
      department: q.department,
      workScheduleCode: q.workScheduleCode?.trim() || undefined,
      workScheduleType: q.workScheduleType?.trim() || undefined,
      project: q.project,
      ...policyRangeOf(q),
      onboardFrom: parseDmy(q.onboardFromDate),
      onboardTo: parseDmy(q.onboardToDate),
      limit: q.size,
      offset: (q.page - 1) * q.size,
    }),
    getLockDate(db),
  ]);
  const data = rows.map(
    (r): CurrentPolicyRow => ({
      employee_id: Number(r.e_id),
      fullName: r.e_name,
      user_name: r.e_user_name,
      department_name: r.e_department,
      division_name: r.e_division,
      hired_date: r.hired_date,
      policy: r.id === null ? null : toPolicyRow(r, actionsOf(r, { lockDate, today, viewedAs: 'staff' })),
    }),
  );
  return { data, page: await pageInfo(q, rows) };
}

export async function ofEmployee({ db, clock }: PolicyDeps, q: { employeeId: number; workScheduleCode?: string; ruleType?: string; applyFromDate?: string; applyToDate?: string; expireFromDate?: string; expireToDate?: string }) {
  const today = clock.today();
  const [staff] = await repo.employeesByIds(db, [q.employeeId]);
  if (!staff) throw notFound(M.employeeNotFound);
  const [rows, lockDate] = await Promise.all([
    repo.employeePolicies(db, q.employeeId, {
      workScheduleCode: q.workScheduleCode?.trim() || undefined,
      ruleType: q.ruleType?.trim() || undefined,
      ...policyRangeOf(q),
    }),
    getLockDate(db),
  ]);
  return {
    staff: { id: Number(staff.id), name: staff.name, user_name: staff.user_name },
    lockDate,
    today,
    items: rows.map((r) => toPolicyRow(r, actionsOf(r, { lockDate, today, viewedAs: 'staff' }))),
  };
}

/** An import's rows (already checked): one transaction, then the recalculation. */
export async function writeMany(deps: PolicyDeps, user: SessionUser, rows: repo.NewPolicy[]) {
  const { db } = deps;
  const done = await db.transaction(async (tx) => {
    const written = await writeNewPolicies(tx, 'staff', rows, user);
    return { ...written, recalculation: await policyChanged(tx, deps, written.touched, user) };
  });
  return { ids: done.ids, count: done.ids.length, recalculation: done.recalculation };
}
