import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECK_IN_ATTEMPTS_EXPORT_PATH,
  CHECK_IN_ATTEMPTS_PATH,
  CHECK_IN_PLACES_PATH,
  KIOSK_INFO_PATH,
  KIOSK_PUNCHES_PATH,
  KIOSKS_PATH,
  SELF_CHECK_IN_MESSAGES as M,
  SELF_CHECK_IN_PIN_PATH,
  SELF_CHECK_IN_PUNCHES_PATH,
  SELF_CHECK_IN_QR_PATH,
  SELF_CHECK_IN_TODAY_PATH,
} from '@tms/contracts/self-check-in';
import { CHECK_IN_OUT_CALENDAR_PATHS as CAL } from '@tms/contracts/check-in-out-calendar';
import { EDIT_POLICY_PATH } from '@tms/contracts/policies';
import { TIMESHEET_GRID_PATHS as G } from '@tms/contracts/timesheet-grid';
import { queryRows } from '../../db/client.ts';
import { payrollPeriods } from '../../db/schema/periods.ts';
import { approvePeriodEnding } from '../../test/fixture.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import type { Json } from '../../test/json-body.ts';
import { insertWeekdaySchedule } from '../../test/schedules.ts';
import { workerDrain } from '../../test/worker-drain.ts';

/**
 * Issue 28 through the API: places, the policy's self check-in mode, web punches (fence, accuracy, network range,
 * permission, idempotency, rate, offline up to 72 h with clock skew), kiosks (token, PIN lockout per kiosk, QR) and the
 * attempts HR reads. The clock is set: Thursday 05/11/2026 08:31 in the company zone; T11-2026 is open.
 */
const NOW = '2026-11-05T08:31:00+07:00';
const THU = '2026-11-05';
/** The office: a 100 m fence in District 1. */
const OFFICE = { latitude: 10.7769, longitude: 106.7009 };
/** About 55 m north of the office centre; about 1.1 km north. */
const NEAR = { latitude: 10.7774, longitude: 106.7009 };
const FAR = { latitude: 10.7869, longitude: 106.7009 };

let t: TestApp;
let office = 0;
let branch = 0;
let closed = 0;
const id = (username: string) => t.fixture.employeeIds[username]!;

async function firstSheet(payload: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as never);
  return workbook.worksheets[0]!;
}

async function call(user: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, extra: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  const headers = { ...(user ? await t.as(user) : {}), ...extra.headers };
  const res = await t.app.inject({ method, url: `/api${url}`, headers, remoteAddress: extra.remoteAddress, ...(payload === undefined ? {} : { payload: payload as Json }) });
  let body: Json = {};
  try {
    body = res.json() as Json;
  } catch {
    body = { raw: res.body };
  }
  return { status: res.statusCode, body, res };
}

const punch = (user: string, body: Record<string, unknown>, remoteAddress?: string) =>
  call(user, 'POST', SELF_CHECK_IN_PUNCHES_PATH, { idempotency_key: randomUUID(), ...body }, { remoteAddress });
const attempts = (employee: string) =>
  queryRows<{ outcome: string; reason: string; message: string; distance_m: number | null }>(
    t.db,
    sql`select outcome, reason, message, distance_m from check_in_attempts where employee_id = ${id(employee)} order by id`,
  );
const selfPunches = (employee: string) =>
  queryRows<{ punch_id: number; method: string; sent_late: boolean; source: string; punched_at: string; system: string }>(
    t.db,
    sql`select s.punch_id, s.method, s.sent_late, p.source, p.system, to_char(p.punched_at at time zone 'Asia/Ho_Chi_Minh', 'YYYY-MM-DD HH24:MI') as punched_at
          from self_punches s join punches p on p.id = s.punch_id where s.employee_id = ${id(employee)} order by p.punched_at`,
  );
const setMode = (user: string, mode: string, placeIds: number[] = []) =>
  t.db.execute(sql`update staff_policies set self_check_in_mode = ${mode}, self_check_in_place_ids = ${`{${placeIds.join(',')}}`}::int[] where employee_id = ${id(user)}`);
const later = (ms: number) => t.clock.set(t.clock.now().getTime() + ms);

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await insertWeekdaySchedule(t.db, { code: 'HCM', start: '08:30', end: '17:30', breakStart: '12:00', breakEnd: '13:00' });
  await t.db.execute(sql`
    insert into staff_policies (employee_id, work_schedule_code, rule_type, explanation_number, refund_hours_per_explanation,
                                explanation_time_per_days, lack_of_time_allowed, ot_type, apply_date, expire_date, url_policy)
    select e.id, 'HCM', 'DAY', 3, 1, 1, 15, 'OT_FIXED', '2020-01-06', '9999-12-30', 'https://policy.test/' || e.user_name from employees e`);
  await approvePeriodEnding(t.db, t.fixture.companyId, '2026-09-26', '2026-10-25');
  await t.db.insert(payrollPeriods).values({ companyId: t.fixture.companyId, name: 'T11-2026', fromDate: '2026-10-26', toDate: '2026-11-25', workingDays: 21, status: 0 });
});
afterAll(() => t?.close());

describe('check-in places (Admin, HR)', () => {
  it('refuses bad values with their message and writes nothing', async () => {
    const radius = await call('hr', 'POST', CHECK_IN_PLACES_PATH, { name: 'X', ...OFFICE, radius_m: 10 });
    expect(radius.status).toBe(400);
    expect(radius.body.message).toBe(M.placeRadiusInvalid);
    const cidr = await call('hr', 'POST', CHECK_IN_PLACES_PATH, { name: 'X', ...OFFICE, radius_m: 100, network_ranges: ['10.0.0.0/33'] });
    expect(cidr.status).toBe(400);
    expect(cidr.body.message).toBe(M.networkRangeInvalid('10.0.0.0/33'));
    const lat = await call('hr', 'POST', CHECK_IN_PLACES_PATH, { name: 'X', latitude: 91, longitude: 0, radius_m: 100 });
    expect(lat.status).toBe(400);
    expect(lat.body.message).toBe(M.latitudeInvalid);
    expect((await call('staff', 'POST', CHECK_IN_PLACES_PATH, { name: 'X', ...OFFICE, radius_m: 100 })).status).toBe(403);
    expect((await queryRows(t.db, sql`select 1 from check_in_places`)).length).toBe(0);
  });

  it('creates places (ranges normalised), edits with the version, and keeps the history', async () => {
    const created = await call('hr', 'POST', CHECK_IN_PLACES_PATH, { name: 'Office', address: '1 Le Loi', ...OFFICE, radius_m: 100 });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    office = created.body.data.id;
    const b = await call('admin', 'POST', CHECK_IN_PLACES_PATH, { name: 'Branch', latitude: 21.0285, longitude: 105.8542, radius_m: 50, network_ranges: ['203.0.113.9/24', '2001:db8::1/32'] });
    expect(b.status).toBe(200);
    expect(b.body.data.network_ranges).toEqual(['203.0.113.0/24', '2001:db8::/32']);
    branch = b.body.data.id;
    const c = await call('admin', 'POST', CHECK_IN_PLACES_PATH, { name: 'Closed site', ...OFFICE, radius_m: 5000 });
    closed = c.body.data.id;
    const off = await call('admin', 'PUT', `${CHECK_IN_PLACES_PATH}/${closed}`, { name: 'Closed site', ...OFFICE, radius_m: 5000, active: false, version: 1 });
    expect(off.status).toBe(200);
    expect(off.body.data.active).toBe(false);
    const stale = await call('admin', 'PUT', `${CHECK_IN_PLACES_PATH}/${closed}`, { name: 'Closed', ...OFFICE, radius_m: 5000, version: 1 });
    expect(stale.status).toBe(409);
    const history = await call('hr', 'GET', `${CHECK_IN_PLACES_PATH}/${closed}/history`);
    expect(history.body.data.map((h: Json) => h.action)).toEqual(expect.arrayContaining(['CREATE', 'STATUS']));
    expect((await call('hr', 'GET', `${CHECK_IN_PLACES_PATH}?active=true`)).body.data.map((p: Json) => p.name)).toEqual(['Branch', 'Office']);
    // HRM reads the places (the attempts' place filter) and changes none; staff reads none.
    expect((await call('hrm', 'GET', CHECK_IN_PLACES_PATH)).body.data.map((p: Json) => p.name)).toEqual(['Branch', 'Closed site', 'Office']);
    expect((await call('hrm', 'POST', CHECK_IN_PLACES_PATH, { name: 'X', ...OFFICE, radius_m: 100 })).status).toBe(403);
    expect((await call('staff', 'GET', CHECK_IN_PLACES_PATH)).status).toBe(403);
  });
});

describe('the policy field', () => {
  it('a policy edit through the API sets the mode with its history and gives the employee a TMS config', async () => {
    const [p] = await queryRows<{ id: number; version: number }>(t.db, sql`select id, version from staff_policies where employee_id = ${id('gl')}`);
    const missing = await call('hr', 'PUT', EDIT_POLICY_PATH, {
      id: p!.id, version: p!.version, work_schedule_code: 'HCM', rule_type: 'DAY', explanation_number: 3, refund_hours_per_explanation: 1,
      explanation_time_per_days: 1, lack_of_time_allowed: 15, ot_type: 'OT_FIXED', url_policy: 'https://policy.test/gl', apply_date: '2020-01-06', expire_date: '9999-12-30',
      self_check_in_mode: 'LISTED_PLACES', self_check_in_place_ids: [closed],
    });
    expect(missing.status, JSON.stringify(missing.body)).toBe(400);
    expect(missing.body.messages).toContain(M.policyPlaceNotFound);
    const saved = await call('hr', 'PUT', EDIT_POLICY_PATH, {
      id: p!.id, version: p!.version, work_schedule_code: 'HCM', rule_type: 'DAY', explanation_number: 3, refund_hours_per_explanation: 1,
      explanation_time_per_days: 1, lack_of_time_allowed: 15, ot_type: 'OT_FIXED', url_policy: 'https://policy.test/gl', apply_date: '2020-01-06', expire_date: '9999-12-30',
      self_check_in_mode: 'LISTED_PLACES', self_check_in_place_ids: [office],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const configs = await queryRows<{ attendance_check_id: string }>(t.db, sql`select attendance_check_id from attendance_check_configs where employee_id = ${id('gl')} and attendance_check_system = 'TMS'`);
    expect(configs).toEqual([{ attendance_check_id: 'gl' }]);
    const history = await queryRows<{ changes: unknown }>(t.db, sql`select changes from history where table_name = 'staff_policies' and record_id = ${p!.id} order by id desc limit 1`);
    expect(JSON.stringify(history[0]!.changes)).toContain('self_check_in_mode');
  });
});

describe('web self check-in', () => {
  beforeAll(async () => {
    await setMode('staff', 'LISTED_PLACES', [office, branch]);
    await setMode('staff2', 'ANY_PLACE');
    await setMode('staff3', 'LISTED_PLACES', [closed]);
    await setMode('dl', 'ANYWHERE');
    await setMode('hr', 'LISTED_PLACES', [office]);
  });

  it('an employee without permission is refused, and the attempt is kept', async () => {
    const res = await punch('staff4', NEAR);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(M.notAllowed);
    expect(await attempts('staff4')).toMatchObject([{ outcome: 'REFUSED', reason: 'NOT_ALLOWED' }]);
    expect(await selfPunches('staff4')).toEqual([]);
  });

  it('the page tells the mode, the places and the next action', async () => {
    const today = await call('staff', 'GET', SELF_CHECK_IN_TODAY_PATH);
    expect(today.status).toBe(200);
    expect(today.body.data).toMatchObject({ date: THU, mode: 'LISTED_PLACES', next_action: 'CHECK_IN', punches: [], has_pin: false, schedule: { start: '08:30', end: '17:30' } });
    expect(today.body.data.places.map((p: Json) => p.name).sort()).toEqual(['Branch', 'Office']);
  });

  it('inside the radius: accepted at the server time, reaches the timesheet day through the intake', async () => {
    const key = randomUUID();
    // The phone's clock is not trusted: an online punch carries no time, and the server's is taken.
    const res = await call('staff', 'POST', SELF_CHECK_IN_PUNCHES_PATH, { idempotency_key: key, ...NEAR, accuracy_m: 20 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ action: 'CHECK_IN', method: 'GPS', place_name: 'Office', sent_late: false, replayed: false, punched_at: new Date(NOW).toISOString() });
    expect(res.body.data.distance_m).toBeGreaterThan(40);
    expect(res.body.data.distance_m).toBeLessThan(70);
    expect(await selfPunches('staff')).toMatchObject([{ method: 'GPS', source: 'web', system: 'TMS', punched_at: `${THU} 08:31`, sent_late: false }]);
    // The safety net made the config. The answer does not wait for the recalculation: the day is queued in the
    // punch's transaction, and the job worker's drain (one poll) brings the cell up to date.
    const dayCheckIn = async () =>
      (await queryRows<{ check_in: string | null }>(t.db, sql`select check_in from timesheet_days where employee_id = ${id('staff')} and date = ${THU}`))[0]?.check_in ?? null;
    expect(await dayCheckIn()).toBeNull();
    expect((await workerDrain(t)).claimed).toBeGreaterThan(0);
    expect(await dayCheckIn()).toBe('08:31');

    // A replayed key answers the first punch and stores nothing.
    const again = await call('staff', 'POST', SELF_CHECK_IN_PUNCHES_PATH, { idempotency_key: key, ...FAR, accuracy_m: 20 });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ punch_id: res.body.data.punch_id, replayed: true, method: 'GPS' });
    expect((await selfPunches('staff')).length).toBe(1);

    // A new punch within the minute is refused (429) and kept as an attempt.
    later(30_000);
    const soon = await punch('staff', { ...NEAR, accuracy_m: 10 });
    expect(soon.status).toBe(429);
    expect(soon.body.message).toBe(M.rateLimited);
    expect((await selfPunches('staff')).length).toBe(1);
    expect((await attempts('staff')).at(-1)).toMatchObject({ reason: 'RATE_LIMITED' });

    const today = await call('staff', 'GET', SELF_CHECK_IN_TODAY_PATH);
    expect(today.body.data).toMatchObject({ next_action: 'CHECK_OUT', punches: [{ source: 'web', place_name: 'Office', sent_late: false }] });
    // HR's Check In-Out drawer shows the source, the place and the distance, taken at the server's time.
    const drawer = await call('staff', 'GET', CAL.dayOf(THU));
    expect(drawer.status, JSON.stringify(drawer.body)).toBe(200);
    expect(drawer.body.data.check_times[0]).toMatchObject({ source: 'web', place_name: 'Office', sent_late: false, taken_at_server: true, distance_m: res.body.data.distance_m });
    // My Timesheet's cell (the hover card) tells the same of its check-in.
    const [period] = await queryRows<{ id: number }>(t.db, sql`select id from payroll_periods where name = 'T11-2026'`);
    const my = await call('staff', 'GET', G.employee(Number(period!.id), id('staff')));
    expect(my.status, JSON.stringify(my.body)).toBe(200);
    const cell = (my.body.data.days as Json[]).find((d) => d.date_of_issue === THU)!;
    expect(cell).toMatchObject({ check_in_time: '08:31', check_in_self: { source: 'web', place_name: 'Office', sent_late: false, taken_at_server: true } });
  });

  it('outside the radius, and with too poor an accuracy: refused with the distance and the place', async () => {
    later(61_000);
    const far = await punch('staff', { ...FAR, accuracy_m: 10 });
    expect(far.status).toBe(403);
    expect(far.body.message).toMatch(/^You are 1\d{3} m from Office; check-in is allowed within 100 m\.$/);
    const poor = await punch('staff', { ...NEAR, accuracy_m: 150 });
    expect(poor.status).toBe(403);
    expect(poor.body.message).toBe(M.accuracyTooPoor('150', 'Office', '100'));
    const none = await punch('staff', {});
    expect(none.status).toBe(403);
    expect(none.body.message).toBe(M.locationRequired);
    expect((await attempts('staff')).slice(-3).map((a) => a.reason)).toEqual(['OUTSIDE_PLACE', 'ACCURACY_TOO_POOR', 'LOCATION_REQUIRED']);
    expect((await selfPunches('staff')).length).toBe(1);
  });

  it('an allowed network range accepts a punch from outside the radius (the client address as the server saw it)', async () => {
    const res = await punch('staff', { ...FAR, accuracy_m: 2000 }, '203.0.113.77');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ method: 'NETWORK', place_name: 'Branch', action: 'CHECK_OUT' });
    // Another address is no office network.
    later(61_000);
    expect((await punch('staff', { ...FAR, accuracy_m: 10 }, '198.51.100.7')).status).toBe(403);
  });

  it('a position with no place allowed: refused', async () => {
    const res = await punch('staff3', { ...NEAR, accuracy_m: 10 });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(M.noPlaceAllowed);
    expect(await attempts('staff3')).toMatchObject([{ reason: 'NO_PLACE_ALLOWED' }]);
  });

  it('ANYWHERE: accepted far from any place, the nearest place and distance recorded; a position is still required', async () => {
    expect((await punch('dl', {})).status).toBe(403);
    const res = await punch('dl', { ...FAR, accuracy_m: 3000 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ method: 'ANYWHERE', place_name: 'Office' });
  });

  it('offline: 71 hours late is accepted and marked sent late; 73 hours is refused', async () => {
    const now = t.clock.now().getTime();
    const iso = (ms: number) => new Date(ms).toISOString();
    const late = await punch('staff2', { ...NEAR, accuracy_m: 10, taken_at: iso(now - 71 * 3_600_000), device_now: iso(now), offline: true });
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    expect(late.body.data).toMatchObject({ sent_late: true, punched_at: iso(now - 71 * 3_600_000), method: 'GPS' });
    expect((await attempts('staff2')).at(-1)).toMatchObject({ outcome: 'LATE', reason: 'SENT_LATE' });
    const tooLate = await punch('staff2', { ...NEAR, accuracy_m: 10, taken_at: iso(now - 73 * 3_600_000), device_now: iso(now), offline: true });
    expect(tooLate.status).toBe(400);
    expect(tooLate.body.message).toBe(M.tooLate);
    // The position is checked as for any punch, and the network is not trusted for a punch taken elsewhere earlier.
    const farLate = await punch('staff2', { ...FAR, accuracy_m: 10, taken_at: iso(now - 3_600_000), device_now: iso(now) }, '203.0.113.77');
    expect(farLate.status).toBe(403);
  });

  it('clock skew: the device runs 2 hours fast; its punch is placed by the server at the true instant', async () => {
    const now = t.clock.now().getTime();
    const iso = (ms: number) => new Date(ms).toISOString();
    const skew = 2 * 3_600_000;
    const res = await punch('staff2', { ...NEAR, accuracy_m: 10, taken_at: iso(now + skew - 10 * 60_000), device_now: iso(now + skew), offline: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ punched_at: iso(now - 10 * 60_000), sent_late: true });
    // A punch the device says it took after its own now is a wrong clock.
    const future = await punch('staff2', { ...NEAR, accuracy_m: 10, taken_at: iso(now + 10 * 60_000), device_now: iso(now) });
    expect(future.status).toBe(400);
    expect(future.body.message).toBe(M.clockInvalid);
  });

  it('bad input is a 400 with its message, and no attempt', async () => {
    const before = (await attempts('staff2')).length;
    expect((await call('staff2', 'POST', SELF_CHECK_IN_PUNCHES_PATH, { idempotency_key: 'nope' })).body.message).toBe(M.idempotencyKeyInvalid);
    expect((await punch('staff2', { latitude: 10 })).status).toBe(400);
    expect((await punch('staff2', { latitude: 100, longitude: 0 })).body.message).toBe(M.latitudeInvalid);
    expect((await punch('staff2', { ...NEAR, taken_at: 'yesterday', device_now: 'now' })).status).toBe(400);
    expect((await attempts('staff2')).length).toBe(before);
  });
});

describe('kiosks', () => {
  let tokenA = '';
  let tokenB = '';
  let kioskA = 0;
  const kioskCall = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) => call(null, method, url, payload, { headers: { 'x-kiosk-token': token } });
  const pinPunch = (token: string, staffId: string, pin: string) => kioskCall(token, 'POST', KIOSK_PUNCHES_PATH, { idempotency_key: randomUUID(), staff_id: staffId, pin });

  beforeAll(async () => {
    const a = await call('admin', 'POST', KIOSKS_PATH, { name: 'Lobby A', place_id: office });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    tokenA = a.body.data.token;
    kioskA = a.body.data.id;
    // Who added it: the username, and the name the list shows (an account's name, or its username without one).
    const [adder] = await queryRows<{ name: string | null }>(t.db, sql`select e.name from users u left join employees e on e.id = u.employee_id where u.username = 'admin'`);
    expect(a.body.data).toMatchObject({ created_by: 'admin', created_by_name: adder?.name ?? 'admin' });
    const b = await call('admin', 'POST', KIOSKS_PATH, { name: 'Lobby B', place_id: office });
    tokenB = b.body.data.token;
    expect((await call('hr', 'POST', KIOSKS_PATH, { name: 'X', place_id: office })).status).toBe(403);
    const stored = await queryRows<{ token_hash: string }>(t.db, sql`select token_hash from kiosks where id = ${kioskA}`);
    expect(stored[0]!.token_hash).not.toContain(tokenA);
    expect((await call('admin', 'GET', KIOSKS_PATH)).body.data.every((k: Json) => !('token' in k))).toBe(true);
    expect((await call('staff2', 'PUT', SELF_CHECK_IN_PIN_PATH, { pin: '12ab' })).body.message).toBe(M.pinInvalid);
    expect((await call('staff2', 'PUT', SELF_CHECK_IN_PIN_PATH, { pin: '2468' })).status).toBe(200);
    expect((await call('staff3', 'PUT', SELF_CHECK_IN_PIN_PATH, { pin: '1357' })).status).toBe(200);
    await setMode('staff3', 'ANY_PLACE');
    later(61_000);
  });

  it('a kiosk knows its place; staff checks in with staff ID and PIN', async () => {
    expect((await kioskCall(tokenA, 'GET', KIOSK_INFO_PATH)).body.data).toMatchObject({ place_name: 'Office', kiosk_name: 'Lobby A' });
    const res = await pinPunch(tokenA, 'SFSTAFF2', '2468');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ employee_name: 'Sang Second', replayed: false });
    expect((await selfPunches('staff2')).at(-1)).toMatchObject({ method: 'PIN', source: 'kiosk' });
  });

  it('five wrong PINs lock that staff ID on that kiosk only, for 15 minutes', async () => {
    for (let i = 1; i <= 4; i++) {
      const wrong = await pinPunch(tokenA, 'staff3', '0000');
      expect(wrong.status).toBe(403);
      expect(wrong.body.message).toBe(M.wrongPin);
    }
    const fifth = await pinPunch(tokenA, 'staff3', '0000');
    expect(fifth.status).toBe(429);
    expect(fifth.body.message).toMatch(/^Too many wrong PINs for staff3; try again after \d\d:\d\d\.$/);
    // Even the right PIN waits on kiosk A; kiosk B still takes it.
    expect((await pinPunch(tokenA, 'staff3', '1357')).status).toBe(429);
    const other = await pinPunch(tokenB, 'staff3', '1357');
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    // An unknown staff ID answers as a wrong PIN (no enumeration).
    expect((await pinPunch(tokenB, 'nobody', '1234')).body.message).toBe(M.wrongPin);
    later(15 * 60_000 + 1000);
    expect((await pinPunch(tokenA, 'staff3', '1357')).status).toBe(200);
  });

  it('a QR code is valid for its 30 s window (and 5 s of transit), then expires', async () => {
    later(61_000);
    const qr = await call('staff2', 'GET', SELF_CHECK_IN_QR_PATH);
    expect(qr.status).toBe(200);
    const code = qr.body.data.code as string;
    expect(code).toMatch(/^TMSQR\.\d+\.\d+\./);
    later(40_000);
    const expired = await kioskCall(tokenB, 'POST', KIOSK_PUNCHES_PATH, { idempotency_key: randomUUID(), qr_code: code });
    expect(expired.status).toBe(403);
    expect(expired.body.message).toBe(M.qrExpired);
    const forged = await kioskCall(tokenB, 'POST', KIOSK_PUNCHES_PATH, { idempotency_key: randomUUID(), qr_code: `${code.slice(0, -2)}xx` });
    expect(forged.body.message).toBe(M.qrInvalid);
    const fresh = (await call('staff2', 'GET', SELF_CHECK_IN_QR_PATH)).body.data.code as string;
    const ok = await kioskCall(tokenB, 'POST', KIOSK_PUNCHES_PATH, { idempotency_key: randomUUID(), qr_code: fresh });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await selfPunches('staff2')).at(-1)).toMatchObject({ method: 'QR', source: 'kiosk' });
  });

  it('a revoked kiosk token is refused (a stolen tablet is dead)', async () => {
    expect((await call('admin', 'POST', `${KIOSKS_PATH}/${kioskA}/revoke`)).status).toBe(200);
    expect((await call('admin', 'POST', `${KIOSKS_PATH}/${kioskA}/revoke`)).status).toBe(409);
    expect((await kioskCall(tokenA, 'GET', KIOSK_INFO_PATH)).status).toBe(401);
    later(61_000);
    const stolen = await pinPunch(tokenA, 'SFSTAFF2', '2468');
    expect(stolen.status).toBe(401);
    expect(stolen.body.message).toBe(M.kioskTokenInvalid);
    expect((await kioskCall('made-up', 'GET', KIOSK_INFO_PATH)).status).toBe(401);
  });
});

describe('check-in attempts (HR, HRM, Admin)', () => {
  it('lists refused and late attempts with filters and paging, and exports them', async () => {
    const all = await call('hr', 'GET', `${CHECK_IN_ATTEMPTS_PATH}?size=5`);
    expect(all.status).toBe(200);
    expect(all.body.data.length).toBe(5);
    expect(all.body.page.total_element).toBeGreaterThan(10);
    const outside = await call('hrm', 'GET', `${CHECK_IN_ATTEMPTS_PATH}?reason=OUTSIDE_PLACE&from=${THU}&to=${THU}`);
    expect(outside.body.data.length).toBeGreaterThan(0);
    expect(outside.body.data.every((a: Json) => a.reason === 'OUTSIDE_PLACE' && a.place_name === 'Office')).toBe(true);
    const atOffice = await call('hrm', 'GET', `${CHECK_IN_ATTEMPTS_PATH}?place_id=${office}&size=200`);
    expect(atOffice.body.data.length).toBeGreaterThan(0);
    expect(atOffice.body.data.every((a: Json) => a.place_name === 'Office')).toBe(true);
    const late = await call('admin', 'GET', `${CHECK_IN_ATTEMPTS_PATH}?outcome=LATE&employee_id=${id('staff2')}`);
    expect(late.body.data.length).toBe(2);
    const kiosk = await call('hr', 'GET', `${CHECK_IN_ATTEMPTS_PATH}?source=kiosk&reason=PIN_LOCKED`);
    expect(kiosk.body.data[0]).toMatchObject({ staff_id: 'staff3', kiosk_name: 'Lobby A' });
    expect((await call('hr', 'GET', `${CHECK_IN_ATTEMPTS_PATH}?outcome=MAYBE`)).status).toBe(400);
    expect((await call('staff', 'GET', CHECK_IN_ATTEMPTS_PATH)).status).toBe(403);
    const file = await call('hr', 'GET', `${CHECK_IN_ATTEMPTS_EXPORT_PATH}?outcome=REFUSED`);
    expect(file.status).toBe(200);
    expect(file.res.headers['content-type']).toContain('spreadsheetml');
    const sheet = await firstSheet(file.res.rawPayload);
    expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['Received', 'Outcome', 'Reason']);
    expect(sheet.rowCount).toBeGreaterThan(2);
    expect(sheet.getRow(2).getCell(2).value).toBe('REFUSED');
    // Headers in the language of the request (issue 25), as every other export.
    const vi = await call('hr', 'GET', `${CHECK_IN_ATTEMPTS_EXPORT_PATH}?outcome=REFUSED`, undefined, { headers: { 'accept-language': 'vi-VN,vi;q=0.9' } });
    expect(((await firstSheet(vi.res.rawPayload)).getRow(1).values as unknown[]).slice(1, 4)).toEqual(['Thời điểm nhận', 'Kết quả', 'Lý do']);
  });
});

describe('a night shift (RULES.md §4: the morning after belongs to the night up to the midpoint)', () => {
  it('the page shows the night’s day and its check-in at 05:55; the morning punch is its check-out; the afternoon is a new day', async () => {
    // pm works 22:00–06:00 on weekdays; Wednesday's punches reach Thursday 14:00 (the midpoint of 06:00 and 22:00).
    await insertWeekdaySchedule(t.db, { code: 'NIGHT', start: '22:00', end: '06:00' });
    await t.db.execute(sql`update staff_policies set work_schedule_code = 'NIGHT' where employee_id = ${id('pm')}`);
    await t.db.execute(sql`update employees set work_schedule_type = 'NIGHT' where id = ${id('pm')}`);
    await setMode('pm', 'ANYWHERE');
    t.clock.set('2026-11-11T22:05:00+07:00');
    const checkIn = await punch('pm', { ...NEAR, accuracy_m: 15 });
    expect(checkIn.status, JSON.stringify(checkIn.body)).toBe(200);
    expect(checkIn.body.data.action).toBe('CHECK_IN');
    await workerDrain(t);

    t.clock.set('2026-11-12T05:55:00+07:00');
    const morning = await call('pm', 'GET', SELF_CHECK_IN_TODAY_PATH);
    expect(morning.body.data).toMatchObject({ date: '2026-11-11', next_action: 'CHECK_OUT', schedule: { start: '22:00', end: '06:00' } });
    expect(morning.body.data.punches.map((p: Json) => p.time)).toEqual([new Date('2026-11-11T22:05:00+07:00').toISOString()]);
    const checkOut = await punch('pm', { ...NEAR, accuracy_m: 15 });
    expect(checkOut.body.data.action).toBe('CHECK_OUT');
    await workerDrain(t);
    const [night] = await queryRows<{ check_in: string | null; check_out: string | null }>(
      t.db,
      sql`select check_in, check_out from timesheet_days where employee_id = ${id('pm')} and date = '2026-11-11'`,
    );
    expect(night).toEqual({ check_in: '22:05', check_out: '05:55' });

    t.clock.set('2026-11-12T15:00:00+07:00');
    const afternoon = await call('pm', 'GET', SELF_CHECK_IN_TODAY_PATH);
    expect(afternoon.body.data).toMatchObject({ date: '2026-11-12', next_action: 'CHECK_IN', punches: [] });
  });
});
