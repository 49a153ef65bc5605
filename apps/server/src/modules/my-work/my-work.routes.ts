import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PRIVILEGED_ROLES } from '@tms/contracts/roles';
import {
  MY_WORK_PATHS as P,
  myBalancesResponseSchema,
  myRequestsResponseSchema,
  myTodayResponseSchema,
  periodStateResponseSchema,
  toDoResponseSchema,
  waitingCountResponseSchema,
  waitingResponseSchema,
} from '@tms/contracts/my-work';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import { requireUser } from '../../plugins/auth.ts';
import { balances, myRequests, periodState, toDo, today, waiting, waitingCount } from './my-work.service.ts';

/**
 * My Work (issue 26 §2): one read per block. Every signed-in user reads their own blocks (a guest manager included:
 * what waits for them); the period state is HR's (HR, HRM, Admin), counted inside their data scope (RULES.md §3).
 * Approving and rejecting go to each kind's own endpoint, which enforces its rules.
 */
export async function myWorkRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock };
  const tags = ['my work'];
  const own = { access: 'signed-in' as const, scope: 'own' as const };
  const ok = <T>(data: T) => ({ code: 200, message: 'Success', data });
  const errors = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };

  app.get(P.waiting, { config: own, schema: { tags, response: { 200: waitingResponseSchema, ...errors } } }, async (request) => ok(await waiting(deps, requireUser(request))));
  app.get(P.waitingCount, { config: own, schema: { tags, response: { 200: waitingCountResponseSchema, ...errors } } }, async (request) =>
    ok({ total: await waitingCount(deps, requireUser(request)) }),
  );
  app.get(P.balances, { config: own, schema: { tags, response: { 200: myBalancesResponseSchema, ...errors } } }, async (request) => ok(await balances(deps, requireUser(request))));
  app.get(P.today, { config: own, schema: { tags, response: { 200: myTodayResponseSchema, ...errors } } }, async (request) => ok(await today(deps, requireUser(request))));
  app.get(P.myRequests, { config: own, schema: { tags, response: { 200: myRequestsResponseSchema, ...errors } } }, async (request) => ok(await myRequests(deps, requireUser(request))));
  app.get(P.toDo, { config: own, schema: { tags, response: { 200: toDoResponseSchema, ...errors } } }, async (request) => ok(await toDo(deps, requireUser(request))));
  app.get(
    P.periodState,
    { config: { access: PRIVILEGED_ROLES, scope: 'employee-scope' }, schema: { tags, response: { 200: periodStateResponseSchema, ...errors } } },
    async (request) => ok(await periodState(deps, requireUser(request))),
  );
}
