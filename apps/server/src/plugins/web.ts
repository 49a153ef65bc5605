import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { notFound } from '../lib/errors.ts';

/** Serves the built web app; any non-API path answers index.html so the client router decides (SPA). */
export async function webPlugin(app: FastifyInstance, opts: { root: string }) {
  if (!fs.existsSync(path.join(opts.root, 'index.html'))) {
    app.log.warn({ root: opts.root }, 'web app not built: run `npm run build`');
    return;
  }
  await app.register(fastifyStatic, { root: opts.root, wildcard: false, maxAge: '1h', immutable: false });
  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (request.url.startsWith('/api/')) throw notFound();
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
