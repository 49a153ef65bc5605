import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import {
  HOLIDAY_CALENDARS_PATH,
  HOLIDAYS_COPY_PATH,
  HOLIDAYS_GENERATE_PATH,
  HOLIDAYS_MESSAGES as M,
  HOLIDAYS_PATH,
  HOLIDAYS_PUBLIC_PATH,
  HOLIDAYS_WRITERS as WRITERS,
  holidayCalendarCreateResponseSchema,
  holidayCalendarCreateSchema,
  holidayCalendarsResponseSchema,
  holidayChangeResponseSchema,
  holidayCreateSchema,
  holidayDeleteQuerySchema,
  holidayHistoryResponseSchema,
  holidayIdParamsSchema,
  holidaysBulkResponseSchema,
  holidaysCopySchema,
  holidaysGenerateQuerySchema,
  holidaysGenerateResponseSchema,
  holidaysPublicSaveSchema,
  holidaysQuerySchema,
  holidaysResponseSchema,
  holidayUpdateSchema,
} from '@tms/contracts/holidays';
import { requireUser } from '../../plugins/auth.ts';
import * as holidays from './holidays.service.ts';
import { holidayImportRoutes } from './holidays-import.routes.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/** Holiday calendars (issue 27 §1): read by every signed-in user, changed by HR, HRM and Admin. */
export async function holidaysRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: holidays.HolidaysDeps = { db: app.db, clock: app.clock };
  const tags = ['holidays'];
  const read = { access: 'signed-in', scope: 'none' } as const;
  const write = { access: WRITERS, scope: 'none' } as const;
  const ok = <T>(data: T, message = 'Success') => ({ code: 200, message, data });

  app.get(HOLIDAY_CALENDARS_PATH, { config: read, schema: { tags, response: { 200: holidayCalendarsResponseSchema, ...errors } } }, async () =>
    ok(await holidays.listCalendars(deps)),
  );
  app.post(HOLIDAY_CALENDARS_PATH, { config: write, schema: { tags, body: holidayCalendarCreateSchema, response: { 200: holidayCalendarCreateResponseSchema, ...errors } } }, async (request) =>
    ok(await holidays.createCalendar(deps, requireUser(request), request.body), M.calendarCreated),
  );
  app.get(HOLIDAYS_PATH, { config: read, schema: { tags, querystring: holidaysQuerySchema, response: { 200: holidaysResponseSchema, ...errors } } }, async (request) =>
    ok(await holidays.listHolidays(deps, request.query)),
  );
  app.get(HOLIDAYS_GENERATE_PATH, { config: read, schema: { tags, querystring: holidaysGenerateQuerySchema, response: { 200: holidaysGenerateResponseSchema, ...errors } } }, async (request) =>
    ok(holidays.generate(request.query.year)),
  );
  app.post(HOLIDAYS_PATH, { config: write, schema: { tags, body: holidayCreateSchema, response: { 200: holidayChangeResponseSchema, ...errors } } }, async (request) =>
    ok(await holidays.createHoliday(deps, requireUser(request), request.body), M.created),
  );
  app.put(HOLIDAYS_PUBLIC_PATH, { config: write, schema: { tags, body: holidaysPublicSaveSchema, response: { 200: holidaysBulkResponseSchema, ...errors } } }, async (request) =>
    ok(await holidays.savePublicHolidays(deps, requireUser(request), request.body), M.saved),
  );
  app.post(HOLIDAYS_COPY_PATH, { config: write, schema: { tags, body: holidaysCopySchema, response: { 200: holidaysBulkResponseSchema, ...errors } } }, async (request) => {
    const data = await holidays.copyCompanyDays(deps, requireUser(request), request.body);
    return ok(data, M.copied(String(data.count)));
  });
  app.put(`${HOLIDAYS_PATH}/:id`, { config: write, schema: { tags, params: holidayIdParamsSchema, body: holidayUpdateSchema, response: { 200: holidayChangeResponseSchema, ...errors } } }, async (request) =>
    ok(await holidays.updateHoliday(deps, requireUser(request), request.params.id, request.body), M.updated),
  );
  app.delete(
    `${HOLIDAYS_PATH}/:id`,
    { config: write, schema: { tags, params: holidayIdParamsSchema, querystring: holidayDeleteQuerySchema, response: { 200: holidayChangeResponseSchema, ...errors } } },
    async (request) => ok(await holidays.removeHoliday(deps, requireUser(request), request.params.id, request.query.version), M.deleted),
  );
  app.get(`${HOLIDAYS_PATH}/:id/history`, { config: write, schema: { tags, params: holidayIdParamsSchema, response: { 200: holidayHistoryResponseSchema, ...errors } } }, async (request) =>
    ok(await holidays.holidayHistory(deps, request.params.id)),
  );
  await holidayImportRoutes(fastify, deps);
}
