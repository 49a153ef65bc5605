import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import {
  MY_TIMESHEET_READERS,
  TIMESHEET_GRID_PATHS as P,
  TIMESHEET_LIST_READERS,
  calculateMyTimesheetQuerySchema,
  dayTotalParamsSchema,
  dayTotalResponseSchema,
  employeePathSchema,
  gridFilterSchema,
  gridListQuerySchema,
  gridListResponseSchema,
  gridStatisticResponseSchema,
  myTimesheetResponseSchema,
  notesResponseSchema,
  ruleValuesResponseSchema,
  staffSummaryResponseSchema,
  timesheetIdPathSchema,
} from '@tms/contracts/timesheet-grid';
import { requireUser } from '../../plugins/auth.ts';
import { sendJson } from './gzip-json.ts';
import { calculateMyTimesheet, dayTotal, gridList, gridNotes, gridStatistic, myTimesheet, ruleValues } from './timesheet-grid.service.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema };

/** The Timesheet page's reads (spec 001 §2.1 HR grid, §2.2 My Timesheet, §7.1). */
export async function timesheetGridRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock };
  const tags = ['timesheet'];
  const ok = <T>(data: T) => ({ code: 200, message: 'Success', data });
  // Spec 001 §6: the list tab and everything behind it is ADMIN, HR, HRM, who see everyone (RULES.md §3).
  const list = { access: TIMESHEET_LIST_READERS, scope: 'all' } as const;
  // My Timesheet: every role but GUEST, the employee inside the caller's scope (RULES.md §3, applied in SQL).
  const mine = { access: MY_TIMESHEET_READERS, scope: 'employee-scope' } as const;

  // A grid page is about 250 KB (20 rows × 31 day cells): it is written as JSON text here (gzip when the client takes
  // it, gzip-json.ts) instead of being checked against the schema again on every answer, which cost more than its
  // query (issue: p95 < 50 ms under 20 clients). The body is still typed by the schema at compile time, and the tests
  // parse every answer with it.
  app.get(
    P.list,
    { config: list, schema: { tags, querystring: gridListQuerySchema, response: { 200: gridListResponseSchema, ...errors } } },
    async (request, reply) => {
      const { rows, total } = await gridList(deps, requireUser(request), request.query);
      const body: z.infer<typeof gridListResponseSchema> = { ...ok(rows), page: { page: request.query.page, size: request.query.size, total_element: total } };
      return sendJson(request, reply, body);
    },
  );

  app.get(
    P.statistic(':id'),
    { config: list, schema: { tags, params: timesheetIdPathSchema, querystring: gridFilterSchema, response: { 200: gridStatisticResponseSchema, ...errors } } },
    async (request) => ok(await gridStatistic(deps, requireUser(request), request.params.id, request.query)),
  );

  app.get(
    P.total(':date'),
    { config: list, schema: { tags, params: dayTotalParamsSchema, querystring: gridFilterSchema, response: { 200: dayTotalResponseSchema, ...errors } } },
    async (request) => ok(await dayTotal(deps, requireUser(request), request.params.date, request.query)),
  );

  // The flexible (hour-based) path answers the same: the web picks it by the user's request type (spec 001 §7.1).
  for (const path of [P.employee(':id', ':employmentID'), P.flexibleEmployee(':id', ':employmentID')]) {
    app.get(path, { config: mine, schema: { tags, params: employeePathSchema, response: { 200: myTimesheetResponseSchema, ...errors } } }, async (request) =>
      ok(await myTimesheet(deps, requireUser(request), request.params.id, request.params.employmentID)),
    );
  }

  app.get(
    P.calculateMyTimesheet,
    { config: mine, schema: { tags, querystring: calculateMyTimesheetQuerySchema, response: { 200: staffSummaryResponseSchema, ...errors } } },
    async (request) => ok(await calculateMyTimesheet(deps, requireUser(request), request.query.id, request.query.employmentID)),
  );

  // The Note drawer sits on both tabs: every role that sees the Timesheet page; reference data, no employee rows.
  app.get(P.notes, { config: { access: MY_TIMESHEET_READERS, scope: 'none' }, schema: { tags, response: { 200: notesResponseSchema, ...errors } } }, async () =>
    ok(await gridNotes(deps)),
  );

  // The values of the Modify modal, which only the list tab's users open.
  app.get(
    P.ruleIntegrationValues,
    { config: { access: TIMESHEET_LIST_READERS, scope: 'none' }, schema: { tags, response: { 200: ruleValuesResponseSchema, ...errors } } },
    async () => ok(await ruleValues(deps)),
  );
}
