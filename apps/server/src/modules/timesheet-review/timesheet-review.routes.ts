import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import {
  TIMESHEET_COMMENT_USERS,
  TIMESHEET_INFO_READERS,
  TIMESHEET_REVIEW_MESSAGES as M,
  TIMESHEET_REVIEW_REQUESTERS,
  TIMESHEET_REVIEWERS,
  TIMESHEETS_PATH as P,
  commentCreateSchema,
  commentDeleteQuerySchema,
  commentDeleteResponseSchema,
  commentListResponseSchema,
  commentParamsSchema,
  commentResponseSchema,
  commentUpdateSchema,
  requestReviewBodySchema,
  reviewBodySchema,
  timesheetIdParamsSchema,
  timesheetInfoResponseSchema,
  timesheetPathParamsSchema,
} from '@tms/contracts/timesheet-review';
import { badRequest } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { createComment, deleteComment, info, listComments, requestReview, review, updateComment } from './timesheet-review.service.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/** RULES.md §1: the record's version from the body, else from `If-Match` (`3`, `"3"` or `W/"3"`). */
function versionOf(request: FastifyRequest, fromBody: number | null | undefined): number | undefined {
  if (fromBody !== undefined && fromBody !== null) return fromBody;
  const header = request.headers['if-match'];
  if (header === undefined || header === '*') return undefined;
  const m = /^\s*(?:W\/)?"?([1-9]\d{0,9})"?\s*$/.exec(header);
  if (!m || Number(m[1]) > 2_147_483_647) throw badRequest(M.versionInvalid);
  return Number(m[1]);
}

/** Review flow and comments of payroll-period timesheets (spec 001 §7.1, RULES.md §4); the lock-date calls are payroll-periods'. */
export async function timesheetReviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock };
  const tags = ['timesheet review'];
  const ok = <T>(data: T, message = 'Success') => ({ code: 200, message, data });

  app.get(
    `${P}/:id`,
    { config: { access: TIMESHEET_INFO_READERS, scope: 'none' }, schema: { tags, params: timesheetIdParamsSchema, response: { 200: timesheetInfoResponseSchema, ...errors } } },
    async (request) => ok(await info(deps, requireUser(request), request.params.id)),
  );

  app.put(
    `${P}/:timesheetId/request-review`,
    {
      config: { access: TIMESHEET_REVIEW_REQUESTERS, scope: 'none' },
      schema: { tags, params: timesheetPathParamsSchema, body: requestReviewBodySchema, response: { 200: timesheetInfoResponseSchema, ...errors } },
    },
    async (request) => {
      const version = versionOf(request, request.body?.version);
      return ok(await requestReview(deps, requireUser(request), request.params.timesheetId, version), M.sentForReview);
    },
  );

  app.put(
    `${P}/:timesheetId/review`,
    {
      config: { access: TIMESHEET_REVIEWERS, scope: 'none' },
      schema: { tags, params: timesheetPathParamsSchema, body: reviewBodySchema, response: { 200: timesheetInfoResponseSchema, ...errors } },
    },
    async (request) => {
      const version = versionOf(request, request.body.version);
      const result = await review(deps, requireUser(request), request.params.timesheetId, request.body, version);
      return ok(result.info, result.approved ? M.approved : M.rejected);
    },
  );

  app.get(
    `${P}/:timesheetId/comments`,
    { config: { access: TIMESHEET_COMMENT_USERS, scope: 'none' }, schema: { tags, params: timesheetPathParamsSchema, response: { 200: commentListResponseSchema, ...errors } } },
    async (request) => ok(await listComments(deps, requireUser(request), request.params.timesheetId)),
  );

  app.post(
    `${P}/:timesheetId/comments`,
    {
      config: { access: TIMESHEET_COMMENT_USERS, scope: 'none' },
      schema: { tags, params: timesheetPathParamsSchema, body: commentCreateSchema, response: { 200: commentResponseSchema, ...errors } },
    },
    async (request) => ok(await createComment(deps, requireUser(request), request.params.timesheetId, request.body), M.commentCreated),
  );

  app.put(
    `${P}/:timesheetId/comments`,
    {
      config: { access: TIMESHEET_COMMENT_USERS, scope: 'none' },
      schema: { tags, params: timesheetPathParamsSchema, body: commentUpdateSchema, response: { 200: commentResponseSchema, ...errors } },
    },
    async (request) => {
      const version = versionOf(request, request.body.version);
      return ok(await updateComment(deps, requireUser(request), request.params.timesheetId, request.body, version), M.commentUpdated);
    },
  );

  app.delete(
    `${P}/:timesheetId/comments/:comment_id`,
    {
      config: { access: TIMESHEET_COMMENT_USERS, scope: 'none' },
      schema: { tags, params: commentParamsSchema, querystring: commentDeleteQuerySchema, response: { 200: commentDeleteResponseSchema, ...errors } },
    },
    async (request) => {
      const { timesheetId, comment_id: commentId } = request.params;
      await deleteComment(deps, requireUser(request), timesheetId, commentId, versionOf(request, request.query.version));
      return ok({ comment_id: commentId }, M.commentDeleted);
    },
  );
}
