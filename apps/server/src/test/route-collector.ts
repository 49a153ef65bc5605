import type { RouteOptions } from 'fastify';
import type { RouteAccess } from '@tms/contracts/routes';

export type CollectedRoute = {
  method: string;
  /** The full path as registered, prefix included, with its `:param` placeholders. */
  url: string;
  /** `config.access` as declared; undefined when the route declares none. */
  access: RouteAccess | undefined;
};

/**
 * Records every route as the app registers it: pass `onRoute` to `createTestApp` / `buildApp` (Fastify has no
 * public route list after `ready`). HEAD routes are left out: Fastify adds one per GET with the same options.
 */
export function createRouteCollector() {
  const seen = new Map<string, CollectedRoute>();
  return {
    onRoute(route: RouteOptions) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD') continue;
        const key = `${method} ${route.url}`;
        if (!seen.has(key)) seen.set(key, { method, url: route.url, access: route.config?.access });
      }
    },
    routes(): CollectedRoute[] {
      return [...seen.values()];
    },
  };
}
