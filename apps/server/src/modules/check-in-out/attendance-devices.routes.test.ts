import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDANCE_DEVICES_PATH, DEVICE_MESSAGES as M, REUPLOAD_MAX_DAYS, SERIAL_NUMBER_MAX } from '@tms/contracts/attendance-devices';
import { PUNCH_MESSAGES } from '@tms/contracts/punches';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { readJson, type Json } from '../../test/json-body.ts';

const B = `/api${ATTENDANCE_DEVICES_PATH}`;
/** Monday 23/11/2026 in the company zone: the counters of "today" are those of this day. */
const NOW = '2026-11-23T10:00:00+07:00';
const TODAY = '2026-11-23';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
});
afterAll(() => t.close());

async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, user = 'admin') {
  const res = await t.app.inject({ method, url: `${B}${url}`, headers: await t.as(user), payload: payload as Json });
  return { status: res.statusCode, body: readJson(res) };
}

async function register(serial_number: string, extra: Json = {}) {
  const { status, body } = await call('POST', '', { serial_number, name: null, system: 'SPEEDGATE', time_zone: 'Asia/Ho_Chi_Minh', ...extra });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as Json;
}

const list = async (query: string) => (await call('GET', `?${query}`)).body;
const serials = async (query: string) => ((await list(query)).data as Json[]).map((r) => r.serial_number);
const history = async (id: number) => (await call('GET', `/history?id=${id}`)).body.data as Json[];

describe('register a device', () => {
  it('stores it with no contact yet, answers the row and writes a CREATE history entry', async () => {
    const { status, body } = await call('POST', '', { serial_number: ' ZK-REG-1 ', name: ' Cổng Sơn Trà ', system: 'SPEEDGATE', time_zone: 'Asia/Ho_Chi_Minh' });
    expect(status).toBe(200);
    expect(body.message).toBe(M.created);
    expect(body.data).toMatchObject({
      serial_number: 'ZK-REG-1',
      name: 'Cổng Sơn Trà',
      system: 'SPEEDGATE',
      time_zone: 'Asia/Ho_Chi_Minh',
      active: true,
      last_contact_date: null,
      last_push_date: null,
      attlog_stamp: null,
      received_today: 0,
      stored_today: 0,
      errors_today: 0,
      pending_commands: 0,
      version: 1,
    });
    const entries = await history(body.data.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'CREATE', createdBy: { username: 'admin' } });
    expect(entries[0]!.changes).toEqual([
      { field: 'serial_number', oldValue: null, newValue: 'ZK-REG-1' },
      { field: 'name', oldValue: null, newValue: 'Cổng Sơn Trà' },
      { field: 'system', oldValue: null, newValue: 'SPEEDGATE' },
      { field: 'time_zone', oldValue: null, newValue: 'Asia/Ho_Chi_Minh' },
      { field: 'active', oldValue: null, newValue: true },
    ]);
  });

  it('refuses a serial number already registered, in any letter case (409)', async () => {
    await register('ZK-DUP-1');
    for (const serial of ['ZK-DUP-1', 'zk-dup-1']) {
      const { status, body } = await call('POST', '', { serial_number: serial, system: 'TMS', time_zone: 'Asia/Bangkok' });
      expect(status).toBe(409);
      expect(body.message).toBe(M.serialExists);
    }
    expect(await serials('keyword=zk-dup')).toEqual(['ZK-DUP-1']);
  });

  it('refuses a time zone PostgreSQL does not know (400)', async () => {
    for (const zone of ['Mars/Olympus_Mons', 'Asia/Saigon_', 'UTC+7']) {
      const { status, body } = await call('POST', '', { serial_number: 'ZK-TZ-1', system: 'TMS', time_zone: zone });
      expect(status).toBe(400);
      expect(body.message).toBe(M.timeZoneInvalid);
    }
    expect(await serials('keyword=ZK-TZ-1')).toEqual([]);
  });

  const valid = { serial_number: 'ZK-VAL-1', name: 'Gate', system: 'TMS', time_zone: 'Asia/Bangkok' };
  it.each([
    ['no serial number', { serial_number: undefined }, M.serialRequired],
    ['an empty serial number', { serial_number: '  ' }, M.serialRequired],
    ['a serial number with a space', { serial_number: 'ZK 1' }, M.serialInvalid],
    ['a serial number with a slash', { serial_number: 'ZK/1' }, M.serialInvalid],
    ['a serial number too long', { serial_number: 'Z'.repeat(SERIAL_NUMBER_MAX + 1) }, M.serialInvalid],
    ['no system', { system: undefined }, M.systemRequired],
    ['an empty system', { system: ' ' }, M.systemRequired],
    ['an unknown system', { system: 'GATEWAY' }, M.systemInvalid],
    ['no time zone', { time_zone: undefined }, M.timeZoneRequired],
    ['an empty time zone', { time_zone: ' ' }, M.timeZoneRequired],
    ['a name too long', { name: 'n'.repeat(101) }, M.nameTooLong],
  ])('answers 400 to %s with its message', async (_name, change, message) => {
    const { status, body } = await call('POST', '', { ...valid, ...change });
    expect(status).toBe(400);
    expect(body.message).toBe(message);
  });

  it('uses the punch intake texts for the system', () => {
    expect(M.systemRequired).toBe(PUNCH_MESSAGES.systemRequired);
  });
});

describe('the device list', () => {
  let gate: Json;
  beforeAll(async () => {
    gate = await register('LST-GATE', { name: 'Cổng chính Đà Nẵng' });
    await register('LST-READER', { name: 'Warehouse reader', system: 'TMS', time_zone: 'Asia/Bangkok' });
    const old = await register('LST-OLD', { name: 'Old unit' });
    await call('PUT', `/${old.id}`, { name: 'Old unit', system: 'SPEEDGATE', time_zone: 'Asia/Ho_Chi_Minh', active: false, version: old.version });
    // Today's counters (and yesterday's, which the list must not add), and commands in every state.
    await t.db.execute(sql`
      insert into attendance_device_days (device_id, day, received, stored, duplicate, unmapped, rejected)
      values (${gate.id}, ${TODAY}::date, 12, 9, 1, 1, 2), (${gate.id}, '2026-11-22'::date, 40, 40, 0, 0, 0)`);
    await t.db.execute(sql`
      insert into attendance_device_commands (device_id, kind, command, status)
      values (${gate.id}, 'CHECK', 'CHECK', 'PENDING'), (${gate.id}, 'CHECK', 'CHECK', 'SENT'),
             (${gate.id}, 'REBOOT', 'REBOOT', 'DONE'), (${gate.id}, 'CHECK', 'CHECK', 'FAILED')`);
    await t.db.execute(sql`
      update attendance_devices set last_contact_at = '2026-11-23T02:59:30Z', last_push_at = '2026-11-23T02:58:00Z', attlog_stamp = '9999',
             last_error = '2 malformed lines not stored', last_error_at = '2026-11-23T02:58:00Z'
       where id = ${gate.id}`);
  });

  it("shows today's counters, errors as rejected plus unmapped, and commands not yet answered", async () => {
    const row = ((await list('keyword=LST-GATE')).data as Json[])[0]!;
    expect(row).toMatchObject({
      serial_number: 'LST-GATE',
      received_today: 12,
      stored_today: 9,
      errors_today: 3,
      pending_commands: 2,
      last_contact_date: '2026-11-23T02:59:30.000Z',
      last_push_date: '2026-11-23T02:58:00.000Z',
      attlog_stamp: '9999',
      last_error: '2 malformed lines not stored',
      last_error_date: '2026-11-23T02:58:00.000Z',
    });
  });

  it('reads the counters of the new company day once the clock passes midnight', async () => {
    t.clock.set('2026-11-24T00:30:00+07:00');
    try {
      const row = ((await list('keyword=LST-GATE')).data as Json[])[0]!;
      expect(row).toMatchObject({ received_today: 0, stored_today: 0, errors_today: 0, pending_commands: 2 });
    } finally {
      t.clock.set(NOW);
    }
  });

  it('finds by serial number or by name, with or without diacritics, in any case', async () => {
    expect(await serials('keyword=lst-reader')).toEqual(['LST-READER']);
    expect(await serials('keyword=cong chinh da nang')).toEqual(['LST-GATE']);
    expect(await serials('keyword=Cổng chính')).toEqual(['LST-GATE']);
    expect(await serials('keyword=warehouse')).toEqual(['LST-READER']);
    expect(await serials('keyword=100%')).toEqual([]);
  });

  it('filters by system and active flag, active devices first', async () => {
    expect(await serials('keyword=LST-&system=TMS')).toEqual(['LST-READER']);
    expect(await serials('keyword=LST-&active=false')).toEqual(['LST-OLD']);
    expect(await serials('keyword=LST-&active=true')).toEqual(['LST-GATE', 'LST-READER']);
    expect(await serials('keyword=LST-')).toEqual(['LST-GATE', 'LST-READER', 'LST-OLD']);
  });

  it('pages with the total, also past the end', async () => {
    const first = await list('keyword=LST-&page=1&size=2');
    expect(first.data.map((r: Json) => r.serial_number)).toEqual(['LST-GATE', 'LST-READER']);
    expect(first.page).toEqual({ page: 1, size: 2, total_element: 3 });
    const past = await list('keyword=LST-&page=5&size=2');
    expect(past.data).toEqual([]);
    expect(past.page).toEqual({ page: 5, size: 2, total_element: 3 });
  });
});

describe('edit a device', () => {
  const body = (d: Json, change: Json = {}) => ({ name: d.name, system: d.system, time_zone: d.time_zone, active: d.active, version: d.version, ...change });

  it('edits name, system and time zone, refuses a stale version, and says what changed in active', async () => {
    const d = await register('EDIT-1', { name: 'Lobby' });
    const edited = await call('PUT', `/${d.id}`, body(d, { name: 'Lobby east', system: 'TMS', time_zone: 'Asia/Tokyo' }));
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe(M.updated);
    expect(edited.body.data).toMatchObject({ name: 'Lobby east', system: 'TMS', time_zone: 'Asia/Tokyo', active: true, version: 2 });

    const stale = await call('PUT', `/${d.id}`, body(d, { name: 'Lost edit' }));
    expect(stale.status).toBe(409);

    const off = await call('PUT', `/${d.id}`, body(edited.body.data, { active: false }));
    expect(off.status).toBe(200);
    expect(off.body.message).toBe(M.deactivated);
    expect(off.body.data).toMatchObject({ active: false, version: 3 });

    const on = await call('PUT', `/${d.id}`, body(off.body.data, { active: true }));
    expect(on.body.message).toBe(M.activated);

    const entries = await history(d.id);
    expect(entries.map((e) => e.action)).toEqual(['STATUS', 'STATUS', 'UPDATE', 'CREATE']);
    expect(entries[2]!.changes).toEqual([
      { field: 'name', oldValue: 'Lobby', newValue: 'Lobby east' },
      { field: 'system', oldValue: 'SPEEDGATE', newValue: 'TMS' },
      { field: 'time_zone', oldValue: 'Asia/Ho_Chi_Minh', newValue: 'Asia/Tokyo' },
    ]);
    expect(entries[1]!.changes).toEqual([{ field: 'active', oldValue: true, newValue: false }]);
    expect(entries[0]!.changes).toEqual([{ field: 'active', oldValue: false, newValue: true }]);
  });

  it('changes nothing when the form is saved unchanged: same version, no history entry', async () => {
    const d = await register('EDIT-3', { name: 'Side door' });
    const same = await call('PUT', `/${d.id}`, body(d, { name: '  Side door ' }));
    expect(same.status).toBe(200);
    expect(same.body.message).toBe(M.updated);
    expect(same.body.data).toMatchObject({ name: 'Side door', version: d.version });
    expect((await history(d.id)).map((e) => e.action)).toEqual(['CREATE']);
  });

  it('refuses an unknown time zone, an unknown device and a missing version', async () => {
    const d = await register('EDIT-2');
    expect((await call('PUT', `/${d.id}`, body(d, { time_zone: 'Nowhere/City' }))).body.message).toBe(M.timeZoneInvalid);
    const unknown = await call('PUT', '/999999', body(d));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(M.notFound);
    expect((await call('PUT', `/${d.id}`, body(d, { version: undefined }))).status).toBe(400);
    expect((await call('PUT', `/${d.id}`, body(d, { active: undefined }))).status).toBe(400);
    expect((await history(d.id)).map((e) => e.action)).toEqual(['CREATE']);
  });
});

describe('device commands', () => {
  it('queues CHECK, REUPLOAD (a tab between the bounds) and REBOOT, lists them newest first, and records them in history', async () => {
    const d = await register('CMD-1');
    const check = await call('POST', `/${d.id}/commands`, { kind: 'CHECK' });
    expect(check.status).toBe(200);
    expect(check.body.message).toBe(M.commandQueued);
    expect(check.body.data).toMatchObject({ kind: 'CHECK', command: 'CHECK', status: 'PENDING', return_code: null, created_by: 'admin', sent_date: null, done_date: null });

    const reupload = await call('POST', `/${d.id}/commands`, { kind: 'REUPLOAD', from: '2026-11-01', to: '2026-11-22' });
    expect(reupload.body.data.command).toBe('DATA QUERY ATTLOG StartTime=2026-11-01 00:00:00\tEndTime=2026-11-22 23:59:59');
    const oneDay = await call('POST', `/${d.id}/commands`, { kind: 'REUPLOAD', from: '2026-11-23', to: '2026-11-23' });
    expect(oneDay.status).toBe(200);
    expect((await call('POST', `/${d.id}/commands`, { kind: 'REBOOT' })).body.data.command).toBe('REBOOT');

    const listed = await call('GET', `/${d.id}/commands`);
    expect(listed.body.data.map((c: Json) => c.kind)).toEqual(['REBOOT', 'REUPLOAD', 'REUPLOAD', 'CHECK']);
    expect(((await list('keyword=CMD-1')).data as Json[])[0]!.pending_commands).toBe(4);

    const entries = await history(d.id);
    expect(entries.map((e) => e.action)).toEqual(['UPDATE', 'UPDATE', 'UPDATE', 'UPDATE', 'CREATE']);
    expect(entries[0]!.changes).toEqual([{ field: 'command', oldValue: null, newValue: 'REBOOT' }]);
  });

  it('lists at most the latest 20', async () => {
    const d = await register('CMD-MANY');
    for (let i = 0; i < 22; i += 1) await call('POST', `/${d.id}/commands`, { kind: 'CHECK' });
    const listed = (await call('GET', `/${d.id}/commands`)).body.data as Json[];
    expect(listed).toHaveLength(20);
    expect(listed[0]!.id).toBeGreaterThan(listed[19]!.id);
  });

  it.each([
    ['no range', { kind: 'REUPLOAD' }, M.commandRangeRequired],
    ['no end', { kind: 'REUPLOAD', from: '2026-11-01' }, M.commandRangeRequired],
    ['a date in another format', { kind: 'REUPLOAD', from: '01/11/2026', to: '2026-11-02' }, M.commandRangeRequired],
    ['an end before the start', { kind: 'REUPLOAD', from: '2026-11-10', to: '2026-11-09' }, M.commandRangeInvalid],
    [`more than ${REUPLOAD_MAX_DAYS} days`, { kind: 'REUPLOAD', from: '2026-01-01', to: '2026-04-04' }, M.commandRangeInvalid],
    ['an unknown kind', { kind: 'FORMAT' }, M.commandKindInvalid],
    ['no kind', {}, M.commandKindInvalid],
  ])('answers 400 to %s with its message', async (_name, payload, message) => {
    const d = (await call('GET', '?keyword=CMD-1')).body.data[0] as Json;
    const { status, body } = await call('POST', `/${d.id}/commands`, payload);
    expect(status).toBe(400);
    expect(body.message).toBe(message);
  });

  it(`accepts exactly ${REUPLOAD_MAX_DAYS} days`, async () => {
    const d = (await call('GET', '?keyword=CMD-1')).body.data[0] as Json;
    expect((await call('POST', `/${d.id}/commands`, { kind: 'REUPLOAD', from: '2026-01-01', to: '2026-04-03' })).status).toBe(200);
  });

  it('refuses commands for an inactive device (409) and an unknown one (404)', async () => {
    const d = await register('CMD-OFF');
    await call('PUT', `/${d.id}`, { name: null, system: d.system, time_zone: d.time_zone, active: false, version: d.version });
    const refused = await call('POST', `/${d.id}/commands`, { kind: 'CHECK' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(M.commandInactive);
    expect((await call('GET', `/${d.id}/commands`)).body.data).toEqual([]);
    expect((await call('POST', '/999999/commands', { kind: 'CHECK' })).status).toBe(404);
    expect((await call('GET', '/999999/commands')).status).toBe(404);
  });
});

describe('device history', () => {
  it('answers 404 for an unknown device and 400 without an id', async () => {
    const unknown = await call('GET', '/history?id=999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(M.notFound);
    expect((await call('GET', '/history')).status).toBe(400);
    expect((await call('GET', '/history?id=abc')).status).toBe(400);
  });
});
