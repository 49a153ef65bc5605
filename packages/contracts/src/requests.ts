import { z } from 'zod';
import { isIsoDateText } from './api.ts';
import { envelope, safeText, successMessageKey } from './schemas.ts';
import { REQUEST_TYPES, type RequestType, SHIFTS, type ShiftName, REQUEST_TEXT_MAX, REQUEST_MESSAGES } from './requests-constants.ts';
// The area's paths, roles, limits and texts are in requests-constants.ts, without zod (the web's first load imports
// them from there); this file adds the schemas and re-exports them.
export * from './requests-constants.ts';

/** Server-side refusals that the spec leaves unnamed (RULES.md §5), one text each. */
export const REQUEST_RULE_MESSAGES = {
  notFound: 'Request not found',
  locked: 'The date is in a locked timesheet period',
  forbiddenExplanation: 'The explanation period for this date has closed',
  notAssignee: 'Only the assignee can approve or reject this request',
  ownRequest: 'You cannot approve your own request',
  notOwner: 'Only the owner can change this request',
  alreadyChanged: 'The request status has already changed',
  managedByOnsite: 'This request comes from an onsite request: change it in Onsite Management',
  insufficientBalance: 'Not enough leave balance',
  weekend: 'Weekends cannot be chosen',
  overlapping: 'A request already covers this time',
  notPending: 'Only a pending request can be changed',
} as const;

/** Employee block of a record (spec 001 §3 Request record `employee`). */
export type RequestEmployee = { id: number; name: string; user_name: string; department_name: string | null };
export type CcPerson = { id: number; name: string; user_name: string; department_name: string | null };

/** One date row of a request (payload `request_dates` and the record). */
export type RequestDateRow = {
  request_date: string;
  /** Hourly types: 60 × hour + minute. */
  request_minutes?: number | null;
  /** Day types: FULL_DAY, MORNING or AFTERNOON. */
  duration?: ShiftName | null;
};

/** The request record (spec 001 §3), as every list, detail and export reads it. */
export type RequestRecord = {
  id: number;
  request_type: RequestType;
  request_type_name: string;
  reason_type: string;
  reason_type_name: string;
  reason_type_name_vi: string;
  employee: RequestEmployee;
  approver: { id: number | null; user_name: string | null; name: string | null };
  start_date: string;
  end_date: string;
  start_shift: ShiftName | null;
  end_shift: ShiftName | null;
  quantity_in_hours: number;
  quantity_in_minutes: number;
  /** Stored status; 10 when pending and locked (`is_expired`). */
  status: number;
  status_type: string;
  is_expired: boolean;
  is_explanation: boolean;
  is_flexible: boolean;
  created_by_role: string | null;
  description: string | null;
  mail: CcPerson[];
  mail_cc: number[];
  reasons_for_rejection: string | null;
  check_in: string | null;
  check_out: string | null;
  absent_time: number | null;
  leaving_type: string | null;
  request_dates: RequestDateRow[];
  abnormal_case_id: number | null;
  project_id: number | null;
  /** The onsite record (Onsite Management) an ONSITE row belongs to; its status is the record's. */
  onsite_request_id: number | null;
  /** Issue 29: the step now deciding of a pending request that follows an approval flow (null for the single step). */
  approval_step: { step: number; count: number; flow_name: string } | null;
  created_by: { user_name: string | null; name: string | null };
  created_date: string;
  last_modified_date: string;
  version: number;
  /** What the caller may do now (server-computed from the same rules it enforces). */
  actions: RequestActions;
};

export type RequestActions = {
  approve: boolean;
  reject: boolean;
  withdraw: boolean;
  edit: boolean;
  delegate: boolean;
};

// ---------------------------------------------------------------------------------------------------------------------
// Write side payloads (spec 001 §3 Request payload, §7.2). Fields are optional here so that the server answers the
// spec's own message for a missing field (request-form.ts); unknown fields are dropped (RULES.md §3).

export const SHIFT_DURATIONS = ['FULL_DAY', 'MORNING', 'AFTERNOON'] as const;
const optText = (max = 1000) => safeText().max(max, REQUEST_MESSAGES.textTooLong).nullish();
const optInt = (min: number, max: number) => z.number().int().min(min).max(max).nullish();
/** A YYYY-MM-DD calendar date (2026-02-31 is refused with the field's message). */
export const isoDateSchema = (message: string) => safeText(message).refine(isIsoDateText, { error: message });
const optDate = (message: string) => isoDateSchema(message).nullish();

/** One row of `request_dates`: the date plus `request_minutes` (or `hour` + `minute`) or `duration`. */
export const requestDateInputSchema = z.object({
  request_date: optDate(REQUEST_MESSAGES.requestDateRequired),
  request_minutes: optInt(0, 1440),
  hour: optInt(0, 24),
  minute: optInt(0, 59),
  duration: z.enum(SHIFT_DURATIONS, { error: REQUEST_MESSAGES.durationRequired }).nullish(),
});
export type RequestDateInput = z.infer<typeof requestDateInputSchema>;

export const requestPayloadShape = {
  request_type: optText(30),
  reason_type: optText(40),
  description: optText(REQUEST_TEXT_MAX),
  mail_cc: z.array(z.number().int().min(1).max(2147483647)).max(200).nullish(),
  /** The employee the request is for (HR/HRM/ADMIN only; everyone else files for themselves). */
  employee: optInt(1, 2147483647),
  staff_id: optInt(1, 2147483647),
  start_date: optDate(REQUEST_MESSAGES.startTimeRequired),
  end_date: optDate(REQUEST_MESSAGES.endTimeRequired),
  start_shift: z.enum(SHIFTS, { error: REQUEST_MESSAGES.shiftRequired }).nullish(),
  end_shift: z.enum(SHIFTS, { error: REQUEST_MESSAGES.shiftRequired }).nullish(),
  request_dates: z.array(requestDateInputSchema).max(62).nullish(),
  leaving_type: optText(40),
  project_id: optInt(1, 2147483647),
  /** Leave variant (spec 001 §3): one date at the top level with hour + minute or duration, CC as `ccMails`. */
  request_date: optDate(REQUEST_MESSAGES.requestDateRequired),
  hour: optInt(0, 24),
  minute: optInt(0, 59),
  duration: z.enum(SHIFT_DURATIONS, { error: REQUEST_MESSAGES.durationRequired }).nullish(),
  ccMails: z.array(z.number().int().min(1).max(2147483647)).max(200).nullish(),
  /** Sent by the web; the server computes the amount itself and ignores it. */
  quantity_in_hours: z.number().nullish(),
};
export const requestPayloadSchema = z.object(requestPayloadShape);
export type RequestPayload = z.infer<typeof requestPayloadSchema>;

/** Edit: the payload plus the record's id and the version read (409 when stale). */
export const requestEditSchema = z.object({ ...requestPayloadShape, id: z.number().int().min(1).max(2147483647), version: optInt(1, 2147483647) });
export type RequestEditPayload = z.infer<typeof requestEditSchema>;

/** Batch (HR): the same request for each username. */
export const requestBatchSchema = z.object({ ...requestPayloadShape, usernames: z.array(safeText().max(100)).max(500).nullish() });
export type RequestBatchPayload = z.infer<typeof requestBatchSchema>;

/** Onsite / work outside for staff (HR, HRM, ADMIN): employees by id or username. */
export const commonRequestSchema = z.object({
  ...requestPayloadShape,
  employee_ids: z.array(z.number().int().min(1).max(2147483647)).max(500).nullish(),
  usernames: z.array(safeText().max(100)).max(500).nullish(),
});
export type CommonRequestPayload = z.infer<typeof commonRequestSchema>;
export const commonRequestEditSchema = z.object({ ...requestPayloadShape, id: z.number().int().min(1).max(2147483647), version: optInt(1, 2147483647) });

/** update-status: status_type (or status) 3 approve, 4 reject, 5 withdraw. */
export const requestStatusSchema = z.object({
  id: z.number().int().min(1).max(2147483647),
  status_type: z.union([z.literal(3), z.literal(4), z.literal(5)]).nullish(),
  status: z.union([z.literal(3), z.literal(4), z.literal(5)]).nullish(),
  reason: optText(REQUEST_TEXT_MAX),
  status_update_type: optText(40),
  version: optInt(1, 2147483647),
  /** Issue 29: the approval step the caller decides (as the list showed it); a step already decided answers 409. */
  approval_step: optInt(1, 99),
});
export type RequestStatusPayload = z.infer<typeof requestStatusSchema>;

/** update-assignee: the new approver by user id or username. */
export const requestAssigneeSchema = z.object({
  id: z.number().int().min(1).max(2147483647),
  approver: z.union([z.number().int().min(1).max(2147483647), safeText().max(100)]).nullish(),
});

export const timeAndDurationSchema = z.object({
  start_date: optDate(REQUEST_MESSAGES.startTimeRequired),
  end_date: optDate(REQUEST_MESSAGES.endTimeRequired),
  start_shift: z.enum(SHIFTS, { error: REQUEST_MESSAGES.shiftRequired }).nullish(),
  end_shift: z.enum(SHIFTS, { error: REQUEST_MESSAGES.shiftRequired }).nullish(),
  employee: optInt(1, 2147483647),
});

/** A per-item answer of batch-create-request (spec 001 §8). */
export const batchItemResultSchema = z.object({ code: z.number().int(), message: z.string(), ...successMessageKey, username: z.string().optional(), id: z.number().int().optional() });
export type BatchItemResult = z.infer<typeof batchItemResultSchema>;

/** GET /tms/employee/work-schedule (spec 001 §3 Work schedule for a user and date). */
export const workScheduleInfoSchema = z.object({
  standard_working_time: z.number(),
  request_type: z.enum(['day', 'hour']),
  explanation_type: z.enum(['day', 'hour']),
  minimum_minute_block_request: z.number().int(),
  work_schedule_code: z.string(),
  is_working_day: z.boolean(),
});
export type WorkScheduleInfo = z.infer<typeof workScheduleInfoSchema>;

/** GET …/{userId}/explanation-info/{date} (spec 001 §3 Absent data). */
export const explanationInfoSchema = z.object({ absentTime: z.number(), remainExplanationTime: z.number(), refundHoursPerExplanation: z.number(), balancesTime: z.number() });
export type ExplanationInfo = z.infer<typeof explanationInfoSchema>;

/** GET /tms/filters/get-approver-for-user. */
export const approverInfoSchema = z.object({ id: z.number().int(), user_name: z.string(), name: z.string() });
export type ApproverInfo = z.infer<typeof approverInfoSchema>;

/** Selections of the form: request types with their reasons. */
export const reasonOptionSchema = z.object({ code: z.string(), name: z.string(), name_vi: z.string(), request_code: z.string(), requires_file: z.boolean() });
export type ReasonOption = z.infer<typeof reasonOptionSchema>;
export const requestTypeOptionSchema = z.object({ request_type: z.enum(REQUEST_TYPES), request_type_name: z.string(), reasons: z.array(reasonOptionSchema) });
export type RequestTypeOption = z.infer<typeof requestTypeOptionSchema>;

/** get-reason-selections: the selections in the filter shape (spec 001 §3: reason_type_code, reason_type, reasons). */
export const reasonSelectionSchema = z.object({
  reason_type_code: z.enum(REQUEST_TYPES),
  reason_type: z.string(),
  reasons: z.array(z.object({ code: z.string(), name: z.string(), name_vi: z.string() })),
});
export type ReasonSelection = z.infer<typeof reasonSelectionSchema>;

/** time-and-duration: hours and minutes of a span for the employee's schedule, with the dates it covers. */
export const timeAndDurationAnswerSchema = z.object({
  hours: z.number(),
  minutes: z.number(),
  quantity_in_hours: z.number(),
  quantity_in_minutes: z.number(),
  request_dates: z.array(z.object({ request_date: z.string(), duration: z.enum(SHIFT_DURATIONS).nullable() })),
});
export type TimeAndDurationAnswer = z.infer<typeof timeAndDurationAnswerSchema>;

/** The answers of the write side and the form's lookups (spec 001 §7.2), one per route of requests.routes.ts. */
export const requestCreatedResponseSchema = envelope(z.object({ id: z.number().int() }));
export const requestsCreatedResponseSchema = envelope(z.object({ ids: z.array(z.number().int()) }));
export const requestBatchResponseSchema = envelope(z.array(batchItemResultSchema));
export const requestEditedResponseSchema = envelope(z.object({ id: z.number().int(), version: z.number().int() }));
export const requestStatusResponseSchema = envelope(z.object({ id: z.number().int(), status: z.number().int(), version: z.number().int() }));
export const requestAssigneeResponseSchema = envelope(z.object({ id: z.number().int(), approver: approverInfoSchema, version: z.number().int() }));
/** What update-status and update-assignee answer in `data`. */
export type RequestStatusAnswer = z.infer<typeof requestStatusResponseSchema>['data'];
export type RequestAssigneeAnswer = z.infer<typeof requestAssigneeResponseSchema>['data'];
export const timeAndDurationResponseSchema = envelope(timeAndDurationAnswerSchema);
export const requestSelectionsResponseSchema = envelope(z.array(requestTypeOptionSchema));
export const reasonSelectionsResponseSchema = envelope(z.array(reasonSelectionSchema));
/**
 * get-approver-for-user's answer: the approver (spec 001 §7.2). Issue 29: asked with the item's request type, reason
 * type and days, it also says which approval flow the item would follow and each step's approver (the approver fields
 * are then the first step's), or that the flow approves it automatically.
 */
export const approverForSchema = approverInfoSchema.extend({
  approval_flow: z
    .object({ name: z.string(), auto_approve: z.boolean(), steps: z.array(z.object({ user_name: z.string().nullable(), name: z.string().nullable() })) })
    .nullable()
    .optional(),
});
export type ApproverFor = z.infer<typeof approverForSchema>;
export const approverForResponseSchema = envelope(approverForSchema.nullable());
export const workScheduleResponseSchema = envelope(workScheduleInfoSchema);
export const workScheduleTypeResponseSchema = envelope(z.object({ work_schedule_type: z.string(), request_type: z.enum(['day', 'hour']), explanation_type: z.enum(['day', 'hour']) }));
export const checkWorkingTypeResponseSchema = envelope(z.object({ request_type: z.enum(['day', 'hour']), is_working_day: z.boolean(), standard_working_time: z.number() }));
export const explanationInfoResponseSchema = envelope(explanationInfoSchema);
/** Whatever a save answers (create, batch, edit, common): what the form reads back. */
export type RequestSaveAnswer = { id: number } | { ids: number[] } | { id: number; version: number } | BatchItemResult[];
