import { z } from 'zod';
import { isIsoDateText, MESSAGES_COMMON } from './api.ts';
import type { Actor } from './roles.ts';
import { envelope, idListSchema, idParamSchema, idSchema, pagedEnvelope, pagingShape, safeText } from './schemas.ts';

/**
 * Delegation Management (spec 001 §2.9, §3 Delegation, §5.7, §7.8, §8, §9; RULES.md §5): a delegator is given approval
 * authority over listed members for date ranges. Paths are the spec's (without `/api`).
 */
export const DELEGATION_PAGE = '/timesheet/delegation-management';
const BASE = '/tms/delegate';
export const DELEGATION_PATHS = {
  list: `${BASE}/get-all-delegate`,
  detail: `${BASE}/get-detail-delegate`,
  memberOfDelegator: `${BASE}/get-member-delegator`,
  explanations: `${BASE}/delegation-explanation`,
  chooseDelegator: `${BASE}/choose-delegator`,
  searchDelegator: `${BASE}/search-delegator`,
  chooseDelegatorPageable: `${BASE}/choose-delegator-pageable`,
  chooseMember: `${BASE}/choose-member-for-delegator`,
  searchMember: `${BASE}/search-member-for-delegator`,
  create: `${BASE}/create-delegator`,
  edit: `${BASE}/edit-delegator`,
  delete: `${BASE}/delete-delegator`,
  /** spec 001 §7.10: the members a caller may delegate (no delegator given). */
  allMembers: '/tms/filters/get-all-member-for-delegate',
} as const;

/** RULES.md §2: the page and its calls. */
export const DELEGATION_USERS = ['GROUP_LEAD', 'DULEAD', 'HR', 'HRM', 'ADMIN'] as const satisfies readonly Actor[];

/** spec 001 §5.7, §9: delegator search 3 characters or more; member search more than 3 (4); debounce 1 s. */
export const DELEGATOR_SEARCH_MIN = 3;
export const MEMBER_SEARCH_MIN = 4;
export const DELEGATION_SEARCH_DEBOUNCE_MS = 1000;
/** The lazy-loaded delegator radio list: one page per scroll step (ours). */
export const DELEGATOR_PAGE_SIZE = 20;
/** Members offered at once in the wizard (ours). */
export const MEMBER_CHOICE_LIMIT = 50;

export const DELEGATION_MESSAGES = {
  // spec 001 §5.7
  dateRangeFirst: 'Please select date range first!',
  alreadyExisted: 'Item has already existed',
  inputNotEmpty: 'Input is not empty!',
  confirmDelete: 'Do you Want to delete these items?',
  // spec 001 §8
  created: 'Create delegator successfully!',
  updated: 'Update delegator successfully!',
  deleted: 'Delete Delegator successfully!',
  staffDeleted: 'Delete Staff successfully!',
  success: 'Success',
  // spec 001 §5.2 "Staff is required!" for a list without staff
  staffRequired: 'Staff is required!',
  // ours (the spec shows no text for these)
  delegatorRequired: 'Please choose a delegator',
  delegatorInvalid: 'The delegator must be an active employee with an enabled user account',
  delegatorIsMember: 'The delegator cannot be one of the members',
  rangeOrder: 'From date must be on or before to date',
  invalidDate: MESSAGES_COMMON.invalidDate,
  delegatorSearchShort: `Search text must have at least ${DELEGATOR_SEARCH_MIN} characters`,
  memberSearchShort: `Search text must be more than ${MEMBER_SEARCH_MIN - 1} characters`,
  notFound: 'Delegation not found',
  memberNotFound: 'Employee not found',
  notCreator: 'Only the creator of a delegation or HR, HRM and Admin can change it',
  versionRequired: 'version is required',
  deleteListRequired: 'Please choose at least one delegation',
} as const;

const dateText = safeText().trim().max(20).nullish();

/** One `staff_list` item: a member for one range (dates YYYY-MM-DD). */
export const staffRangeInputSchema = z.object({
  staff_id: idSchema(),
  from_date: dateText,
  to_date: dateText,
});
export type StaffRangeInput = z.infer<typeof staffRangeInputSchema>;

/**
 * POST create-delegator. `creator` is read from the session (RULES.md §3): a value sent is ignored.
 * `flag` (in force) defaults to true.
 */
export const delegationCreateSchema = z.object({
  creator: z.unknown().optional(),
  delegator: idSchema(DELEGATION_MESSAGES.delegatorRequired),
  flag: z.boolean().default(true),
  staff_list: z.array(staffRangeInputSchema).max(2000).default([]),
});
export type DelegationCreateInput = z.input<typeof delegationCreateSchema>;

/** POST edit-delegator: the same body plus id and the version read (stale → 409). */
export const delegationEditSchema = delegationCreateSchema.extend({
  id: idSchema(),
  version: z.number({ error: DELEGATION_MESSAGES.versionRequired }).int().min(1).max(2147483647),
});
export type DelegationEditInput = z.input<typeof delegationEditSchema>;

/** PUT delete-delegator. */
export const delegationDeleteSchema = z.object({
  delegate_list_id: z.array(idSchema()).min(1, DELEGATION_MESSAGES.deleteListRequired).max(500),
});

/**
 * The pure rule of a staff list (spec 001 §5.7), checked by the wizard and the server alike: each range has both dates
 * ("Please select date range first!"), from ≤ to, and the same member never twice on an overlapping range ("Item has
 * already existed"); at least one member; the delegator is no member. Answers the first failing message, or null.
 */
export function staffListProblem(list: readonly { staff_id: number; from_date?: string | null; to_date?: string | null }[], delegatorId: number | null): string | null {
  if (list.length === 0) return DELEGATION_MESSAGES.staffRequired;
  for (const item of list) {
    if (!item.from_date || !item.to_date) return DELEGATION_MESSAGES.dateRangeFirst;
    if (!isIsoDateText(item.from_date) || !isIsoDateText(item.to_date)) return DELEGATION_MESSAGES.invalidDate;
    if (item.from_date > item.to_date) return DELEGATION_MESSAGES.rangeOrder;
    if (delegatorId !== null && item.staff_id === delegatorId) return DELEGATION_MESSAGES.delegatorIsMember;
  }
  const byStaff = new Map<number, { from: string; to: string }[]>();
  for (const item of list) {
    const ranges = byStaff.get(item.staff_id) ?? [];
    const from = item.from_date!;
    const to = item.to_date!;
    if (ranges.some((r) => r.from <= to && from <= r.to)) return DELEGATION_MESSAGES.alreadyExisted;
    ranges.push({ from, to });
    byStaff.set(item.staff_id, ranges);
  }
  return null;
}

/** Two ranges of the wizard are the same range (spec 001 §5.7 "A duplicate range gives 'Item has already existed'"). */
export const sameRange = (a: { from: string; to: string }, b: { from: string; to: string }) => a.from === b.from && a.to === b.to;

const person = z.object({ id: z.number(), name: z.string(), user_name: z.string().nullable() });
const delegatorShape = z.object({
  id: z.number(),
  name: z.string(),
  user_name: z.string().nullable(),
  department_name: z.object({ id: z.number().nullable(), name_en: z.string().nullable() }),
});

/**
 * Where a delegation stands on the company's today by its member ranges (issue 26 §11): SCHEDULED while every range
 * starts later, IN_FORCE while a range holds today, ENDED when every range is over (or it has none). The `flag`
 * switch is apart from it: a paused delegation routes nothing whatever its dates.
 */
export const DELEGATION_PERIOD_STATES = ['SCHEDULED', 'IN_FORCE', 'ENDED'] as const;
export type DelegationPeriodState = (typeof DELEGATION_PERIOD_STATES)[number];

/** One row of the delegator list (spec 001 §2.9 columns Delegator, Department, Action). */
export const delegationRowSchema = z.object({
  id: z.number(),
  delegator: delegatorShape,
  creator: person.nullable(),
  flag: z.boolean(),
  member_count: z.number(),
  name_list: z.array(z.string()),
  version: z.number(),
  /** List rows only: the state on the company's today. */
  period_state: z.enum(DELEGATION_PERIOD_STATES).optional(),
});
export type DelegationRow = z.infer<typeof delegationRowSchema>;

/** A `staff_list` item as read (spec 001 §3 Delegation). */
export const staffRangeSchema = z.object({
  id: z.number(),
  staff_id: z.number(),
  from_date: z.string(),
  to_date: z.string(),
  staff_info: z.object({ id: z.number(), name: z.string(), user_name: z.string().nullable(), department: z.string().nullable() }),
});
export type StaffRange = z.infer<typeof staffRangeSchema>;

export const delegationDetailSchema = delegationRowSchema.extend({ staff_list: z.array(staffRangeSchema) });
export type DelegationDetail = z.infer<typeof delegationDetailSchema>;

/** GET get-all-delegate: filters (delegator name, departments of the delegator), page, size, direction (1, spec 001 §9). */
export const delegationListQuerySchema = z.object({
  ...pagingShape(),
  delegator: safeText().trim().max(200).optional(),
  departments: idListSchema,
  direction: z.coerce.number().int().refine((v) => v === 1 || v === -1, MESSAGES_COMMON.invalidId).default(1),
});
export type DelegationListQuery = z.infer<typeof delegationListQuerySchema>;

/** GET get-detail-delegate?id&employee. */
export const delegationDetailQuerySchema = z.object({ id: idParamSchema(), employee: safeText().trim().max(200).optional() });
/** GET get-member-delegator?delegatorId&employee. */
export const memberOfDelegatorQuerySchema = z.object({ delegatorId: idParamSchema(), employee: safeText().trim().max(200).optional() });

/** GET delegation-explanation: the explanation-request tab (direction -1, spec 001 §7.8, §9). */
export const delegationExplanationQuerySchema = z.object({
  ...pagingShape(),
  employee: safeText().trim().max(200).optional(),
  direction: z.coerce.number().int().refine((v) => v === 1 || v === -1, MESSAGES_COMMON.invalidId).default(-1),
});
export type DelegationExplanationQuery = z.infer<typeof delegationExplanationQuerySchema>;

export const delegationExplanationRowSchema = z.object({
  id: z.number(),
  title: z.string().nullable(),
  employee: z.object({ id: z.number(), name: z.string(), department: z.string().nullable() }),
  delegator: z.object({ id: z.number(), name: z.string() }),
  assignee: z.object({ id: z.number(), user_name: z.string(), name: z.string() }).nullable(),
  abnormal_date: z.string(),
  created_date: z.string(),
  status: z.number(),
  statusText: z.string(),
});
export type DelegationExplanationRow = z.infer<typeof delegationExplanationRowSchema>;

/** Delegator choices (choose-delegator, search-delegator, choose-delegator-pageable). */
export const delegatorQuerySchema = z.object({ ...pagingShape(DELEGATOR_PAGE_SIZE), employee: safeText().trim().max(200).optional() });
export const delegatorCandidateSchema = z.object({
  id: z.number(),
  name: z.string(),
  user_name: z.string().nullable(),
  department_name: z.string().nullable(),
  /** Already the delegator of a live delegation: a second one is refused ("Item has already existed"). */
  has_delegation: z.boolean(),
});
export type DelegatorCandidate = z.infer<typeof delegatorCandidateSchema>;

/** Member choices (choose-member-for-delegator, search-member-for-delegator, get-all-member-for-delegate). */
export const memberQuerySchema = z.object({ delegatorId: idParamSchema().optional(), employee: safeText().trim().max(200).optional() });
export const memberCandidateSchema = z.object({ id: z.number(), name: z.string(), user_name: z.string().nullable(), department_name: z.string().nullable() });
export type MemberCandidate = z.infer<typeof memberCandidateSchema>;

export const delegationListResponseSchema = pagedEnvelope(delegationRowSchema);
export const delegationDetailResponseSchema = envelope(delegationDetailSchema);
export const staffRangeListResponseSchema = envelope(z.array(staffRangeSchema));
export const delegationExplanationResponseSchema = pagedEnvelope(delegationExplanationRowSchema);
export const delegatorListResponseSchema = envelope(z.array(delegatorCandidateSchema));
export const delegatorPageResponseSchema = pagedEnvelope(delegatorCandidateSchema);
export const memberListResponseSchema = envelope(z.array(memberCandidateSchema));
export const delegationDeleteResponseSchema = envelope(z.object({ deleted: z.array(z.number()) }));
