import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import {
  DELETE_POLICY_PATH,
  EDIT_POLICY_PATH,
  EMPLOYEE_POLICIES_PATH,
  OT_RULES,
  POLICY_HISTORY_PATH,
  POLICY_IMPORT_PATH,
  POLICY_MESSAGES as M,
  POLICY_READERS,
  POLICY_TEMPLATE_PATH,
  POLICY_WRITERS,
  RULE_CONFIG_PATH,
  RULE_TYPES,
  SET_POLICY_PATH,
  STAFF_POLICY_PATH,
  STAFF_POLICY_TEMPLATE_FILE,
  WORK_SCHEDULE_CODES_PATH,
  currentPolicyQuerySchema,
  currentPolicyResponseSchema,
  editPolicySchema,
  employeePoliciesQuerySchema,
  employeePoliciesResponseSchema,
  historyResponseSchema,
  idPathSchema,
  ruleConfigResponseSchema,
  setPolicySchema,
  workScheduleCodesResponseSchema,
  writeResultSchema,
} from '@tms/contracts/policies';
import { requireUser } from '../../plugins/auth.ts';
import { departmentPolicyRoutes } from './department-policy.routes.ts';
import { jobInfoRoutes } from './job-info.routes.ts';
import { answerImport, importPolicies, readPolicyUpload, sendPolicyTemplate } from './policy.import.ts';
import * as repo from './policy.repository.ts';
import * as staffPolicies from './policy.service.ts';

export const policyErrors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/** Policy management and job info history: staff and department policies (spec 002 §2, §3, §4, §5, §7). */
export async function policyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock, log: app.log };
  const tags = ['policies'];
  const errors = policyErrors;

  app.get(
    STAFF_POLICY_PATH,
    { config: { access: POLICY_READERS, scope: 'all' }, schema: { tags, querystring: currentPolicyQuerySchema, response: { 200: currentPolicyResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', ...(await staffPolicies.current(deps, request.query)) }),
  );

  app.get(
    EMPLOYEE_POLICIES_PATH,
    { config: { access: POLICY_READERS, scope: 'all' }, schema: { tags, querystring: employeePoliciesQuerySchema, response: { 200: employeePoliciesResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', data: await staffPolicies.ofEmployee(deps, request.query) }),
  );

  app.post(
    SET_POLICY_PATH,
    { config: { access: POLICY_WRITERS, scope: 'all' }, schema: { tags, body: setPolicySchema, response: { 200: writeResultSchema, ...errors } } },
    async (request) => ({ code: 200, message: M.setSuccess, data: await staffPolicies.setPolicy(deps, requireUser(request), request.body) }),
  );

  app.put(
    EDIT_POLICY_PATH,
    { config: { access: POLICY_WRITERS, scope: 'all' }, schema: { tags, body: editPolicySchema, response: { 200: writeResultSchema, ...errors } } },
    async (request) => ({ code: 200, message: M.editSuccess, data: await staffPolicies.edit(deps, requireUser(request), request.body) }),
  );

  app.delete(
    DELETE_POLICY_PATH,
    { config: { access: POLICY_WRITERS, scope: 'all' }, schema: { tags, params: idPathSchema, response: { 200: writeResultSchema, ...errors } } },
    async (request) => ({ code: 200, message: M.deleteSuccess, data: await staffPolicies.remove(deps, requireUser(request), request.params.id) }),
  );

  app.get(
    POLICY_HISTORY_PATH,
    { config: { access: POLICY_READERS, scope: 'all' }, schema: { tags, params: idPathSchema, response: { 200: historyResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', data: await staffPolicies.history(deps, request.params.id) }),
  );

  app.post(POLICY_IMPORT_PATH, { config: { access: POLICY_WRITERS, scope: 'all' }, schema: { tags, consumes: ['multipart/form-data'] } }, async (request, reply) => {
    const user = requireUser(request);
    const upload = await readPolicyUpload(request, 'staff');
    const result = await importPolicies(deps, 'staff', upload, (rows) => staffPolicies.writeMany(deps, user, rows));
    return answerImport(reply, 'staff', upload, result);
  });

  app.get(POLICY_TEMPLATE_PATH, { config: { access: POLICY_READERS, scope: 'none' }, schema: { tags } }, async (_request, reply) =>
    sendPolicyTemplate(reply, 'staff', app.clock.today(), STAFF_POLICY_TEMPLATE_FILE),
  );

  app.get(
    WORK_SCHEDULE_CODES_PATH,
    { config: { access: 'signed-in', scope: 'none' }, schema: { tags: ['lookups'], response: { 200: workScheduleCodesResponseSchema } } },
    async () => ({
      code: 200,
      message: 'Success',
      data: (await repo.activeSchedules(app.db)).map(({ lack_of_time_allowed: _l, ...s }) => s),
    }),
  );

  app.get(
    RULE_CONFIG_PATH,
    { config: { access: 'signed-in', scope: 'none' }, schema: { tags: ['lookups'], response: { 200: ruleConfigResponseSchema } } },
    async () => ({ code: 200, message: 'Success', data: { ruleTypes: RULE_TYPES.map((t) => ({ ...t })), otRules: OT_RULES.map((t) => ({ ...t })) } }),
  );

  await departmentPolicyRoutes(fastify, deps);
  await jobInfoRoutes(fastify, deps);
}
