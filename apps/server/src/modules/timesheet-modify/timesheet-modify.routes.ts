import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import {
  TIMESHEET_MODIFIERS,
  TIMESHEET_MODIFY_MESSAGES as M,
  TIMESHEET_MODIFY_PATH,
  modifyBodySchema,
  modifyResponseSchema,
} from '@tms/contracts/timesheet-modify';
import { requireUser } from '../../plugins/auth.ts';
import { timesheetModifyService } from './timesheet-modify.service.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/** HR cell, row and column edits (spec 001 §2.1, §7.1; RULES.md §4); the work-schedule update is modules/work-schedules'. */
export async function timesheetModifyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const modifyService = timesheetModifyService({ db: app.db, clock: app.clock });
  const tags = ['timesheet modify'];

  app.put(
    TIMESHEET_MODIFY_PATH,
    { config: { access: TIMESHEET_MODIFIERS, scope: 'all' }, schema: { tags, body: modifyBodySchema, response: { 200: modifyResponseSchema, ...errors } } },
    async (request) => {
      const data = await modifyService.modify(requireUser(request), request.body);
      return { code: 200, message: M.success(request.body.type), data };
    },
  );
}
