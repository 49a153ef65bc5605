import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import {
  divisionsDepartmentsResponseSchema,
  employeeSearchQuerySchema,
  employeeSearchResponseSchema,
  employeesByProjectQuerySchema,
  employeesByProjectResponseSchema,
  mostRecentApprovedResponseSchema,
  periodsResponseSchema,
  projectListQuerySchema,
  projectListResponseSchema,
  projectSearchQuerySchema,
  projectSearchResponseSchema,
  rolesResponseSchema,
  LOCATIONS_PATH,
  WORK_SCHEDULE_TYPES_PATH,
  textOptionsResponseSchema,
  serverTimeResponseSchema,
} from '@tms/contracts/lookups';
import { companyToday } from '../../lib/dates.ts';
import { requireUser } from '../../plugins/auth.ts';
import { divisionsWithDepartments, employeeLocations, listProjects, workScheduleTypes, projectsOfEmployee, searchProjects } from './lookups.repository.ts';
import { findEmployees, findProjectMembers, mostRecentApproved, payrollPeriodsNewestFirst, roleOptions } from './lookups.service.ts';

const errors = { 400: errorEnvelopeSchema };
const ok = <T>(data: T) => ({ code: 200, message: 'Success', data });

/** Reference lists for filters and forms (spec 000 §7 Supporting calls, spec 001 §7.10, spec 002 §7 Lookups). */
export async function lookupsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['lookups'];
  await fastify.register(pickerRoutes);

  app.get(
    '/tms/filters/get-all-divisions-departments',
    { config: { access: 'signed-in' }, schema: { tags, response: { 200: divisionsDepartmentsResponseSchema } } },
    async () => ok(await divisionsWithDepartments(app.db)),
  );

  app.get(
    '/tms/filters/v2/roles',
    { config: { access: 'signed-in' }, schema: { tags, response: { 200: rolesResponseSchema } } },
    async () => ok(roleOptions()),
  );

  app.get(LOCATIONS_PATH, { config: { access: 'signed-in' }, schema: { tags, response: { 200: textOptionsResponseSchema } } }, async () =>
    ok(await employeeLocations(app.db)),
  );

  app.get(WORK_SCHEDULE_TYPES_PATH, { config: { access: 'signed-in' }, schema: { tags, response: { 200: textOptionsResponseSchema } } }, async () =>
    ok(await workScheduleTypes(app.db)),
  );

  app.get(
    '/tms/filters/periods',
    { config: { access: 'signed-in' }, schema: { tags, response: { 200: periodsResponseSchema } } },
    async (request) =>
      ok(await payrollPeriodsNewestFirst(app.db, requireUser(request).employeeId, app.clock.today())),
  );

  app.get(
    '/tms/filters/get-time',
    { config: { access: 'signed-in' }, schema: { tags, response: { 200: serverTimeResponseSchema } } },
    async () => {
      const now = app.clock.now();
      const timeZone = app.clock.timeZone;
      return ok({ dateTimeNow: now.toISOString(), today: companyToday(timeZone, now), timeZone });
    },
  );

  app.get(
    '/tms/advance/most-recent-timesheet-approved',
    { config: { access: 'signed-in' }, schema: { tags, response: { 200: mostRecentApprovedResponseSchema } } },
    async (request) => ok(await mostRecentApproved(app.db, requireUser(request).employeeId)),
  );
}

/** The employee and project pickers of filters and forms, each answering within the caller's scope. */
async function pickerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['lookups'];

  app.get(
    '/tms/filters/employee',
    {
      config: { access: 'signed-in', scope: 'employee-scope' },
      schema: { tags, querystring: employeeSearchQuerySchema, response: { 200: employeeSearchResponseSchema, ...errors } },
    },
    async (request) => {
      const { page, size } = request.query;
      const { rows, total } = await findEmployees(app.db, requireUser(request), request.query);
      return { ...ok(rows), page: { page, size, total_element: total } };
    },
  );

  app.get(
    '/tms/filters/get-all-projects',
    { config: { access: 'signed-in' }, schema: { tags, querystring: projectSearchQuerySchema, response: { 200: projectSearchResponseSchema, ...errors } } },
    async (request) => {
      const { key, page, size } = request.query;
      const { rows, total } = await searchProjects(app.db, { key: key?.trim() || undefined, page, size });
      return { ...ok(rows), page: { page, size, total_element: total } };
    },
  );

  app.get(
    '/tms/filters/projects',
    { config: { access: 'signed-in' }, schema: { tags, querystring: projectListQuerySchema, response: { 200: projectListResponseSchema, ...errors } } },
    async (request) => ok(await listProjects(app.db, request.query.key?.trim() || undefined)),
  );

  app.get(
    '/tms/filters/employee-projects',
    { config: { access: 'signed-in', scope: 'own' }, schema: { tags, response: { 200: projectListResponseSchema } } },
    async (request) => {
      const { employeeId } = requireUser(request);
      return ok(employeeId === null ? [] : await projectsOfEmployee(app.db, employeeId));
    },
  );

  app.get(
    '/tms/filters/get-all-employee-by-project',
    {
      config: { access: 'signed-in', scope: 'employee-scope' },
      schema: { tags, querystring: employeesByProjectQuerySchema, response: { 200: employeesByProjectResponseSchema, ...errors } },
    },
    async (request) => ok(await findProjectMembers(app.db, requireUser(request), Number(request.query.projectId))),
  );
}
