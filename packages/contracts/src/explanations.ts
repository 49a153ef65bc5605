import { z } from 'zod';
import { MESSAGES_COMMON } from './api.ts';
import type { Actor } from './roles.ts';
import { dmyFilterSchema, envelope, idListSchema, idParamSchema, idSchema, pagedEnvelope, pagingShape, safeText } from './schemas.ts';
import { EXPLANATION_STATUS, REQUEST_MESSAGES, REQUEST_STATUS_TEXT, REQUEST_TEXT_MAX } from './requests.ts';
import { assigneeCandidateSchema } from './reassign.ts';

/** Explanation Management (spec 001 §2.6, §3 Explanation, §4.4, §5.5, §7.5). */
export const EXPLANATION_MANAGEMENT_PATH = '/tms/explanation-management';
export const EXPLANATION_MANAGEMENT_PAGE = '/timesheet/explanation-management';
export const EXPLANATION_UPDATE_PATH = `${EXPLANATION_MANAGEMENT_PATH}/update-explanation`;
export const EXPLANATION_MANAGEMENT_STATUS_PATH = `${EXPLANATION_MANAGEMENT_PATH}/status`;
export const DELEGATE_CHOOSE_PATH = '/tms/delegate/choose-delegator-to-delegate';
/** Search starts at 3 characters (spec 001 §5.2, §9). */
export const DELEGATE_SEARCH_MIN = 3;
export const explanationLink = (requestId: number) => `${EXPLANATION_MANAGEMENT_PAGE}?id=${requestId}`;

/** Every role but GUEST reads (RULES.md §2); ADMIN and HR get the full filter set, others the by-staff set (spec 001 §6). */
export const EXPLANATION_READERS = ['STAFF', 'GROUP_LEAD', 'DULEAD', 'HR', 'HRM', 'ADMIN', 'PM'] as const satisfies readonly Actor[];
export const EXPLANATION_FULL_FILTER_ROLES = ['ADMIN', 'HR'] as const satisfies readonly Actor[];
/** Reject and Approve are shown to GROUP_LEAD and DULEAD (spec 001 §4.4); the server also requires the assignee. */
export const EXPLANATION_APPROVER_ROLES = ['GROUP_LEAD', 'DULEAD'] as const satisfies readonly Actor[];

/** The shared texts of REQUEST_STATUS_TEXT; an explanation's 5 reads CANCELLED. */
export const EXPLANATION_STATUS_TEXT: Record<number, string> = {
  1: REQUEST_STATUS_TEXT[1]!,
  3: REQUEST_STATUS_TEXT[3]!,
  4: REQUEST_STATUS_TEXT[4]!,
  5: 'CANCELLED',
  6: REQUEST_STATUS_TEXT[6]!,
};
/** Statuses with no action left (spec 001 §4.4). */
export const EXPLANATION_FINAL_STATUSES = [EXPLANATION_STATUS.approved, EXPLANATION_STATUS.rejected, EXPLANATION_STATUS.cancelled] as const;
export const EXPLANATION_EDITABLE_STATUSES = [EXPLANATION_STATUS.pending, EXPLANATION_STATUS.delegated] as const;
export const EXPLANATION_SORT_FIELDS = ['created_date', 'abnormal_date', 'title', 'status', 'modify_date'] as const;

export const EXPLANATION_MESSAGES = {
  titleRequired: REQUEST_MESSAGES.titleRequired,
  descriptionRequired: REQUEST_MESSAGES.descriptionRequired,
  statusUpdated: REQUEST_MESSAGES.explanationStatusUpdated,
  statusFailed: REQUEST_MESSAGES.explanationStatusFailed,
  editFailed: REQUEST_MESSAGES.editFailed,
  approverRequired: REQUEST_MESSAGES.approverRequired,
  notFound: 'Explanation not found',
  notEditable: 'Only a pending or delegated explanation can be changed',
  notOwner: 'Only the owner can change this explanation',
  unknownAssignee: 'The chosen assignee does not exist',
} as const;

/** GET /tms/explanation-management: filters, page/size/fieldToSort/direction (-1 newest first, spec 001 §9). */
export const explanationListQuerySchema = z.object({
  ...pagingShape(),
  employee: safeText().trim().max(200).optional(),
  departments: idListSchema,
  status: idListSchema,
  fromDate: dmyFilterSchema,
  toDate: dmyFilterSchema,
  id: z.coerce.number().int().min(1).max(2147483647).optional(),
  fieldToSort: z.enum(EXPLANATION_SORT_FIELDS).default('created_date'),
  direction: z.coerce.number().int().refine((v) => v === 1 || v === -1, MESSAGES_COMMON.invalidId).default(-1),
});
export type ExplanationListQuery = z.infer<typeof explanationListQuerySchema>;

const person = z.object({ id: z.number().nullable(), user_name: z.string().nullable(), name: z.string().nullable() });

/** One row (spec 001 §3 Explanation). `id` is the explanation request's id; `abnormal_id` its case. */
export const explanationSchema = z.object({
  id: z.number(),
  abnormal_id: z.number().nullable(),
  title: z.string().nullable(),
  employee: z.object({ id: z.number(), name: z.string(), code: z.string().nullable(), department: z.string().nullable() }),
  assignee: person.nullable(),
  original_assignee: person.nullable(),
  approver: person.nullable(),
  created_by: person.nullable(),
  approved_by: person.nullable(),
  abnormal_date: z.string(),
  created_date: z.string(),
  modify_date: z.string(),
  reason_type: z.string(),
  reason_type_name: z.string().nullable(),
  reason_detail: z.string().nullable(),
  absent_type: z.string().nullable(),
  actual: z.string().nullable(),
  description: z.string().nullable(),
  reasons_for_rejection: z.string().nullable(),
  /** The abnormal case's type and whether it is hour-based: which actual choices fit (`fittingActuals`). */
  case_reason: z.string().nullable(),
  is_flexible: z.boolean(),
  status: z.number(),
  statusText: z.string(),
  /** Issue 29: the step now deciding of a pending explanation in an approval flow (null for the single step). */
  approval_step: z.object({ step: z.number().int(), count: z.number().int() }).nullable(),
  version: z.number(),
  actions: z.object({ cancel: z.boolean(), approve: z.boolean(), reject: z.boolean(), edit: z.boolean(), changeAssignee: z.boolean() }),
});
export type Explanation = z.infer<typeof explanationSchema>;
export const explanationListResponseSchema = pagedEnvelope(explanationSchema);

const editText = (max: number) => safeText().trim().max(max, REQUEST_MESSAGES.textTooLong);
/**
 * PUT update-explanation (spec 001 §7.5 payload): title, actual, description while Pending or Delegated; `assignee`
 * (a user id, or `{ id }`) hands it over (status 6), back to the original assignee restores the previous status.
 */
export const explanationUpdateSchema = z.object({
  id: idSchema(),
  title: editText(REQUEST_TEXT_MAX).nullish(),
  actual: editText(REQUEST_TEXT_MAX).nullish(),
  description: editText(REQUEST_TEXT_MAX).nullish(),
  reason_detail: editText(REQUEST_TEXT_MAX).nullish(),
  absent_type: safeText().trim().max(40).nullish(),
  assignee: z.union([idSchema(EXPLANATION_MESSAGES.approverRequired), z.object({ id: idSchema(EXPLANATION_MESSAGES.approverRequired) })]).nullish(),
  version: idSchema().nullish(),
  // Sent by the web from the record; read-only here (RULES.md §3: a client never sets status, creator or dates).
  abnormal_date: z.unknown().optional(),
  created_date: z.unknown().optional(),
  modify_date: z.unknown().optional(),
  employee: z.unknown().optional(),
  status: z.unknown().optional(),
});
export type ExplanationUpdatePayload = z.infer<typeof explanationUpdateSchema>;

/** PUT status { abnormalId, status }: 5 cancel (owner), 3 approve / 4 reject (assignee). */
export const explanationManagementStatusSchema = z.object({
  abnormalId: idSchema(),
  status: z.union([z.literal(3), z.literal(4), z.literal(5)], { error: EXPLANATION_MESSAGES.statusFailed }),
  reason: editText(REQUEST_TEXT_MAX).nullish(),
});
export type ExplanationManagementStatusPayload = z.infer<typeof explanationManagementStatusSchema>;

/**
 * choose-delegator-to-delegate?employee (spec 001 §7.5). Ours: with `requestId` (a request or an explanation) only the
 * people the caller may hand that item to (the reassignment rule), the keyword optional.
 */
export const delegateChooseQuerySchema = z.object({ employee: safeText().trim().max(200).optional(), requestId: idParamSchema().optional() });
export const delegateCandidateSchema = assigneeCandidateSchema;
export const delegateChooseResponseSchema = envelope(z.array(delegateCandidateSchema));
export const explanationUpdateResponseSchema = envelope(z.object({ id: z.number(), status: z.number(), version: z.number() }));
export type ExplanationUpdateResult = z.infer<typeof explanationUpdateResponseSchema>['data'];
