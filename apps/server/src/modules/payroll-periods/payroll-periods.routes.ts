import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import {
  IS_DATE_APPROVED_PATH,
  LAST_TIMESHEET_END_PATH,
  LOCK_DATE_PATH,
  endDateResponseSchema,
  isDateApprovedQuerySchema,
  isDateApprovedResponseSchema,
} from '@tms/contracts/timesheet-review';
import { requireUser } from '../../plugins/auth.ts';
import { isDateApproved, lastEndedPeriodEnd, lockDateFor } from './payroll-periods.service.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/** The lock-date calls (spec 001 §7.1, RULES.md §4): they feed date pickers on every page, so any signed-in user. */
export async function payrollPeriodsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['timesheet review'];
  const ok = <T>(data: T) => ({ code: 200, message: 'Success', data });
  const config = { access: 'signed-in' as const, scope: 'none' as const };

  app.get(LOCK_DATE_PATH, { config, schema: { tags, response: { 200: endDateResponseSchema } } }, async (request) =>
    ok({ data: await lockDateFor(app.db, requireUser(request).employeeId) }),
  );

  // The latest period that has ended: its end date is before today in the company time zone.
  app.get(LAST_TIMESHEET_END_PATH, { config, schema: { tags, response: { 200: endDateResponseSchema } } }, async (request) =>
    ok({ data: await lastEndedPeriodEnd(app.db, { callerEmployeeId: requireUser(request).employeeId }, app.clock.today()) }),
  );

  app.get(
    IS_DATE_APPROVED_PATH,
    { config, schema: { tags, querystring: isDateApprovedQuerySchema, response: { 200: isDateApprovedResponseSchema, ...errors } } },
    async (request) => ok(await isDateApproved(app.db, request.query.date, requireUser(request).employeeId)),
  );
}
