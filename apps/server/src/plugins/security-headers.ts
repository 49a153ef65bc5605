import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/**
 * The Content-Security-Policy of every answer (issue 7 §4). Scripts only from this origin, never inline or eval;
 * styles may be inline because Ant Design's CSS-in-JS writes `<style>` elements and `style` attributes at run time.
 * The built web app and the Swagger UI at /api/docs load nothing from elsewhere. No `upgrade-insecure-requests`:
 * an intranet served over plain HTTP must keep working; HSTS covers TLS deployments.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'connect-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
} as const;

/**
 * Browser features: the location and the camera for our own pages only (the self check-in page asks for the location,
 * the kiosk for its camera to read QR codes; docs/self-check-in.md), refused to anything embedded; the rest the app
 * never uses, refused everywhere.
 */
export const PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=(self), payment=(), usb=(), interest-cohort=()';

export const HSTS = 'max-age=31536000; includeSubDomains';

/** Swagger UI's own scripts, styles and images: public and the same for everyone, so they may be cached. */
const DOCS_STATIC_PREFIX = '/api/docs/static/';

function isApi(request: FastifyRequest): boolean {
  return request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
}

/**
 * Security headers for every answer (issue 7 §4): helmet's set with the policy above, `frame-ancestors 'none'`
 * and `X-Frame-Options: DENY`, `Referrer-Policy: no-referrer`, `Cross-Origin-Opener-Policy: same-origin`, a
 * Permissions-Policy, and HSTS only for a request that arrived over TLS (`request.protocol` honours TRUST_PROXY).
 * Every /api answer, downloads included, is `Cache-Control: no-store`: it may carry personal data and a session's
 * view of it. The web shell and its assets set their own caching (plugins/web.ts).
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    // Set below, only when the request came over TLS: an HTTP-only intranet must not be told to require HTTPS.
    hsts: false,
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    if (isApi(request) && !request.url.startsWith(DOCS_STATIC_PREFIX)) reply.header('Cache-Control', 'no-store');
  });
});
