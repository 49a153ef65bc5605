import { POLICY_MESSAGES as M, type DepartmentPolicyQuery, type DepartmentSetPolicyBody, type EditPolicyBody, type PolicyRow } from '@tms/contracts/policies';
import type { PageInfo } from '@tms/contracts/api';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import type { HistoryAuthor } from '../../lib/history.ts';
import { pageInfo } from '../../lib/page-answer.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { getLockDate } from '../payroll-periods/payroll-periods.service.ts';
import { policyRangeOf } from './policy-filter.ts';
import * as repo from './policy.repository.ts';
import { actionsOf, checkValues, editOfKind, historyOfKind, newPolicyOf, policyChanged, removeOfKind, toPolicyRow, writeNewPolicies, type PolicyDeps } from './policy.service.ts';

type Range = { owner: number; from: string; to: string };

/** Department ranges → the ranges of each member (a department policy applies to every member without a staff policy). */
export async function memberRanges(db: DbOrTx, ranges: readonly Range[]): Promise<Range[]> {
  const out: Range[] = [];
  const byDepartment = new Map<number, Range[]>();
  for (const r of ranges) byDepartment.set(r.owner, [...(byDepartment.get(r.owner) ?? []), r]);
  for (const [departmentId, list] of byDepartment) {
    const members = await repo.membersOf(db, [departmentId]);
    const from = list.reduce((a, r) => (r.from < a ? r.from : a), list[0]!.from);
    const to = list.reduce((a, r) => (r.to > a ? r.to : a), list[0]!.to);
    for (const m of members) out.push({ owner: m, from, to });
  }
  return out;
}

/**
 * Department policies (spec 002 §2 Current Department Policy; paths ours): set for several departments, edit,
 * remove, history, import. The same rules as staff policies (§4, §5) and the same trim among one department's
 * policies; every member's days are queued for recalculation in the write's transaction (more than 200 are left to
 * the job worker).
 */
export async function writeMany(deps: PolicyDeps, by: HistoryAuthor, rows: repo.NewPolicy[]) {
  const { db } = deps;
  const done = await db.transaction(async (tx) => {
    const written = await writeNewPolicies(tx, 'department', rows, by);
    return { ...written, recalculation: await policyChanged(tx, deps, await memberRanges(tx, written.touched), by) };
  });
  return { ids: done.ids, count: done.ids.length, recalculation: done.recalculation };
}

export async function setPolicy(deps: PolicyDeps, user: SessionUser, body: DepartmentSetPolicyBody) {
  const { db, clock } = deps;
  const today = clock.today();
  const lockDate = await getLockDate(db);
  const departments = await repo.departmentsByIds(db, body.department_ids);
  const found = new Set(departments.map((d) => Number(d.id)));
  const missing = body.department_ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw badRequest(M.departmentNotFound(missing.join(', ')));
  await checkValues(db, body, { lockDate, today });
  return writeMany(deps, user, body.department_ids.map((id) => newPolicyOf(id, body)));
}

export const edit = (deps: PolicyDeps, user: SessionUser, body: EditPolicyBody) => editOfKind(deps, 'department', user, body, memberRanges);
export const remove = (deps: PolicyDeps, user: SessionUser, id: number) => removeOfKind(deps, 'department', user, id, memberRanges);
export const history = (deps: PolicyDeps, id: number) => historyOfKind(deps, 'department', id);

export async function list({ db, clock }: PolicyDeps, q: DepartmentPolicyQuery): Promise<{ data: (PolicyRow & { member_count: number })[]; page: PageInfo }> {
  const today = clock.today();
  const [rows, lockDate] = await Promise.all([
    repo.departmentPolicies(db, {
      division: q.division,
      department: q.department,
      workSchedule: q.workSchedule?.trim() || undefined,
      type: q.type?.trim() || undefined,
      ...policyRangeOf(q),
      limit: q.size,
      offset: (q.page - 1) * q.size,
    }),
    getLockDate(db),
  ]);
  return {
    data: rows.map((r) => ({ ...toPolicyRow(r, actionsOf(r, { lockDate, today })), member_count: Number(r.member_count) })),
    page: await pageInfo(q, rows),
  };
}
