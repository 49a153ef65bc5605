/**
 * Webhook events (issue 30 §3): the types an endpoint may subscribe to and the envelope each delivery POSTs.
 * docs/integrations.md describes each event's payload for an integrator.
 */
import { z } from 'zod';
import { employeeDetailSchema } from './employees.ts';
import { explanationSchema } from './explanations.ts';
import { onsiteRowSchema } from './onsite.ts';
import { fixedListRowSchema, flexibleListRowSchema } from './overtime-list.ts';
import { requestRecordSchema } from './request-list.ts';
import { timesheetInfoSchema } from './timesheet-review.ts';

/** A request of any kind: leave, work outside, explanation, onsite, overtime. */
export const REQUEST_EVENT_KINDS = ['LEAVE', 'WORK_OUTSIDE', 'EXPLANATION', 'ONSITE', 'OVERTIME'] as const;
export type RequestEventKind = (typeof REQUEST_EVENT_KINDS)[number];

export const WEBHOOK_EVENT_TYPES = [
  'request.created',
  'request.approved',
  'request.rejected',
  'request.withdrawn',
  'timesheet.sent_for_review',
  'timesheet.approved',
  'timesheet.rejected',
  'punches.stored',
  'employee.created',
  'employee.updated',
  'employee.terminated',
  'leave_balance.changed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent only by Settings → Webhooks' 'Send test event', to the one endpoint, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** What each delivery POSTs as its JSON body. */
export type WebhookEnvelope<T = unknown> = {
  /** The event's id (a UUID): the same in every delivery and redelivery of the event, so a receiver can deduplicate. */
  id: string;
  type: WebhookEventType | typeof WEBHOOK_TEST_EVENT;
  /** When the change's own transaction recorded it (ISO instant). */
  occurred_at: string;
  data: T;
};

/** Headers of every delivery. The signature is `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const WEBHOOK_HEADERS = {
  signature: 'X-TMS-Signature',
  event: 'X-TMS-Event',
  eventId: 'X-TMS-Event-Id',
  delivery: 'X-TMS-Delivery',
} as const;

// ---- Payload schemas: the `data` of each event (docs/integrations.md "Events"; the OpenAPI document's `webhooks`) ----

/** A request's decision or withdrawal: the record as its module's API answers it (the caller-specific `actions` left out), with its kind. */
const withKind = <K extends RequestEventKind>(kinds: readonly [K, ...K[]]) => ({ kind: z.enum(kinds) });

/** Leave and work outside requests: the request list's record (GET /api/tms/requests). */
export const requestRecordEventSchema = requestRecordSchema.omit({ actions: true }).extend(withKind(['LEAVE', 'WORK_OUTSIDE']));
/** Explanations: the record as Explanation Management answers it (GET /api/tms/explanation-management), without caller actions. */
export const explanationEventSchema = explanationSchema.omit({ actions: true }).extend(withKind(['EXPLANATION']));
/** Onsite: the onsite record as GET /api/tms/request-onsite-management/{id} answers it (without caller actions and files). */
export const onsiteEventSchema = onsiteRowSchema.omit({ actions: true }).extend(withKind(['ONSITE']));
/**
 * Overtime: `overtime_type` FIXED (one event per request: a team OT request with its staff rows, each with its own
 * status) or FLEXIBLE (one person's request); `record` is the overtime list's row of that type.
 */
export const overtimeEventSchema = z.object({
  ...withKind(['OVERTIME']),
  overtime_type: z.enum(['FIXED', 'FLEXIBLE']),
  id: z.number().int(),
  /**
   * The request's overall status in the request numbering: 1 pending (a fixed request with a staff row still pending; a
   * flexible one before its final approval), 3 approved (a fixed request: at least one staff row approved), 4 rejected,
   * 5 withdrawn (cancelled). The kind's own statuses are in `record`.
   */
  status: z.number().int(),
  record: z.union([fixedListRowSchema, flexibleListRowSchema]),
});
export const requestEventDataSchema = z.discriminatedUnion('kind', [requestRecordEventSchema, explanationEventSchema, onsiteEventSchema, overtimeEventSchema]);
export type RequestEventData = z.infer<typeof requestEventDataSchema>;

/** A payroll period (timesheet) as GET /api/tms/timesheets/{id} answers it: the review is company-wide per period. */
export const timesheetEventDataSchema = timesheetInfoSchema.extend({ company_id: z.number().int().nullable() });
export type TimesheetEventData = z.infer<typeof timesheetEventDataSchema>;

export const PUNCH_BATCH_SOURCES = ['API', 'ICLOCK', 'IMPORT'] as const;
/** One stored batch of punches: a device upload (JSON punch API or a device's ADMS push) or a timesheet import. */
export const punchesStoredDataSchema = z.object({
  source: z.enum(PUNCH_BATCH_SOURCES),
  /** The device key (API) or the device (ICLOCK: its serial number); null for an import. */
  device: z.object({ id: z.number().int().nullable(), name: z.string().nullable(), serial: z.string().nullable() }).nullable(),
  /** The import (IMPORT): the uploaded file's name; null otherwise. */
  import: z.object({ file_name: z.string().nullable() }).nullable(),
  /** Punches in the batch, those stored new, those already stored (skipped), those of no known employee (stored unmapped). */
  received: z.number().int(),
  stored: z.number().int(),
  duplicates: z.number().int(),
  unmapped: z.number().int(),
  /** Employees whose new punches were stored. */
  employees: z.number().int(),
  /** The earliest and latest punch instant of the batch (ISO), null for an empty batch. */
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type PunchesStoredData = z.infer<typeof punchesStoredDataSchema>;

/** An employee as GET /api/tms/employees/{id} answers it. */
export const employeeEventDataSchema = employeeDetailSchema;
export type EmployeeEventData = z.infer<typeof employeeEventDataSchema>;

export const LEAVE_BALANCE_CAUSES = ['REQUEST_APPROVED', 'REQUEST_WITHDRAWN', 'ACCRUAL', 'GRANT', 'ADJUSTMENT', 'REMOVAL', 'EXPIRY', 'CARRYOVER', 'IMPORT'] as const;
/** One employee's leave balance changed by one cause: the hours per fund type, their sum and the cause. */
export const leaveBalanceEventDataSchema = z.object({
  employee_id: z.number().int(),
  employee_name: z.string(),
  user_name: z.string(),
  /** Hours added (positive) or taken (negative), in total and per fund type (ANNUAL_DEFAULT, UNPAID, …). */
  delta: z.number(),
  funds: z.array(z.object({ fund_type: z.string(), delta: z.number() })),
  cause: z.object({
    kind: z.enum(LEAVE_BALANCE_CAUSES),
    /** The request id (REQUEST_*), else the ledger's reference of the change (e.g. 'carryover:2026'), or null. */
    id: z.union([z.number().int(), z.string()]).nullable(),
    /** The ledger cause: GRANT, ADJUST, REMOVE, USE, RETURN, EXPIRE, CARRYOVER. */
    ledger_cause: z.string(),
  }),
});
export type LeaveBalanceEventData = z.infer<typeof leaveBalanceEventDataSchema>;

/** Each event type's `data` schema. */
export const WEBHOOK_EVENT_DATA_SCHEMAS = {
  'request.created': requestEventDataSchema,
  'request.approved': requestEventDataSchema,
  'request.rejected': requestEventDataSchema,
  'request.withdrawn': requestEventDataSchema,
  'timesheet.sent_for_review': timesheetEventDataSchema,
  'timesheet.approved': timesheetEventDataSchema,
  'timesheet.rejected': timesheetEventDataSchema,
  'punches.stored': punchesStoredDataSchema,
  'employee.created': employeeEventDataSchema,
  'employee.updated': employeeEventDataSchema,
  'employee.terminated': employeeEventDataSchema,
  'leave_balance.changed': leaveBalanceEventDataSchema,
} as const satisfies Record<WebhookEventType, z.ZodType>;

/** The envelope POSTed for event type `type`, with its data schema. */
export function webhookEnvelopeSchema<T extends WebhookEventType>(type: T) {
  return z.object({
    id: z.uuid(),
    type: z.literal(type),
    occurred_at: z.string(),
    data: WEBHOOK_EVENT_DATA_SCHEMAS[type],
  });
}

const WEBHOOK_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'request.created': 'A request of any kind (leave, work outside, explanation, onsite, overtime) was filed.',
  'request.approved': 'A request was approved at its final step (an approval flow\'s intermediate steps send nothing).',
  'request.rejected': 'A request was rejected (at any step; a fixed overtime request once no staff row is pending and none is approved).',
  'request.withdrawn': 'A request was withdrawn (cancelled, for an explanation).',
  'timesheet.sent_for_review': 'HR sent a payroll period (timesheet) for review.',
  'timesheet.approved': 'The reviewer approved a payroll period.',
  'timesheet.rejected': 'The reviewer rejected a payroll period back to HR.',
  'punches.stored': 'A batch of punches was stored: one device upload (punch API, device push) or one timesheet import.',
  'employee.created': 'An employee was created.',
  'employee.updated': 'An employee\'s data changed.',
  'employee.terminated': 'An employee\'s last working day was recorded.',
  'leave_balance.changed': 'One employee\'s leave balance changed, with the cause (per employee and cause).',
};

/**
 * The OpenAPI 3.1 `webhooks` object: one entry per event type, a POST whose body is the envelope with the event's data
 * schema, answered 2xx by the receiver. Built with zod's own JSON Schema output.
 */
export function webhooksOpenApi(): Record<string, unknown> {
  const signature = {
    name: WEBHOOK_HEADERS.signature,
    in: 'header',
    required: true,
    description: '`t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>` (docs/integrations.md).',
    schema: { type: 'string' },
  };
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          summary: type,
          description: WEBHOOK_DESCRIPTIONS[type],
          operationId: `webhook_${type.replace(/\./g, '_')}`,
          parameters: [
            signature,
            { name: WEBHOOK_HEADERS.event, in: 'header', required: true, schema: { type: 'string', const: type } },
            { name: WEBHOOK_HEADERS.eventId, in: 'header', required: true, schema: { type: 'string', format: 'uuid' } },
            { name: WEBHOOK_HEADERS.delivery, in: 'header', required: true, schema: { type: 'string' } },
          ],
          requestBody: { required: true, content: { 'application/json': { schema: stripSchemaKey(z.toJSONSchema(webhookEnvelopeSchema(type), { io: 'output', unrepresentable: 'any' })) } } },
          responses: { '2XX': { description: 'Received. Any other answer (or none within 10 s) is retried with backoff for 24 hours.' } },
        },
      },
    ]),
  );
}

function stripSchemaKey(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _dropped, ...rest } = schema;
  return rest;
}
