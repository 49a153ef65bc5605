import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import { LEAVE_BALANCE_PATH, leaveBalanceQuerySchema, leaveBalanceResponseSchema } from '@tms/contracts/leave-balance';
import { requireUser } from '../../plugins/auth.ts';
import { getBalance } from './leave-balance.service.ts';

/** Leave balances of one user (spec 001 §7.10 get-balance). */
export async function leaveBalanceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock };

  // Every signed-in user reads their own; others only within their data scope (RULES.md §3, in SQL; else 404).
  app.get(
    LEAVE_BALANCE_PATH,
    {
      config: { access: 'signed-in', scope: 'employee-scope' },
      schema: { tags: ['leave balance'], querystring: leaveBalanceQuerySchema, response: { 200: leaveBalanceResponseSchema, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema } },
    },
    async (request) => ({ code: 200, message: 'Success', data: await getBalance(deps, requireUser(request), request.query) }),
  );
}
