import type { ApprovalItemKind, ApprovalPerson, ApproverRule, ApproverSource, PoolRole } from '@tms/contracts/approval-flows';

/**
 * The pure rules of approval flows (docs/approval-flows.md): which flow an item follows, and who approves each step.
 * No I/O: the repository reads the flows and the requester's people, these functions decide.
 */

/** What the conditions of a flow are tested against, read when the item is created. */
export type ApprovalItem = {
  kind: ApprovalItemKind;
  reasonType: string | null;
  /** Days for leave and work outside. */
  amount: number;
  divisionId: number | null;
  departmentId: number | null;
  /** The requester's roles (STAFF, GROUP_LEAD, …). */
  roles: readonly string[];
};

export type FlowConditions = {
  id: number;
  name: string;
  itemKind: string;
  reasonTypes: readonly string[];
  amountOver: number | null;
  amountAtMost: number | null;
  divisionIds: readonly number[];
  departmentIds: readonly number[];
  requesterRoles: readonly string[];
  priority: number;
  active: boolean;
};

const anyOrIncludes = <T>(list: readonly T[], value: T | null) => list.length === 0 || (value !== null && list.includes(value));

/** Whether every condition of `flow` holds for `item` (an empty list is "any"). */
export function flowMatches(flow: FlowConditions, item: ApprovalItem): boolean {
  if (!flow.active || flow.itemKind !== item.kind) return false;
  if (!anyOrIncludes(flow.reasonTypes, item.reasonType)) return false;
  // Amounts compare at the hundredth, as they are stored, so 2.5 days is "over 2" and 2 is not.
  const amount = Math.round(item.amount * 100);
  if (flow.amountOver !== null && !(amount > Math.round(flow.amountOver * 100))) return false;
  if (flow.amountAtMost !== null && !(amount <= Math.round(flow.amountAtMost * 100))) return false;
  if (!anyOrIncludes(flow.divisionIds, item.divisionId)) return false;
  if (!anyOrIncludes(flow.departmentIds, item.departmentId)) return false;
  if (flow.requesterRoles.length > 0 && !item.roles.some((r) => flow.requesterRoles.includes(r))) return false;
  return true;
}

/** The first active flow by priority (then id) whose conditions hold; null: the single step of RULES.md §5 applies. */
export function chooseFlow<F extends FlowConditions>(flows: readonly F[], item: ApprovalItem): F | null {
  const ordered = [...flows].sort((a, b) => a.priority - b.priority || a.id - b.id);
  return ordered.find((f) => flowMatches(f, item)) ?? null;
}

/**
 * The requester's people, each already excluding the requester and anyone disabled or no longer active: their group
 * lead, division lead, the item's project PM, an HRM (the lowest user id, so the answer is stable), the named users
 * of USER steps, and a delegation in force on the item's date.
 */
export type RequesterPeople = {
  groupLead: ApprovalPerson | null;
  divisionLead: ApprovalPerson | null;
  pm: ApprovalPerson | null;
  hrm: ApprovalPerson | null;
  /** USER steps' users by id; a user who is the requester or disabled is absent. */
  named: ReadonlyMap<number, ApprovalPerson>;
  /** The delegator of a delegation in force listing the requester, and who created it (whose authority it hands over). */
  delegation: { delegator: ApprovalPerson; creatorUserId: number | null } | null;
};

export type StepRule = { rule: ApproverRule; userId: number | null; role?: PoolRole | null };
export type ResolvedStep = StepRule & { position: number; approver: ApprovalPerson | null; source: ApproverSource | null };

/**
 * Where a rule passes when its approver is missing or would be the requester (RULES.md §5: nobody approves their own
 * item): group lead → division lead → HRM. A PM or a named user falls back to the requester's group lead first.
 */
const CHAIN: Record<ApproverRule, readonly ApproverSource[]> = {
  GROUP_LEAD: ['GROUP_LEAD', 'DIVISION_LEAD', 'HRM'],
  DIVISION_LEAD: ['DIVISION_LEAD', 'HRM'],
  PM: ['PM', 'GROUP_LEAD', 'DIVISION_LEAD', 'HRM'],
  HRM: ['HRM'],
  USER: ['USER', 'GROUP_LEAD', 'DIVISION_LEAD', 'HRM'],
  // A ROLE step names no person: anyone of its role acts (the requester excepted, when they act).
  ROLE: ['ROLE'],
};

function personOf(source: ApproverSource, step: StepRule, people: RequesterPeople): ApprovalPerson | null {
  switch (source) {
    case 'GROUP_LEAD':
      return people.groupLead;
    case 'DIVISION_LEAD':
      return people.divisionLead;
    case 'PM':
      return people.pm;
    case 'HRM':
      return people.hrm;
    case 'USER':
      return step.userId === null ? null : (people.named.get(step.userId) ?? null);
    case 'DELEGATION':
      return people.delegation?.delegator ?? null;
    case 'ROLE':
      return null;
  }
}

/**
 * Each step's approver. A delegation in force on the item's date replaces the approver of the step whose approver
 * created it (they handed their authority over); one created by someone else (HR for an absent lead) replaces the
 * first step, as it replaces the single step today.
 */
export function resolveSteps(steps: readonly StepRule[], people: RequesterPeople): ResolvedStep[] {
  const resolved: ResolvedStep[] = steps.map((step, i) => {
    if (step.rule === 'ROLE') return { ...step, role: step.role ?? null, position: i + 1, approver: null, source: 'ROLE' };
    for (const source of CHAIN[step.rule]) {
      const approver = personOf(source, step, people);
      if (approver) return { ...step, position: i + 1, approver, source };
    }
    return { ...step, position: i + 1, approver: null, source: null };
  });
  const delegation = people.delegation;
  if (delegation && resolved.length > 0) {
    const byCreator = resolved.findIndex((s) => s.approver !== null && s.approver.user_id === delegation.creatorUserId);
    const target = byCreator >= 0 ? byCreator : 0;
    // A ROLE step hands no one's authority over: a delegation replaces only a step with a person.
    if (resolved[target]!.rule !== 'ROLE') resolved[target] = { ...resolved[target]!, approver: delegation.delegator, source: 'DELEGATION' };
  }
  return resolved;
}
