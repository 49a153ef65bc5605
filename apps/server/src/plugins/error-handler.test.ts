import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BONUS_LEAVE_PATH } from '@tms/contracts/bonus-leave';
import { MESSAGES_COMMON } from '@tms/contracts/api';
import { AUTH_MESSAGES } from '@tms/contracts/auth-messages';
import { JOB_MESSAGES, jobStatusPath } from '@tms/contracts/jobs';
import { PROJECT_LEAVE_MESSAGES } from '@tms/contracts/project-leave';
import { REQUEST_MESSAGES, REQUEST_RULE_MESSAGES, requestBatchResponseSchema } from '@tms/contracts/requests';
import { WEEKDAYS, WORK_SCHEDULE_CREATE_PATH, WORK_SCHEDULE_MESSAGES, workScheduleActivePath } from '@tms/contracts/work-schedule-config';
import { badRequest } from '../lib/errors.ts';
import { defineJob, enqueueJob, NO_PAYLOAD, runDueJobs } from '../lib/jobs.ts';
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
    app.get('/api/test/refused', { config: { access: 'public' } }, async () => {
      throw badRequest(REQUEST_RULE_MESSAGES.locked, [REQUEST_RULE_MESSAGES.locked, PROJECT_LEAVE_MESSAGES.notMember('an.nguyen', 'PRJ (1)+*'), 'A text of no table']);
    });
    // A batch answer (RULES.md §1: per-item `{ code, message }`), through the contract's response schema.
    const items = [
      { code: 200, message: REQUEST_MESSAGES.success, username: 'staff', id: 7 },
      { code: 400, message: REQUEST_RULE_MESSAGES.overlapping, username: 'staff2' },
      { code: 404, message: PROJECT_LEAVE_MESSAGES.notMember('an.nguyen', 'PRJ01'), username: 'an.nguyen' },
      { code: 400, message: 'A text of no table', username: 'x' },
    ];
    const batch = { config: { access: 'public' }, schema: { response: { 207: requestBatchResponseSchema, 400: requestBatchResponseSchema } } } as const;
    app.post('/api/test/batch', batch, async (_request, reply) => reply.code(207).send({ code: 207, message: REQUEST_MESSAGES.success, data: items }));
    app.post('/api/test/batch-none', batch, async (_request, reply) => reply.code(400).send({ code: 400, message: REQUEST_RULE_MESSAGES.overlapping, data: items.slice(1, 2) }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('names each item of a batch answer with its key and parameters, on a partial success and on a failure', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/batch' });
    expect(res.statusCode).toBe(207);
    expect(res.json().data).toEqual([
      { code: 200, message: 'Success', messageKey: expect.any(String), params: {}, username: 'staff', id: 7 },
      { code: 400, message: REQUEST_RULE_MESSAGES.overlapping, messageKey: 'requestRule.overlapping', params: {}, username: 'staff2' },
      { code: 404, message: 'Staff an.nguyen is not a member of project PRJ01', messageKey: 'projectLeave.notMember', params: { username: 'an.nguyen', projectCode: 'PRJ01' }, username: 'an.nguyen' },
      { code: 400, message: 'A text of no table', username: 'x' },
    ]);
    const none = await app.inject({ method: 'POST', url: '/api/test/batch-none' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ message: REQUEST_RULE_MESSAGES.overlapping, messageKey: 'requestRule.overlapping', data: [{ code: 400, messageKey: 'requestRule.overlapping', params: {} }] });
  });

  it('answers an unexpected failure 500 with a generic message, no stack and no SQL', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, message: MESSAGES_COMMON.internal, messageKey: 'common.internal', params: {}, data: null });
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
    expect(res.json()).toEqual({ code: 413, message: 'Request body is too large', messageKey: 'common.bodyTooLarge', params: {}, data: null });
  });

  // Issue 25: beside each English text its stable key and parameters; the English stays verbatim.
  it('names an AppError and each of its messages, null for a text no table has, whatever the language', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/refused', headers: { 'accept-language': 'vi' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 400,
      message: REQUEST_RULE_MESSAGES.locked,
      messages: [REQUEST_RULE_MESSAGES.locked, 'Staff an.nguyen is not a member of project PRJ (1)+*', 'A text of no table'],
      messageKey: expect.stringMatching(/\.locked$/),
      params: {},
      details: [{ key: expect.stringMatching(/\.locked$/), params: {} }, { key: 'projectLeave.notMember', params: { username: 'an.nguyen', projectCode: 'PRJ (1)+*' } }, null],
      data: null,
    });
  });

  it('answers an unsupported content type 415 in the envelope', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'text/xml' }, payload: '<a/>' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 415, data: null });
  });
});

/** Issue 25: beside each English text the envelope carries its stable key and parameters; the English stays verbatim. */
describe('message keys in the error envelope', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('names the zod validation messages of a real route', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api${workScheduleActivePath(1)}`, headers: await t.as('hr'), payload: {} });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.messages).toEqual([WORK_SCHEDULE_MESSAGES.activeRequired, WORK_SCHEDULE_MESSAGES.versionRequired]);
    expect(body).toMatchObject({ message: WORK_SCHEDULE_MESSAGES.activeRequired, messageKey: 'workSchedule.activeRequired', params: {} });
    expect(body.details).toEqual([{ key: 'workSchedule.activeRequired', params: {} }, { key: expect.stringMatching(/\.versionRequired$/), params: {} }]);
  });

  it('names a message built from values with its parameters (a weekday label here)', async () => {
    const days = WEEKDAYS.map((w) => ({ day: w.day, key: w.key, workingDay: w.day <= 5, startTime: w.day === 1 ? null : '08:30', endTime: '17:30', workingTime: 8, minimumWorkingTime: 8, continuousWorkingTime: 3.5, breakTime: 1 }));
    const res = await t.app.inject({ method: 'POST', url: `/api${WORK_SCHEDULE_CREATE_PATH}`, headers: await t.as('hr'), payload: { code: 'KEYS', type: 'HCM', name: 'Keys', days } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: WORK_SCHEDULE_MESSAGES.timesRequired('Monday'),
      messageKey: 'workSchedule.timesRequired',
      params: { day: 'Monday' },
      details: [{ key: 'workSchedule.timesRequired', params: { day: 'Monday' } }],
    });
  });

  it('names a login failure, whose errorMessage is its message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: AUTH_MESSAGES.usernameRequired,
      errorMessage: AUTH_MESSAGES.usernameRequired,
      messageKey: 'auth.usernameRequired',
      params: {},
      details: [{ key: 'auth.usernameRequired', params: {} }, { key: 'auth.passwordRequired', params: {} }],
    });
  });

  it('answers an unknown address and Fastify\'s own failures without inventing a key for them', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/no/such/route' })).json()).toEqual({ code: 404, message: MESSAGES_COMMON.notFound, messageKey: 'common.notFound', params: {}, data: null });
    const bad = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"username": ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).not.toHaveProperty('messageKey');
  });

  it('gives a failed job\'s status the key of its error', async () => {
    const job = defineJob({ name: 'test-always-fails', payload: NO_PAYLOAD });
    const id = await enqueueJob(t.db, { job, createdBy: t.fixture.userIds.hr, maxAttempts: 1 });
    await runDueJobs(t.app);
    const res = await t.app.inject({ method: 'GET', url: `/api${jobStatusPath(id)}`, headers: await t.as('hr') });
    expect(res.json().data).toMatchObject({ status: 'failed', error: JOB_MESSAGES.failed, errorKey: 'job.failed', errorParams: {} });
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
