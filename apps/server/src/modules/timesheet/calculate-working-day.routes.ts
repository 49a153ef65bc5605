import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import {
  CALCULATE_WORKING_DAY_ALL_PATH,
  CALCULATE_WORKING_DAY_PATH,
  TIMESHEET_CALC_MESSAGES as M,
  TIMESHEET_CALCULATORS,
  calculateBodySchema,
  calculateQuerySchema,
  calculateResponseSchema,
} from '@tms/contracts/timesheet-calc';
import { requireUser } from '../../plugins/auth.ts';
import { requestWorkingDayCalculation } from './calculate-working-day.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/** Calculate working day for chosen or all employees (spec 001 §7.1); its job is registered in modules/job-handlers.ts. */
export async function calculateWorkingDayRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['timesheet'];
  const opts = () => ({ timeZone: app.clock.timeZone, now: app.clock.now() });

  app.put(
    CALCULATE_WORKING_DAY_PATH,
    {
      config: { access: TIMESHEET_CALCULATORS, scope: 'none' },
      schema: { tags, querystring: calculateQuerySchema, body: calculateBodySchema, response: { 200: calculateResponseSchema, ...errors } },
    },
    async (request) => {
      const sent = request.body?.employee_id;
      const employeeIds = sent === undefined ? [] : Array.isArray(sent) ? sent : [sent];
      const data = await requestWorkingDayCalculation(app.db, { userId: requireUser(request).userId, date: request.query.date, employeeIds }, opts());
      return { code: 200, message: M.queued, data };
    },
  );

  app.put(
    CALCULATE_WORKING_DAY_ALL_PATH,
    { config: { access: TIMESHEET_CALCULATORS, scope: 'none' }, schema: { tags, querystring: calculateQuerySchema, response: { 200: calculateResponseSchema, ...errors } } },
    async (request) => {
      const data = await requestWorkingDayCalculation(app.db, { userId: requireUser(request).userId, date: request.query.date, employeeIds: null }, opts());
      return { code: 200, message: M.queued, data };
    },
  );
}
