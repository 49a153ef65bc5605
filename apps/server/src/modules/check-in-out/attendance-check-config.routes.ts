import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema, idParamSchema } from '@tms/contracts/schemas';
import {
  ATTENDANCE_CHECK_CONFIG_ACCESS as ACCESS,
  ATTENDANCE_CHECK_CONFIG_PATH as P,
  ATTENDANCE_CHECK_CREATED_CODE,
  ATTENDANCE_CHECK_MESSAGES as M,
  ATTENDANCE_CHECK_UPDATED_CODE,
  attendanceCheckCreateSchema,
  attendanceCheckDeleteResponseSchema,
  attendanceCheckIdParamsSchema,
  attendanceCheckListQuerySchema,
  attendanceCheckListResponseSchema,
  attendanceCheckSaveResponseSchema,
  attendanceCheckUpdateSchema,
} from '@tms/contracts/attendance-check-config';
import { requireUser } from '../../plugins/auth.ts';
import * as configs from './attendance-check-config.service.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/** Employee – Attendance Check System Config (spec 002 §2, §3, §5, §7). */
export async function attendanceCheckConfigRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock, log: app.log };
  const tags = ['attendance check config'];
  const config = { access: ACCESS, scope: 'employee-scope' } as const;

  app.get(
    P,
    { config, schema: { tags, querystring: attendanceCheckListQuerySchema, response: { 200: attendanceCheckListResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', ...(await configs.list(deps, requireUser(request), request.query)) }),
  );

  // spec 002 §7: create answers code 441, update 443 in the body.
  app.post(
    P,
    { config, schema: { tags, body: attendanceCheckCreateSchema, response: { 200: attendanceCheckSaveResponseSchema, ...errors } } },
    async (request) => ({ code: ATTENDANCE_CHECK_CREATED_CODE, message: M.created, data: await configs.create(deps, requireUser(request), request.body) }),
  );

  app.put(
    P,
    { config, schema: { tags, body: attendanceCheckUpdateSchema, response: { 200: attendanceCheckSaveResponseSchema, ...errors } } },
    async (request) => ({ code: ATTENDANCE_CHECK_UPDATED_CODE, message: M.updated, data: await configs.update(deps, requireUser(request), request.body) }),
  );

  app.delete(
    `${P}/:id`,
    {
      config,
      schema: {
        tags,
        params: attendanceCheckIdParamsSchema,
        querystring: z.object({ version: idParamSchema('Version is required').optional() }),
        response: { 200: attendanceCheckDeleteResponseSchema, ...errors },
      },
    },
    async (request) => ({ code: 200, message: M.deleted, data: await configs.remove(deps, requireUser(request), request.params.id, request.query.version) }),
  );
}
