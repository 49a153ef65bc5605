import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES_COMMON } from '@tms/contracts/api';
import { explanationInfoResponseSchema, isoDateSchema, REQUEST_BASE as B, REQUEST_CREATORS, REQUEST_MESSAGES as M } from '@tms/contracts/requests';
import { errorEnvelopeSchema, idParamSchema } from '@tms/contracts/schemas';
import { requireUser } from '../../plugins/auth.ts';
import { explanationInfo } from './explanation-info.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };
/** Every date of the path: a real YYYY-MM-DD calendar date, else 400 'Invalid Date!' (2026-02-31 is not). */
const isoDate = isoDateSchema(MESSAGES_COMMON.invalidDate);

/** The request form's explanation-info lookup (spec 001 §3 Absent data), served under the request-management path. */
export async function explanationInfoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    `${B}/:userId/explanation-info/:date`,
    { config: { access: REQUEST_CREATORS, scope: 'employee-scope' }, schema: { tags: ['requests'], params: z.object({ userId: idParamSchema(), date: isoDate }), response: { 200: explanationInfoResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: M.success, data: await explanationInfo(app.db, requireUser(request), request.params.userId, request.params.date) }),
  );
}
