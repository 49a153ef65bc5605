import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_PATH } from '@tms/contracts/notifications';
import { queryRows } from '../../db/client.ts';
import { notifications } from '../../db/schema/platform.ts';
import { notify } from '../../lib/notify.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

const BASE = `/api${NOTIFICATIONS_PATH}`;
let t: TestApp;
const ids: number[] = [];

type Item = { id: number; notification_type: string; notification_date: string; is_read: boolean; title: string; body: string | null; link: string | null };
type Page = { code: number; data: Item[]; page: { page: number; size: number; total_element: number } };

async function get(username: string, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `${BASE}${query}`, headers: await t.as(username) });
  return { status: res.statusCode, body: res.json() as Page };
}
async function put(username: string, path: string) {
  const res = await t.app.inject({ method: 'PUT', url: `${BASE}/${path}`, headers: await t.as(username) });
  return { status: res.statusCode, body: res.json() as { code: number; data: unknown; message: string } };
}
async function unread(username: string) {
  const res = await t.app.inject({ method: 'GET', url: `${BASE}/unread-count`, headers: await t.as(username) });
  return (res.json() as { data: { unread: number } }).data.unread;
}

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-23T10:00:00+07:00' });
  // 12 notifications for staff, one minute apart (newest last), and 1 for gl.
  for (let i = 1; i <= 12; i += 1) {
    ids.push(await notify(t.db, { userId: t.fixture.userIds.staff!, type: 'ASSIGNED', title: `Item ${i}`, body: `Body ${i}`, link: `/timesheet/request-management?id=${i}` }));
  }
  await queryRows(t.db, sql`update notifications set notification_date = timestamptz '2026-11-20T00:00:00Z' + (id * interval '1 minute')`);
  await notify(t.db, { userId: t.fixture.userIds.gl!, type: 'APPROVED', title: 'For gl' });
});
afterAll(() => t.close());

describe('GET /tms/notifications', () => {
  it('lists the caller own, newest first, 10 a page by default, with the page envelope', async () => {
    const { status, body } = await get('staff');
    expect(status).toBe(200);
    expect(body.page).toEqual({ page: 1, size: 10, total_element: 12 });
    expect(body.data).toHaveLength(10);
    expect(body.data[0]).toMatchObject({ id: ids[11], notification_type: 'ASSIGNED', is_read: false, title: 'Item 12', body: 'Body 12', link: '/timesheet/request-management?id=12' });
    expect(new Date(body.data[0]!.notification_date).toISOString()).toMatch(/^2026-11-20T/);
    expect(body.data.map((i) => i.title)).toEqual(Array.from({ length: 10 }, (_, k) => `Item ${12 - k}`));
    const page2 = await get('staff', '?page=2&size=10');
    expect(page2.body.data.map((i) => i.title)).toEqual(['Item 2', 'Item 1']);
    expect(page2.body.page.total_element).toBe(12);
  });

  it('popup size 5; direction 1 gives oldest first; a page past the end is empty with the total', async () => {
    const popup = await get('staff', '?page=1&size=5');
    expect(popup.body.data.map((i) => i.title)).toEqual(['Item 12', 'Item 11', 'Item 10', 'Item 9', 'Item 8']);
    const asc = await get('staff', '?size=3&direction=1');
    expect(asc.body.data.map((i) => i.title)).toEqual(['Item 1', 'Item 2', 'Item 3']);
    const past = await get('staff', '?page=9&size=10');
    expect(past.body.data).toEqual([]);
    expect(past.body.page.total_element).toBe(12);
  });

  it('refuses a bad direction or page with 400', async () => {
    expect((await get('staff', '?direction=2')).status).toBe(400);
    expect((await get('staff', '?page=0')).status).toBe(400);
  });

  it('shows nobody else any of them; an empty inbox is an empty page', async () => {
    const gl = await get('gl');
    expect(gl.body.data.map((i) => i.title)).toEqual(['For gl']);
    const guest = await get('guest');
    expect(guest.body).toMatchObject({ data: [], page: { page: 1, size: 10, total_element: 0 } });
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: BASE });
    expect(res.statusCode).toBe(401);
  });
});

describe('marking read', () => {
  it('PUT /:id marks the caller own read, is idempotent, and lowers the unread count', async () => {
    expect(await unread('staff')).toBe(12);
    const first = await put('staff', String(ids[0]));
    expect(first).toMatchObject({ status: 200, body: { code: 200, data: { id: ids[0], is_read: true } } });
    expect((await put('staff', String(ids[0]))).status).toBe(200);
    expect(await unread('staff')).toBe(11);
    const page2 = await get('staff', '?page=2');
    expect(page2.body.data.find((i) => i.id === ids[0])?.is_read).toBe(true);
  });

  it('404 for another user notification or an unknown id, and nothing changes', async () => {
    expect((await put('gl', String(ids[1]))).status).toBe(404);
    expect((await put('staff', '999999')).status).toBe(404);
    expect((await put('staff', 'abc')).status).toBe(400);
    const [row] = await t.db.select({ isRead: notifications.isRead }).from(notifications).where(sql`id = ${ids[1]}`);
    expect(row?.isRead).toBe(false);
  });

  it('PUT /read-all marks only the caller own', async () => {
    const res = await put('staff', 'read-all');
    expect(res).toMatchObject({ status: 200, body: { data: { updated: 11 } } });
    expect(await unread('staff')).toBe(0);
    expect(await unread('gl')).toBe(1);
    expect((await put('staff', 'read-all')).body.data).toEqual({ updated: 0 });
  });
});

describe('kinds (issue 30 §4)', () => {
  it('lists one kind, OTHER being the types of no kind; read-all of one kind leaves the others unread', async () => {
    const hrm = t.fixture.userIds.hrm!;
    await notify(t.db, { userId: hrm, type: 'ASSIGNED', title: 'Approve me' });
    await notify(t.db, { userId: hrm, type: 'REMINDER_APPROVALS', title: 'Digest' });
    await notify(t.db, { userId: hrm, type: 'REMINDER_PERIOD', title: 'Period' });
    await notify(t.db, { userId: hrm, type: 'TIMESHEET_REVIEW', title: 'Review' });
    await notify(t.db, { userId: hrm, type: 'BACKUP_FAILED', title: 'Backup' });
    const titles = async (kind: string) => (await get('hrm', `?kind=${kind}`)).body.data.map((i) => i.title).sort();
    expect(await titles('REMINDERS')).toEqual(['Digest', 'Period']);
    expect(await titles('APPROVALS')).toEqual(['Approve me']);
    expect(await titles('TIMESHEET')).toEqual(['Review']);
    expect(await titles('OTHER')).toEqual(['Backup']);
    expect(await titles('MY_REQUESTS')).toEqual([]);
    expect((await get('hrm', '?kind=REMINDERS')).body.page.total_element).toBe(2);
    expect((await get('hrm', '?kind=NOPE')).status).toBe(400);
    expect((await put('hrm', 'read-all?kind=REMINDERS')).body.data).toEqual({ updated: 2 });
    expect(await unread('hrm')).toBe(3);
    expect((await put('hrm', 'read-all')).body.data).toEqual({ updated: 3 });
  });
});
