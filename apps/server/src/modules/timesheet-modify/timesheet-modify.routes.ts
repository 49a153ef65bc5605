import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import {
  TIMESHEET_MODIFIERS,
  TIMESHEET_MODIFY_MESSAGES as M,
  TIMESHEET_MODIFY_PATH,
  UPDATE_JOB_HISTORY_PATH,
  WORK_SCHEDULE_LIST_PATH,
  WORK_SCHEDULE_UPDATERS,
  modifyBodySchema,
  modifyResponseSchema,
  updateJobHistoryBodySchema,
  updateJobHistoryQuerySchema,
  updateJobHistoryResponseSchema,
  workScheduleListResponseSchema,
} from '@tms/contracts/timesheet-modify';
import { requireUser } from '../../plugins/auth.ts';
import { timesheetModifyService } from './timesheet-modify.service.ts';
import { updateJobHistoryService } from './update-job-history.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/** HR cell, row and column edits and the employee work-schedule update (spec 001 §2.1, §6, §7.1, §7.10; RULES.md §4). */
export async function timesheetModifyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const modifyService = timesheetModifyService({ db: app.db });
  const jobHistory = updateJobHistoryService({ db: app.db, timeZone: app.config.companyTimeZone, log: app.log });
  const tags = ['timesheet modify'];

  app.put(
    TIMESHEET_MODIFY_PATH,
    { config: { access: TIMESHEET_MODIFIERS, scope: 'all' }, schema: { tags, body: modifyBodySchema, response: { 200: modifyResponseSchema, ...errors } } },
    async (request) => {
      const data = await modifyService.modify(requireUser(request), request.body);
      return { code: 200, message: M.success(request.body.type), data };
    },
  );

  app.put(
    UPDATE_JOB_HISTORY_PATH,
    {
      config: { access: WORK_SCHEDULE_UPDATERS, scope: 'all' },
      schema: { tags, querystring: updateJobHistoryQuerySchema, body: updateJobHistoryBodySchema, response: { 200: updateJobHistoryResponseSchema, ...errors } },
    },
    async (request) => {
      const data = await jobHistory.update(requireUser(request), request.query.userId, request.body);
      return { code: 200, message: M.updateSuccess, data };
    },
  );

  app.get(
    WORK_SCHEDULE_LIST_PATH,
    { config: { access: TIMESHEET_MODIFIERS, scope: 'none' }, schema: { tags, response: { 200: workScheduleListResponseSchema } } },
    async () => ({ code: 200, message: 'Success', data: await jobHistory.listSchedules() }),
  );
}
