import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABNORMAL_MESSAGES as AM } from '@tms/contracts/abnormal-case';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertExplanationCompany } from '../../test/explanation-company.ts';
import { recalculate } from '../timesheet/recalculate.ts';
import type { Json } from '../../test/json-body.ts';

/**
 * What an explanation may say of its case (issue 26 §9): the actual must fit the case type, and the explained time is
 * capped at the day's standard time (8 hours on the 08:30–17:30 schedule with its hour of break) and at the absence.
 * Pinned to Wednesday 18/11/2026 10:00 (UTC+7): T11-2026 (26/10–25/11) open, lock date 25/10.
 */
const NOW = '2026-11-18T10:00:00+07:00';
const TZ = 'Asia/Ho_Chi_Minh';
const DAY = '2026-11-09';

let t: TestApp;
const id = (u: string) => t.fixture.employeeIds[u]!;

async function call(user: string, url: string, payload: Json, headers: Record<string, string> = {}, method: 'POST' | 'PUT' = 'POST') {
  const res = await t.app.inject({ method, url: `/api${url}`, headers: { ...(await t.as(user)), ...headers }, payload });
  return { status: res.statusCode, body: res.json() as Json };
}
async function caseOf(username: string) {
  const [row] = await queryRows<{ id: number; reason: string; minute_violation: number; start_time: string; end_time: string }>(
    t.db,
    sql`select id, reason, minute_violation, start_time, end_time from abnormal_cases where employee_id = ${id(username)} and abnormal_date = ${DAY}`,
  );
  return row!;
}
const explain = (user: string, caseId: number, extra: Json, headers?: Record<string, string>) =>
  call(user, `/tms/request-management/create-explanation/${caseId}`, { reason_type: 'LATE_TRAFFIC', title: 'Explained', description: 'Why', ...extra }, headers);
async function recorded(requestId: number) {
  const [row] = await queryRows<{ quantity_in_minutes: number; quantity_in_hours: string; hours: string; start_time: string; end_time: string }>(
    t.db,
    sql`select r.quantity_in_minutes, r.quantity_in_hours::text, rd.hours::text, rd.start_time, rd.end_time
          from requests r join request_dates rd on rd.request_id = r.id where r.id = ${requestId}`,
  );
  return row!;
}

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await insertExplanationCompany(t);
  // staff: a check-in only (no check-out, reason 5); staff2: 30 minutes late (reason 2).
  await t.db.execute(sql`
    insert into punches (system, attendance_check_id, employee_id, punched_at, source) values
      ('TEST', 'staff', ${id('staff')}, (${DAY}::date + time '08:20') at time zone ${TZ}, 'test'),
      ('TEST', 'staff2', ${id('staff2')}, (${DAY}::date + time '09:00') at time zone ${TZ}, 'test'),
      ('TEST', 'staff2', ${id('staff2')}, (${DAY}::date + time '17:40') at time zone ${TZ}, 'test')`);
  await recalculate(t.db, { from: DAY, to: DAY, timeZone: TZ, now: new Date(NOW) });
});
afterAll(async () => t?.close());

describe('the actual fits the case type', () => {
  it('"Came late" is refused for a case with no check-out, with a keyed message in both languages', async () => {
    const c = await caseOf('staff');
    expect(c).toMatchObject({ reason: '5', minute_violation: 0, start_time: '08:30', end_time: '17:30' });
    const res = await explain('staff', c.id, { actual: 'LATE_COMING' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: AM.actualNotFitting, messageKey: 'abnormal.actualNotFitting' });
    const vi = await explain('staff', c.id, { actual: 'LATE_COMING' }, { 'accept-language': 'vi' });
    expect(vi.body).toMatchObject({ messageKey: 'abnormal.actualNotFitting' });
    expect((await caseOf('staff')).id).toBe(c.id);
    const [{ n }] = (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from requests where abnormal_case_id = ${c.id}`)) as [{ n: number }];
    expect(n).toBe(0);
  });
});

describe('the explained time is capped at the standard time and the absence', () => {
  it('more than the cap is refused: 1 to 480 minutes on an 8-hour day', async () => {
    const c = await caseOf('staff');
    const res = await explain('staff', c.id, { actual: 'FORGOT_CHECK_OUT', explained_minutes: 540 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: AM.explainedTooLong(480), messageKey: 'abnormal.explainedTooLong', params: { max: '480' } });
    expect((await explain('staff', c.id, { actual: 'FORGOT_CHECK_OUT', explained_minutes: 0 })).status).toBe(400);
    expect((await explain('staff', c.id, { actual: 'FORGOT_CHECK_OUT', explained_minutes: 'abc' })).status).toBe(400);
  });

  it('a no-check-out day is recorded as the 8 standard hours (not the 9 of its 08:30–17:30 span); the span stays covered', async () => {
    const c = await caseOf('staff');
    const res = await explain('staff', c.id, { actual: 'FORGOT_CHECK_OUT' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await recorded(res.body.data.request_id)).toMatchObject({ quantity_in_minutes: 480, quantity_in_hours: '8.0000', hours: '8.0000', start_time: '08:30', end_time: '17:30' });
  });

  it('a late arrival records its late minutes, or fewer when asked', async () => {
    const c = await caseOf('staff2');
    expect(c).toMatchObject({ reason: '2', minute_violation: 30 });
    expect((await explain('staff2', c.id, { actual: 'LATE_COMING', explained_minutes: 31 })).body).toMatchObject({ message: AM.explainedTooLong(30) });
    const res = await explain('staff2', c.id, { actual: 'LATE_COMING', explained_minutes: 20 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await recorded(res.body.data.request_id)).toMatchObject({ quantity_in_minutes: 20, start_time: '08:30', end_time: '12:00' });
  });
});

describe('Explanation Management keeps a stored actual but refuses a changed one that does not fit', () => {
  it('a title edit keeps "Came late" stored before the rule; changing the actual to "Came late" on a no-check-out case is refused', async () => {
    const c = await caseOf('staff');
    const [req] = await queryRows<{ id: number; version: number }>(t.db, sql`select id, version from requests where abnormal_case_id = ${c.id} and status = 1`);
    await t.db.execute(sql`update requests set actual = 'LATE_COMING' where id = ${req!.id}`);
    const edit = (actual: string, title: string) =>
      call('staff', '/tms/explanation-management/update-explanation', { id: req!.id, title, actual, description: 'Why' }, {}, 'PUT');
    const kept = await edit('LATE_COMING', 'New title');
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect((await edit('FORGOT_CHECK_OUT', 'New title')).status).toBe(200);
    expect((await edit('LATE_COMING', 'New title')).body).toMatchObject({ code: 400, messageKey: 'abnormal.actualNotFitting' });
  });
});
