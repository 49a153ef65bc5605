import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import {
  LEAVE_FUND_EXPORT_FILE,
  LEAVE_FUND_EXPORT_PATH,
  LEAVE_OVERVIEW_EXPLAIN_PATH,
  LEAVE_OVERVIEW_PATH,
  LEAVE_OVERVIEW_READERS as READERS,
  leaveExplainQuerySchema,
  leaveExplainResponseSchema,
  leaveFundExportQuerySchema,
  leaveOverviewQuerySchema,
  leaveOverviewResponseSchema,
} from '@tms/contracts/leave-overview';
import { requireUser } from '../../plugins/auth.ts';
import { sendLeaveFund } from './leave-overview.export.ts';
import { explainFigure, exportOverview, listOverview } from './leave-overview.service.ts';

const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema };

/** Annual leave overview, explain and export (spec 000 §2, §3, §7): leads and privileged users, data scope in SQL. */
export async function leaveOverviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock };
  const tags = ['leave overview'];
  const config = { access: READERS, scope: 'employee-scope' as const };

  app.get(
    LEAVE_OVERVIEW_PATH,
    { config, schema: { tags, querystring: leaveOverviewQuerySchema, response: { 200: leaveOverviewResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', ...(await listOverview(deps, requireUser(request), request.query)) }),
  );

  app.get(
    LEAVE_OVERVIEW_EXPLAIN_PATH,
    { config, schema: { tags, querystring: leaveExplainQuerySchema, response: { 200: leaveExplainResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', data: await explainFigure(deps, requireUser(request), request.query) }),
  );

  app.get(LEAVE_FUND_EXPORT_PATH, { config, schema: { tags, querystring: leaveFundExportQuerySchema, response: errors } }, async (request, reply) => {
    const { batches } = await exportOverview(deps, requireUser(request), request.query);
    return sendLeaveFund(reply, LEAVE_FUND_EXPORT_FILE, batches);
  });
}
