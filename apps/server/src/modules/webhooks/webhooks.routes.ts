import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  WEBHOOK_EDITORS,
  WEBHOOK_MESSAGES as M,
  WEBHOOK_PATHS as P,
  webhookCreateSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveryPageResponseSchema,
  webhookDeliveryParamsSchema,
  webhookDeliveryResponseSchema,
  webhookIdParamsSchema,
  webhookListResponseSchema,
  webhookResponseSchema,
  webhookUpdateSchema,
  webhookWithSecretResponseSchema,
} from '@tms/contracts/webhooks';
import { envelope, errorEnvelopeSchema } from '@tms/contracts/schemas';
import { requireUser } from '../../plugins/auth.ts';
import * as hooks from './webhooks.service.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };
const answers = <T>(ok: T) => ({ 200: ok, ...errors });
const ok = <T>(data: T, message = 'Success') => ({ code: 200, message, data });

/** Settings → Webhooks (issue 30 §3): Admin only. The delivery worker is webhook-delivery.ts. */
export async function webhooksRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: hooks.WebhooksDeps = { db: app.db, clock: app.clock };
  const tags = ['webhooks'];
  const admin = { access: WEBHOOK_EDITORS, scope: 'none' } as const;
  const params = webhookIdParamsSchema;

  app.get(P.list, { config: admin, schema: { tags, response: answers(webhookListResponseSchema) } }, async () => ok(await hooks.listEndpoints(deps)));
  app.post(P.list, { config: admin, schema: { tags, body: webhookCreateSchema, response: answers(webhookWithSecretResponseSchema) } }, async (request) =>
    ok(await hooks.createEndpoint(deps, requireUser(request), request.body), M.created),
  );
  app.put(P.one, { config: admin, schema: { tags, params, body: webhookUpdateSchema, response: answers(webhookResponseSchema) } }, async (request) =>
    ok(await hooks.updateEndpoint(deps, requireUser(request), request.params.id, request.body), M.updated),
  );
  app.delete(P.one, { config: admin, schema: { tags, params, response: answers(envelope(z.object({ id: z.number().int() }))) } }, async (request) =>
    ok(await hooks.deleteEndpoint(deps, requireUser(request), request.params.id), M.deleted),
  );
  app.post(P.rotateSecret, { config: admin, schema: { tags, params, response: answers(webhookWithSecretResponseSchema) } }, async (request) =>
    ok(await hooks.rotateSecret(deps, requireUser(request), request.params.id), M.secretRotated),
  );
  app.post(P.test, { config: admin, schema: { tags, params, response: answers(webhookDeliveryResponseSchema) } }, async (request) =>
    ok(await hooks.sendTestEvent(deps, requireUser(request), request.params.id), M.testQueued),
  );
  app.get(P.deliveries, { config: admin, schema: { tags, params, querystring: webhookDeliveriesQuerySchema, response: answers(webhookDeliveryPageResponseSchema) } }, async (request) =>
    ok(await hooks.deliveries(deps, request.params.id, request.query.before ?? null, request.query.size)),
  );
  app.post(P.redeliver, { config: admin, schema: { tags, params: webhookDeliveryParamsSchema, response: answers(webhookDeliveryResponseSchema) } }, async (request) =>
    ok(await hooks.redeliver(deps, request.params.id, request.params.deliveryId), M.redeliveryQueued),
  );
}
