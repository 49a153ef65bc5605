import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MESSAGES_COMMON } from '@tms/contracts/api';
import { describeMessage, type MessageParams, type MessageRef } from '@tms/contracts/i18n/server-messages';
import { AppError } from '../lib/errors.ts';

type ErrorBody = { code: number; message: string; messages?: string[]; data: null };
type KeyedErrorBody<T extends ErrorBody> = T & { messageKey?: string; params?: MessageParams; details?: (MessageRef | null)[] };

/**
 * The body with the key and parameters of each of its texts beside them (issue 25): `messageKey`/`params` for
 * `message`, `details[i]` for `messages[i]` (null where a text has no key, as Fastify's own and zod's defaults).
 * The English texts stay as they are: they are the contract.
 */
export function withMessageKeys<T extends ErrorBody>(body: T): KeyedErrorBody<T> {
  const keyed: KeyedErrorBody<T> = withMessageKey(body);
  if (body.messages) keyed.details = messageDetails(body.messages);
  return keyed;
}

/** The key and parameters of each text of a list (null for a text with no key): an envelope's `details`. */
export function messageDetails(messages: readonly string[]): (MessageRef | null)[] {
  return messages.map(describeMessage);
}

/** The body with `messageKey`/`params` of its `message` beside it, when the message has a key; else as it is. */
function withMessageKey<T extends { message: string }>(body: T): T & { messageKey?: string; params?: MessageParams } {
  const ref = describeMessage(body.message);
  return ref ? { ...body, messageKey: ref.key, params: ref.params } : { ...body };
}

type BatchItem = { code: number; message: string };
const isBatchItem = (item: unknown): item is BatchItem =>
  typeof item === 'object' && item !== null && typeof (item as BatchItem).code === 'number' && typeof (item as BatchItem).message === 'string' && !('messageKey' in item);

/**
 * A batch answer (RULES.md §1: `data` lists one `{ code, message }` per item, with 200, 207 or 400) with each item's
 * message keyed like the envelope's, so the web shows every item in the reader's language. Other bodies as they are.
 */
function withItemMessageKeys<T>(payload: T): T {
  if (typeof payload !== 'object' || payload === null) return payload;
  const data = (payload as { data?: unknown }).data;
  if (!Array.isArray(data) || data.length === 0 || !data.every(isBatchItem)) return payload;
  return { ...payload, data: data.map(withMessageKey) };
}

function isUnkeyedErrorBody(payload: unknown): payload is ErrorBody {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return false;
  const body = payload as Record<string, unknown>;
  return typeof body.message === 'string' && body.data === null && !('messageKey' in body) && !('details' in body);
}

/** The envelope's generic word (RULES.md §1): the web shows its own text instead, so it needs no key. */
const GENERIC_SUCCESS = 'Success';

/** A success answer whose message says more than the generic 'Success' (e.g. 'Create employee successfully!'). */
function isKeyableSuccessBody(payload: unknown): payload is { message: string; messageKey?: string } {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return false;
  const body = payload as Record<string, unknown>;
  return typeof body.message === 'string' && body.message !== GENERIC_SUCCESS && 'code' in body && !('messageKey' in body);
}

/**
 * Shapes every failure into `{ code, message, messages?, messageKey?, params?, details?, data: null }` with HTTP
 * status = code (RULES.md §1). A 5xx is logged with the request id and answered without details.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  const send = (status: number, body: Omit<ErrorBody, 'code' | 'data'>) => withMessageKeys({ code: status, ...body, data: null });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(send(error.statusCode, { message: error.message, messages: error.messages }));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const messages = error.validation.map((v) => v.message ?? MESSAGES_COMMON.invalidRequest);
      return reply.status(400).send(send(400, { message: messages[0] ?? MESSAGES_COMMON.invalidRequest, messages }));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause?.issues }, 'response does not match its contract');
      return reply.status(500).send(send(500, { message: MESSAGES_COMMON.internal }));
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // A JSON body over the route's limit (e.g. a device batch): not a file, so not the spec's file text.
      return reply.status(413).send(send(413, { message: MESSAGES_COMMON.bodyTooLarge }));
    }
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT') {
      return reply.status(413).send(send(413, { message: MESSAGES_COMMON.fileTooLarge }));
    }
    if (status === 415) return reply.status(415).send(send(415, { message: MESSAGES_COMMON.fileWrongFormat }));
    if (status === 429) return reply.status(429).send(send(429, { message: MESSAGES_COMMON.tooManyRequests }));
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, ...): say what, never how the server works.
      return reply.status(status).send(send(status, { message: error.message }));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(send(500, { message: MESSAGES_COMMON.internal }));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(send(404, { message: MESSAGES_COMMON.notFound }));
  });

  // Failures a route answers itself (the sign-in's `errorMessage` body, a result code) and the items of a batch
  // answer get their keys here, so no route has to remember them.
  app.addHook('preSerialization', async (_request, reply, payload) => {
    if (reply.statusCode >= 400 && isUnkeyedErrorBody(payload)) return withMessageKeys(payload);
    // A success, or a batch that failed for every item (400 with its items in `data`).
    const body = withItemMessageKeys(payload);
    return isKeyableSuccessBody(body) ? withMessageKey(body) : body;
  });
});
