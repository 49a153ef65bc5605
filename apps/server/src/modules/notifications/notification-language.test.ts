import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { notifications } from '../../db/schema/platform.ts';
import type { TestApp } from '../../test/harness.ts';
import { api, FRI, MON, requestWriteApp, type Json } from '../request-days/request-write.test-support.ts';

/**
 * Issue 25: notifications and their mails in the reader's language. A notification is rendered when read, in the
 * language of the call (its Accept-Language, else the user's stored one); its mail in each recipient's stored
 * language (English when never chosen), one message per language.
 */
let t: TestApp;
const { call, leave, create, status } = api(() => t);
const emp = (u: string) => t.fixture.employeeIds[u]!;
const uid = (u: string) => t.fixture.userIds[u]!;

type Item = { id: number; notification_type: string; title: string; body: string | null; link: string | null };

async function inbox(username: string, acceptLanguage?: string): Promise<Item[]> {
  const headers = { ...(await t.as(username)), ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) };
  const res = await t.app.inject({ method: 'GET', url: '/api/tms/notifications?size=50', headers });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: Item[] }).data;
}
const about = (items: Item[], id: number) => items.find((i) => i.link === `/timesheet/request-management?id=${id}`);
const mailsOf = (id: number) =>
  queryRows<{ to: string; cc: string | null; subject: string; text: string }>(t.db, sql`select "to", cc, subject, text from mail_outbox where text like ${`%id=${id}\n%`} order by id`);

beforeAll(async () => {
  t = await requestWriteApp();
  // The lead reads Vietnamese; staff2 chose English; staff never chose.
  expect((await call('gl', 'PUT', '/api/auth/language', { language: 'vi' })).status).toBe(200);
  expect((await call('staff2', 'PUT', '/api/auth/language', { language: 'en' })).status).toBe(200);
}, 120_000);
afterAll(async () => t?.close());

describe('a new request: the approver reads Vietnamese, the CC English', () => {
  let id: number;
  beforeAll(async () => {
    id = await create('staff', leave(FRI, { mail_cc: [emp('staff2')] }));
  });

  it('stores the English text with its key and parameters', async () => {
    const [row] = await t.db.select().from(notifications).where(sql`user_id = ${uid('gl')} and link = ${`/timesheet/request-management?id=${id}`}`);
    expect(row).toMatchObject({ notificationType: 'ASSIGNED', title: `Request #${id} of Son Staff is assigned to you`, body: null, textKey: 'requestAssigned', textParams: { id, name: 'Son Staff' } });
  });

  it('shows the notification in the language of the call: the stored one without a header, else the header’s', async () => {
    const vi = `Yêu cầu #${id} của Son Staff được chuyển đến bạn để phê duyệt`;
    expect(about(await inbox('gl'), id)).toMatchObject({ notification_type: 'ASSIGNED', title: vi });
    expect(about(await inbox('gl', 'vi'), id)?.title).toBe(vi);
    expect(about(await inbox('gl', 'en-GB,en;q=0.9'), id)?.title).toBe(`Request #${id} of Son Staff is assigned to you`);
  });

  it('mails one message per language: the lead’s in Vietnamese, the CC’s copy in English', async () => {
    const mails = await mailsOf(id);
    expect(mails).toHaveLength(2);
    const [en, vi] = mails;
    expect(en).toMatchObject({ to: '', cc: 'staff2@cglobal.test', subject: `Request #${id} of Son Staff is assigned to you` });
    expect(en!.text).toBe(`Request #${id} of Son Staff is assigned to you\n\nOpen: /timesheet/request-management?id=${id}\n`);
    expect(vi).toMatchObject({ to: 'gl@cglobal.test', cc: null, subject: `Yêu cầu #${id} của Son Staff được chuyển đến bạn để phê duyệt` });
    expect(vi!.text).toBe(`Yêu cầu #${id} của Son Staff được chuyển đến bạn để phê duyệt\n\nXem chi tiết: /timesheet/request-management?id=${id}\n`);
  });

  it('readers of one language share one message: both in English when the lead switches back', async () => {
    expect((await call('gl', 'PUT', '/api/auth/language', { language: 'en' })).status).toBe(200);
    const second = await create('staff', leave(MON, { request_dates: [{ request_date: MON, duration: 'MORNING' }], mail_cc: [emp('staff2')] }));
    expect(await mailsOf(second)).toEqual([
      { to: 'gl@cglobal.test', cc: 'staff2@cglobal.test', subject: `Request #${second} of Son Staff is assigned to you`, text: expect.stringContaining('Open: ') },
    ]);
    // The older notification follows the reader's new language.
    expect(about(await inbox('gl'), id)?.title).toBe(`Request #${id} of Son Staff is assigned to you`);
    expect((await call('gl', 'PUT', '/api/auth/language', { language: 'vi' })).status).toBe(200);
  });
});

describe('a decision, and what was stored before issue 25', () => {
  it('the requester who never chose reads English; a Vietnamese reader of the same row reads Vietnamese; a reason stays as typed', async () => {
    const id = await create('staff2', leave(MON, { request_dates: [{ request_date: MON, duration: 'AFTERNOON' }] }));
    expect((await status('gl', id, 4, 'Thiếu người trực')).status).toBe(200);
    const en = about(await inbox('staff2'), id);
    expect(en).toMatchObject({ notification_type: 'REJECTED', title: `Your request #${id} was rejected`, body: 'Thiếu người trực' });
    const vi = about(await inbox('staff2', 'vi'), id);
    expect(vi).toMatchObject({ title: `Yêu cầu #${id} của bạn đã bị từ chối`, body: 'Thiếu người trực' });
    const [mail] = await mailsOf(id).then((m) => m.filter((x) => x.to === 'staff2@cglobal.test'));
    expect(mail).toMatchObject({ subject: `Your request #${id} was rejected` });
    expect(mail!.text).toContain('Thiếu người trực');
  });

  it('a row without a text key is shown as stored, in every language', async () => {
    await t.db.insert(notifications).values({ userId: uid('gl'), notificationType: 'ASSIGNED', title: 'Legacy English title', body: 'Legacy body', link: '/legacy' });
    const legacy = (await inbox('gl', 'vi')).find((i) => i.link === '/legacy');
    expect(legacy).toMatchObject({ title: 'Legacy English title', body: 'Legacy body' });
    // A key the catalogue no longer knows, or parameters of the wrong shape, fall back the same way.
    await t.db.insert(notifications).values({ userId: uid('gl'), notificationType: 'X', title: 'Stored', body: null, link: '/unknown', textKey: 'noSuchText', textParams: {} });
    expect((await inbox('gl', 'vi')).find((i) => i.link === '/unknown')).toMatchObject({ title: 'Stored', body: null });
  });

  it('an old row reads its dates DD/MM/YYYY, and an old sentence the catalogue knows reads in the reader’s language (issue 26 §11)', async () => {
    await t.db.insert(notifications).values([
      { userId: uid('gl'), notificationType: 'ASSIGNED', title: 'Explanation of Son Staff for 2026-11-23 is assigned to you', body: null, link: '/old-explanation' },
      { userId: uid('gl'), notificationType: 'REJECTED', title: 'Your explanation for 2026-11-20 was rejected', body: 'Thiếu ảnh chấm công', link: '/old-decision' },
      { userId: uid('gl'), notificationType: 'X', title: 'Punches of 2026-11-02 were re-mapped', body: 'From 2026-11-01 to 2026-11-30', link: '/old-other' },
    ]);
    const en = await inbox('gl', 'en');
    const vi = await inbox('gl', 'vi');
    const of = (items: Item[], link: string) => items.find((i) => i.link === link);
    expect(of(en, '/old-explanation')?.title).toBe('Explanation of Son Staff for 23/11/2026 is assigned to you');
    expect(of(vi, '/old-explanation')?.title).toBe('Giải trình của Son Staff cho ngày 23/11/2026 được chuyển đến bạn để phê duyệt');
    expect(of(en, '/old-decision')).toMatchObject({ title: 'Your explanation for 20/11/2026 was rejected', body: 'Thiếu ảnh chấm công' });
    expect(of(vi, '/old-decision')).toMatchObject({ title: 'Giải trình ngày 20/11/2026 của bạn đã bị từ chối', body: 'Thiếu ảnh chấm công' });
    // A sentence the catalogue does not know stays English, its dates DD/MM/YYYY.
    expect(of(vi, '/old-other')).toMatchObject({ title: 'Punches of 02/11/2026 were re-mapped', body: 'From 01/11/2026 to 30/11/2026' });
  });
});

describe('texts with a body of their own', () => {
  it('a timesheet rejected back to Pending update reads in each reader’s language, title and body', async () => {
    const [period] = await queryRows<Json>(t.db, sql`select id from payroll_periods where name = 'T10-2026'`);
    // T10-2026 is approved in this company: HR rejects it back to Pending update; HRM and Admin are told.
    expect((await call('hr', 'PUT', `/api/tms/timesheets/${period!.id}/review`, { status: 2, content: 'Thiếu công ngày 20/10' })).status).toBe(200);
    const rows = await queryRows<Json>(t.db, sql`select user_id, text_key, text_params, title, body from notifications where notification_type = 'TIMESHEET_REJECTED' order by user_id`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ text_key: 'timesheetRejected', title: 'Timesheet rejected' });
    expect(rows[0]!.body).toBe('Timesheet T10-2026 (26/09/2026 - 25/10/2026) (Approved) was rejected by Hoa Human: Thiếu công ngày 20/10');
    const reader = rows[0]!.user_id as number;
    const username = Object.entries(t.fixture.userIds).find(([, v]) => v === reader)![0];
    const vi = (await inbox(username, 'vi')).find((i) => i.notification_type === 'TIMESHEET_REJECTED');
    expect(vi?.title).toBe('Bảng công bị từ chối');
    expect(vi?.body).toBe('Bảng công T10-2026 (26/09/2026 - 25/10/2026) (Đã duyệt) đã bị Hoa Human từ chối: Thiếu công ngày 20/10');
    expect((await inbox(username, 'en')).find((i) => i.notification_type === 'TIMESHEET_REJECTED')).toMatchObject({ title: rows[0]!.title, body: rows[0]!.body });
  });
});
