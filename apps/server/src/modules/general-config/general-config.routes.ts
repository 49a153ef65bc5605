import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import {
  GENERAL_CONFIG_MESSAGES as M,
  GENERAL_CONFIG_PATH as P,
  GENERAL_CONFIG_ROLES as ROLES,
  generalConfigCreateResponseSchema,
  generalConfigCreateSchema,
  generalConfigListQuerySchema,
  generalConfigListResponseSchema,
  generalConfigUpdateResponseSchema,
  generalConfigUpdateSchema,
} from '@tms/contracts/general-config';
import { recordDeleteParamsSchema, recordDeleteQuerySchema, recordDeleteResponseSchema, recordHistoryQuerySchema, recordHistoryResponseSchema } from '@tms/contracts/leave-forms';
import { requireUser } from '../../plugins/auth.ts';
import * as generalConfig from './general-config.service.ts';

const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/**
 * General configuration (spec 000 §2, §4, §5, §7): HR, HRM and Admin for every call. The rows are company-wide
 * rules, not staff records, so there is no data scope to apply.
 */
export async function generalConfigRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock };
  const tags = ['general configuration'];
  const config = { access: ROLES, scope: 'all' as const };

  app.get(
    P,
    { config, schema: { tags, querystring: generalConfigListQuerySchema, response: { 200: generalConfigListResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', ...(await generalConfig.list(deps, request.query)) }),
  );

  app.post(
    `${P}/create`,
    { config, schema: { tags, body: generalConfigCreateSchema, response: { 200: generalConfigCreateResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: M.created, data: await generalConfig.create(deps, requireUser(request), request.body) }),
  );

  app.put(
    `${P}/update`,
    { config, schema: { tags, body: generalConfigUpdateSchema, response: { 200: generalConfigUpdateResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: M.updated, data: await generalConfig.update(deps, requireUser(request), request.body) }),
  );

  app.delete(
    `${P}/delete/:id`,
    { config, schema: { tags, params: recordDeleteParamsSchema, querystring: recordDeleteQuerySchema, response: { 200: recordDeleteResponseSchema, ...errors } } },
    async (request) => {
      await generalConfig.remove(deps, requireUser(request), request.params.id, request.query.version);
      return { code: 200, message: M.deleted, data: { id: request.params.id } };
    },
  );

  app.get(
    `${P}/history`,
    { config, schema: { tags, querystring: recordHistoryQuerySchema, response: { 200: recordHistoryResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', data: await generalConfig.history(deps, request.query.id) }),
  );
}
