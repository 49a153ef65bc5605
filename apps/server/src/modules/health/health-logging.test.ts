import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createTestDatabase } from '../../test/database.ts';

let app: App;
let database: Database;
const lines: Array<{ level: number; msg: string; req?: { url: string }; reqId?: string }> = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  // The logger `npm start` uses: info by default.
  app = await buildApp({ database, config: { ...loadConfig({}), seedDemo: false }, logger: { level: 'info', stream } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('request logs at the default level (issue 7 §7)', () => {
  it('leaves health checks out and still logs other requests', async () => {
    lines.length = 0;
    for (let i = 0; i < 3; i += 1) expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(lines).toEqual([]);

    const other = await app.inject({ method: 'GET', url: '/api/auth/public-key' });
    expect(other.statusCode).toBe(200);
    expect(lines.some((l) => l.msg === 'incoming request' && l.req?.url === '/api/auth/public-key')).toBe(true);
    expect(lines.some((l) => l.msg === 'request completed')).toBe(true);
  });
});
