import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BONUS_LEAVE_PATH } from '@tms/contracts/bonus-leave';
import { MESSAGES_COMMON } from '@tms/contracts/api';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createTestDatabase } from '../test/database.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

/** RULES.md §1: the HTTP status equals `code`; a 5xx never carries a stack trace or SQL. */
describe('error envelope', () => {
  let database: Database;
  let app: App;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({ database, config: { ...loadConfig({}), seedDemo: false } });
    app.get('/api/test/boom', { config: { access: 'public' } }, async () => {
      throw new Error('relation "secret_table" does not exist: select * from secret_table where password = $1');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers an unexpected failure 500 with a generic message, no stack and no SQL', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, message: MESSAGES_COMMON.internal, data: null });
    expect(res.body).not.toMatch(/secret_table|select|at .*\.ts/);
  });

  it('answers malformed JSON 400 in the envelope', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"username": ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, data: null });
  });

  it('answers a JSON body over the limit 413 without the file-size text', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ username: 'x'.repeat(3 * 1024 * 1024) }) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 413, message: 'Request body is too large', data: null });
  });

  it('answers an unsupported content type 415 in the envelope', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'text/xml' }, payload: '<a/>' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 415, data: null });
  });
});

describe('upload limits on a real import route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a file over 5,242,880 bytes with 413 and the spec text', async () => {
    const boundary = 'X-BOUNDARY-413';
    const big = Buffer.alloc(5_242_881, 0x41);
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      big,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${BONUS_LEAVE_PATH}/import`,
      headers: { ...(await t.as('hr')), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 413, message: MESSAGES_COMMON.fileTooLarge });
  });
});
