import { z } from 'zod';
import { ROLES, type Role } from './roles.ts';
import { envelope, idParamSchema, idSchema, safeText } from './schemas.ts';

/**
 * Settings → Approval flows (issue 29; docs/approval-flows.md): HR, HRM and Admin configure who approves which items,
 * in how many steps, chosen by conditions. With no flow configured, the single step of RULES.md §5 applies.
 */
export const APPROVAL_FLOWS_PAGE = '/settings/approval-flows';
export const APPROVAL_FLOW_PATHS = {
  /** GET every flow (a short list, no paging), POST a new one. */
  list: '/tms/approval-flows',
  /** PUT the whole flow, DELETE it (only while no item used it). */
  one: '/tms/approval-flows/:id',
  /** PUT `{ active }`. */
  active: '/tms/approval-flows/:id/active',
  history: '/tms/approval-flows/:id/history',
  /** POST: which flow an item would follow and who each step's approver would be. */
  preview: '/tms/approval-flows/preview',
  /** GET the approval timeline of a request (every step, its approver, decision, time and comment). */
  requestTimeline: '/tms/request-management/:id/approval-timeline',
} as const;
export const approvalFlowPath = (id: number) => `/tms/approval-flows/${id}`;
export const approvalFlowActivePath = (id: number) => `/tms/approval-flows/${id}/active`;
export const approvalFlowHistoryPath = (id: number) => `/tms/approval-flows/${id}/history`;
export const requestTimelinePath = (id: number) => `/tms/request-management/${id}/approval-timeline`;

/** Who may configure flows. */
export const APPROVAL_FLOW_EDITORS = ['HR', 'HRM', 'ADMIN'] as const satisfies readonly Role[];

/**
 * The kinds of item a flow applies to: leave requests and explanations (optionally by reason type), work outside,
 * onsite (its Department stage), fixed overtime (each staff member's row) and flexible overtime's manager stage. An
 * item's amount is in days, an explanation's in minutes, overtime's in hours (`APPROVAL_AMOUNT_UNITS`).
 */
export const APPROVAL_ITEM_KINDS = ['LEAVE_REQUEST', 'WORK_OUTSIDE', 'EXPLANATION', 'ONSITE', 'FIXED_OT', 'FLEXIBLE_OT'] as const;
export type ApprovalAmountUnit = 'days' | 'minutes' | 'hours';
export const APPROVAL_AMOUNT_UNITS: Record<ApprovalItemKind, ApprovalAmountUnit> = {
  LEAVE_REQUEST: 'days',
  WORK_OUTSIDE: 'days',
  EXPLANATION: 'minutes',
  ONSITE: 'days',
  FIXED_OT: 'hours',
  FLEXIBLE_OT: 'hours',
};
/** The kinds whose flows may name reason types. */
export const REASON_TYPED_KINDS: readonly ApprovalItemKind[] = ['LEAVE_REQUEST', 'EXPLANATION'];
export type ApprovalItemKind = (typeof APPROVAL_ITEM_KINDS)[number];

/**
 * How a step names its approver: the requester's group lead, division lead, the project's PM, an HRM, a named user,
 * or anyone of a role (ROLE: every user of `POOL_ROLES`' chosen role but the requester may act, the first to act
 * decides). A step whose approver would be the requester, or who does not exist, passes along the chain
 * group lead → division lead → HRM (docs/approval-flows.md).
 */
export const APPROVER_RULES = ['GROUP_LEAD', 'DIVISION_LEAD', 'PM', 'HRM', 'USER', 'ROLE'] as const;
export type ApproverRule = (typeof APPROVER_RULES)[number];

/**
 * The roles a ROLE step may name: the roles whose data scope is the whole company (RULES.md §3), so anyone of them
 * may see every item the step decides.
 */
export const POOL_ROLES = ['HR', 'HRM', 'ADMIN'] as const satisfies readonly Role[];
export type PoolRole = (typeof POOL_ROLES)[number];

/**
 * Whether `caller` decides an item assigned as given: its assignee, or — at a ROLE step (`assigneeRole`) — anyone
 * holding that role (the first to act decides). The owner's own item is refused by each caller's rules beside this.
 * The one rule of requests, explanations, onsite and overtime (server and web).
 */
export function decidesItem(item: { assigneeUserId: number | null; assigneeRole?: string | null }, caller: { userId: number; actors: readonly string[] }): boolean {
  if (item.assigneeUserId !== null && item.assigneeUserId === caller.userId) return true;
  return item.assigneeRole != null && caller.actors.includes(item.assigneeRole);
}

/** Where a resolved approver came from: the rule itself, a later rule of the chain, or a delegation in force. */
export const APPROVER_SOURCES = ['GROUP_LEAD', 'DIVISION_LEAD', 'PM', 'HRM', 'USER', 'ROLE', 'DELEGATION'] as const;
export type ApproverSource = (typeof APPROVER_SOURCES)[number];

export const MAX_APPROVAL_STEPS = 5;
export const APPROVAL_FLOW_NAME_MAX = 200;

export const APPROVAL_FLOW_MESSAGES = {
  nameRequired: 'Flow name is required',
  nameTooLong: `Flow name must be at most ${APPROVAL_FLOW_NAME_MAX} characters`,
  kindRequired: 'Choose the kind of item',
  tooManySteps: `A flow has at most ${MAX_APPROVAL_STEPS} steps`,
  stepUserRequired: 'Choose the user of a "Named user" step',
  stepUserNotFound: 'The user of a "Named user" step does not exist or is disabled',
  stepRoleRequired: 'Choose the role of an "Anyone of a role" step',
  amountRange: 'The lower amount must be below the upper amount',
  amountInvalid: 'Amount must be a number from 0 to 10000',
  priorityInvalid: 'Priority must be a whole number from 1 to 9999',
  reasonTypesOnlyForLeave: 'Reason types apply to leave requests and explanations only',
  notFound: 'Approval flow not found',
  changedMeanwhile: 'The flow was changed meanwhile: reload it and try again',
  inUse: 'Requests have followed this flow: deactivate it instead of deleting it',
  employeeRequired: 'Staff is required',
  /** An approve sent for a step that has already been decided (a second click, or another approver was faster). */
  stepDecided: 'This step has already been decided',
} as const;
const M = APPROVAL_FLOW_MESSAGES;

const amountSchema = z.number({ error: M.amountInvalid }).min(0, { error: M.amountInvalid }).max(10000, { error: M.amountInvalid }).nullish();

export const approvalStepInputSchema = z
  .object({ rule: z.enum(APPROVER_RULES), user_id: idSchema().nullish(), role: z.enum(POOL_ROLES, { error: M.stepRoleRequired }).nullish() })
  .refine((s) => s.rule !== 'USER' || (s.user_id ?? null) !== null, { error: M.stepUserRequired, path: ['user_id'] })
  .refine((s) => s.rule !== 'ROLE' || (s.role ?? null) !== null, { error: M.stepRoleRequired, path: ['role'] });
export type ApprovalStepInput = z.infer<typeof approvalStepInputSchema>;

/** A flow as HR saves it. Empty condition lists mean "any"; no step at all means automatic approval. */
export const approvalFlowInputSchema = z
  .object({
    name: safeText(M.nameRequired).trim().min(1, { error: M.nameRequired }).max(APPROVAL_FLOW_NAME_MAX, { error: M.nameTooLong }),
    item_kind: z.enum(APPROVAL_ITEM_KINDS, { error: M.kindRequired }),
    reason_types: z.array(safeText().max(40)).max(100).default([]),
    /** The item's amount must be above this (days; minutes for an explanation; hours for overtime). */
    amount_over: amountSchema,
    /** The item's amount must be at most this. */
    amount_at_most: amountSchema,
    division_ids: z.array(idSchema()).max(200).default([]),
    department_ids: z.array(idSchema()).max(500).default([]),
    requester_roles: z.array(z.enum(ROLES as [Role, ...Role[]])).max(10).default([]),
    /** Lower numbers are tried first. */
    priority: z.number({ error: M.priorityInvalid }).int({ error: M.priorityInvalid }).min(1, { error: M.priorityInvalid }).max(9999, { error: M.priorityInvalid }),
    active: z.boolean().default(true),
    steps: z.array(approvalStepInputSchema).max(MAX_APPROVAL_STEPS, { error: M.tooManySteps }),
    version: z.number().int().min(1).max(2147483647).nullish(),
  })
  .refine((f) => f.amount_over == null || f.amount_at_most == null || f.amount_over < f.amount_at_most, { error: M.amountRange, path: ['amount_at_most'] })
  .refine((f) => REASON_TYPED_KINDS.includes(f.item_kind) || f.reason_types.length === 0, { error: M.reasonTypesOnlyForLeave, path: ['reason_types'] });
export type ApprovalFlowInput = z.input<typeof approvalFlowInputSchema>;
export type ApprovalFlowValues = z.output<typeof approvalFlowInputSchema>;

export const approvalFlowActiveSchema = z.object({ active: z.boolean() });
export const approvalFlowIdParamsSchema = z.object({ id: idParamSchema() });

const personSchema = z.object({ user_id: z.number().int(), username: z.string(), name: z.string() });
export type ApprovalPerson = z.infer<typeof personSchema>;

export const approvalFlowStepSchema = z.object({ position: z.number().int(), rule: z.enum(APPROVER_RULES), user: personSchema.nullable(), role: z.enum(POOL_ROLES).nullish() });

export const approvalFlowRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  item_kind: z.enum(APPROVAL_ITEM_KINDS),
  reason_types: z.array(z.string()),
  amount_over: z.number().nullable(),
  amount_at_most: z.number().nullable(),
  division_ids: z.array(z.number().int()),
  department_ids: z.array(z.number().int()),
  requester_roles: z.array(z.string()),
  priority: z.number().int(),
  active: z.boolean(),
  steps: z.array(approvalFlowStepSchema),
  /** How many items have followed this flow (a flow in use can be deactivated, not deleted). */
  used_by: z.number().int(),
  version: z.number().int(),
  updated_at: z.string(),
});
export type ApprovalFlowRow = z.infer<typeof approvalFlowRowSchema>;
export const approvalFlowListResponseSchema = envelope(z.array(approvalFlowRowSchema));
export const approvalFlowResponseSchema = envelope(approvalFlowRowSchema);

export const approvalPreviewInputSchema = z.object({
  employee_id: idSchema(M.employeeRequired),
  item_kind: z.enum(APPROVAL_ITEM_KINDS, { error: M.kindRequired }),
  reason_type: safeText().max(40).nullish(),
  /** Days for leave, work outside and onsite, minutes for an explanation, hours for overtime. */
  amount: z.number({ error: M.amountInvalid }).min(0, { error: M.amountInvalid }).max(10000, { error: M.amountInvalid }),
  /** The item's project (onsite and overtime): whose PM a "Project PM" step names. */
  project_id: idSchema().nullish(),
  /** The item's first date (YYYY-MM-DD), for delegations in force; today when absent. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullish(),
});
export type ApprovalPreviewInput = z.input<typeof approvalPreviewInputSchema>;

const resolvedStepSchema = z.object({
  position: z.number().int(),
  rule: z.enum(APPROVER_RULES),
  /** A ROLE step: the role whose users may act (its `approver` is null). */
  role: z.enum(POOL_ROLES).nullish(),
  approver: personSchema.nullable(),
  source: z.enum(APPROVER_SOURCES).nullable(),
});
export type ResolvedApprovalStep = z.infer<typeof resolvedStepSchema>;

export const approvalPreviewSchema = z.object({
  /** Null: no flow applies, and the single step of RULES.md §5 does (`default_approver`). */
  flow: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  auto_approve: z.boolean(),
  steps: z.array(resolvedStepSchema),
  default_approver: personSchema.nullable(),
});
export type ApprovalPreview = z.infer<typeof approvalPreviewSchema>;
export const approvalPreviewResponseSchema = envelope(approvalPreviewSchema);

export const TIMELINE_DECISIONS = ['WAITING', 'CURRENT', 'APPROVED', 'REJECTED', 'CLOSED'] as const;
export type TimelineDecision = (typeof TIMELINE_DECISIONS)[number];

export const approvalTimelineStepSchema = z.object({
  position: z.number().int(),
  /** Null for the single step of a request that followed no flow. */
  rule: z.enum(APPROVER_RULES).nullable(),
  /** A ROLE step: the role whose users may act; `approver` stays null until one of them decides. */
  role: z.enum(POOL_ROLES).nullable().optional(),
  approver: personSchema.nullable(),
  /** WAITING: a later step; CURRENT: the step now deciding; CLOSED: never reached (rejected or withdrawn before). */
  decision: z.enum(TIMELINE_DECISIONS),
  decided_by: personSchema.nullable(),
  decided_at: z.string().nullable(),
  comment: z.string().nullable(),
});
export type ApprovalTimelineStep = z.infer<typeof approvalTimelineStepSchema>;

export const approvalTimelineSchema = z.object({
  request_id: z.number().int(),
  status: z.number().int(),
  flow_name: z.string().nullable(),
  /** Approved by the system because the flow has no step. */
  auto_approved: z.boolean(),
  created_at: z.string(),
  current_step: z.number().int().nullable(),
  step_count: z.number().int(),
  steps: z.array(approvalTimelineStepSchema),
});
export type ApprovalTimeline = z.infer<typeof approvalTimelineSchema>;
export const approvalTimelineResponseSchema = envelope(approvalTimelineSchema);

/** The list's status text of a pending request in a flow: 'Pending — step 2 of 3 (dl)'. */
export const pendingStepText = (step: number, count: number, approverUsername: string | null) =>
  `Pending — step ${step} of ${count}${approverUsername ? ` (${approverUsername})` : ''}`;

/** The approver rules as the screens name them (English; the web's Vietnamese catalogue translates them). */
export const APPROVER_RULE_LABELS: Record<ApproverRule, string> = {
  GROUP_LEAD: 'Group lead',
  DIVISION_LEAD: 'Division lead',
  PM: 'Project PM',
  HRM: 'HR manager',
  USER: 'Named user',
  ROLE: 'Anyone of a role',
};

/** Where a resolved approver came from, as the preview names it: a rule's name, or the delegation in force. */
export const APPROVER_SOURCE_LABELS: Record<ApproverSource, string> = { ...APPROVER_RULE_LABELS, DELEGATION: 'Delegation' };
