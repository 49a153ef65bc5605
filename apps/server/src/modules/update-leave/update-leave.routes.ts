import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import { UPDATE_LEAVE_MESSAGES as M, UPDATE_LEAVE_PATH, UPDATE_LEAVE_RUNNERS, updateLeaveRequestSchema, updateLeaveResponseSchema } from '@tms/contracts/update-leave';
import { requireUser } from '../../plugins/auth.ts';
import * as updateLeave from './update-leave.service.ts';

/** Update Leave: recompute leave funds as a job (spec 002 §2). */
export async function updateLeaveRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db };

  app.post(
    UPDATE_LEAVE_PATH,
    {
      config: { access: UPDATE_LEAVE_RUNNERS, scope: 'all' },
      schema: {
        tags: ['update leave'],
        body: updateLeaveRequestSchema,
        response: { 200: updateLeaveResponseSchema, 400: errorEnvelopeSchema, 409: errorEnvelopeSchema },
      },
    },
    async (request) => ({ code: 200, message: M.started, data: await updateLeave.start(deps, requireUser(request), request.body ?? {}) }),
  );
}
