import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import multipart from '@fastify/multipart';
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_UPLOAD_BYTES } from '@tms/contracts/api';
import { fastifyTrustProxy, type Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import { dbPlugin } from './plugins/db.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { languagePlugin } from './plugins/language.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { authPlugin } from './plugins/auth.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { registerModules } from './modules/registry.ts';
import { iclockRoutes } from './modules/check-in-out/iclock.routes.ts';
import { recalculationPlugin } from './modules/recalculation/recalculation.plugin.ts';
import { ICLOCK_PREFIX } from '@tms/contracts/attendance-devices';
import { webhooksOpenApi } from '@tms/contracts/webhook-events';

/** The contracts build the webhooks object as plain JSON Schema (zod's output); this is its place in the document. */
type OpenApiWebhooks = Extract<NonNullable<FastifyDynamicSwaggerOptions['openapi']>, { webhooks?: unknown }>['webhooks'];

export type BuildAppOptions = {
  database: Database;
  config: Config;
  /** Business time; the system clock in the company zone when omitted (tests pass a settable one). */
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Sees every route as it is registered (the access-matrix test walks them). */
  onRoute?: (route: RouteOptions) => void;
};

/** Plugins in a fixed order: external → app → modules (ARCHITECTURE.md). */
export async function buildApp(opts: BuildAppOptions) {
  const app = Fastify({
    logger: opts.logger ?? false,
    // Which proxies may name the client's address (TRUST_PROXY, README): rate limits and logs use request.ip.
    trustProxy: fastifyTrustProxy(opts.config.trustProxy),
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 2 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // external
  await app.register(languagePlugin);
  await app.register(securityHeadersPlugin);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 10, fields: 20, fieldSize: 1024 * 1024 } });
  await app.register(swagger, {
    // OpenAPI 3.1 for its `webhooks`: each event an endpoint may subscribe to, with its payload (issue 30 §3).
    openapi: { openapi: '3.1.0', info: { title: 'TMS API', version: '1.0.0' }, webhooks: webhooksOpenApi() as OpenApiWebhooks },
    transform: jsonSchemaTransform,
  });
  // No validator badge: it would send the document's address to validator.swagger.io (and the CSP refuses it).
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', validatorUrl: null } });

  // app
  await app.register(dbPlugin, { database: opts.database, config: opts.config, clock: opts.clock });
  await app.register(errorHandlerPlugin);
  // Before every route: each request drains the recalculation it queued before it answers (docs/recalculation.md).
  await app.register(recalculationPlugin);
  await app.register(authPlugin);

  // modules
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(registerModules, { prefix: '/api' });
  // Attendance devices call where they are configured to (ZKTeco ADMS), outside /api and its JSON envelope.
  await app.register(iclockRoutes, { prefix: ICLOCK_PREFIX });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
