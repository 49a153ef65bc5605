import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import {
  DEVICE_KEY_HEADER,
  DEVICE_KEY_MANAGERS,
  DEVICE_KEYS_PATH,
  PUNCH_MESSAGES as M,
  PUNCHES_PATH,
  deviceKeyCreateResponseSchema,
  deviceKeyCreateSchema,
  deviceKeyDeactivateResponseSchema,
  deviceKeyIdParamsSchema,
  deviceKeyListResponseSchema,
  punchBatchResponseSchema,
  punchBatchSchema,
} from '@tms/contracts/punches';
import { requireUser } from '../../plugins/auth.ts';
import type { ActiveDeviceKey } from './punches.repository.ts';
import { authenticateDevice, createKey, deactivateKey, ingest, listKeys } from './punches.service.ts';

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };
/** 10,000 punches of about 100 bytes each, with room for long account ids and pretty-printed JSON. */
const PUNCH_BODY_LIMIT = 6 * 1024 * 1024;

/** `X-Device-Key: <key>` or `Authorization: Device <key>`. */
function deviceKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[DEVICE_KEY_HEADER];
  if (typeof header === 'string') return header;
  const authorization = request.headers.authorization;
  return authorization?.startsWith('Device ') ? authorization.slice(7) : undefined;
}

/** Punch intake for attendance devices and its device keys (RULES.md §4, issue 3 §1). */
export async function punchesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock };
  const tags = ['check-in-out'];

  app.get(
    DEVICE_KEYS_PATH,
    { config: { access: DEVICE_KEY_MANAGERS, scope: 'none' }, schema: { tags, response: { 200: deviceKeyListResponseSchema, ...errors } } },
    async () => ({ code: 200, message: 'Success', data: await listKeys(deps) }),
  );

  app.post(
    DEVICE_KEYS_PATH,
    { config: { access: DEVICE_KEY_MANAGERS, scope: 'none' }, schema: { tags, body: deviceKeyCreateSchema, response: { 200: deviceKeyCreateResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: M.keyCreated, data: await createKey(deps, requireUser(request), request.body) }),
  );

  app.delete(
    `${DEVICE_KEYS_PATH}/:id`,
    { config: { access: DEVICE_KEY_MANAGERS, scope: 'none' }, schema: { tags, params: deviceKeyIdParamsSchema, response: { 200: deviceKeyDeactivateResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: M.keyDeactivated, data: await deactivateKey(deps, requireUser(request), request.params.id) }),
  );

  // Devices have no session ('public'). The device key is checked on request, before the body is read or
  // validated: without a valid key the answer is 401 whatever the body (issue 7 §3).
  const deviceKeys = new WeakMap<FastifyRequest, ActiveDeviceKey>();
  app.post(
    PUNCHES_PATH,
    {
      bodyLimit: PUNCH_BODY_LIMIT,
      config: { access: 'public', scope: 'none' },
      onRequest: async (request) => {
        deviceKeys.set(request, await authenticateDevice(deps, deviceKeyOf(request), request.ip));
      },
      schema: { tags, body: punchBatchSchema, response: { 200: punchBatchResponseSchema, 207: punchBatchResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const key = deviceKeys.get(request)!;
      const outcome = await ingest(deps, key, request.body.punches);
      return reply
        .status(outcome.status)
        .send({ code: outcome.status, message: outcome.status === 200 ? 'Success' : M.partlyAccepted, data: outcome.result });
    },
  );
}
