import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DELEGATION_MESSAGES as M,
  DELEGATION_PATHS as P,
  DELEGATION_USERS,
  delegationCreateSchema,
  delegationDeleteResponseSchema,
  delegationDeleteSchema,
  delegationDetailQuerySchema,
  delegationDetailResponseSchema,
  delegationEditSchema,
  delegationExplanationQuerySchema,
  delegationExplanationResponseSchema,
  delegationListQuerySchema,
  delegationListResponseSchema,
  delegatorListResponseSchema,
  delegatorPageResponseSchema,
  delegatorQuerySchema,
  memberListResponseSchema,
  memberOfDelegatorQuerySchema,
  memberQuerySchema,
  staffRangeListResponseSchema,
} from '@tms/contracts/delegation';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import { requireUser } from '../../plugins/auth.ts';
import * as delegations from './delegation.service.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/**
 * Delegation Management (spec 001 §2.9, §7.8; RULES.md §2: GROUP_LEAD, DULEAD, HR, HRM, ADMIN). Rows by the
 * visibility of docs/delegation.md, members by RULES.md §3, in SQL. Success is code 200 (spec 001 §7.8).
 */
export async function delegationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock };
  const tags = ['delegation'];
  const scoped = { access: DELEGATION_USERS, scope: 'employee-scope' as const };
  const open = { access: DELEGATION_USERS, scope: 'none' as const };

  app.get(P.list, { config: scoped, schema: { tags, querystring: delegationListQuerySchema, response: { 200: delegationListResponseSchema, ...errors } } }, async (request) => ({
    code: 200,
    message: M.success,
    ...(await delegations.list(deps, requireUser(request), request.query)),
  }));

  app.get(P.detail, { config: scoped, schema: { tags, querystring: delegationDetailQuerySchema, response: { 200: delegationDetailResponseSchema, ...errors } } }, async (request) => ({
    code: 200,
    message: M.success,
    data: await delegations.detail(deps, requireUser(request), request.query.id, request.query.employee),
  }));

  app.get(P.memberOfDelegator, { config: scoped, schema: { tags, querystring: memberOfDelegatorQuerySchema, response: { 200: staffRangeListResponseSchema, ...errors } } }, async (request) => ({
    code: 200,
    message: M.success,
    data: await delegations.membersOfDelegator(deps, requireUser(request), request.query.delegatorId, request.query.employee),
  }));

  app.get(P.explanations, { config: scoped, schema: { tags, querystring: delegationExplanationQuerySchema, response: { 200: delegationExplanationResponseSchema, ...errors } } }, async (request) => ({
    code: 200,
    message: M.success,
    ...(await delegations.explanations(deps, requireUser(request), request.query)),
  }));

  for (const [path, mode] of [[P.chooseDelegator, 'choose'], [P.searchDelegator, 'search']] as const) {
    app.get(path, { config: open, schema: { tags, querystring: delegatorQuerySchema, response: { 200: delegatorListResponseSchema, ...errors } } }, async (request) => ({
      code: 200,
      message: M.success,
      data: (await delegations.delegators(deps, mode, request.query)).items,
    }));
  }

  app.get(P.chooseDelegatorPageable, { config: open, schema: { tags, querystring: delegatorQuerySchema, response: { 200: delegatorPageResponseSchema, ...errors } } }, async (request) => {
    const { items, total } = await delegations.delegators(deps, 'pageable', request.query);
    return { code: 200, message: M.success, data: items, page: { page: request.query.page, size: request.query.size, total_element: total } };
  });

  for (const [path, mode] of [[P.chooseMember, 'choose'], [P.searchMember, 'search'], [P.allMembers, 'choose']] as const) {
    app.get(path, { config: scoped, schema: { tags, querystring: memberQuerySchema, response: { 200: memberListResponseSchema, ...errors } } }, async (request) => ({
      code: 200,
      message: M.success,
      data: await delegations.members(deps, requireUser(request), mode, request.query),
    }));
  }

  app.post(P.create, { config: scoped, schema: { tags, body: delegationCreateSchema, response: { 200: delegationDetailResponseSchema, ...errors } } }, async (request) => ({
    code: 200,
    message: M.created,
    data: await delegations.create(deps, requireUser(request), request.body),
  }));

  app.post(P.edit, { config: scoped, schema: { tags, body: delegationEditSchema, response: { 200: delegationDetailResponseSchema, ...errors } } }, async (request) => ({
    code: 200,
    message: M.updated,
    data: await delegations.edit(deps, requireUser(request), request.body),
  }));

  app.put(P.delete, { config: scoped, schema: { tags, body: delegationDeleteSchema, response: { 200: delegationDeleteResponseSchema, ...errors } } }, async (request) => ({
    code: 200,
    message: M.deleted,
    data: { deleted: await delegations.remove(deps, requireUser(request), request.body.delegate_list_id) },
  }));
}
