import { z } from 'zod';
import { envelope, idParamSchema, safeText } from './schemas.ts';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from './webhook-events.ts';

/**
 * Settings → Webhooks (issue 30 §3; docs/integrations.md "Webhooks"): the Admin registers endpoints that receive the
 * events of webhook-events.ts, signed with a secret shown once, and reads each endpoint's delivery log.
 */
export const WEBHOOKS_PAGE = '/settings/webhooks';
export const WEBHOOK_PATHS = {
  /** GET every endpoint (a short list) with its pending and failed deliveries; POST a new one (answers the secret once). */
  list: '/tms/webhooks',
  /** PUT url, events, active, description (with `version`); DELETE the endpoint and its deliveries. */
  one: '/tms/webhooks/:id',
  /** POST: a new signing secret, answered once; the old one stops signing at once. */
  rotateSecret: '/tms/webhooks/:id/rotate-secret',
  /** POST: records a `webhook.test` event with a delivery to this endpoint only, whatever it subscribes to. */
  test: '/tms/webhooks/:id/test',
  /** GET the endpoint's deliveries, newest first, in keyset pages (`before` = the last id of the previous page). */
  deliveries: '/tms/webhooks/:id/deliveries',
  /** POST: a new pending delivery of the same event to the same endpoint. */
  redeliver: '/tms/webhooks/:id/deliveries/:deliveryId/redeliver',
} as const;
export const webhookPath = (id: number) => `/tms/webhooks/${id}`;
export const webhookRotatePath = (id: number) => `/tms/webhooks/${id}/rotate-secret`;
export const webhookTestPath = (id: number) => `/tms/webhooks/${id}/test`;
export const webhookDeliveriesPath = (id: number) => `/tms/webhooks/${id}/deliveries`;
export const webhookRedeliverPath = (id: number, deliveryId: number) => `/tms/webhooks/${id}/deliveries/${deliveryId}/redeliver`;

/** Only the Admin manages webhooks (they send company data out of the system). */
export const WEBHOOK_EDITORS = ['ADMIN'] as const;

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** Deliveries to one endpoint at once (`max_in_flight`): a slow receiver is not flooded, a fast one is not starved. */
export const WEBHOOK_IN_FLIGHT_MIN = 1;
export const WEBHOOK_IN_FLIGHT_MAX = 20;
export const WEBHOOK_IN_FLIGHT_DEFAULT = 4;
/** How many bytes of a receiver's answer body the log keeps. */
export const WEBHOOK_ANSWER_EXCERPT_BYTES = 1024;
export const WEBHOOK_DELIVERY_PAGE_SIZE = 50;
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_MESSAGES = {
  urlRequired: 'URL is required',
  urlTooLong: `URL must be at most ${WEBHOOK_URL_MAX} characters`,
  urlInvalid: 'URL must be a full address such as https://example.com/hooks',
  urlNotHttps: 'URL must use https (http only to localhost, 127.0.0.1 or ::1, for testing)',
  urlCredentials: 'URL must not contain a user name or password',
  urlForbiddenHost: 'URL must not point at a link-local, metadata, multicast or unspecified address',
  eventsRequired: 'Choose at least one event',
  eventUnknown: 'Unknown event type',
  descriptionTooLong: `Description must be at most ${WEBHOOK_DESCRIPTION_MAX} characters`,
  maxInFlightInvalid: `Deliveries at once must be a whole number from ${WEBHOOK_IN_FLIGHT_MIN} to ${WEBHOOK_IN_FLIGHT_MAX}`,
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  changedMeanwhile: 'The endpoint was changed meanwhile: reload it and try again',
  created: 'Webhook endpoint created',
  updated: 'Webhook endpoint updated',
  deleted: 'Webhook endpoint deleted',
  secretRotated: 'Signing secret rotated',
  testQueued: 'Test event queued',
  redeliveryQueued: 'Redelivery queued',
} as const;
const M = WEBHOOK_MESSAGES;

/** The WHATWG URL parser that the browser and Node both provide (the contracts compile without either's types). */
declare const URL: new (text: string) => { protocol: string; hostname: string; username: string; password: string };

/** Hosts that http may be used with (testing against a receiver on the same machine). */
export const WEBHOOK_LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

/**
 * Whether a URL is acceptable as an endpoint (the message of the first rule it breaks, else null): a full http(s)
 * address, https unless the host is the local machine, no credentials in it. The network rules (link-local and
 * metadata addresses) are checked again on every delivery, after resolving the host.
 */
export function webhookUrlProblem(text: string): string | null {
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(text);
  } catch {
    return M.urlInvalid;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return M.urlInvalid;
  if (!url.hostname) return M.urlInvalid;
  if (url.username || url.password) return M.urlCredentials;
  if (url.protocol === 'http:' && !(WEBHOOK_LOCAL_HOSTS as readonly string[]).includes(url.hostname.toLowerCase())) return M.urlNotHttps;
  return null;
}

const urlSchema = safeText(M.urlRequired)
  .trim()
  .min(1, { error: M.urlRequired })
  .max(WEBHOOK_URL_MAX, { error: M.urlTooLong })
  .superRefine((value, ctx) => {
    const problem = webhookUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: M.eventUnknown }), { error: M.eventsRequired })
  .min(1, { error: M.eventsRequired })
  .max(WEBHOOK_EVENT_TYPES.length * 2)
  .transform((list) => WEBHOOK_EVENT_TYPES.filter((type) => list.includes(type)));

const descriptionSchema = safeText()
  .trim()
  .max(WEBHOOK_DESCRIPTION_MAX, { error: M.descriptionTooLong })
  .nullish()
  .transform((v) => (v ? v : null));

const maxInFlightSchema = z
  .number({ error: M.maxInFlightInvalid })
  .int({ error: M.maxInFlightInvalid })
  .min(WEBHOOK_IN_FLIGHT_MIN, { error: M.maxInFlightInvalid })
  .max(WEBHOOK_IN_FLIGHT_MAX, { error: M.maxInFlightInvalid });

/** A new endpoint as the Admin saves it. */
export const webhookCreateSchema = z.object({
  url: urlSchema,
  description: descriptionSchema,
  events: eventsSchema,
  active: z.boolean().default(true),
  max_in_flight: maxInFlightSchema.default(WEBHOOK_IN_FLIGHT_DEFAULT),
});
export type WebhookCreateInput = z.input<typeof webhookCreateSchema>;
export type WebhookCreateValues = z.output<typeof webhookCreateSchema>;

/**
 * An edit of an endpoint: the whole of it, with the version the Admin read (409 when it changed meanwhile).
 * `max_in_flight` left out keeps the endpoint's own.
 */
export const webhookUpdateSchema = webhookCreateSchema.extend({ version: z.number().int().min(1).max(2147483647), max_in_flight: maxInFlightSchema.optional() });
export type WebhookUpdateInput = z.input<typeof webhookUpdateSchema>;
export type WebhookUpdateValues = z.output<typeof webhookUpdateSchema>;

export const webhookIdParamsSchema = z.object({ id: idParamSchema() });
export const webhookDeliveryParamsSchema = z.object({ id: idParamSchema(), deliveryId: idParamSchema() });
export const webhookDeliveriesQuerySchema = z.object({
  /** The id of the last delivery of the previous page: the next page holds older ones. */
  before: idParamSchema().optional(),
  size: z.coerce.number().int().min(1).max(200).default(WEBHOOK_DELIVERY_PAGE_SIZE),
});

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.string()),
  active: z.boolean(),
  max_in_flight: z.number().int(),
  /** Deliveries waiting to go out or being sent (retries included). */
  pending_count: z.number().int(),
  /** Deliveries given up on after 24 hours of retries. */
  failed_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** An endpoint with its signing secret: only the answer of create and rotate carries it. */
export const webhookWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  event_type: z.string(),
  /** The event's UUID: the same in every redelivery, so a receiver can deduplicate. */
  event_id: z.string(),
  record_key: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  response_status: z.number().int().nullable(),
  /** The first 1 KB of the last answer's body. */
  response_body: z.string().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryPageSchema = z.object({
  items: z.array(webhookDeliverySchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  next_before: z.number().int().nullable(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

export const webhookListResponseSchema = envelope(z.array(webhookEndpointSchema));
export const webhookResponseSchema = envelope(webhookEndpointSchema);
export const webhookWithSecretResponseSchema = envelope(webhookWithSecretSchema);
export const webhookDeliveryResponseSchema = envelope(webhookDeliverySchema);
export const webhookDeliveryPageResponseSchema = envelope(webhookDeliveryPageSchema);

/** The `data` of a `webhook.test` event. */
export type WebhookTestData = { endpoint_id: number; message: string; sent_by: string };
export { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT };
