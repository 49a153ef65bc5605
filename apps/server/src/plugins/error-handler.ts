import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MESSAGES_COMMON } from '@tms/contracts/api';
import { AppError } from '../lib/errors.ts';

/**
 * Shapes every failure into `{ code, message, messages?, data: null }` with HTTP status = code (RULES.md §1).
 * A 5xx is logged with the request id and answered without details.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ code: error.statusCode, message: error.message, messages: error.messages, data: null });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const messages = error.validation.map((v) => v.message);
      return reply.status(400).send({ code: 400, message: messages[0] ?? 'Invalid request', messages, data: null });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause?.issues }, 'response does not match its contract');
      return reply.status(500).send({ code: 500, message: MESSAGES_COMMON.internal, data: null });
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // A JSON body over the route's limit (e.g. a device batch): not a file, so not the spec's file text.
      return reply.status(413).send({ code: 413, message: 'Request body is too large', data: null });
    }
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT') {
      return reply.status(413).send({ code: 413, message: MESSAGES_COMMON.fileTooLarge, data: null });
    }
    if (status === 415) return reply.status(415).send({ code: 415, message: MESSAGES_COMMON.fileWrongFormat, data: null });
    if (status === 429) return reply.status(429).send({ code: 429, message: MESSAGES_COMMON.tooManyRequests, data: null });
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, ...): say what, never how the server works.
      return reply.status(status).send({ code: status, message: error.message, data: null });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 500, message: MESSAGES_COMMON.internal, data: null });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ code: 404, message: MESSAGES_COMMON.notFound, data: null });
  });
});
