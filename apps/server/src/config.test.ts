import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { fastifyTrustProxy, loadConfig, parseTrustProxy, type TrustProxy } from './config.ts';
import { queryRows } from './db/client.ts';
import { createTestDatabase } from './test/database.ts';

/**
 * TRUST_PROXY (issue 22 §4): with `true`, the leftmost `X-Forwarded-For` address was taken, so behind a proxy that
 * appends to the header a client chose its own address (and with it its sign-in limits). The client's address is now
 * the one the trusted hops saw.
 */
describe('parseTrustProxy', () => {
  it.each<[string | undefined, TrustProxy]>([
    [undefined, false],
    ['', false],
    ['false', false],
    ['0', false],
    ['true', { hops: 1 }],
    ['1', { hops: 1 }],
    ['2', { hops: 2 }],
    ['10.0.0.5', { addresses: ['10.0.0.5'] }],
    [' 10.0.0.0/8 , 192.168.1.1,::1 ', { addresses: ['10.0.0.0/8', '192.168.1.1', '::1'] }],
    ['loopback,uniquelocal,linklocal', { addresses: ['loopback', 'uniquelocal', 'linklocal'] }],
    ['fd00::/8', { addresses: ['fd00::/8'] }],
  ])('%j → %j', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
  });

  it.each(['yes', '10.0.0.0/33', '10.0.0.256', '10.0.0.0/8/1', 'fd00::/129', '1.5', '-1', 'loopback,proxy.local', '10.0.0.1,'])('refuses %j at start', (value) => {
    expect(() => parseTrustProxy(value)).toThrow(/^TRUST_PROXY: /);
  });

  it('is read from the environment', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual({ hops: 1 });
  });
});

describe('the client address each form gives (request.ip)', () => {
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  async function clientAddress(trust: TrustProxy, socket: string, forwardedFor?: string): Promise<string> {
    const app = Fastify({ trustProxy: fastifyTrustProxy(trust) });
    apps.push(app);
    app.get('/ip', async (request) => request.ip);
    const res = await app.inject({ method: 'GET', url: '/ip', remoteAddress: socket, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } });
    return res.body;
  }

  // A client (203.0.113.7) writes its own header "6.6.6.6"; its proxy appends what it saw; maybe a second proxy too.
  const ONE_PROXY = '6.6.6.6, 203.0.113.7';
  const TWO_PROXIES = '6.6.6.6, 203.0.113.7, 10.0.0.9';

  it('false: the socket address, whatever the header says', async () => {
    expect(await clientAddress(false, '10.0.0.2', ONE_PROXY)).toBe('10.0.0.2');
  });

  it('true means one hop: the address the proxy saw, not the one the client wrote', async () => {
    expect(await clientAddress(parseTrustProxy('true'), '10.0.0.2', ONE_PROXY)).toBe('203.0.113.7');
    expect(await clientAddress(parseTrustProxy('true'), '10.0.0.2', '203.0.113.7')).toBe('203.0.113.7');
    expect(await clientAddress(parseTrustProxy('true'), '10.0.0.2')).toBe('10.0.0.2');
  });

  it('a number of hops: the address the farthest trusted proxy saw', async () => {
    expect(await clientAddress(parseTrustProxy('2'), '10.0.0.2', TWO_PROXIES)).toBe('203.0.113.7');
    expect(await clientAddress(parseTrustProxy('1'), '10.0.0.2', TWO_PROXIES)).toBe('10.0.0.9');
  });

  it('a list of proxies: the first address from the right that is not a listed proxy; a direct client is itself', async () => {
    const trust = parseTrustProxy('10.0.0.0/8');
    expect(await clientAddress(trust, '10.0.0.2', TWO_PROXIES)).toBe('203.0.113.7');
    expect(await clientAddress(trust, '10.0.0.2', ONE_PROXY)).toBe('203.0.113.7');
    // Not from a listed proxy: the header is the client's own text and is ignored.
    expect(await clientAddress(trust, '198.51.100.1', ONE_PROXY)).toBe('198.51.100.1');
    expect(await clientAddress(parseTrustProxy('loopback, 10.0.0.9'), '127.0.0.1', TWO_PROXIES)).toBe('203.0.113.7');
  });
});

describe('the app honours TRUST_PROXY', () => {
  it('counts a failed sign-in behind one proxy against the address the proxy saw', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ database, config: { ...loadConfig({ TRUST_PROXY: 'true' }), seedDemo: false } });
    try {
      await app.ready();
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.7' },
        payload: { username: 'AAAA', password: 'AAAA' },
      });
      expect(res.statusCode).toBe(401);
      const rows = await queryRows<{ ip: string }>(database.db, sql`select ip from login_attempts`);
      expect(rows.map((r) => r.ip)).toEqual(['203.0.113.7']);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

/**
 * A relative DATA_DIR / BACKUP_DIR names a folder beside where the user typed the command (found following the
 * README: `DATA_DIR=./copy npm run restore` wrote into the repository folder while `DATA_DIR=./copy npm start`, which
 * runs the server from apps/server, seeded a new company in apps/server/copy).
 */
describe('relative folders', () => {
  it('resolve against the folder npm was run from (INIT_CWD), else the working directory; absolute ones stay', () => {
    expect(loadConfig({ DATA_DIR: './copy', INIT_CWD: '/srv/tms' }).dataDir).toBe('/srv/tms/copy');
    expect(loadConfig({ DATA_DIR: './copy', BACKUP_DIR: 'bk', INIT_CWD: '/srv/tms' }).backup.dir).toBe('/srv/tms/bk');
    expect(loadConfig({ DATA_DIR: '/data/tms', INIT_CWD: '/srv/tms' }).dataDir).toBe('/data/tms');
    expect(loadConfig({ DATA_DIR: 'copy' }).dataDir).toBe(`${process.cwd()}/copy`);
  });
});
