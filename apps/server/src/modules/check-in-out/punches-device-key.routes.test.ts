import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_KEYS_PATH, PUNCH_BATCH_MAX, PUNCH_MESSAGES as M, PUNCHES_PATH } from '@tms/contracts/punches';
import { createTestApp, type TestApp } from '../../test/harness.ts';

const PUNCHES = `/api${PUNCHES_PATH}`;
let t: TestApp;
let deviceKey: string;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'POST', url: `/api${DEVICE_KEYS_PATH}`, headers: await t.as('admin'), payload: { system: 'SPEEDGATE', description: 'Gate' } });
  expect(res.statusCode).toBe(200);
  deviceKey = res.json().data.key;
});
afterAll(() => t.close());

const punch = { system: 'SPEEDGATE', attendance_check_id: 'SG001', timestamp: '2026-01-07T08:00:00+07:00' };

/** Bodies that fail validation or parsing; with a valid key each is a 400, without one a 401. */
const badBodies: Array<[string, string, string]> = [
  ['no body', '', 'application/json'],
  ['an empty object', '{}', 'application/json'],
  ['punches not a list', '{"punches":"x"}', 'application/json'],
  ['too many punches', JSON.stringify({ punches: Array.from({ length: PUNCH_BATCH_MAX + 1 }, () => punch) }), 'application/json'],
  ['malformed JSON', '{"punches": [', 'application/json'],
  ['a wrong content type', 'punches', 'text/plain'],
];

describe('POST punches checks the device key before the body (issue 7 §3)', () => {
  it.each(badBodies)('answers 401 without a key to %s', async (_name, payload, contentType) => {
    for (const headers of [{}, { 'x-device-key': 'not-a-key' }, { authorization: 'Bearer something' }]) {
      const res = await t.app.inject({ method: 'POST', url: PUNCHES, headers: { ...headers, 'content-type': contentType }, payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 401, message: M.invalidKey, messageKey: 'punch.invalidKey', params: {}, data: null });
    }
  });

  it.each(badBodies)('answers 4xx other than 401 with a valid key to %s', async (_name, payload, contentType) => {
    const res = await t.app.inject({ method: 'POST', url: PUNCHES, headers: { 'x-device-key': deviceKey, 'content-type': contentType }, payload });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.statusCode).not.toBe(401);
  });

  it('still takes a valid batch with a valid key', async () => {
    const res = await t.app.inject({ method: 'POST', url: PUNCHES, headers: { 'x-device-key': deviceKey }, payload: { punches: [punch] } });
    expect(res.statusCode).toBe(200);
  });
});
