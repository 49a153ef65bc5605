import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OVERTIME_USERS } from '@tms/contracts/overtime';
import {
  OT_LIMIT_MESSAGES as M,
  OT_LIMITS_LISTED_PATH,
  OT_LIMITS_USAGE_PATH,
  otListedDepartmentsResponseSchema,
  otListedDepartmentsSchema,
  otUsageQuerySchema,
  otUsageResponseSchema,
} from '@tms/contracts/overtime-limits';
import { PRIVILEGED_ROLES } from '@tms/contracts/roles';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import { requireUser } from '../../plugins/auth.ts';
import { listedDepartments, saveListedDepartments, usageForForm } from './ot-limits.service.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/**
 * Overtime limits (issue 27 §2, docs/overtime-limits.md): the form's headroom call (everyone who files overtime; only
 * staff in the caller's scope are answered, RULES.md §3) and the listed-sector departments of Payroll Configuration
 * (HR, HRM, ADMIN as the page).
 */
export async function otLimitsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['overtime-limits'];

  app.get(
    OT_LIMITS_USAGE_PATH,
    { config: { access: OVERTIME_USERS, scope: 'employee-scope' }, schema: { tags, querystring: otUsageQuerySchema, response: { 200: otUsageResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: M.success, data: await usageForForm(app.db, app.clock, requireUser(request), request.query) }),
  );

  const config = { access: PRIVILEGED_ROLES, scope: 'none' as const };
  app.get(OT_LIMITS_LISTED_PATH, { config, schema: { tags, response: { 200: otListedDepartmentsResponseSchema, ...errors } } }, async () => ({
    code: 200,
    message: M.success,
    data: { departmentIds: await listedDepartments(app.db) },
  }));
  app.put(
    OT_LIMITS_LISTED_PATH,
    { config, schema: { tags, body: otListedDepartmentsSchema, response: { 200: otListedDepartmentsResponseSchema, ...errors } } },
    async (request) => {
      const user = requireUser(request);
      const ids = await saveListedDepartments(app.db, request.body.departmentIds, { userId: user.userId, username: user.username, name: user.name });
      return { code: 200, message: M.listedSaved, data: { departmentIds: ids } };
    },
  );
}
