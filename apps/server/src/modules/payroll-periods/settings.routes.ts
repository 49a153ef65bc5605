import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import {
  SETTINGS_ACCESS as ACCESS,
  SETTINGS_CREATE_PATH,
  SETTINGS_MESSAGES as M,
  SETTINGS_WORK_PERIODS_PATH,
  SETTINGS_WORK_TYPES_PATH,
  periodCreateResponseSchema,
  periodCreateSchema,
  periodLockParamsSchema,
  periodLockResponseSchema,
  periodLockSchema,
  workPeriodsQuerySchema,
  workPeriodsResponseSchema,
  workTypesQuerySchema,
  workTypesResponseSchema,
} from '@tms/contracts/settings';
import { requireUser } from '../../plugins/auth.ts';
import * as settings from './settings.service.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/** Settings: working types and payroll periods (spec 002 §2 Settings, §7 Settings). */
export async function settingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db };
  const tags = ['settings'];

  app.get(
    SETTINGS_WORK_TYPES_PATH,
    { config: { access: ACCESS, scope: 'none' }, schema: { tags, querystring: workTypesQuerySchema, response: { 200: workTypesResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', ...(await settings.workTypes(deps, request.query)) }),
  );

  app.get(
    SETTINGS_WORK_PERIODS_PATH,
    { config: { access: ACCESS, scope: 'all' }, schema: { tags, querystring: workPeriodsQuerySchema, response: { 200: workPeriodsResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', ...(await settings.periods(deps, requireUser(request), request.query)) }),
  );

  app.post(
    SETTINGS_CREATE_PATH,
    { config: { access: ACCESS, scope: 'all' }, schema: { tags, body: periodCreateSchema, response: { 200: periodCreateResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: M.created, data: await settings.create(deps, requireUser(request), request.body) }),
  );

  app.put(
    `${SETTINGS_WORK_PERIODS_PATH}/:id/lock`,
    { config: { access: ACCESS, scope: 'all' }, schema: { tags, params: periodLockParamsSchema, body: periodLockSchema, response: { 200: periodLockResponseSchema, ...errors } } },
    async (request) => {
      const data = await settings.setLock(deps, requireUser(request), request.params.id, request.body);
      return { code: 200, message: data.is_lock ? M.locked : M.unlocked, data };
    },
  );
}
