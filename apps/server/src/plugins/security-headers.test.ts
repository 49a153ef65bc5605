import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BONUS_LEAVE_PATH } from '@tms/contracts/bonus-leave';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { HSTS, PERMISSIONS_POLICY, securityHeadersPlugin } from './security-headers.ts';
import { ASSET_CACHE_CONTROL, SHELL_CACHE_CONTROL, webPlugin } from './web.ts';

/** The CSP as a map of directive → sources. */
function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(typeof header).toBe('string');
  const directives = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

/** What every answer carries, whatever serves it (issue 7 §4). */
function expectSecurityHeaders(res: LightMyRequestResponse): void {
  const policy = csp(res);
  const scripts = policy.get('script-src') ?? policy.get('default-src')!;
  expect(scripts).toEqual(["'self'"]);
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(policy.get('script-src-attr')).toEqual(["'none'"]);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  // Ant Design's CSS-in-JS writes inline styles; nothing else is let in.
  expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  expect(policy.has('upgrade-insecure-requests')).toBe(false);
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  expect(res.headers['permissions-policy']).toContain('microphone=()');
  // The self check-in page reads the location, the kiosk its camera: allowed to our own origin only.
  expect(res.headers['permissions-policy']).toContain('geolocation=(self)');
  expect(res.headers['permissions-policy']).toContain('camera=(self)');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
}

describe('the API (real app, real database)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends the security headers and no-store on an authenticated answer, without HSTS over plain HTTP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tms/user/detail', headers: await t.as('staff') });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends no-store on a download', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api${BONUS_LEAVE_PATH}/template`, headers: await t.as('hr') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment/);
    expectSecurityHeaders(res);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['401', '/api/tms/user/detail'],
    ['404', '/api/nothing-here'],
    ['health', '/api/health'],
    ['OpenAPI document', '/api/docs/json'],
  ])('sends the headers and no-store on %s', async (_name, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expectSecurityHeaders(res);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('does not send HSTS for x-forwarded-proto https unless the proxy is trusted (TRUST_PROXY false here)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('serves the Swagger UI at /api/docs under the same policy; its static files load from this origin', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expectSecurityHeaders(page);
    // No inline script to allow: every script is a file of this origin.
    const html = page.body;
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    for (const src of [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!)) {
      const url = new URL(src, 'http://localhost/api/docs/').pathname;
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectSecurityHeaders(res);
    }
  });
});

describe('HSTS behind a trusted proxy', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ trustProxy: true });
    await app.register(securityHeadersPlugin);
    app.get('/api/ping', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends HSTS only when the request arrived over TLS', async () => {
    const tls = await app.inject({ method: 'GET', url: '/api/ping', headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toBe(HSTS);
    expect(tls.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    const plain = await app.inject({ method: 'GET', url: '/api/ping', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const direct = await app.inject({ method: 'GET', url: '/api/ping' });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the web shell and its assets', () => {
  let app: FastifyInstance;
  let root: string;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tms-web-'));
    fs.mkdirSync(path.join(root, 'assets'));
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/x-abc123.js"></script></head><body></body></html>');
    fs.writeFileSync(path.join(root, 'assets', 'x-abc123.js'), 'console.log(1);');
    fs.writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = Fastify();
    await app.register(securityHeadersPlugin);
    await app.register(webPlugin, { root });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it.each(['/', '/index.html', '/timesheet', '/timesheet/request-management?tab=1'])('serves the HTML shell at %s as no-cache', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe(SHELL_CACHE_CONTROL);
    expect(res.headers['cache-control']).not.toMatch(/max-age/);
    expectSecurityHeaders(res);
  });

  it('lets hashed assets be cached for a year', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/x-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(ASSET_CACHE_CONTROL);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(res);
  });

  it('revalidates other files at the root, whose names do not change between releases', async () => {
    const res = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(SHELL_CACHE_CONTROL);
  });
});
