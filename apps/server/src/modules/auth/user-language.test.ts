import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@tms/contracts/auth-messages';
import { queryRows } from '../../db/client.ts';
import { notify } from '../../lib/notify.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** Issue 25: the user's stored language — PUT /api/auth/language, user detail, and the language of a call without Accept-Language. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-23T10:00:00+07:00' });
});
afterAll(() => t.close());

async function setLanguage(username: string | null, payload: unknown) {
  const headers = username ? await t.as(username) : {};
  const res = await t.app.inject({ method: 'PUT', url: '/api/auth/language', headers, payload: payload as object });
  return { status: res.statusCode, body: res.json() as { code: number; message: string; data: unknown } };
}
async function detailLanguage(username: string, of?: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/tms/user/detail', query: of ? { username: of } : {}, headers: await t.as(username) });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { language: unknown } }).data.language;
}
async function newestTitle(username: string, acceptLanguage?: string) {
  const headers = { ...(await t.as(username)), ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) };
  const res = await t.app.inject({ method: 'GET', url: '/api/tms/notifications?size=1', headers });
  return (res.json() as { data: { title: string }[] }).data[0]?.title;
}

describe('PUT /api/auth/language', () => {
  it('user detail answers null until the user chooses, then the choice; each user sets only their own', async () => {
    expect(await detailLanguage('staff')).toBeNull();
    expect(await setLanguage('staff', { language: 'vi' })).toEqual({ status: 200, body: { code: 200, message: 'Success', data: null } });
    expect(await detailLanguage('staff')).toBe('vi');
    expect(await detailLanguage('hr', 'staff')).toBe('vi');
    expect(await detailLanguage('gl')).toBeNull();
    expect((await setLanguage('staff', { language: 'en' })).status).toBe(200);
    expect(await detailLanguage('staff')).toBe('en');
    const [row] = await queryRows<{ language: string | null }>(t.db, sql`select language from users where id = ${t.fixture.userIds.staff!}`);
    expect(row?.language).toBe('en');
  });

  it('refuses any other value with 400 and the contract message, and changes nothing', async () => {
    for (const payload of [{ language: 'fr' }, { language: 'VI' }, { language: null }, { language: 1 }, {}]) {
      const res = await setLanguage('gl', payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message).toBe(AUTH_MESSAGES.languageInvalid);
    }
    expect(await detailLanguage('gl')).toBeNull();
  });

  it('needs a session; a guest sets their own', async () => {
    expect((await setLanguage(null, { language: 'vi' })).status).toBe(401);
    expect((await setLanguage('guest', { language: 'vi' })).status).toBe(200);
    expect(await detailLanguage('guest')).toBe('vi');
  });
});

describe('the language of a call', () => {
  it('without Accept-Language answers in the stored language; with the header, in the header’s', async () => {
    await notify(t.db, { userId: t.fixture.userIds.dl!, type: 'APPROVED', text: { key: 'requestDecided', params: { id: 7, decision: 'approved' } } });
    // Never chosen: English either way unless the header says Vietnamese.
    expect(await newestTitle('dl')).toBe('Your request #7 was approved');
    expect(await newestTitle('dl', 'vi-VN,vi;q=0.9')).toBe('Yêu cầu #7 của bạn đã được phê duyệt');
    expect((await setLanguage('dl', { language: 'vi' })).status).toBe(200);
    expect(await newestTitle('dl')).toBe('Yêu cầu #7 của bạn đã được phê duyệt');
    // The web always sends the header (what the user reads right now): it wins over the stored choice.
    expect(await newestTitle('dl', 'en-US')).toBe('Your request #7 was approved');
  });
});
