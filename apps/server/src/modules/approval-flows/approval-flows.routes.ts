import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  APPROVAL_FLOW_EDITORS as EDITORS,
  APPROVAL_FLOW_PATHS as P,
  approvalFlowActiveSchema,
  approvalFlowIdParamsSchema,
  approvalFlowInputSchema,
  approvalFlowListResponseSchema,
  approvalFlowResponseSchema,
  approvalPreviewInputSchema,
  approvalPreviewResponseSchema,
  approvalTimelineResponseSchema,
} from '@tms/contracts/approval-flows';
import { envelope, errorEnvelopeSchema, historyEntrySchema, idParamSchema } from '@tms/contracts/schemas';
import { requireUser } from '../../plugins/auth.ts';
import * as flows from './approval-flows.service.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };
const answers = <T>(ok: T) => ({ 200: ok, ...errors });
const ok = <T>(data: T, message = 'Success') => ({ code: 200, message, data });

/** Settings → Approval flows (issue 29) and the approval timeline of a request. */
export async function approvalFlowsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: flows.ApprovalFlowsDeps = { db: app.db, clock: app.clock };
  const tags = ['approval-flows'];
  const edit = { access: EDITORS, scope: 'none' } as const;
  const params = approvalFlowIdParamsSchema;

  app.get(P.list, { config: edit, schema: { tags, response: answers(approvalFlowListResponseSchema) } }, async () => ok(await flows.listFlows(deps)));
  app.post(P.list, { config: edit, schema: { tags, body: approvalFlowInputSchema, response: answers(approvalFlowResponseSchema) } }, async (request) =>
    ok(await flows.createFlow(deps, requireUser(request), request.body)),
  );
  app.put(P.one, { config: edit, schema: { tags, params, body: approvalFlowInputSchema, response: answers(approvalFlowResponseSchema) } }, async (request) =>
    ok(await flows.updateFlow(deps, requireUser(request), request.params.id, request.body)),
  );
  app.put(P.active, { config: edit, schema: { tags, params, body: approvalFlowActiveSchema, response: answers(approvalFlowResponseSchema) } }, async (request) =>
    ok(await flows.setFlowActive(deps, requireUser(request), request.params.id, request.body.active)),
  );
  app.delete(P.one, { config: edit, schema: { tags, params, response: answers(envelope(z.object({ id: z.number().int() }))) } }, async (request) =>
    ok(await flows.deleteFlow(deps, requireUser(request), request.params.id)),
  );
  app.get(P.history, { config: edit, schema: { tags, params, response: answers(envelope(z.array(historyEntrySchema))) } }, async (request) =>
    ok(await flows.flowHistory(deps, request.params.id)),
  );
  app.post(P.preview, { config: edit, schema: { tags, body: approvalPreviewInputSchema, response: answers(approvalPreviewResponseSchema) } }, async (request) =>
    ok(await flows.preview(deps, request.body)),
  );
  app.get(
    P.requestTimeline,
    { config: { access: 'signed-in', scope: 'none' }, schema: { tags, params: z.object({ id: idParamSchema() }), response: answers(approvalTimelineResponseSchema) } },
    async (request) => ok(await flows.timeline(deps, requireUser(request), request.params.id)),
  );
}
