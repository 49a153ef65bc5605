import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import {
  NOTIFICATIONS_PATH,
  NOTIFICATIONS_READ_ALL_PATH,
  NOTIFICATIONS_UNREAD_PATH,
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationReadAllQuerySchema,
  notificationReadAllResponseSchema,
  notificationReadResponseSchema,
  notificationUnreadResponseSchema,
} from '@tms/contracts/notifications';
import { requireUser } from '../../plugins/auth.ts';
import * as notifications from './notifications.service.ts';

const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema };

/** In-app notifications (spec 001 §7.4, RULES.md §8): every signed-in user reads and marks their own. */
export async function notificationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db };
  const tags = ['notifications'];
  const config = { access: 'signed-in' as const, scope: 'own' as const };

  app.get(
    NOTIFICATIONS_PATH,
    { config, schema: { tags, querystring: notificationListQuerySchema, response: { 200: notificationListResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', ...(await notifications.list(deps, requireUser(request), request.query)) }),
  );

  app.get(
    NOTIFICATIONS_UNREAD_PATH,
    { config, schema: { tags, response: { 200: notificationUnreadResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', data: await notifications.unread(deps, requireUser(request)) }),
  );

  app.put(
    NOTIFICATIONS_READ_ALL_PATH,
    { config, schema: { tags, querystring: notificationReadAllQuerySchema, response: { 200: notificationReadAllResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', data: await notifications.markAllRead(deps, requireUser(request), request.query.kind) }),
  );

  app.put(
    `${NOTIFICATIONS_PATH}/:id`,
    { config, schema: { tags, params: notificationIdParamsSchema, response: { 200: notificationReadResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', data: await notifications.markRead(deps, requireUser(request), request.params.id) }),
  );
}
