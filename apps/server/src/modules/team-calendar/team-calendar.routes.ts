import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import {
  awayCountQuerySchema,
  awayCountResponseSchema,
  TEAM_CALENDAR_MESSAGES as M,
  TEAM_CALENDAR_PATHS as PATHS,
  TEAM_CALENDAR_READERS as READERS,
  teamCalendarQuerySchema,
  teamCalendarResponseSchema,
  type TeamCalendarResponse,
} from '@tms/contracts/team-calendar';
import { requireUser } from '../../plugins/auth.ts';
import { awayCount, teamCalendar } from './team-calendar.service.ts';

const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema };

/** Team Calendar and the Create Request hint (issue 30 §1): every signed-in role, people scoped in SQL. */
export async function teamCalendarRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock };
  const tags = ['team calendar'];
  const config = { access: READERS, scope: 'employee-scope' as const };

  app.get(
    PATHS.calendar,
    { config, schema: { tags, querystring: teamCalendarQuerySchema, response: { 200: teamCalendarResponseSchema, ...errors } } },
    async (request, reply) => {
      const answer = await teamCalendar(deps, requireUser(request), request.query);
      // The database wrote the schema's JSON (team-calendar.repository.ts calendarAnswer): a JSON string goes out
      // as it is, without Fastify's serialiser; the tests hold it to the schema.
      return reply.type('application/json; charset=utf-8').send(answer as unknown as TeamCalendarResponse);
    },
  );

  app.get(
    PATHS.awayCount,
    { config, schema: { tags, querystring: awayCountQuerySchema, response: { 200: awayCountResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: M.success, data: await awayCount(deps, requireUser(request), request.query) }),
  );
}
