import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import {
  CHECK_IN_OUT_CALENDAR_PATHS as P,
  CHECK_IN_OUT_MESSAGES as M,
  CHECK_TIME_UPDATERS,
  calendarQuerySchema,
  calendarResponseSchema,
  dayParamsSchema,
  dayQuerySchema,
  dayResponseSchema,
  manualSearchQuerySchema,
  manualSearchResponseSchema,
  manualUpdateBodySchema,
  manualUpdateResponseSchema,
} from '@tms/contracts/check-in-out-calendar';
import { requireUser } from '../../plugins/auth.ts';
import * as calendarService from './check-in-out-calendar.service.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };
/** RULES.md §2: the page is open to every role but GUEST; the data follows the caller's scope (RULES.md §3). */
const VIEWERS = ['STAFF', 'GROUP_LEAD', 'DULEAD', 'HR', 'HRM', 'ADMIN'] as const;

/** The Check In-Out Time calendar (spec 001 §2.8, §7.7). Static paths win over `:day` in the router. */
export async function checkInOutCalendarRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock };
  const tags = ['check-in-out'];

  app.get(
    P.detail,
    { config: { access: VIEWERS, scope: 'employee-scope' }, schema: { tags, querystring: calendarQuerySchema, response: { 200: calendarResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: M.success, data: await calendarService.calendar(deps, requireUser(request), request.query) }),
  );

  app.get(
    P.manual,
    { config: { access: CHECK_TIME_UPDATERS, scope: 'all' }, schema: { tags, querystring: manualSearchQuerySchema, response: { 200: manualSearchResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: M.success, ...(await calendarService.searchJobs(deps, request.query)) }),
  );

  app.put(
    P.manual,
    { config: { access: CHECK_TIME_UPDATERS, scope: 'all' }, schema: { tags, body: manualUpdateBodySchema, response: { 200: manualUpdateResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: M.updated, data: await calendarService.requestUpdate(deps, requireUser(request), request.body) }),
  );

  app.get(
    P.day,
    {
      config: { access: VIEWERS, scope: 'employee-scope' },
      schema: { tags, params: dayParamsSchema, querystring: dayQuerySchema, response: { 200: dayResponseSchema, ...errors } },
    },
    async (request) => ({ code: 200, message: M.success, data: await calendarService.day(deps, requireUser(request), request.params.day, request.query.employee) }),
  );
}
