import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import {
  EMPLOYEE_ACCESS as ACCESS,
  EMPLOYEE_CREATE_CODE,
  EMPLOYEE_CREATE_PATH,
  EMPLOYEE_DETAIL_PATH,
  EMPLOYEE_LIST_PATH,
  EMPLOYEE_MESSAGES as M,
  EMPLOYEE_UPDATE_CODE,
  EMPLOYEE_UPDATE_PATH,
  employeeCreateResponseSchema,
  employeeCreateSchema,
  employeeDetailParamsSchema,
  employeeDetailResponseSchema,
  employeeListQuerySchema,
  employeeListResponseSchema,
  employeeUpdateResponseSchema,
  employeeUpdateSchema,
} from '@tms/contracts/employees';
import { requireUser } from '../../plugins/auth.ts';
import * as employees from './employees.service.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/** Employee management (spec 002 §2, §3 Employee, §7 Employees): HR, HRM and ADMIN (RULES.md §2), everyone in scope. */
export async function employeesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock, log: app.log };
  const tags = ['employees'];

  app.get(
    EMPLOYEE_LIST_PATH,
    { config: { access: ACCESS, scope: 'all' }, schema: { tags, querystring: employeeListQuerySchema, response: { 200: employeeListResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', ...(await employees.list(deps, request.query)) }),
  );

  app.get(
    EMPLOYEE_DETAIL_PATH,
    { config: { access: ACCESS, scope: 'all' }, schema: { tags, params: employeeDetailParamsSchema, response: { 200: employeeDetailResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', data: await employees.detail(deps, request.params.id) }),
  );

  app.post(
    EMPLOYEE_CREATE_PATH,
    { config: { access: ACCESS, scope: 'all' }, schema: { tags, body: employeeCreateSchema, response: { 200: employeeCreateResponseSchema, ...errors } } },
    async (request) => ({ code: EMPLOYEE_CREATE_CODE, message: M.created, data: await employees.create(deps, requireUser(request), request.body) }),
  );

  app.put(
    EMPLOYEE_UPDATE_PATH,
    { config: { access: ACCESS, scope: 'all' }, schema: { tags, body: employeeUpdateSchema, response: { 200: employeeUpdateResponseSchema, ...errors } } },
    async (request) => ({ code: EMPLOYEE_UPDATE_CODE, message: M.updated, data: await employees.update(deps, requireUser(request), request.body) }),
  );
}
