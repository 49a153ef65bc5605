import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import {
  CONNECTION_HISTORIES_PATH,
  LOG_LISTS_PATH,
  LOGS_ACCESS,
  MAIL_OUTBOX_ACCESS,
  MAIL_OUTBOX_PATH,
  connectionHistoryQuerySchema,
  connectionHistoryResponseSchema,
  logListQuerySchema,
  logListResponseSchema,
  mailOutboxQuerySchema,
  mailOutboxResponseSchema,
} from '@tms/contracts/logs';
import * as logs from './logs.service.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema };

/** Logs: logs list, connection history and the mail outbox (spec 002 §2 Logs; RULES.md §8). */
export async function logsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock };
  const tags = ['logs'];

  app.get(
    LOG_LISTS_PATH,
    { config: { access: LOGS_ACCESS, scope: 'all' }, schema: { tags, querystring: logListQuerySchema, response: { 200: logListResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', ...(await logs.logList(deps, request.query)) }),
  );

  app.get(
    CONNECTION_HISTORIES_PATH,
    { config: { access: LOGS_ACCESS, scope: 'none' }, schema: { tags, querystring: connectionHistoryQuerySchema, response: { 200: connectionHistoryResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', ...(await logs.connectionHistories(deps, request.query)) }),
  );

  app.get(
    MAIL_OUTBOX_PATH,
    { config: { access: MAIL_OUTBOX_ACCESS, scope: 'none' }, schema: { tags, querystring: mailOutboxQuerySchema, response: { 200: mailOutboxResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', ...(await logs.mailOutbox(deps, request.query)) }),
  );
}
