import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { users } from '../../db/schema/identity.ts';
import { calendarFeeds } from '../../db/schema/integrations.ts';
import { history } from '../../db/schema/platform.ts';
import type { TestApp } from '../../test/harness.ts';
import { api, FRI, FRI2, HOLIDAY, MON, requestWriteApp, TUE, WED } from '../request-days/request-write.test-support.ts';

/**
 * Calendar feeds (issue 30 §2) on the request write tests' company: the clock on Thursday 05/11/2026 10:00 (company
 * time, +07:00), lock date 25/10/2026, a holiday on 12/11/2026, everyone on HCM 08:30–17:30 with a 12:00–13:00 break.
 */
let t: TestApp;
const r = api(() => t);

type Feed = { status: number; body: string; headers: Record<string, unknown> };

async function createFeed(user: string, scope: 'MINE' | 'TEAM'): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/tms/calendar-feeds', headers: await t.as(user), payload: { scope } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.url as string;
}

async function fetchFeed(url: string, headers: Record<string, string> = {}): Promise<Feed> {
  const res = await t.app.inject({ method: 'GET', url: new URL(url).pathname, headers });
  return { status: res.statusCode, body: res.body, headers: res.headers };
}

/** A request written as stored, for people and dates the API tests need without their approval rules. */
async function insertRequest(username: string, date: string, status: number, reason = 'UNPAID_LEAVE', requestType = 'LEAVE_REQUEST'): Promise<number> {
  const employeeId = t.fixture.employeeIds[username]!;
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into requests (employee_id, request_type, reason_type, start_date, end_date, status, quantity_in_hours)
        values (${employeeId}, ${requestType}, ${reason}, ${date}, ${date}, ${status}, 8) returning id`,
  );
  await t.db.execute(sql`insert into request_dates (request_id, employee_id, date, shift, hours) values (${row!.id}, ${employeeId}, ${date}, 'FULL_DAY', 8)`);
  return row!.id;
}

/** The VEVENT blocks of a feed, each as its unfolded text. */
function events(body: string): string[] {
  const unfolded = body.replace(/\r\n[ \t]/g, '');
  return unfolded.split('BEGIN:VEVENT').slice(1).map((e) => e.split('END:VEVENT')[0]!);
}
const eventOf = (body: string, uidPart: string) => events(body).find((e) => e.includes(`UID:${uidPart}`));

beforeAll(async () => {
  t = await requestWriteApp();
});
afterAll(() => t.close());

describe('feed addresses', () => {
  it('shows the address once, stores only its hash, lists without it and writes history', async () => {
    const url = await createFeed('staff', 'MINE');
    expect(url).toMatch(/^http:\/\/localhost(:\d+)?\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const token = url.match(/calendar\/(.+)\.ics$/)![1]!;
    // 32 random bytes: 256 bits, well above 128.
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    const [stored] = await t.db.select().from(calendarFeeds).where(and(eq(calendarFeeds.userId, t.fixture.userIds.staff!), eq(calendarFeeds.scope, 'MINE')));
    expect(stored!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);

    const list = await t.app.inject({ method: 'GET', url: '/api/tms/calendar-feeds', headers: await t.as('staff') });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(token);
    expect(list.json().data).toEqual([
      { scope: 'MINE', active: true, createdAt: '05/11/2026 10:00:00', lastFetchedAt: null },
      { scope: 'TEAM', active: false, createdAt: null, lastFetchedAt: null },
    ]);
    const entries = await t.db.select().from(history).where(and(eq(history.tableName, 'calendar_feeds'), eq(history.recordId, stored!.id)));
    expect(entries.map((e) => e.action)).toEqual(['CREATE']);
    expect(JSON.stringify(entries)).not.toContain(token);
  });

  it('re-creating revokes the old address in the same step; revoking ends the new one', async () => {
    const first = await createFeed('staff2', 'MINE');
    expect((await fetchFeed(first)).status).toBe(200);
    const second = await createFeed('staff2', 'MINE');
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);
    const live = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, t.fixture.userIds.staff2!));
    expect(live.filter((f) => f.revokedAt === null)).toHaveLength(1);
    expect(live).toHaveLength(2);

    const revoke = await t.app.inject({ method: 'DELETE', url: '/api/tms/calendar-feeds/MINE', headers: await t.as('staff2') });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().data).toMatchObject({ scope: 'MINE', active: false });
    const revoked = await fetchFeed(second);
    expect(revoked.status).toBe(404);
    expect(revoked.body).not.toMatch(/revoked/i);
    // Nothing left to revoke.
    const again = await t.app.inject({ method: 'DELETE', url: '/api/tms/calendar-feeds/MINE', headers: await t.as('staff2') });
    expect(again.statusCode).toBe(404);
    const actions = await t.db.select({ action: history.action }).from(history).where(eq(history.tableName, 'calendar_feeds'));
    expect(actions.filter((a) => a.action === 'STATUS').length).toBeGreaterThanOrEqual(2);
  });

  it('an unknown, altered or malformed token answers 404 with no detail', async () => {
    const url = await createFeed('gl', 'MINE');
    const token = url.match(/calendar\/(.+)\.ics$/)![1]!;
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const path of [`/api/calendar/${altered}.ics`, '/api/calendar/x.ics', `/api/calendar/${'A'.repeat(43)}.ics`, `/api/calendar/${createHash('sha256').update(token).digest('hex')}.ics`]) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(404);
      expect(res.body).not.toContain('calendar');
    }
    // The hash stored for one user is no address either, and two users' tokens differ.
    const other = await createFeed('staff3', 'MINE');
    expect(other).not.toBe(url);
  });

  it('refuses a scope that does not exist', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/tms/calendar-feeds', headers: await t.as('staff'), payload: { scope: 'ALL' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('feed content', () => {
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ids.pending = await r.create('staff', r.leave(FRI));
    ids.approved = await r.create('staff', r.leave(MON, { reason_type: 'UNPAID_LEAVE' }));
    expect((await r.status('gl', ids.approved, 3)).status).toBe(200);
    ids.rejected = await r.create('staff', r.leave(TUE, { reason_type: 'UNPAID_LEAVE' }));
    expect((await r.status('gl', ids.rejected, 4, 'Busy week')).status).toBe(200);
    ids.withdrawn = await r.create('staff', r.leave(WED, { reason_type: 'UNPAID_LEAVE' }));
    expect((await r.status('staff', ids.withdrawn, 5, 'Not needed')).status).toBe(200);
    ids.half = await r.create('staff', r.leave(FRI2, { reason_type: 'UNPAID_LEAVE', request_dates: [{ request_date: FRI2, duration: 'AFTERNOON' }] }));
    // Before the lock date (25/10/2026): a pending one has expired, an approved one stays.
    ids.expired = await insertRequest('staff', '2026-10-20', 1);
    ids.pastApproved = await insertRequest('staff', '2026-10-21', 3);
    ids.explanation = await insertRequest('staff', '2026-11-16', 1, 'PERSONAL_REASON', 'EXPLANATION_REQUEST');
    await t.db.execute(sql`update requests set is_explanation = true where id = ${ids.explanation}`);
  });

  it('holds pending and approved days with their status, not rejected, withdrawn, expired or explanations', async () => {
    const feed = await fetchFeed(await createFeed('staff', 'MINE'));
    expect(feed.status).toBe(200);
    expect(feed.body).toMatch(/^BEGIN:VCALENDAR/);
    const pending = eventOf(feed.body, `request-${ids.pending}-${FRI}@tms`);
    expect(pending).toContain('SUMMARY:Annual leave (Pending)');
    expect(pending).toContain('DTSTART;VALUE=DATE:20261106');
    expect(pending).toContain('DTEND;VALUE=DATE:20261107');
    expect(pending).toContain('STATUS:TENTATIVE');
    const approved = eventOf(feed.body, `request-${ids.approved}-${MON}@tms`);
    expect(approved).toContain('SUMMARY:Unpaid leave (Approved)');
    expect(approved).toContain('STATUS:CONFIRMED');
    expect(eventOf(feed.body, `request-${ids.pastApproved}-2026-10-21@tms`)).toBeDefined();
    for (const gone of [ids.rejected, ids.withdrawn, ids.expired, ids.explanation]) expect(feed.body).not.toContain(`request-${gone}-`);
  });

  it('times a half day by the shift of the schedule and includes the holidays of the calendar', async () => {
    const feed = await fetchFeed(await createFeed('staff', 'MINE'));
    // AFTERNOON of 08:30–17:30 with a 12:00–13:00 break: 13:00–17:30 at +07:00.
    const half = eventOf(feed.body, `request-${ids.half}-${FRI2}@tms`);
    expect(half).toContain('DTSTART:20261113T060000Z');
    expect(half).toContain('DTEND:20261113T103000Z');
    expect(half).toContain('SUMMARY:Unpaid leave (Pending)');
    const holiday = eventOf(feed.body, `holiday-${HOLIDAY}@tms`);
    expect(holiday).toContain('SUMMARY:Holiday: Test holiday');
    expect(holiday).toContain('DTSTART;VALUE=DATE:20261112');
  });

  it('follows a decision: an approved request changes its title under the same UID, a withdrawn one disappears', async () => {
    const url = await createFeed('staff', 'MINE');
    expect((await r.status('gl', ids.pending!, 3)).status).toBe(200);
    const afterApproval = await fetchFeed(url);
    expect(eventOf(afterApproval.body, `request-${ids.pending}-${FRI}@tms`)).toContain('SUMMARY:Annual leave (Approved)');
    expect((await r.status('staff', ids.half!, 5, 'Changed plans')).status).toBe(200);
    expect((await fetchFeed(url)).body).not.toContain(`request-${ids.half}-`);
  });

  it("writes the user's language", async () => {
    await t.db.update(users).set({ language: 'vi' }).where(eq(users.id, t.fixture.userIds.staff!));
    try {
      const feed = await fetchFeed(await createFeed('staff', 'MINE'));
      expect(eventOf(feed.body, `request-${ids.approved}-${MON}@tms`)).toContain('SUMMARY:Nghỉ không lương (Đã duyệt)');
      expect(feed.body).toContain('Ngày lễ: ');
    } finally {
      await t.db.update(users).set({ language: null }).where(eq(users.id, t.fixture.userIds.staff!));
    }
  });

  it('answers with caching headers, an ETag and 304, and records the read at most once a minute', async () => {
    const url = await createFeed('staff', 'MINE');
    const first = await fetchFeed(url);
    expect(first.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(first.headers['cache-control']).toBe('private, max-age=900');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await fetchFeed(url);
    expect(again.headers.etag).toBe(etag);
    const notModified = await fetchFeed(url, { 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers['cache-control']).toBe('private, max-age=900');

    const fetchedAt = async () => (await t.db.select().from(calendarFeeds).where(and(eq(calendarFeeds.userId, t.fixture.userIds.staff!), eq(calendarFeeds.scope, 'MINE'))).then((rows) => rows.find((f) => f.revokedAt === null)!.lastFetchedAt));
    const firstRead = await fetchedAt();
    expect(firstRead?.toISOString()).toBe(t.clock.now().toISOString());
    t.clock.advance(30_000);
    await fetchFeed(url);
    expect((await fetchedAt())?.toISOString()).toBe(firstRead?.toISOString());
    t.clock.advance(60_000);
    await fetchFeed(url);
    expect((await fetchedAt())?.toISOString()).toBe(t.clock.now().toISOString());
    const list = await t.app.inject({ method: 'GET', url: '/api/tms/calendar-feeds', headers: await t.as('staff') });
    expect(list.json().data[0].lastFetchedAt).toBe('05/11/2026 10:01:30');
    t.clock.set('2026-11-05T10:00:00+07:00');
  });
});

describe('the TEAM feed', () => {
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ids.sameDepartment = await insertRequest('staff2', '2026-11-18', 1);
    ids.projectMember = await insertRequest('staff4', '2026-11-19', 3);
    ids.otherDepartment = await insertRequest('staff3', '2026-11-18', 3);
    ids.otherDivision = await insertRequest('other', '2026-11-18', 3);
    ids.own = await insertRequest('staff', '2026-11-20', 3);
    // Attendance of colleagues is never in a feed: a late day of staff2 exists, the feed says nothing of it.
    await t.db.execute(sql`update requests set description = 'Private note of staff2' where id = ${ids.sameDepartment}`);
  });

  it("staff sees their department and project colleagues, named, and no other department's absences", async () => {
    const feed = await fetchFeed(await createFeed('staff', 'TEAM'));
    expect(feed.status).toBe(200);
    expect(eventOf(feed.body, `team-request-${ids.sameDepartment}-2026-11-18@tms`)).toContain('SUMMARY:Sang Second – Unpaid leave (Pending)');
    expect(eventOf(feed.body, `team-request-${ids.projectMember}-2026-11-19@tms`)).toContain('SUMMARY:Sau Fourth – Unpaid leave (Approved)');
    expect(eventOf(feed.body, `team-request-${ids.own}-2026-11-20@tms`)).toContain('Son Staff – ');
    expect(feed.body).not.toContain(`request-${ids.otherDepartment}-`);
    expect(feed.body).not.toContain(`request-${ids.otherDivision}-`);
    expect(feed.body).not.toContain('Sinh Third');
    expect(feed.body).not.toContain('Oanh Other');
    // No descriptions and no attendance states: only who is away, why and when.
    expect(feed.body).not.toContain('Private note');
    expect(feed.body).not.toMatch(/\b(Late|Absent|Present)\b/);
    // A colleague's absence does not make the reader busy.
    expect(eventOf(feed.body, `team-request-${ids.sameDepartment}-2026-11-18@tms`)).toContain('TRANSP:TRANSPARENT');
  });

  it('a division lead sees their division; HR everyone; a guest nobody else', async () => {
    const dl = (await fetchFeed(await createFeed('dl', 'TEAM'))).body;
    expect(dl).toContain(`team-request-${ids.otherDepartment}-`);
    expect(dl).toContain(`team-request-${ids.sameDepartment}-`);
    expect(dl).not.toContain(`team-request-${ids.otherDivision}-`);
    const hr = (await fetchFeed(await createFeed('hr', 'TEAM'))).body;
    for (const id of Object.values(ids)) expect(hr).toContain(`team-request-${id}-`);
    const guest = (await fetchFeed(await createFeed('guest', 'TEAM'))).body;
    expect(events(guest).filter((e) => e.includes('UID:team-request-'))).toEqual([]);
  });

  it("the MINE feed holds only the owner's own days", async () => {
    const mine = (await fetchFeed(await createFeed('staff2', 'MINE'))).body;
    expect(mine).toContain(`request-${ids.sameDepartment}-2026-11-18@tms`);
    expect(mine).not.toContain('Sau Fourth');
    expect(mine).not.toContain(`request-${ids.own}-`);
  });

  it('a disabled user’s feed answers 404', async () => {
    const url = await createFeed('staff4', 'TEAM');
    await t.db.update(users).set({ disabled: true }).where(eq(users.id, t.fixture.userIds.staff4!));
    try {
      expect((await fetchFeed(url)).status).toBe(404);
    } finally {
      await t.db.update(users).set({ disabled: false }).where(eq(users.id, t.fixture.userIds.staff4!));
    }
  });
});

describe('my profile', () => {
  it("answers the signed-in user's name, username, department and roles", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tms/my-profile', headers: await t.as('gl') });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ name: 'Giang Group', userName: 'gl', department: 'Department One', division: 'Division One', roles: ['GROUP_LEAD', 'STAFF'] });
  });
});
