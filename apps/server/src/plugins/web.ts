import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { notFound } from '../lib/errors.ts';

/** The HTML shell is revalidated on every load, so a new release reaches users at once (issue 7 §4). */
export const SHELL_CACHE_CONTROL = 'no-cache';
/** Vite names every file under assets/ by its content hash: a new release has new names, so they never change. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app; any non-API path answers index.html so the client router decides (SPA). Only hashed
 * files under assets/ are cached long; index.html (as `/`, `/index.html` or a client route) and other files are
 * revalidated each time.
 */
export async function webPlugin(app: FastifyInstance, opts: { root: string }) {
  if (!fs.existsSync(path.join(opts.root, 'index.html'))) {
    app.log.warn({ root: opts.root }, 'web app not built: run `npm run build`');
    return;
  }
  const assets = path.join(path.resolve(opts.root), 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: opts.root,
    wildcard: false,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('Cache-Control', path.resolve(filePath).startsWith(assets) ? ASSET_CACHE_CONTROL : SHELL_CACHE_CONTROL);
    },
  });
  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (request.url.startsWith('/api/')) throw notFound();
    return reply.sendFile('index.html');
  });
}
