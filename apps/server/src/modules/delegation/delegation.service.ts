/**
 * Delegation Management (spec 001 §2.9, §3 Delegation, §5.7, §7.8, §8; RULES.md §3, §5): the delegator list, a
 * delegation's members, the explanation-request tab, the delegator and member choices, and create, edit and delete
 * with history. Routing itself is the auth core's resolveApprover; this module only keeps the table it reads.
 */
import {
  DELEGATION_MESSAGES as M,
  DELEGATOR_SEARCH_MIN,
  MEMBER_CHOICE_LIMIT,
  MEMBER_SEARCH_MIN,
  staffListProblem,
  type DelegationDetail,
  type DelegationExplanationQuery,
  type DelegationExplanationRow,
  type DelegationListQuery,
  type DelegationRow,
  type DelegatorCandidate,
  type MemberCandidate,
  type StaffRange,
} from '@tms/contracts/delegation';
import { EXPLANATION_STATUS_TEXT } from '@tms/contracts/explanations';
import { hasAnyRole, PRIVILEGED_ROLES } from '@tms/contracts/roles';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { pageInfo } from '../../lib/page-answer.ts';
import { diffFields, recordHistories, recordHistory } from '../../lib/history.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import * as repo from './delegation.repository.ts';

const TABLE = 'delegations';
const FIELDS = ['delegator', 'flag', 'staff_list'] as const;

type StaffItem = { staff_id: number; from_date: string; to_date: string };
type WriteInput = { delegator: number; flag: boolean; staff_list: { staff_id: number; from_date?: string | null; to_date?: string | null }[] };

function toRow(r: repo.DelegationRowDb): DelegationRow {
  return {
    id: r.id,
    delegator: { id: r.delegator_id, name: r.delegator_name, user_name: r.delegator_user_name, department_name: { id: r.department_id, name_en: r.department_name } },
    creator: r.creator_user_id === null ? null : { id: r.creator_user_id, name: r.creator_name ?? '', user_name: r.creator_user_name },
    flag: r.flag,
    member_count: r.member_count,
    name_list: r.name_list ?? [],
    version: r.version,
    ...(r.period_state ? { period_state: r.period_state } : {}),
  };
}

const toRange = (m: repo.StaffRangeDb): StaffRange => ({
  id: m.id,
  staff_id: m.staff_id,
  from_date: m.from_date,
  to_date: m.to_date,
  staff_info: { id: m.staff_id, name: m.name, user_name: m.user_name, department: m.department },
});

const isPrivileged = (u: SessionUser) => hasAnyRole(u.roles, PRIVILEGED_ROLES);
const snapshot = (delegator: number, flag: boolean, list: readonly StaffItem[]) => ({
  delegator,
  flag,
  staff_list: [...list].sort((a, b) => a.staff_id - b.staff_id || a.from_date.localeCompare(b.from_date)),
});

export type DelegationDeps = { db: Db; clock: Clock };

/** spec 001 §5.7 and RULES.md §3 checks of a write; answers the normalised list. Nothing is written before. */
async function checkWrite(tx: DbOrTx, user: SessionUser, input: WriteInput, exceptId: number | null): Promise<StaffItem[]> {
  const problem = staffListProblem(input.staff_list, input.delegator);
  if (problem) throw badRequest(problem);
  const list = input.staff_list.map((s) => ({ staff_id: s.staff_id, from_date: s.from_date!, to_date: s.to_date! }));
  if (!(await repo.isValidDelegator(tx, input.delegator))) throw badRequest(M.delegatorInvalid);
  if ((await repo.liveDelegationOf(tx, input.delegator, exceptId)) !== undefined) throw badRequest(M.alreadyExisted);
  const ids = [...new Set(list.map((s) => s.staff_id))];
  const inScope = new Set(await repo.membersInScope(tx, user, ids));
  if (ids.some((id) => !inScope.has(id))) throw notFound(M.memberNotFound);
  if (await repo.overlapElsewhere(tx, list, exceptId)) throw badRequest(M.alreadyExisted);
  return list;
}

/** Only the creator or HR, HRM, ADMIN change a delegation they see (docs/delegation.md). */
function assertMayChange(user: SessionUser, row: repo.DelegationRowDb) {
  if (!isPrivileged(user) && row.creator_user_id !== user.userId) throw forbidden(M.notCreator);
}

async function detailIn(tx: DbOrTx, user: SessionUser, id: number, employee?: string): Promise<DelegationDetail> {
  const row = await repo.findDelegation(tx, user, { id });
  if (!row) throw notFound(M.notFound);
  return { ...toRow(row), staff_list: (await repo.membersOf(tx, id, employee)).map(toRange) };
}

export async function list({ db, clock }: DelegationDeps, user: SessionUser, q: DelegationListQuery) {
  const rows = await repo.listDelegations(
    db,
    user,
    { delegator: q.delegator || undefined, departments: q.departments },
    { limit: q.size, offset: (q.page - 1) * q.size, direction: q.direction === -1 ? -1 : 1 },
    clock.today(),
  );
  return { data: rows.map(toRow), page: await pageInfo(q, rows) };
}

export const detail = ({ db }: DelegationDeps, user: SessionUser, id: number, employee?: string) => detailIn(db, user, id, employee || undefined);

/** The members of a delegator's live delegation (get-member-delegator). */
export async function membersOfDelegator({ db }: DelegationDeps, user: SessionUser, delegatorId: number, employee?: string): Promise<StaffRange[]> {
  const row = await repo.findDelegation(db, user, { delegatorId });
  if (!row) throw notFound(M.notFound);
  return (await repo.membersOf(db, row.id, employee || undefined)).map(toRange);
}

export async function explanations({ db }: DelegationDeps, user: SessionUser, q: DelegationExplanationQuery) {
  const rows = await repo.listDelegatedExplanations(db, user, { employee: q.employee || undefined }, {
    limit: q.size,
    offset: (q.page - 1) * q.size,
    direction: q.direction === 1 ? 1 : -1,
  });
  const data: DelegationExplanationRow[] = rows.map((r) => ({
    id: r.id,
    title: r.title,
    employee: { id: r.employee_id, name: r.employee_name, department: r.department },
    delegator: { id: r.delegator_id, name: r.delegator_name },
    assignee: r.assignee_user_id === null ? null : { id: r.assignee_user_id, user_name: r.assignee_user_name ?? '', name: r.assignee_name ?? '' },
    abnormal_date: r.abnormal_date,
    created_date: r.created_date,
    status: r.status,
    statusText: EXPLANATION_STATUS_TEXT[r.status] ?? String(r.status),
  }));
  return { data, page: await pageInfo(q, rows) };
}

/**
 * Delegator choices. `mode` 'search' needs text ("Input is not empty!" when empty) of 3 characters or more
 * (spec 001 §5.7); 'choose' and 'pageable' take optional text, which when given must also reach 3 characters.
 */
export async function delegators({ db }: DelegationDeps, mode: 'choose' | 'search' | 'pageable', q: { page: number; size: number; employee?: string }): Promise<{ items: DelegatorCandidate[]; total: number }> {
  const text = q.employee?.trim() ?? '';
  if (mode === 'search' && !text) throw badRequest(M.inputNotEmpty);
  if (text && text.length < DELEGATOR_SEARCH_MIN) throw badRequest(M.delegatorSearchShort);
  const rows = await repo.delegatorCandidates(db, text || undefined, { limit: q.size, offset: mode === 'pageable' ? (q.page - 1) * q.size : 0 });
  return { items: rows.map(({ total: _t, ...c }) => c), total: rows[0]?.total ?? 0 };
}

/**
 * Member choices in the caller's scope but the delegator. 'search' needs text ("Input is not empty!") of more than
 * 3 characters (spec 001 §5.7); 'choose' takes optional text with the same minimum.
 */
export async function members({ db }: DelegationDeps, user: SessionUser, mode: 'choose' | 'search', q: { delegatorId?: number; employee?: string }): Promise<MemberCandidate[]> {
  const text = q.employee?.trim() ?? '';
  if (mode === 'search' && !text) throw badRequest(M.inputNotEmpty);
  if (text && text.length < MEMBER_SEARCH_MIN) throw badRequest(M.memberSearchShort);
  const rows = await repo.memberCandidates(db, user, q.delegatorId ?? null, text || undefined, MEMBER_CHOICE_LIMIT);
  return rows.map((r) => ({ id: r.id, name: r.name, user_name: r.user_name, department_name: r.department_name }));
}

export async function create({ db, clock }: DelegationDeps, user: SessionUser, input: WriteInput): Promise<DelegationDetail> {
  return db.transaction(async (tx) => {
    const list = await checkWrite(tx, user, input, null);
    const now = clock.now();
    const id = await repo.insertDelegation(tx, { delegatorId: input.delegator, creatorUserId: user.userId, flag: input.flag, now });
    await repo.replaceMembers(tx, id, list);
    const after = snapshot(input.delegator, input.flag, list);
    await recordHistory(tx, { tableName: TABLE, recordId: id, employeeId: input.delegator, action: 'CREATE', changes: diffFields(null, after, FIELDS), newRecord: after, by: user });
    return detailIn(tx, user, id);
  });
}

export async function edit({ db, clock }: DelegationDeps, user: SessionUser, input: WriteInput & { id: number; version: number }): Promise<DelegationDetail> {
  return db.transaction(async (tx) => {
    const row = await repo.findDelegation(tx, user, { id: input.id }, { forUpdate: true });
    if (!row) throw notFound(M.notFound);
    assertMayChange(user, row);
    if (row.version !== input.version) throw conflict();
    const beforeList = (await repo.membersOf(tx, row.id)).map((m) => ({ staff_id: m.staff_id, from_date: m.from_date, to_date: m.to_date }));
    const list = await checkWrite(tx, user, input, row.id);
    const now = clock.now();
    if (!(await repo.updateDelegation(tx, { id: row.id, version: input.version, delegatorId: input.delegator, flag: input.flag, now }))) throw conflict();
    await repo.replaceMembers(tx, row.id, list);
    const before = snapshot(row.delegator_id, row.flag, beforeList);
    const after = snapshot(input.delegator, input.flag, list);
    await recordHistory(tx, { tableName: TABLE, recordId: row.id, employeeId: input.delegator, action: 'UPDATE', changes: diffFields(before, after, FIELDS), newRecord: after, by: user });
    return detailIn(tx, user, row.id);
  });
}

/** Soft delete (deleted_at): every id must be a live delegation the caller sees (else 404) and may change (403). */
export async function remove({ db, clock }: DelegationDeps, user: SessionUser, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const rows = await repo.visibleLive(tx, user, unique);
    if (rows.length !== unique.length) throw notFound(M.notFound);
    rows.forEach((r) => assertMayChange(user, r));
    const deleted = await repo.softDelete(tx, unique, clock.now());
    if (deleted.length !== unique.length) throw new AppError(409, M.notFound);
    await recordHistories(
      tx,
      rows.map((r) => ({ tableName: TABLE, recordId: r.id, employeeId: r.delegator_id, action: 'DELETE' as const, changes: [{ field: 'deleted', oldValue: false, newValue: true }], newRecord: null })),
      user,
    );
    return deleted;
  });
}
