import {
  APPROVAL_FLOW_MESSAGES as M,
  REASON_TYPED_KINDS,
  type ApprovalFlowInput,
  type ApprovalFlowRow,
  type ApprovalPreviewInput,
  type ApprovalItemKind,
  type ApproverRule,
  type PoolRole,
} from '@tms/contracts/approval-flows';
import type { Dayjs } from 'dayjs';
import { DATE_ISO } from '@tms/contracts/api';
import type { Role } from '@tms/contracts/roles';
import { en } from './i18n/en.ts';
import { approvalFlowsTexts, type ApprovalFlowsT } from './i18n/index.ts';

/** The amount a condition or a preview takes (days; minutes for an explanation): 0 to 10000 (contracts approvalFlowInputSchema). */
export const AMOUNT_MAX = 10000;
/** A flow's priority: a whole number from 1 to 9999. */
export const PRIORITY_MAX = 9999;

/** Whether flows of this kind may name reason types (leave requests and explanations: contracts `REASON_TYPED_KINDS`). */
export const isReasonTyped = (kind: ApprovalItemKind | null | undefined): boolean => kind != null && REASON_TYPED_KINDS.includes(kind);

/** One step of the form's steps editor (the order of the list is the order of the steps). */
export type FlowStepValue = { rule?: ApproverRule; user_id?: number | null; role?: PoolRole | null };

/** The create/edit form's values: conditions left empty match every item. */
export type FlowFormValues = {
  name?: string;
  item_kind?: ApprovalItemKind;
  reason_types?: string[];
  amount_over?: number | null;
  amount_at_most?: number | null;
  division_ids?: number[];
  department_ids?: number[];
  requester_roles?: Role[];
  priority?: number | null;
  active?: boolean;
  steps?: FlowStepValue[];
};

/** A new flow: a leave flow, active, after every existing one (priority one above the highest), one group lead step. */
export function newFlowValues(flows: readonly Pick<ApprovalFlowRow, 'priority'>[]): FlowFormValues {
  const highest = flows.reduce((max, f) => Math.max(max, f.priority), 0);
  return {
    name: '',
    item_kind: 'LEAVE_REQUEST',
    reason_types: [],
    amount_over: null,
    amount_at_most: null,
    division_ids: [],
    department_ids: [],
    requester_roles: [],
    priority: Math.min(highest + 1, PRIORITY_MAX),
    active: true,
    steps: [{ rule: 'GROUP_LEAD', user_id: null }],
  };
}

/** A saved flow as the form edits it. */
export function flowValuesOf(row: ApprovalFlowRow): FlowFormValues {
  return {
    name: row.name,
    item_kind: row.item_kind,
    reason_types: [...row.reason_types],
    amount_over: row.amount_over,
    amount_at_most: row.amount_at_most,
    division_ids: [...row.division_ids],
    department_ids: [...row.department_ids],
    requester_roles: row.requester_roles as Role[],
    priority: row.priority,
    active: row.active,
    steps: [...row.steps]
      .sort((a, b) => a.position - b.position)
      .map((s) => ({ rule: s.rule, user_id: s.rule === 'USER' ? (s.user?.user_id ?? null) : null, role: s.rule === 'ROLE' ? s.role : null })),
  };
}

const number = (value: number | null | undefined) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * The body of POST / PUT: reason types only for leave and explanations (the server refuses them on other kinds), a step's user only
 * for a USER step, and the version the form was opened with when editing.
 */
export function flowPayloadOf(values: FlowFormValues, version: number | null): ApprovalFlowInput {
  const kind = values.item_kind ?? 'LEAVE_REQUEST';
  return {
    name: (values.name ?? '').trim(),
    item_kind: kind,
    reason_types: isReasonTyped(kind) ? [...(values.reason_types ?? [])] : [],
    amount_over: number(values.amount_over),
    amount_at_most: number(values.amount_at_most),
    division_ids: [...(values.division_ids ?? [])],
    department_ids: [...(values.department_ids ?? [])],
    requester_roles: [...(values.requester_roles ?? [])],
    priority: number(values.priority) ?? 0,
    active: values.active ?? true,
    steps: (values.steps ?? []).map((s) => ({ rule: s.rule ?? 'GROUP_LEAD', user_id: s.rule === 'USER' ? (s.user_id ?? null) : null, role: s.rule === 'ROLE' ? (s.role ?? null) : null })),
    ...(version === null ? {} : { version }),
  };
}

type MessageKey = keyof typeof en.messages;

/** An APPROVAL_FLOW_MESSAGES text in the reader's language; a text the catalogue does not hold stays as sent. */
export function flowMessageText(text: string, t: ApprovalFlowsT = approvalFlowsTexts.t): string {
  const key = (Object.keys(en.messages) as MessageKey[]).find((k) => en.messages[k] === text);
  return key ? t(`messages.${key}`) : text;
}

/** The form field each message of the server belongs under (a 400 names no field: its text does). */
const FIELD_OF_MESSAGE: ReadonlyMap<string, string> = new Map([
  [M.nameRequired, 'name'],
  [M.nameTooLong, 'name'],
  [M.kindRequired, 'item_kind'],
  [M.reasonTypesOnlyForLeave, 'reason_types'],
  [M.amountInvalid, 'amount_over'],
  [M.amountRange, 'amount_at_most'],
  [M.priorityInvalid, 'priority'],
  [M.tooManySteps, 'steps'],
  [M.stepUserRequired, 'steps'],
  [M.stepUserNotFound, 'steps'],
  [M.stepRoleRequired, 'steps'],
]);

export type FieldErrors = { name: string; errors: string[] };

/**
 * A refused save's messages split into those shown under their field (in the reader's language) and the rest,
 * which the page notifies. `shown[i]` is `messages[i]` as the notice would show it (the server's own translation).
 */
export function splitFlowErrors(messages: readonly string[], shown: readonly string[] = messages, t: ApprovalFlowsT = approvalFlowsTexts.t): { fields: FieldErrors[]; rest: string[] } {
  const fields = new Map<string, string[]>();
  const rest: string[] = [];
  messages.forEach((text, i) => {
    const field = FIELD_OF_MESSAGE.get(text);
    if (!field) {
      rest.push(shown[i] ?? text);
      return;
    }
    const list = fields.get(field) ?? [];
    const localized = flowMessageText(text, t);
    if (!list.includes(localized)) list.push(localized);
    fields.set(field, list);
  });
  return { fields: [...fields].map(([name, errors]) => ({ name, errors })), rest };
}

/** The preview's values: who, what kind, which reason (leave, explanation), how much (days or minutes), from which day (DD/MM/YYYY on screen). */
export type PreviewValues = { employee_id?: number; item_kind?: ApprovalItemKind; reason_type?: string | null; amount?: number | null; date?: Dayjs | null; project_id?: number | null };

/** The kinds whose item belongs to a project (onsite, overtime): the preview asks which, for a "Project PM" step. */
export const PROJECT_KINDS: readonly ApprovalItemKind[] = ['ONSITE', 'FIXED_OT', 'FLEXIBLE_OT'];
export const isProjectKind = (kind: ApprovalItemKind | null | undefined): boolean => kind != null && PROJECT_KINDS.includes(kind);

/** The body of POST preview: the reason only for a kind with reason types, the date as YYYY-MM-DD (today on the server when empty). */
export function previewPayloadOf(values: PreviewValues): ApprovalPreviewInput {
  const kind = values.item_kind ?? 'LEAVE_REQUEST';
  return {
    employee_id: values.employee_id ?? 0,
    item_kind: kind,
    reason_type: isReasonTyped(kind) ? (values.reason_type ?? null) : null,
    amount: number(values.amount) ?? 0,
    date: values.date ? values.date.format(DATE_ISO) : null,
    project_id: isProjectKind(kind) ? (values.project_id ?? null) : null,
  };
}
