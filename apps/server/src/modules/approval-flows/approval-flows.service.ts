import {
  APPROVAL_FLOW_MESSAGES as M,
  type ApprovalFlowRow,
  type ApprovalFlowValues,
  type ApprovalPreview,
  type ApprovalPreviewInput,
  type ApprovalTimeline,
} from '@tms/contracts/approval-flows';
import { REQUEST_RULE_MESSAGES } from '@tms/contracts/requests';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { diffFields, listHistory, recordHistory, type HistoryEntryDto } from '../../lib/history.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { inTransaction } from '../leave/leave.service.ts';
import { reachOf, type RequestAuthor } from '../request-days/request-author.ts';
import { findRequest } from '../request-days/request.repository.ts';
import { previewApproval, requestTimeline } from './approval-steps.ts';
import * as repo from './approval-flows.repository.ts';

/**
 * Settings → Approval flows (issue 29): HR, HRM and Admin create, edit, (de)activate and delete flows, each change
 * with a history entry. Editing a flow changes only items created afterwards (a request keeps the steps it was
 * given); a flow that items have followed can be deactivated but not deleted.
 */
export type ApprovalFlowsDeps = { db: Db; clock: Clock };
export const FLOWS_TABLE = 'approval_flows';

const FIELDS = ['name', 'item_kind', 'reason_types', 'amount_over', 'amount_at_most', 'division_ids', 'department_ids', 'requester_roles', 'priority', 'active', 'steps'] as const;

/** The flow as its history records it: the conditions and the steps as rule (and user id). */
function snapshot(row: ApprovalFlowRow | ApprovalFlowValues): Record<string, unknown> {
  const steps = row.steps.map((s) => ('user' in s ? { rule: s.rule, user_id: s.user?.user_id ?? null } : { rule: s.rule, user_id: s.user_id ?? null }));
  return {
    name: row.name,
    item_kind: row.item_kind,
    reason_types: row.reason_types,
    amount_over: row.amount_over ?? null,
    amount_at_most: row.amount_at_most ?? null,
    division_ids: row.division_ids,
    department_ids: row.department_ids,
    requester_roles: row.requester_roles,
    priority: row.priority,
    active: row.active,
    steps,
  };
}

async function checkNamedUsers(db: DbOrTx, v: ApprovalFlowValues): Promise<void> {
  const ids = [...new Set(v.steps.flatMap((s) => (s.user_id ? [s.user_id] : [])))];
  const found = new Set(await repo.enabledUsers(db, ids));
  if (ids.some((id) => !found.has(id))) throw badRequest(M.stepUserNotFound);
}

export async function listFlows({ db }: ApprovalFlowsDeps): Promise<ApprovalFlowRow[]> {
  return repo.listFlows(db);
}

async function mustFind(db: DbOrTx, id: number, forUpdate = false): Promise<ApprovalFlowRow> {
  const row = await repo.findFlow(db, id, { forUpdate });
  if (!row) throw notFound(M.notFound);
  return row;
}

export async function createFlow({ db }: ApprovalFlowsDeps, user: SessionUser, v: ApprovalFlowValues): Promise<ApprovalFlowRow> {
  return inTransaction(db, async (tx) => {
    await checkNamedUsers(tx, v);
    const id = await repo.insertFlow(tx, v, user.userId);
    const after = await mustFind(tx, id);
    await recordHistory(tx, { tableName: FLOWS_TABLE, recordId: id, action: 'CREATE', changes: diffFields(null, snapshot(after), FIELDS), newRecord: snapshot(after), by: user });
    return after;
  });
}

export async function updateFlow({ db }: ApprovalFlowsDeps, user: SessionUser, id: number, v: ApprovalFlowValues): Promise<ApprovalFlowRow> {
  return inTransaction(db, async (tx) => {
    const before = await mustFind(tx, id, true);
    await checkNamedUsers(tx, v);
    if (!(await repo.updateFlow(tx, id, v))) throw conflict(M.changedMeanwhile);
    const after = await mustFind(tx, id);
    await recordHistory(tx, { tableName: FLOWS_TABLE, recordId: id, action: 'UPDATE', changes: diffFields(snapshot(before), snapshot(after), FIELDS), newRecord: snapshot(after), by: user });
    return after;
  });
}

export async function setFlowActive({ db }: ApprovalFlowsDeps, user: SessionUser, id: number, active: boolean): Promise<ApprovalFlowRow> {
  return inTransaction(db, async (tx) => {
    const before = await mustFind(tx, id, true);
    if (before.active === active) return before;
    await repo.setActive(tx, id, active);
    const after = await mustFind(tx, id);
    await recordHistory(tx, { tableName: FLOWS_TABLE, recordId: id, action: 'STATUS', changes: [{ field: 'active', oldValue: before.active, newValue: active }], newRecord: snapshot(after), by: user });
    return after;
  });
}

/** Deletes a flow no item has followed (409 otherwise: deactivate it instead). */
export async function deleteFlow({ db }: ApprovalFlowsDeps, user: SessionUser, id: number): Promise<{ id: number }> {
  return inTransaction(db, async (tx) => {
    const before = await mustFind(tx, id, true);
    if (before.used_by > 0) throw conflict(M.inUse);
    await repo.deleteFlow(tx, id);
    await recordHistory(tx, { tableName: FLOWS_TABLE, recordId: id, action: 'DELETE', changes: diffFields(snapshot(before), {}, FIELDS), newRecord: snapshot(before), by: user });
    return { id };
  });
}

export async function flowHistory(deps: ApprovalFlowsDeps, id: number): Promise<HistoryEntryDto[]> {
  const entries = await listHistory(deps.db, FLOWS_TABLE, id, deps.clock.timeZone);
  if (entries.length === 0) throw notFound(M.notFound);
  return entries;
}

export async function preview(deps: ApprovalFlowsDeps, input: ApprovalPreviewInput): Promise<ApprovalPreview> {
  if (!(await repo.requesterFacts(deps.db, input.employee_id))) throw badRequest(M.employeeRequired);
  return previewApproval(deps.db, {
    kind: input.item_kind,
    employeeId: input.employee_id,
    reasonType: input.reason_type ?? null,
    amount: input.amount,
    projectId: input.project_id ?? null,
    date: input.date ?? deps.clock.today(),
  });
}

/** The timeline of a request the caller can see (RULES.md §3, as the request itself: 404 otherwise). */
export async function timeline(deps: ApprovalFlowsDeps, user: RequestAuthor, requestId: number): Promise<ApprovalTimeline> {
  const visible = await findRequest(deps.db, requestId, { reach: reachOf(user), userId: user.userId });
  if (!visible) throw notFound(REQUEST_RULE_MESSAGES.notFound);
  const answer = await requestTimeline(deps.db, requestId);
  if (!answer) throw notFound(REQUEST_RULE_MESSAGES.notFound);
  return answer;
}
