import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ICLOCK_BODY_LIMIT, ICLOCK_PATHS as P, ICLOCK_TEXTS as T, iclockQuerySchema, type IclockQuery } from '@tms/contracts/iclock';
import { AppError } from '../../lib/errors.ts';
import { commandResults, getRequest, handshake, ping, upload } from './iclock.service.ts';

const TEXT = 'text/plain; charset=utf-8';
const serialOf = (q: IclockQuery) => q.SN ?? q.sn;
const textReply = (reply: FastifyReply, text: string) => reply.type(TEXT).send(text);

/**
 * The ZKTeco ADMS / iClock push endpoints (issue 13; docs/attendance-devices.md), registered under /iclock — where
 * devices are configured to call — outside /api: plain text in and out, no session. Some firmware adds `.aspx` to
 * the paths; both forms are served.
 */
export async function iclockRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock };
  const schema = { tags: ['iclock'], querystring: iclockQuerySchema };
  const config = { access: 'public' as const, scope: 'none' as const };
  const paths = (path: string) => [path, `${path}.aspx`];

  // Devices send text with any content type, or none: every body is read as text, in this plugin only.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: ICLOCK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  // Devices read plain text: a refusal is its text, a server failure says nothing of the server.
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) return reply.status(400).type(TEXT).send(error.validation[0]?.message ?? 'Invalid request');
    const status = error instanceof AppError ? error.statusCode : (error.statusCode ?? 500);
    if (status >= 500) request.log.error({ err: error }, 'iclock request failed');
    return reply.status(status).type(TEXT).send(status >= 500 ? T.serverError : error.message);
  });

  for (const url of paths(P.cdata)) {
    app.get(url, { config, schema }, async (request, reply) => {
      const q = request.query;
      // Without `options` the call is a plain keep-alive of older firmware.
      if (q.options === undefined) return textReply(reply, await ping(deps, serialOf(q), request.ip));
      return textReply(reply, await handshake(deps, serialOf(q), request.ip, q.pushver));
    });
    app.post(url, { config, schema, bodyLimit: ICLOCK_BODY_LIMIT }, async (request, reply) => {
      const q = request.query;
      const body = typeof request.body === 'string' ? request.body : '';
      const outcome = await upload(deps, serialOf(q), request.ip, q.table, q.Stamp, body);
      return textReply(reply, outcome.text);
    });
  }
  for (const url of paths(P.getrequest)) {
    app.get(url, { config, schema }, async (request, reply) => textReply(reply, await getRequest(deps, serialOf(request.query), request.ip, request.query.INFO)));
  }
  for (const url of paths(P.devicecmd)) {
    app.post(url, { config, schema }, async (request, reply) =>
      textReply(reply, await commandResults(deps, serialOf(request.query), request.ip, typeof request.body === 'string' ? request.body : '')),
    );
  }
  app.get(P.ping, { config, schema }, async (request, reply) => textReply(reply, await ping(deps, serialOf(request.query), request.ip)));
}
