import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { overtimeRequestStaff } from './overtime.ts';
import { onsiteRequests, requests } from './requests.ts';

/**
 * Approval flows (issue 29, docs/approval-flows.md): which items need which approvers, in how many steps. Empty
 * condition arrays mean "any"; a flow with no step approves automatically. The first active flow by priority
 * (ascending) whose conditions hold decides when an item is created; with none, the single step of RULES.md §5.
 */
export const approvalFlows = pgTable(
  'approval_flows',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 200 }).notNull(),
    /** contracts APPROVAL_ITEM_KINDS: LEAVE_REQUEST, WORK_OUTSIDE. */
    itemKind: varchar('item_kind', { length: 30 }).notNull(),
    reasonTypes: text('reason_types').array().notNull().default(sql`'{}'::text[]`),
    /** The item's amount (days) must be above this. */
    amountOver: numeric('amount_over', { precision: 10, scale: 2 }),
    /** The item's amount (days) must be at most this. */
    amountAtMost: numeric('amount_at_most', { precision: 10, scale: 2 }),
    divisionIds: integer('division_ids').array().notNull().default(sql`'{}'::int[]`),
    departmentIds: integer('department_ids').array().notNull().default(sql`'{}'::int[]`),
    requesterRoles: text('requester_roles').array().notNull().default(sql`'{}'::text[]`),
    priority: integer('priority').notNull(),
    active: boolean('active').notNull().default(true),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('approval_flows_kind_priority_idx').on(t.itemKind, t.priority, t.id).where(sql`active`)],
);

/** A flow's steps in order: the approver rule (contracts APPROVER_RULES) and, for USER, the named user. */
export const approvalFlowSteps = pgTable(
  'approval_flow_steps',
  {
    flowId: integer('flow_id')
      .notNull()
      .references(() => approvalFlows.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    rule: varchar('rule', { length: 20 }).notNull(),
    userId: integer('user_id').references(() => users.id),
    /** ROLE: the role whose users may act (contracts POOL_ROLES). */
    role: varchar('role', { length: 20 }),
  },
  (t) => [primaryKey({ columns: [t.flowId, t.position] })],
);

/** The columns every item's steps share: position, rule, the approver resolved at creation, and the decision. */
const stepColumns = () => ({
  position: smallint('position').notNull(),
  rule: varchar('rule', { length: 20 }).notNull(),
  /** The approver resolved at creation; the current step's approver is the item's assignee. */
  approverUserId: integer('approver_user_id').references(() => users.id),
  /** A ROLE step: the role whose users may act (the first to act decides); `approver_user_id` stays null. */
  approverRole: varchar('approver_role', { length: 20 }),
  /** contracts APPROVER_SOURCES: why this approver (the rule, a later rule of the chain, a delegation). */
  source: varchar('source', { length: 20 }),
  decision: smallint('decision'),
  decidedByUserId: integer('decided_by_user_id').references(() => users.id),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  comment: text('comment'),
});

/**
 * The steps of one request that follows a flow, copied from the flow when the request is created (editing a flow
 * changes only items created afterwards) with each step's approver resolved then. `decision` null: not decided;
 * 3 approved, 4 rejected. The request's `approval_step` names the step now deciding and its `assignee_user_id` that
 * step's approver (moved by update-assignee like any assignee).
 */
export const requestApprovalSteps = pgTable(
  'request_approval_steps',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    ...stepColumns(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.position] })],
);

/** The steps of an onsite record's Department stage under a flow; the record's `approver_user_id` is the current step's. */
export const onsiteApprovalSteps = pgTable(
  'onsite_approval_steps',
  {
    onsiteRequestId: integer('onsite_request_id')
      .notNull()
      .references(() => onsiteRequests.id, { onDelete: 'cascade' }),
    ...stepColumns(),
  },
  (t) => [primaryKey({ columns: [t.onsiteRequestId, t.position] })],
);

/**
 * The steps of one overtime staff row under a flow: a fixed request's staff member (each row is decided on its own),
 * or a flexible request's one row (the manager stage). The row's `approver_user_id` (fixed) or the request's
 * `assignee_user_id` (flexible) is the current step's approver.
 */
export const overtimeApprovalSteps = pgTable(
  'overtime_approval_steps',
  {
    overtimeStaffId: integer('overtime_staff_id')
      .notNull()
      .references(() => overtimeRequestStaff.id, { onDelete: 'cascade' }),
    ...stepColumns(),
  },
  (t) => [primaryKey({ columns: [t.overtimeStaffId, t.position] })],
);
