import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_UPLOAD_BYTES } from '@tms/contracts/api';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { dbPlugin } from './plugins/db.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { authPlugin } from './plugins/auth.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { registerModules } from './modules/registry.ts';

export type BuildAppOptions = {
  database: Database;
  config: Config;
  logger?: FastifyServerOptions['logger'];
  /** Sees every route as it is registered (the access-matrix test walks them). */
  onRoute?: (route: RouteOptions) => void;
};

/** Plugins in a fixed order: external → app → modules (ARCHITECTURE.md). */
export async function buildApp(opts: BuildAppOptions) {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: opts.config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 2 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // external
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 10, fields: 20, fieldSize: 1024 * 1024 } });
  await app.register(swagger, {
    openapi: { info: { title: 'TMS API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });

  // app
  await app.register(dbPlugin, { database: opts.database, config: opts.config });
  await app.register(errorHandlerPlugin);
  await app.register(authPlugin);

  // modules
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(registerModules, { prefix: '/api' });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
