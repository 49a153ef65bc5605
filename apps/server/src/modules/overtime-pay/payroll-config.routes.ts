import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PRIVILEGED_ROLES } from '@tms/contracts/roles';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import {
  PAYROLL_CONFIG_ALL_PATH,
  PAYROLL_CONFIG_MESSAGES as M,
  PAYROLL_CONFIG_SUCCESS_CODE,
  PAYROLL_CONFIG_UPDATE_PATH,
  PAYROLL_RECALCULATE_SALARY_PATH,
  payrollConfigAllResponseSchema,
  payrollConfigUpdateBodySchema,
  payrollConfigUpdateResponseSchema,
  recalculateSalaryResponseSchema,
} from '@tms/contracts/overtime-pay';
import { requireUser } from '../../plugins/auth.ts';
import { listConfigTables, updateConfigTables } from './payroll-config.service.ts';
import { enqueueRecalculateSalary } from './recalculate-salary.job.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/**
 * Payroll Configuration (spec 002 "Payroll Configuration", §7; RULES.md §2 /configuration: HR, HRM, ADMIN):
 * the tables, the update of the changed ones (success `code: 0`, HTTP 200), and Recalculate Salary (ours: a job).
 */
export async function payrollConfigRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['payroll-config'];
  const config = { access: PRIVILEGED_ROLES, scope: 'none' as const };

  app.get(PAYROLL_CONFIG_ALL_PATH, { config, schema: { tags, response: { 200: payrollConfigAllResponseSchema, ...errors } } }, async () => ({
    code: 200,
    message: 'Success',
    data: await listConfigTables(app.db),
  }));

  app.post(
    PAYROLL_CONFIG_UPDATE_PATH,
    { config, schema: { tags, body: payrollConfigUpdateBodySchema, response: { 200: payrollConfigUpdateResponseSchema, ...errors } } },
    async (request) => {
      const user = requireUser(request);
      const ifMatch = Number(request.headers['if-match']?.toString().replaceAll('"', ''));
      const body = request.body.map((item) => (item.version === undefined && request.body.length === 1 && Number.isInteger(ifMatch) ? { ...item, version: ifMatch } : item));
      const data = await updateConfigTables(app.db, body, { userId: user.userId, username: user.username, name: user.name });
      return { code: PAYROLL_CONFIG_SUCCESS_CODE, message: M.updated, data };
    },
  );

  app.post(
    PAYROLL_RECALCULATE_SALARY_PATH,
    { config, schema: { tags, response: { 200: recalculateSalaryResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: M.recalculateQueued, data: { jobId: await enqueueRecalculateSalary(app.db, requireUser(request).userId) } }),
  );
}
