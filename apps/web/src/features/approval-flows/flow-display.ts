import {
  APPROVAL_AMOUNT_UNITS,
  APPROVAL_ITEM_KINDS,
  APPROVER_RULES,
  APPROVER_SOURCES,
  type ApprovalFlowRow,
  type ApprovalItemKind,
  type ApprovalPerson,
  type ApprovalPreview,
  type ApproverRule,
  type ApproverSource,
} from '@tms/contracts/approval-flows';
import { ROLES, type Role } from '@tms/contracts/roles';
import { formatCount, formatDays } from '../../lib/numbers.ts';
import { approvalFlowsTexts, type ApprovalFlowsT } from './i18n/index.ts';

/**
 * Pure pieces of Settings → Approval flows: how a flow's kind, conditions and steps read, and what a preview says, in
 * the language on screen when called (`t`: a component's, else the language at call time). A code this page does
 * not know (a newer server) is shown as sent.
 */

const T: ApprovalFlowsT = approvalFlowsTexts.t;
const isOneOf = <C extends string>(list: readonly C[], code: string): code is C => (list as readonly string[]).includes(code);

export const kindLabel = (kind: string, t: ApprovalFlowsT = T) => (isOneOf<ApprovalItemKind>(APPROVAL_ITEM_KINDS, kind) ? t(`kinds.${kind}`) : kind);
export const ruleLabel = (rule: string, t: ApprovalFlowsT = T) => (isOneOf<ApproverRule>(APPROVER_RULES, rule) ? t(`rules.${rule}`) : rule);
export const sourceLabel = (source: string, t: ApprovalFlowsT = T) => (isOneOf<ApproverSource>(APPROVER_SOURCES, source) ? t(`sources.${source}`) : source);
export const roleLabel = (role: string, t: ApprovalFlowsT = T) => (isOneOf<Role>(ROLES, role) ? t(`roles.${role}`) : role);

export type AmountUnit = (typeof APPROVAL_AMOUNT_UNITS)[ApprovalItemKind];
/** The unit of a kind's amount: days (leave, work outside), minutes (explanations); days for a kind this page does not know. */
export const amountUnitOf = (kind: string | null | undefined): AmountUnit => (kind && isOneOf<ApprovalItemKind>(APPROVAL_ITEM_KINDS, kind) ? APPROVAL_AMOUNT_UNITS[kind] : 'days');

/** A person as lists show them: the name, else the user name. */
export const personName = (person: Pick<ApprovalPerson, 'name' | 'username'> | null | undefined) => person?.name || person?.username || '';

/** Names of what a flow's conditions hold by code or id (from the lookups); an unknown one shows as its code or '#id'. */
export type ConditionNames = {
  reasonTypes: ReadonlyMap<string, string>;
  divisions: ReadonlyMap<number, string>;
  departments: ReadonlyMap<number, string>;
};
export const NO_NAMES: ConditionNames = { reasonTypes: new Map(), divisions: new Map(), departments: new Map() };

type Conditions = Pick<ApprovalFlowRow, 'item_kind' | 'reason_types' | 'amount_over' | 'amount_at_most' | 'division_ids' | 'department_ids' | 'requester_roles'>;

/**
 * The amount condition in words, in the kind's unit: 'over 2 days', 'at most 5 days', 'over 2 and at most 5 days',
 * 'over 15 minutes'; null without one. Written as stored (at most 2 decimals), so a condition never reads rounded.
 */
export function amountText(over: number | null, atMost: number | null, unit: AmountUnit = 'days', t: ApprovalFlowsT = T): string | null {
  if (over !== null && atMost !== null) return t(`summary.${unit}.between`, { over: formatDays(over), atMost: formatDays(atMost) });
  if (over !== null) return t(`summary.${unit}.over`, { count: over, n: formatDays(over) });
  if (atMost !== null) return t(`summary.${unit}.atMost`, { count: atMost, n: formatDays(atMost) });
  return null;
}

/** Each condition that narrows the flow, in words, in the order the form asks them; none for a flow matching every item. */
export function conditionParts(flow: Conditions, names: ConditionNames = NO_NAMES, t: ApprovalFlowsT = T): string[] {
  const byId = (ids: readonly number[], map: ReadonlyMap<number, string>) => ids.map((id) => map.get(id) ?? `#${id}`).join(', ');
  const parts: string[] = [];
  if (flow.reason_types.length > 0) parts.push(flow.reason_types.map((code) => names.reasonTypes.get(code) ?? code).join(', '));
  const amount = amountText(flow.amount_over, flow.amount_at_most, amountUnitOf(flow.item_kind), t);
  if (amount) parts.push(amount);
  if (flow.division_ids.length > 0) parts.push(byId(flow.division_ids, names.divisions));
  if (flow.department_ids.length > 0) parts.push(byId(flow.department_ids, names.departments));
  if (flow.requester_roles.length > 0) parts.push(t('summary.requesters', { roles: flow.requester_roles.map((r) => roleLabel(r, t)).join(', ') }));
  return parts;
}

/** The Conditions column: 'Annual leave; over 2 days; Division X' ('over 15 minutes' for an explanation), or 'Every item'. */
export function conditionSummary(flow: Conditions, names: ConditionNames = NO_NAMES, t: ApprovalFlowsT = T): string {
  const parts = conditionParts(flow, names, t);
  return parts.length > 0 ? parts.join('; ') : t('summary.anyItem');
}

/** One step as the Steps column names it: the rule, or a named user's name. */
export function stepLabel(step: Pick<ApprovalFlowRow['steps'][number], 'rule' | 'user'> & { role?: string | null }, t: ApprovalFlowsT = T): string {
  if (step.rule === 'ROLE' && step.role) return anyoneOfText(step.role, t);
  return step.rule === 'USER' && step.user ? personName(step.user) : ruleLabel(step.rule, t);
}

/** A ROLE step's approver: 'Anyone: HR manager'. */
export const anyoneOfText = (role: string, t: ApprovalFlowsT = T) => t('anyoneOf', { role: roleLabel(role, t) });

/** The Steps column: 'Group lead → Division lead', or 'Approved automatically' for a flow without steps. */
export function stepsText(steps: ApprovalFlowRow['steps'], t: ApprovalFlowsT = T): string {
  if (steps.length === 0) return t('stepsAuto');
  return [...steps].sort((a, b) => a.position - b.position).map((s) => stepLabel(s, t)).join(' → ');
}

/** 'Used by 3 items' (requests, explanations, onsite records and overtime rows that followed the flow). */
export const usedByText = (count: number, t: ApprovalFlowsT = T) => t('usedBy', { count, n: formatCount(count) });

/** One step of a preview: 'Step 2: Division lead', who, and why when another rule or a delegation found them. */
export type PreviewLine = { position: number; title: string; approver: string; via: string | null };
export type PreviewView = { heading: string; auto: boolean; lines: PreviewLine[]; usualApprover: string | null };

/** What the preview panel says of the server's answer. */
export function previewView(preview: ApprovalPreview, t: ApprovalFlowsT = T): PreviewView {
  if (!preview.flow) {
    return { heading: t('preview.noFlow'), auto: false, lines: [], usualApprover: t('preview.usualApprover', { name: personName(preview.default_approver) || t('preview.nobody') }) };
  }
  const lines = preview.steps.map((s) => ({
    position: s.position,
    title: t('preview.step', { n: s.position, rule: ruleLabel(s.rule, t) }),
    approver: s.rule === 'ROLE' && s.role ? anyoneOfText(s.role, t) : personName(s.approver) || t('preview.nobody'),
    via: s.source !== null && s.source !== s.rule && s.rule !== 'ROLE' ? t('preview.via', { source: sourceLabel(s.source, t) }) : null,
  }));
  return { heading: t('preview.flow', { name: preview.flow.name }), auto: preview.auto_approve || preview.steps.length === 0, lines, usualApprover: null };
}

const listOf = (value: unknown): unknown[] | null => (Array.isArray(value) ? value : null);
const asText = (value: unknown) => (typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
const joined = (value: unknown, name: (item: unknown) => string, separator = ', ') => listOf(value)?.map(name).join(separator) ?? asText(value);

/**
 * How the history viewer writes a flow's changed values: codes and ids by their names, steps as the Steps column
 * does. A value of another shape (an older entry) is shown as stored.
 */
export function flowHistoryFormats(names: ConditionNames, t: ApprovalFlowsT = T): Record<string, (value: unknown) => string> {
  const stepOf = (item: unknown) => {
    const step = item as { rule?: unknown; user?: { name?: unknown; username?: unknown } | null } | null;
    if (!step || typeof step.rule !== 'string') return asText(item);
    const user = step.user && typeof step.user.name === 'string' ? step.user.name : null;
    return step.rule === 'USER' && user ? user : ruleLabel(step.rule, t);
  };
  return {
    item_kind: (v) => kindLabel(String(v), t),
    reason_types: (v) => joined(v, (code) => names.reasonTypes.get(String(code)) ?? String(code)),
    division_ids: (v) => joined(v, (id) => names.divisions.get(Number(id)) ?? `#${String(id)}`),
    department_ids: (v) => joined(v, (id) => names.departments.get(Number(id)) ?? `#${String(id)}`),
    requester_roles: (v) => joined(v, (role) => roleLabel(String(role), t)),
    steps: (v) => (listOf(v)?.length === 0 ? t('stepsAuto') : joined(v, stepOf, ' → ')),
  };
}
