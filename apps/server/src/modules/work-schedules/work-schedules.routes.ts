import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import {
  TIMESHEET_MODIFIERS,
  TIMESHEET_MODIFY_MESSAGES as M,
  UPDATE_JOB_HISTORY_PATH,
  WORK_SCHEDULE_LIST_PATH,
  WORK_SCHEDULE_UPDATERS,
  updateJobHistoryBodySchema,
  updateJobHistoryQuerySchema,
  updateJobHistoryResponseSchema,
  workScheduleListResponseSchema,
} from '@tms/contracts/timesheet-modify';
import { requireUser } from '../../plugins/auth.ts';
import * as jobHistory from './update-job-history.service.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/** Work schedules and staff policies: the employee work-schedule update and the schedule list (spec 001 §2.1, §6, §7.1, §7.10). */
export async function workSchedulesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock, log: app.log };
  const tags = ['timesheet modify'];

  app.put(
    UPDATE_JOB_HISTORY_PATH,
    {
      config: { access: WORK_SCHEDULE_UPDATERS, scope: 'all' },
      schema: { tags, querystring: updateJobHistoryQuerySchema, body: updateJobHistoryBodySchema, response: { 200: updateJobHistoryResponseSchema, ...errors } },
    },
    async (request) => {
      const data = await jobHistory.update(deps, requireUser(request), request.query.userId, request.body);
      return { code: 200, message: M.updateSuccess, data };
    },
  );

  app.get(
    WORK_SCHEDULE_LIST_PATH,
    { config: { access: TIMESHEET_MODIFIERS, scope: 'none' }, schema: { tags, response: { 200: workScheduleListResponseSchema } } },
    async () => ({ code: 200, message: 'Success', data: await jobHistory.listSchedules(deps) }),
  );
}
