import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import {
  JOB_INFO_CREATE_PATH,
  JOB_INFO_DELETE_PATH,
  JOB_INFO_EMPLOYEE_PATH,
  JOB_INFO_ERROR_CODE,
  JOB_INFO_LIST_PATH,
  JOB_INFO_UPDATE_PATH,
  JOB_INFO_WRITERS,
  POLICY_MESSAGES as M,
  POLICY_READERS,
  jobInfoCreateResponseSchema,
  jobInfoCreateSchema,
  jobInfoDeleteQuerySchema,
  jobInfoEmployeeQuerySchema,
  jobInfoEmployeeResponseSchema,
  jobInfoListQuerySchema,
  jobInfoListResponseSchema,
  jobInfoUpdateErrorSchema,
  jobInfoUpdateSchema,
} from '@tms/contracts/policies';
import { envelope } from '@tms/contracts/schemas';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { messageDetails } from '../../plugins/error-handler.ts';
import * as jobInfo from './job-info.service.ts';
import type { PolicyDeps } from './policy.service.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };
const idResponse = envelope(z.object({ id: z.number().int() }));

/** Job info history (spec 002 §2, §5 Job info, §7, §8): reads for HR, HRM, ADMIN; writes for ADMIN and HR only (§6). */
export async function jobInfoRoutes(fastify: FastifyInstance, deps: PolicyDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['job info history'];

  app.get(
    JOB_INFO_LIST_PATH,
    { config: { access: POLICY_READERS, scope: 'all' }, schema: { tags, querystring: jobInfoListQuerySchema, response: { 200: jobInfoListResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', ...(await jobInfo.list(deps, request.query)) }),
  );

  app.get(
    JOB_INFO_EMPLOYEE_PATH,
    { config: { access: POLICY_READERS, scope: 'all' }, schema: { tags, querystring: jobInfoEmployeeQuerySchema, response: { 200: jobInfoEmployeeResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', data: await jobInfo.ofEmployee(deps, request.query.employeeId) }),
  );

  app.post(
    JOB_INFO_CREATE_PATH,
    { config: { access: JOB_INFO_WRITERS, scope: 'all' }, schema: { tags, body: jobInfoCreateSchema, response: { 200: jobInfoCreateResponseSchema, ...errors } } },
    async (request) => {
      const messages = await jobInfo.create(deps, requireUser(request), request.body);
      return { code: 200, message: messages[0] ?? 'Success', data: messages, details: messageDetails(messages) };
    },
  );

  // spec 002 §4, §8: a failed update answers result code 000513, which the page shows as an error.
  app.put(
    JOB_INFO_UPDATE_PATH,
    {
      config: { access: JOB_INFO_WRITERS, scope: 'all' },
      schema: { tags, body: jobInfoUpdateSchema, response: { 200: idResponse, 400: jobInfoUpdateErrorSchema, 403: errorEnvelopeSchema, 404: jobInfoUpdateErrorSchema, 409: jobInfoUpdateErrorSchema } },
    },
    async (request, reply) => {
      try {
        const id = await jobInfo.update(deps, requireUser(request), request.body);
        return { code: 200, message: M.jobUpdated, data: { id } };
      } catch (error) {
        if (error instanceof AppError && [400, 404, 409].includes(error.statusCode)) {
          const status = error.statusCode as 400 | 404 | 409;
          return reply.status(status).send({ code: status, result_code: JOB_INFO_ERROR_CODE, message: error.message, messages: error.messages ?? [error.message], data: null });
        }
        throw error;
      }
    },
  );

  app.delete(
    JOB_INFO_DELETE_PATH,
    { config: { access: JOB_INFO_WRITERS, scope: 'all' }, schema: { tags, querystring: jobInfoDeleteQuerySchema, response: { 200: idResponse, ...errors } } },
    async (request) => ({ code: 200, message: M.jobDeleted, data: { id: await jobInfo.remove(deps, requireUser(request), request.query.id) } }),
  );
}
