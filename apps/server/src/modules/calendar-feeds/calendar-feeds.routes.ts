import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CALENDAR_FEED_MAX_AGE_SECONDS,
  CALENDAR_FEED_PATHS as P,
  calendarFeedCreatedResponseSchema,
  calendarFeedCreateSchema,
  calendarFeedListResponseSchema,
  calendarFeedRevokedResponseSchema,
  calendarFeedScopeParamsSchema,
  feedTokenParamsSchema,
  myProfileResponseSchema,
} from '@tms/contracts/calendar-feeds';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import { requireUser } from '../../plugins/auth.ts';
import { currentLanguage } from '../../lib/request-language.ts';
import * as feeds from './calendar-feeds.service.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema };
const answers = <T>(ok: T) => ({ 200: ok, ...errors });
const ok = <T>(data: T) => ({ code: 200, message: 'Success', data });

/** An If-None-Match header names the ETag (a list, or `*`; a weak `W/` form compares equal, RFC 9110 §13.1.2). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/**
 * Calendar feeds (issue 30 §2; docs/integrations.md "Calendar feeds"): the signed-in user's feeds on My profile, and
 * the public feed a calendar client polls with the secret address.
 */
export async function calendarFeedsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: feeds.CalendarFeedsDeps = { db: app.db, clock: app.clock };
  const tags = ['calendar-feeds'];
  const own = { access: 'signed-in', scope: 'own' } as const;
  const appUrl = app.config.appUrl;
  // The address a client must reach: the public base when configured (behind a proxy), else what this request used.
  const originOf = (request: FastifyRequest) => appUrl ?? `${request.protocol}://${request.host}`;

  app.get(P.list, { config: own, schema: { tags, response: answers(calendarFeedListResponseSchema) } }, async (request) => ok(await feeds.listFeeds(deps, requireUser(request))));
  app.post(P.list, { config: own, schema: { tags, body: calendarFeedCreateSchema, response: answers(calendarFeedCreatedResponseSchema) } }, async (request) =>
    ok(await feeds.createFeed(deps, requireUser(request), request.body.scope, originOf(request))),
  );
  app.delete(P.one, { config: own, schema: { tags, params: calendarFeedScopeParamsSchema, response: answers(calendarFeedRevokedResponseSchema) } }, async (request) =>
    ok(await feeds.revokeFeed(deps, requireUser(request), request.params.scope)),
  );
  app.get(P.profile, { config: own, schema: { tags, response: answers(myProfileResponseSchema) } }, async (request) =>
    ok(await feeds.myProfile(deps, requireUser(request), currentLanguage())),
  );

  app.get(
    P.feed,
    {
      config: { access: 'public', scope: 'own' },
      schema: { tags, params: feedTokenParamsSchema },
      // Runs after the global hook that marks every /api answer no-store: a feed is the owner's alone, and clients
      // may keep it for 15 minutes instead of fetching it again on every poll.
      onSend: async (_request, reply) => {
        if (reply.statusCode === 200 || reply.statusCode === 304) reply.header('Cache-Control', `private, max-age=${CALENDAR_FEED_MAX_AGE_SECONDS}`);
      },
    },
    async (request, reply) => {
      const { body, etag } = await feeds.feedFor(deps, request.params.token);
      reply.header('ETag', etag);
      if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type('text/calendar; charset=utf-8').send(body);
    },
  );
}
