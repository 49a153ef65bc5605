import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import {
  ATTENDANCE_DEVICES_HISTORY_PATH,
  ATTENDANCE_DEVICES_PATH as P,
  DEVICE_MANAGERS,
  DEVICE_MESSAGES as M,
  deviceCommandCreateSchema,
  deviceCommandListResponseSchema,
  deviceCommandSaveResponseSchema,
  deviceCreateSchema,
  deviceHistoryQuerySchema,
  deviceHistoryResponseSchema,
  deviceIdParamsSchema,
  deviceListQuerySchema,
  deviceListResponseSchema,
  deviceSaveResponseSchema,
  deviceUpdateSchema,
} from '@tms/contracts/attendance-devices';
import { requireUser } from '../../plugins/auth.ts';
import * as devices from './attendance-devices.service.ts';

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/** Attendance Devices (issue 13): Admin registers, edits and deactivates ADMS / iClock devices and queues their commands. */
export async function attendanceDevicesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock };
  const tags = ['attendance devices'];
  const config = { access: DEVICE_MANAGERS, scope: 'none' } as const;

  app.get(P, { config, schema: { tags, querystring: deviceListQuerySchema, response: { 200: deviceListResponseSchema, ...errors } } }, async (request) => ({
    code: 200,
    message: 'Success',
    ...(await devices.list(deps, request.query)),
  }));

  // RULES.md §1: 200, as the device keys answer their create.
  app.post(P, { config, schema: { tags, body: deviceCreateSchema, response: { 200: deviceSaveResponseSchema, ...errors } } }, async (request) => ({
    code: 200,
    message: M.created,
    data: await devices.create(deps, requireUser(request), request.body),
  }));

  app.put(
    `${P}/:id`,
    { config, schema: { tags, params: deviceIdParamsSchema, body: deviceUpdateSchema, response: { 200: deviceSaveResponseSchema, ...errors } } },
    async (request) => {
      const { row, message } = await devices.update(deps, requireUser(request), request.params.id, request.body);
      return { code: 200, message, data: row };
    },
  );

  app.get(
    ATTENDANCE_DEVICES_HISTORY_PATH,
    { config, schema: { tags, querystring: deviceHistoryQuerySchema, response: { 200: deviceHistoryResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', data: await devices.history(deps, request.query.id) }),
  );

  app.get(
    `${P}/:id/commands`,
    { config, schema: { tags, params: deviceIdParamsSchema, response: { 200: deviceCommandListResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', data: await devices.commands(deps, request.params.id) }),
  );

  app.post(
    `${P}/:id/commands`,
    { config, schema: { tags, params: deviceIdParamsSchema, body: deviceCommandCreateSchema, response: { 200: deviceCommandSaveResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: M.commandQueued, data: await devices.queueCommand(deps, requireUser(request), request.params.id, request.body) }),
  );
}
