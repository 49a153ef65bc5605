import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES_COMMON } from '@tms/contracts/api';
import { BONUS_LEAVE_MESSAGES } from '@tms/contracts/bonus-leave';
import { LOOKUP_MESSAGES } from '@tms/contracts/lookups';
import { DEVICE_KEY_HEADER, DEVICE_KEYS_PATH, PUNCHES_PATH, PUNCH_MESSAGES } from '@tms/contracts/punches';
import { TIMESHEET_REVIEW_MESSAGES } from '@tms/contracts/timesheet-review';
import { normaliseCell } from '../lib/xlsx.ts';
import { createTestApp, type TestApp } from './harness.ts';

/**
 * Issue 7 §2: the inputs the fuzz run once answered with 500 now get a 400 with a message that says why — the shared
 * text schema refuses NUL and lone surrogates, the shared id schema refuses ids past PostgreSQL `integer`.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as = 'hr') {
  const res = await t.app.inject({ method, url, headers: await t.as(as), ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.json() };
}

const BONUS = '/api/tms/leaves-management/annual-leaves/priority-leave';

describe('text with NUL or a lone surrogate', () => {
  it.each([
    ['GET', '/api/tms/filters/employee?filter=son%00'],
    ['GET', '/api/tms/filters/get-all-projects?key=%00'],
    ['GET', '/api/tms/filters/projects?key=a%00b'],
    ['GET', '/api/tms/user/detail?username=hr%00'],
  ] as const)('%s %s answers 400', async (method, url) => {
    expect(await call(method, url)).toMatchObject({ status: 400, body: { code: 400, message: MESSAGES_COMMON.invalidText } });
  });

  it.each([
    ['POST', `${BONUS}/create`, { usernames: ['staff'], leaveHour: 8, applyDate: '01/01/2099', expireDate: '31/12/2099', description: 'a\u0000' }],
    ['POST', `${BONUS}/create`, { usernames: ['staff\ud800'], leaveHour: 8, applyDate: '01/01/2099', expireDate: '31/12/2099' }],
    ['PUT', '/api/tms/timesheets/update-job-history?userId=1', { work_schedule_code: 'HCM\u0000', apply_date: '2026-03-10' }],
  ] as const)('%s %s with a hostile body field answers 400', async (method, url, payload) => {
    expect(await call(method, url, payload)).toMatchObject({ status: 400, body: { message: MESSAGES_COMMON.invalidText } });
  });

  it('a device key description', async () => {
    const res = await call('POST', `/api${DEVICE_KEYS_PATH}`, { system: 'TMS', description: '\udc00x' }, 'admin');
    expect(res).toMatchObject({ status: 400, body: { message: MESSAGES_COMMON.invalidText } });
  });

  it('a punch attendance_check_id is rejected with its index, the other punches kept', async () => {
    const created = await call('POST', `/api${DEVICE_KEYS_PATH}`, { system: 'TMS' }, 'admin');
    const key = created.body.data.key as string;
    const punch = (id: string) => ({ system: 'TMS', attendance_check_id: id, timestamp: '2026-03-10T08:00:00+07:00' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${PUNCHES_PATH}`,
      headers: { [DEVICE_KEY_HEADER]: key },
      payload: { punches: [punch('A1'), punch('\ud800'), punch('B\u0000')] },
    });
    expect(res.statusCode).toBe(207);
    expect(res.json().data).toMatchObject({
      received: 3,
      rejected: 2,
      errors: [
        { index: 1, code: 400, message: PUNCH_MESSAGES.attendanceCheckIdInvalid },
        { index: 2, code: 400, message: PUNCH_MESSAGES.attendanceCheckIdInvalid },
      ],
    });
  });
});

describe('ids past PostgreSQL integer', () => {
  it.each([
    ['GET', `${BONUS}/history?id=2147483648`, BONUS_LEAVE_MESSAGES.idRequired],
    ['DELETE', `${BONUS}/delete/2147483648`, BONUS_LEAVE_MESSAGES.idRequired],
    ['GET', '/api/tms/filters/get-all-employee-by-project?projectId=2147483648', LOOKUP_MESSAGES.projectRequired],
    ['GET', '/api/tms/timesheets/2147483648', TIMESHEET_REVIEW_MESSAGES.invalidId],
  ] as const)('%s %s answers 400', async (method, url, message) => {
    expect(await call(method, url)).toMatchObject({ status: 400, body: { message } });
  });

  it('in a JSON body, the id and the version', async () => {
    const form = { leaveHour: 8, applyDate: '01/01/2099', expireDate: '31/12/2099' };
    expect(await call('PUT', `${BONUS}/update`, { ...form, id: 2147483648, version: 1 })).toMatchObject({ status: 400, body: { message: BONUS_LEAVE_MESSAGES.idRequired } });
    expect(await call('PUT', `${BONUS}/update`, { ...form, id: 1, version: 2 ** 53 })).toMatchObject({ status: 400, body: { message: BONUS_LEAVE_MESSAGES.versionRequired } });
  });

  it('the largest integer id is still an id (not found, not refused)', async () => {
    expect(await call('GET', `${BONUS}/history?id=2147483647`)).toMatchObject({ status: 404 });
  });
});

describe('a broken multipart body', () => {
  it.each(['multipart/form-data', 'multipart/form-data; boundary=x'])('%s answers 400', async (contentType) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${BONUS}/import`,
      headers: { ...(await t.as('hr')), 'content-type': contentType },
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES_COMMON.malformedMultipart);
  });
});

describe('texts read from a file', () => {
  it('a NUL or lone surrogate in a cell is read as U+FFFD, never handed to PostgreSQL', () => {
    expect(normaliseCell(' a\u0000b\ud800 ')).toBe('a\ufffdb\ufffd');
    expect(normaliseCell('Sơn 🙂')).toBe('Sơn 🙂');
  });
});
