import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FIXED_OT_TYPES, FLEXIBLE_OT_TYPES, FLEXIBLE_STATUS_TEXT, OVERTIME_USERS, isFlexibleOvertimeType, listsAllProjects } from '@tms/contracts/overtime';
import {
  OVERTIME_LIST_MESSAGES as M,
  OVERTIME_LOOKUP_PATHS as P,
  employeeOtQuerySchema,
  employeeOtResponseSchema,
  flexibleStatusLookupResponseSchema,
  otTypeLookupResponseSchema,
  type EmployeeOt,
} from '@tms/contracts/overtime-list';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { findEmployeeOt, overtimeProjects } from './overtime-lookups.repository.ts';

/**
 * Overtime lookups (spec 001 §7.10): the fixed OT types, the flexible request types, the flexible statuses, and
 * `employee-ot` (a user's overtime type, whether a work schedule is set today, whether Add New is allowed and the
 * project list of spec 001 §6 Other rules). Own user by default; others only within the caller's scope, else 404.
 */
export async function overtimeLookupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['overtime lookups'];
  const config = { access: OVERTIME_USERS, scope: 'none' as const };
  const ok = <T>(data: T) => ({ code: 200, message: M.success, data });

  app.get(P.otType, { config, schema: { tags, response: { 200: otTypeLookupResponseSchema } } }, async () => ok(FIXED_OT_TYPES.map((t) => ({ ...t }))));
  app.get(P.otTypeFlexible, { config, schema: { tags, response: { 200: otTypeLookupResponseSchema } } }, async () => ok(FLEXIBLE_OT_TYPES.map((t) => ({ ...t }))));
  app.get(P.statusTypeFlexible, { config, schema: { tags, response: { 200: flexibleStatusLookupResponseSchema } } }, async () =>
    ok(Object.entries(FLEXIBLE_STATUS_TEXT).map(([value, label]) => ({ value: Number(value), label }))),
  );

  app.get(
    P.employeeOt,
    { config: { access: OVERTIME_USERS, scope: 'employee-scope' }, schema: { tags, querystring: employeeOtQuerySchema, response: { 200: employeeOtResponseSchema, 404: errorEnvelopeSchema } } },
    async (request) => {
      const user = requireUser(request);
      const username = request.query.username?.trim() || user.username;
      const row = await findEmployeeOt(app.db, user, username, app.clock.today());
      if (!row || !row.in_scope) throw notFound(M.employeeNotFound);
      const isFlexible = isFlexibleOvertimeType(row.ot_type);
      const all = listsAllProjects(row.ot_type);
      const data: EmployeeOt = {
        username: row.username,
        employeeId: row.employee_id,
        overtimeType: row.ot_type,
        isFlexible,
        hasWorkSchedule: row.has_work_schedule,
        canAddNew: row.employee_id !== null && (!isFlexible || row.has_work_schedule),
        listsAllProjects: all,
        projects: await overtimeProjects(app.db, row.employee_id, all),
      };
      return ok(data);
    },
  );
}
