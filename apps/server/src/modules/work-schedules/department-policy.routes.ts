import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import {
  DEPARTMENT_DELETE_POLICY_PATH,
  DEPARTMENT_EDIT_POLICY_PATH,
  DEPARTMENT_POLICY_HISTORY_PATH,
  DEPARTMENT_POLICY_IMPORT_PATH,
  DEPARTMENT_POLICY_PATH,
  DEPARTMENT_POLICY_TEMPLATE_FILE,
  DEPARTMENT_POLICY_TEMPLATE_PATH,
  DEPARTMENT_SET_POLICY_PATH,
  POLICY_MESSAGES as M,
  POLICY_READERS,
  POLICY_WRITERS,
  departmentPolicyListResponseSchema,
  departmentPolicyQuerySchema,
  departmentSetPolicySchema,
  editPolicySchema,
  historyResponseSchema,
  idPathSchema,
  writeResultSchema,
} from '@tms/contracts/policies';
import { requireUser } from '../../plugins/auth.ts';
import * as departmentPolicies from './department-policy.service.ts';
import { answerImport, importPolicies, readPolicyUpload, sendPolicyTemplate } from './policy.import.ts';
import type { PolicyDeps } from './policy.service.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/** Department policies (spec 002 §2 Current Department Policy; the paths are ours, the spec does not show them). */
export async function departmentPolicyRoutes(fastify: FastifyInstance, deps: PolicyDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['policies'];

  app.get(
    DEPARTMENT_POLICY_PATH,
    { config: { access: POLICY_READERS, scope: 'all' }, schema: { tags, querystring: departmentPolicyQuerySchema, response: { 200: departmentPolicyListResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', ...(await departmentPolicies.list(deps, request.query)) }),
  );

  app.post(
    DEPARTMENT_SET_POLICY_PATH,
    { config: { access: POLICY_WRITERS, scope: 'all' }, schema: { tags, body: departmentSetPolicySchema, response: { 200: writeResultSchema, ...errors } } },
    async (request) => ({ code: 200, message: M.setSuccess, data: await departmentPolicies.setPolicy(deps, requireUser(request), request.body) }),
  );

  app.put(
    DEPARTMENT_EDIT_POLICY_PATH,
    { config: { access: POLICY_WRITERS, scope: 'all' }, schema: { tags, body: editPolicySchema, response: { 200: writeResultSchema, ...errors } } },
    async (request) => ({ code: 200, message: M.editSuccess, data: await departmentPolicies.edit(deps, requireUser(request), request.body) }),
  );

  app.delete(
    DEPARTMENT_DELETE_POLICY_PATH,
    { config: { access: POLICY_WRITERS, scope: 'all' }, schema: { tags, params: idPathSchema, response: { 200: writeResultSchema, ...errors } } },
    async (request) => ({ code: 200, message: M.deleteSuccess, data: await departmentPolicies.remove(deps, requireUser(request), request.params.id) }),
  );

  app.get(
    DEPARTMENT_POLICY_HISTORY_PATH,
    { config: { access: POLICY_READERS, scope: 'all' }, schema: { tags, params: idPathSchema, response: { 200: historyResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', data: await departmentPolicies.history(deps, request.params.id) }),
  );

  app.post(DEPARTMENT_POLICY_IMPORT_PATH, { config: { access: POLICY_WRITERS, scope: 'all' }, schema: { tags, consumes: ['multipart/form-data'] } }, async (request, reply) => {
    const user = requireUser(request);
    const upload = await readPolicyUpload(request, 'department');
    const result = await importPolicies(deps, 'department', upload, (rows) => departmentPolicies.writeMany(deps, user, rows));
    return answerImport(reply, 'department', upload, result);
  });

  app.get(DEPARTMENT_POLICY_TEMPLATE_PATH, { config: { access: POLICY_READERS, scope: 'none' }, schema: { tags } }, async (_request, reply) =>
    sendPolicyTemplate(reply, 'department', deps.clock.today(), DEPARTMENT_POLICY_TEMPLATE_FILE),
  );
}
