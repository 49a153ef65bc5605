import { z } from 'zod';
import { FLEXIBLE_STATUS, OVERTIME_MESSAGES, OVERTIME_TEXT_MAX, shownFlexibleStatus } from './overtime.ts';
import type { CheckFailure } from './message-format.ts';
import { envelope, historyEntrySchema, idParamSchema, idSchema, safeText, successMessageKey } from './schemas.ts';
import { otUsageSchema } from './overtime-limits.ts';
import { decidesItem, POOL_ROLES } from './approval-flows.ts';

/**
 * Flexible overtime (spec 001 §2.4 detail page, §3 Flexible overtime request, §4.6, §5.6, §7.3; RULES.md §6): one
 * requester per request, decided in stages — the project's PM approves (index 1), confirms the OT pay per shift once
 * the window has passed (index 3, "Edit confirmation" after that), the requester's manager approves (5) or rejects
 * (4). Paths are the spec's, without `/api`.
 */
export const FLEXIBLE_OT_PATHS = {
  create: '/tms/overtime-request/create',
  edit: '/tms/overtime-request/edit',
  detail: '/tms/overtime-request/detail-ot-flexible',
  changeStatus: '/tms/overtime-request/flexible-change-status',
  roleEmployee: (projectId: number | string) => `/tms/filters/project/${projectId}/role-employee`,
  /** Ours (spec 001 §6 "configured or flexible types list projects the user has permission for"). */
  projects: '/tms/overtime-request/flexible-projects',
  files: (id: number | string) => `/tms/overtime-management/v2/${id}/get-all-file-upload`,
  download: (id: number | string) => `/tms/overtime-management/v2/${id}/download`,
  upload: (id: number | string) => `/tms/overtime-management/v2/${id}/upload`,
  deleteFile: (id: number | string, name: string) => `/tms/overtime-management/v2/${id}/${encodeURIComponent(name)}`,
  /** Ours (issue 29): the manager stage's approval steps (contracts approval-flows `approvalTimelineSchema`). */
  approvalTimeline: (id: number | string) => `/tms/overtime-management/v2/${id}/approval-timeline`,
} as const;

export const FLEXIBLE_ACTIONS = ['approve', 'reject', 'cancel', 'confirm'] as const;
export type FlexibleStatusAction = (typeof FLEXIBLE_ACTIONS)[number];
/** `delegate`: update-assignee of the open stage (the shared path of both kinds). */
export type FlexibleAction = 'edit' | FlexibleStatusAction | 'delegate';

/** Texts of this part: the shared ones of OVERTIME_MESSAGES (spec 001 §5.6, §8) plus ours where the spec is silent. */
export const FLEXIBLE_MESSAGES = {
  ...OVERTIME_MESSAGES,
  invalidDate: 'Invalid Date!',
  timeInvalid: 'Start time and end time must be HH:mm',
  success: 'Success',
  created: 'Success',
  updated: 'Success',
  // ours:
  notFound: 'Overtime request not found',
  statusChanged: 'The overtime request status has already changed',
  notEnded: 'The OT time has not ended yet',
  confirmRequired: 'OTpay confirmation is required',
  confirmNegative: 'OTpay confirmation must be at least 0',
  unknownShift: (shift: string) => `Shift ${shift} has no OT pay`,
  actionRequired: 'Action is required',
  requestRequired: 'Request is required',
  notFlexible: (name: string) => `${name} is not on a flexible overtime type`,
  requesterFixed: 'The staff of an overtime request cannot change',
  onlySelf: 'You can file overtime only for yourself',
  ccNotFound: 'A CC employee was not found',
  fileNotFound: 'File not found',
  noApprover: 'No approver could be found for this overtime request',
} as const;

/** Rounded to 2 decimals (spec 001 §9 OT pay to 2 decimals). */
export const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

const text = (max = 2000, message?: string) => safeText(message).max(max, message ?? FLEXIBLE_MESSAGES.reasonTooLong);

/** Create payload (spec 001 §3): loose on purpose, the service checks each rule in the form's order. */
const formShape = {
  title: text(2000, FLEXIBLE_MESSAGES.titleRequired).nullish(),
  projectId: idSchema(FLEXIBLE_MESSAGES.projectRequired).nullish(),
  description: text(5000).nullish(),
  /** CC employees (ids). */
  ccMailList: z.array(idSchema()).max(200).nullish(),
  /** DD/MM/YYYY. */
  overtimeDate: text(20, FLEXIBLE_MESSAGES.dateRequired).nullish(),
  requestType: text(40, FLEXIBLE_MESSAGES.typeRequired).nullish(),
  /** Employee ids; default the caller. */
  requesterIds: z.array(idSchema()).max(500).nullish(),
  /** HH:mm; an end at or before the start is on the next day. */
  startTime: text(10, FLEXIBLE_MESSAGES.startRequired).nullish(),
  endTime: text(10, FLEXIBLE_MESSAGES.endRequired).nullish(),
};
export const flexibleCreateSchema = z.object(formShape);
export type FlexibleCreatePayload = z.infer<typeof flexibleCreateSchema>;
export const flexibleEditSchema = z.object({ ...formShape, id: idSchema(FLEXIBLE_MESSAGES.requestRequired), version: idSchema().nullish() });
export type FlexibleEditPayload = z.infer<typeof flexibleEditSchema>;

export const flexibleConfirmDetailSchema = z.object({
  shift: text(40, FLEXIBLE_MESSAGES.confirmRequired),
  /** Hours; empty (null) resets to the actual. */
  duration_confirm: z.union([z.number(), text(20)]).nullish(),
  reason: text(5000).nullish(),
});
export type FlexibleConfirmDetail = z.infer<typeof flexibleConfirmDetailSchema>;
export const flexibleChangeStatusSchema = z.object({
  requestId: z.union([idSchema(FLEXIBLE_MESSAGES.requestRequired), z.array(idSchema(FLEXIBLE_MESSAGES.requestRequired)).min(1, FLEXIBLE_MESSAGES.requestRequired).max(500)]),
  action: text(20, FLEXIBLE_MESSAGES.actionRequired),
  reason: text(5000).nullish(),
  details: z.array(flexibleConfirmDetailSchema).max(20).nullish(),
  /** Issue 27 §2: an HR or HRM approval over an overtime limit names its reason (docs/overtime-limits.md). */
  overrideReason: text(5000).nullish(),
  /** With it (single id only) a stale read answers 409. */
  version: idSchema().nullish(),
  /**
   * Issue 29 (single id only): the manager stage's approval step the caller decides, as the page showed it; a step
   * already decided answers 409.
   */
  approval_step: z.number().int().min(1).max(99).nullish(),
});
export type FlexibleChangeStatusPayload = z.infer<typeof flexibleChangeStatusSchema>;

export const flexibleDetailQuerySchema = z.object({ id: idParamSchema(FLEXIBLE_MESSAGES.notFound) });
export const flexibleFileParamsSchema = z.object({ id: idParamSchema(FLEXIBLE_MESSAGES.notFound) });
/** The approval timeline's path parameters (the request id). */
export const flexibleTimelineParamsSchema = flexibleFileParamsSchema;
export const flexibleFileNameParamsSchema = z.object({ id: idParamSchema(FLEXIBLE_MESSAGES.notFound), name: safeText(FLEXIBLE_MESSAGES.fileNotFound).min(1).max(200) });
export const flexibleDownloadQuerySchema = z.object({ name: safeText(FLEXIBLE_MESSAGES.fileNotFound).min(1).max(200) });
export const roleEmployeeParamsSchema = z.object({ id: idParamSchema() });
export const roleEmployeeQuerySchema = z.object({ username: safeText().max(100).optional() });

const personSchema = z.object({ userId: z.number().int().nullable(), employeeId: z.number().int().nullable(), username: z.string(), name: z.string() });
export type FlexiblePerson = z.infer<typeof personSchema>;
export const flexibleFileSchema = z.object({ name: z.string(), original_name: z.string(), size: z.number().int(), content_type: z.string(), created_date: z.string() });
export type FlexibleFile = z.infer<typeof flexibleFileSchema>;

export const payDetailLineSchema = z.object({
  shift: z.string(),
  date_type: z.string(),
  is_night: z.boolean(),
  work_date: z.string(),
  check_in_actual: z.string().nullable(),
  check_out_actual: z.string().nullable(),
  duration_actual: z.number(),
  duration_confirm: z.number().nullable(),
  reason: z.string().nullable(),
  /** A reason is needed when this line's confirmation differs from the actual (spec 001 §5.6: not at index 1). */
  required_reason: z.boolean(),
  coefficient: z.number().int(),
  pay_hours: z.number(),
  non_tax_hours: z.number(),
});
export type PayDetailLine = z.infer<typeof payDetailLineSchema>;

/** Issue 29: the manager stage's step now deciding, of its count, in the flow named. */
export const flexibleApprovalStepSchema = z.object({ step: z.number().int(), count: z.number().int(), flow_name: z.string() });
export type FlexibleApprovalStep = z.infer<typeof flexibleApprovalStepSchema>;

/** spec 001 §3 Flexible overtime request, plus what the page's rules need. */
export const flexibleDetailSchema = z.object({
  id: z.number().int(),
  /** The shown index (7 Expired derived, RULES.md §6). */
  status: z.number().int(),
  /** The stored index. */
  statusStored: z.number().int(),
  title: z.string(),
  requester: personSchema,
  createdBy: personSchema,
  /** The manager stage (the requester's approver; at an approval flow's ROLE step nobody: see `approverRole`). */
  approver: personSchema.nullable(),
  /**
   * Issue 29: the manager stage's role when its flow's step is "anyone of a role" (HR, HRM, Admin): anyone of it but
   * the requester decides, the first to act; `approver` is then null. Null otherwise.
   */
  approverRole: z.enum(POOL_ROLES).nullable().optional(),
  /** The PM stage. */
  pms: z.array(personSchema),
  /** Whoever acts now. */
  assignee: personSchema.nullable(),
  ccMails: z.array(z.object({ employeeId: z.number().int(), name: z.string(), username: z.string(), email: z.string().nullable() })),
  description: z.string().nullable(),
  /** The rejection reason at 2/4, the cancellation reason at 6, else null. */
  reason: z.string().nullable(),
  reasonsForRejection: z.string().nullable(),
  reasonForCancellation: z.string().nullable(),
  fileAttach: z.array(flexibleFileSchema),
  project: z.object({ projectId: z.number().int(), projectName: z.string(), projectCode: z.string(), pmEmployeeId: z.number().int().nullable() }),
  /** DD/MM/YYYY; `otDate` the same as YYYY-MM-DD. */
  overtimeDate: z.string(),
  otDate: z.string(),
  requestType: z.string(),
  dateType: z.string(),
  /** HH:mm company time; `endAt` ISO instant (the end may be on the next day). */
  startTime: z.string(),
  endTime: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  createdDate: z.string(),
  modifiedDate: z.string(),
  staff: z.array(z.object({ employeeId: z.number().int(), name: z.string(), username: z.string(), department: z.string().nullable() })),
  overtimePayDetail: z.object({
    check_in: z.string().nullable(),
    check_out: z.string().nullable(),
    total_time_actual: z.number().nullable(),
    total_time_confirm: z.number().nullable(),
    details: z.array(payDetailLineSchema),
  }),
  creatorIsPm: z.boolean(),
  /** Issue 27 §2: the reason HR or HRM gave to approve this request over an overtime limit. */
  limitOverrideReason: z.string().nullable().optional(),
  lock_date: z.string().nullable(),
  server_now: z.string(),
  version: z.number().int(),
  /** The caller may change the assignee (the server's reassignment rule, RULES.md §5); Delegate also needs an open stage. */
  mayReassign: z.boolean(),
  /**
   * Issue 29: the manager stage's step now deciding while the request is confirmed (3) and its manager stage follows an
   * approval flow; null otherwise (the single step, or not at the manager stage).
   */
  approval_step: flexibleApprovalStepSchema.nullable(),
  actions: z.object({ edit: z.boolean(), cancel: z.boolean(), confirm: z.boolean(), confirmLabel: z.string(), approve: z.boolean(), reject: z.boolean(), delegate: z.boolean() }),
  history: z.array(historyEntrySchema),
});
export type FlexibleDetail = z.infer<typeof flexibleDetailSchema>;

export const flexibleWriteItemSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  status: z.number().int(),
  requesterId: z.number().int(),
  /** Issue 27 §2: at creation, the requester's overtime hours against the limits. */
  limits: otUsageSchema.optional(),
});
export const flexibleCreateResponseSchema = envelope(z.array(flexibleWriteItemSchema));
export const flexibleWriteResponseSchema = envelope(flexibleWriteItemSchema);
export const flexibleDetailResponseSchema = envelope(flexibleDetailSchema);
/** One item of a change-status answer (RULES.md §1 batch: 200 all, 207 some, 400/403/409 none). */
export const flexibleStatusItemSchema = z.object({ id: z.number().int(), code: z.number().int(), message: z.string(), ...successMessageKey, status: z.number().int().nullable() });
export type FlexibleStatusItem = z.infer<typeof flexibleStatusItemSchema>;
export const flexibleChangeStatusResponseSchema = z.object({ code: z.number().int(), message: z.string(), ...successMessageKey, data: z.array(flexibleStatusItemSchema) });
export const flexibleFilesResponseSchema = envelope(z.array(flexibleFileSchema));
export const flexibleFileResponseSchema = envelope(flexibleFileSchema);
export const flexibleFileDeleteResponseSchema = envelope(z.object({ name: z.string() }));
export const PROJECT_ROLES = ['PM', 'MEMBER', 'NONE'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];
export const roleEmployeeResponseSchema = envelope(z.object({ projectId: z.number().int(), username: z.string(), role: z.enum(PROJECT_ROLES) }));
export const flexibleProjectsResponseSchema = envelope(z.array(z.object({ project_id: z.number().int(), project_name: z.string(), project_code: z.string(), role: z.enum(PROJECT_ROLES) })));

/** What the enable rules read of a request (a detail carries it all). */
export type FlexibleFacts = Pick<FlexibleDetail, 'statusStored' | 'otDate' | 'endAt' | 'creatorIsPm'> & {
  /** The viewer may change the assignee at all (the server's reassignment rule; absent: no). */
  mayReassign?: boolean;
  requester: Pick<FlexiblePerson, 'userId' | 'employeeId'>;
  createdBy: Pick<FlexiblePerson, 'userId' | 'employeeId'>;
  pms: readonly Pick<FlexiblePerson, 'userId' | 'employeeId'>[];
  approver: Pick<FlexiblePerson, 'userId'> | null;
  /** The manager stage's role at an approval flow's ROLE step (absent: none). */
  approverRole?: string | null;
  project: Pick<FlexibleDetail['project'], 'pmEmployeeId'>;
};
/** `actors`: the viewer's roles (and PM); a holder of the manager stage's role decides it (absent: none). */
export type FlexibleViewer = { userId: number; employeeId: number | null; actors?: readonly string[] };
export type FlexibleRuleContext = { now: Date | string; lockDate: string | null };
export type FlexibleRefusal = { code: 400 | 403 | 409; message: string };

const S = FLEXIBLE_STATUS;
const isPmOf = (d: FlexibleFacts, who: { userId: number | null; employeeId: number | null }) =>
  (who.userId !== null && d.pms.some((p) => p.userId === who.userId)) || (who.employeeId !== null && who.employeeId === d.project.pmEmployeeId);
/** The PM stage's own user (nobody approves their own request: a requester who is the project's PM is not it). */
const isPmStage = (d: FlexibleFacts, v: FlexibleViewer) => d.pms.some((p) => p.userId === v.userId);

/**
 * Whether `viewer` decides the manager stage: its approver, or — at an approval flow's ROLE step (`approverRole`) —
 * anyone holding that role (the first to act decides): `decidesItem` on the stage's fields; nobody's own request is
 * refused beside it (`flexibleRefusal`).
 */
export function decidesManagerStage(d: Pick<FlexibleFacts, 'approver' | 'approverRole'>, viewer: Pick<FlexibleViewer, 'userId' | 'actors'>): boolean {
  return decidesItem({ assigneeUserId: d.approver?.userId ?? null, assigneeRole: d.approverRole }, { userId: viewer.userId, actors: viewer.actors ?? [] });
}

/**
 * Why `viewer` may not take `action` on the request now (spec 001 §4.6), or null when they may. The server refuses
 * exactly this; the page disables exactly this. 403 the viewer has no part in it, 409 the status does not allow it,
 * 400 the date is locked (Expired) or the OT has not ended yet.
 */
export function flexibleRefusal(action: FlexibleAction, d: FlexibleFacts, viewer: FlexibleViewer, ctx: FlexibleRuleContext): FlexibleRefusal | null {
  const status = d.statusStored;
  const locked = ctx.lockDate !== null && d.otDate <= ctx.lockDate;
  const ended = new Date(ctx.now).getTime() >= new Date(d.endAt).getTime();
  const forbidden: FlexibleRefusal = { code: 403, message: FLEXIBLE_MESSAGES.notAllowed };
  const changed: FlexibleRefusal = { code: 409, message: FLEXIBLE_MESSAGES.statusChanged };
  const lockedRefusal: FlexibleRefusal = { code: 400, message: FLEXIBLE_MESSAGES.dateLocked };
  const notEnded: FlexibleRefusal = { code: 400, message: FLEXIBLE_MESSAGES.notEnded };
  const isCreator = d.createdBy.userId === viewer.userId;
  const isRequester = d.requester.userId === viewer.userId || (viewer.employeeId !== null && d.requester.employeeId === viewer.employeeId);
  const pmStage = isPmStage(d, viewer);
  const isManager = decidesManagerStage(d, viewer);
  switch (action) {
    case 'edit': {
      if (!isCreator) return forbidden;
      if (!(status === S.pendingPm || (status === S.approvedByPm && d.creatorIsPm))) return changed;
      return locked ? lockedRefusal : null;
    }
    case 'cancel': {
      // Index 0: the requester (or whoever filed it); index 1: a PM of the project when the creator is one too.
      const pmPair = isPmOf(d, viewer) && d.creatorIsPm;
      const party = isRequester || isCreator || pmPair || pmStage;
      if (status === S.pendingPm) {
        if (!isRequester && !isCreator) return forbidden;
      } else if (status === S.approvedByPm) {
        if (!pmPair) return party ? changed : forbidden;
      } else return party ? changed : forbidden;
      return locked ? lockedRefusal : null;
    }
    case 'confirm': {
      if (!pmStage) return forbidden;
      if (status !== S.approvedByPm && status !== S.confirmed) return changed;
      if (locked) return lockedRefusal;
      return ended ? null : notEnded;
    }
    case 'delegate': {
      // The open stage: the PM's at 0 and 1, the manager's at 3.
      if (d.mayReassign !== true) return forbidden;
      if (status !== S.pendingPm && status !== S.approvedByPm && status !== S.confirmed) return changed;
      return locked ? lockedRefusal : null;
    }
    case 'approve':
    case 'reject': {
      // Nobody decides their own request (RULES.md §5), whoever it was handed to.
      if (isRequester) return forbidden;
      if (status === S.pendingPm) {
        if (!pmStage) return forbidden;
        return locked ? lockedRefusal : null;
      }
      if (status === S.confirmed) {
        if (!isManager) return pmStage ? changed : forbidden;
        if (locked) return lockedRefusal;
        return ended ? null : notEnded;
      }
      return pmStage || isManager ? changed : forbidden;
    }
  }
}

/** The header's actions (spec 001 §4.6): which are enabled, and the confirm item's text. */
export function flexibleActions(d: FlexibleFacts, viewer: FlexibleViewer, ctx: FlexibleRuleContext) {
  const may = (a: FlexibleAction) => flexibleRefusal(a, d, viewer, ctx) === null;
  return {
    edit: may('edit'),
    cancel: may('cancel'),
    confirm: may('confirm'),
    confirmLabel: d.statusStored === S.confirmed ? 'Edit confirmation' : 'Confirm',
    approve: may('approve'),
    reject: may('reject'),
    delegate: may('delegate'),
  };
}

/** The shown index of a request (7 Expired derived). */
export const shownIndex = (d: Pick<FlexibleFacts, 'statusStored' | 'otDate'>, lockDate: string | null) => shownFlexibleStatus(d.statusStored, d.otDate, lockDate);

type ConfirmationRule = 'confirmRequired' | 'confirmNegative' | 'confirmTooHigh' | 'reasonTooLong' | 'confirmReasonRequired';

/** The messages the confirmation check may answer, by their keys (docs/i18n-server-messages.md). */
export type ConfirmationFailure = CheckFailure<`overtimeFlexible.${ConfirmationRule}`>;

/** A confirmation rule whose message has no parameters failed. */
const confirmationFailed = (name: Exclude<ConfirmationRule, 'confirmTooHigh'>) =>
  ({ error: { key: `overtimeFlexible.${name}`, params: {}, text: FLEXIBLE_MESSAGES[name] } }) as const;

/**
 * spec 001 §5.6 confirmation of one shift, shared by the modal and the server: empty resets to the actual; ≥ 0; never
 * above the actual ("OTpay confirmation can not be higher than total time of shift is {n}", n the actual to 2
 * decimals); rounded to 2 decimals; a reason (≤ 1000) is required when the value differs from the actual, unless the
 * request is at index 1. Answers the value or the first failing rule's message (key, parameters, English text).
 */
export function checkConfirmation(
  line: { duration_actual: number },
  input: { duration_confirm?: number | string | null; reason?: string | null },
  status: number,
): { value: number; reason: string | null } | { error: ConfirmationFailure } {
  const raw = input.duration_confirm;
  const actual = round2(line.duration_actual);
  let value: number;
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) value = actual;
  else {
    const n = typeof raw === 'number' ? raw : Number(raw.trim());
    if (!Number.isFinite(n)) return confirmationFailed('confirmRequired');
    if (n < 0) return confirmationFailed('confirmNegative');
    value = round2(n);
  }
  if (value > actual) {
    const hours = actual.toFixed(2);
    return { error: { key: 'overtimeFlexible.confirmTooHigh', params: { hours }, text: FLEXIBLE_MESSAGES.confirmTooHigh(hours) } };
  }
  const reason = input.reason?.trim() ? input.reason.trim() : null;
  if (reason !== null && reason.length > OVERTIME_TEXT_MAX) return confirmationFailed('reasonTooLong');
  if (value !== actual && reason === null && status !== S.approvedByPm) return confirmationFailed('confirmReasonRequired');
  return { value, reason };
}
