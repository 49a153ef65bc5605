import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_KEYS_PATH, PUNCH_BATCH_MAX, PUNCH_MESSAGES as M, PUNCHES_PATH, parseIsoInstant } from '@tms/contracts/punches';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ingest, remapAccounts } from './punches.service.ts';
import { readJson, type Json } from '../../test/json-body.ts';

const KEYS = `/api${DEVICE_KEYS_PATH}`;
const PUNCHES = `/api${PUNCHES_PATH}`;
/** The harness runs with the default company time zone (RULES.md §1). */

let t: TestApp;

async function asUser(user: string | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  const headers = user ? await t.as(user) : {};
  const res = await t.app.inject({ method, url, headers, payload: payload as Json });
  return { status: res.statusCode, body: readJson(res) };
}

async function createKey(system: 'SPEEDGATE' | 'TMS', description: string | null = 'Gate 1') {
  const { status, body } = await asUser('admin', 'POST', KEYS, { system, description });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as { id: number; key: string; system: string };
}

async function send(key: string | null, payload: unknown, style: 'header' | 'authorization' = 'header') {
  const headers: Record<string, string> = {};
  if (key !== null) {
    if (style === 'header') headers['x-device-key'] = key;
    else headers.authorization = `Device ${key}`;
  }
  const res = await t.app.inject({ method: 'POST', url: PUNCHES, headers, payload: payload as Json });
  return { status: res.statusCode, body: readJson(res) };
}

const punch = (attendance_check_id: string | number, timestamp: string, system = 'SPEEDGATE') => ({ system, attendance_check_id, timestamp });

async function addConfig(username: string, system: string, attendanceCheckId: string, startDate: string, endDate = '9999-12-30') {
  await t.db.execute(sql`
    insert into attendance_check_configs (employee_id, attendance_check_id, attendance_check_system, start_date, end_date)
    values (${t.fixture.employeeIds[username]!}, ${attendanceCheckId}, ${system}, ${startDate}, ${endDate})`);
}

type StoredPunch = { employee_id: number | null; punched_at: string; source: string };
const storedPunches = (account: string) =>
  queryRows<StoredPunch>(
    t.db,
    sql`select employee_id, to_char(punched_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as punched_at, source
          from punches where attendance_check_id = ${account} order by punched_at`,
  );

const connectionRows = () =>
  queryRows<{ id: number; code: string; error_details: string }>(
    t.db,
    sql`select id, code, error_details from connection_history where source = 'device-punch-api' order by id`,
  );
async function newConnectionRows(action: () => Promise<unknown>) {
  const before = (await connectionRows()).length;
  await action();
  return (await connectionRows()).slice(before);
}

let speedgate: { id: number; key: string };
let tms: { id: number; key: string };

beforeAll(async () => {
  t = await createTestApp();
  speedgate = await createKey('SPEEDGATE', 'Main gate');
  tms = await createKey('TMS', null);
  // The fixture has no accounts: staff has a card for good, staff2 only in March 2026, staff3 checks in through TMS.
  await addConfig('staff', 'SPEEDGATE', 'SG001', '2020-01-06');
  await addConfig('staff2', 'SPEEDGATE', 'SG002', '2026-03-01', '2026-03-31');
  await addConfig('staff3', 'TMS', 'STAFF3', '2020-01-06');
});
afterAll(() => t.close());

describe('device keys (RULES.md §4: managed by Admin)', () => {
  it('shows a new key once and stores only its SHA-256', async () => {
    const { status, body } = await asUser('admin', 'POST', KEYS, { system: 'SPEEDGATE', description: '  Back door  ' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 200, message: M.keyCreated, data: { system: 'SPEEDGATE', description: 'Back door', active: true, lastUsedDate: null } });
    const key: string = body.data.key;
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [stored] = await queryRows<Json>(t.db, sql`select * from device_keys where id = ${body.data.id}`);
    expect(stored!.key_hash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(Object.values(stored!)).not.toContain(key);

    const list = await asUser('admin', 'GET', KEYS);
    expect(list.status).toBe(200);
    const row = list.body.data.find((k: Json) => k.id === body.data.id);
    expect(Object.keys(row).sort()).toEqual(['active', 'createdDate', 'deactivatedDate', 'description', 'id', 'lastUsedDate', 'system']);
    expect(JSON.stringify(list.body)).not.toContain(key);
    expect(JSON.stringify(list.body)).not.toContain(stored!.key_hash);
    expect(new Date(row.createdDate).toISOString()).toBe(row.createdDate);

    const [entry] = await queryRows<Json>(t.db, sql`select * from history where table_name = 'device_keys' and record_id = ${body.data.id}`);
    expect(entry).toMatchObject({ action: 'CREATE', created_by_username: 'admin', new_record: { id: body.data.id, system: 'SPEEDGATE', description: 'Back door', active: true } });
    expect(JSON.stringify(entry)).not.toContain(key);
  });

  it.each<[string, Json, string]>([
    ['no system', { description: 'x' }, M.systemRequired],
    ['empty system', { system: '' }, M.systemRequired],
    ['unknown system', { system: 'FINGERPRINT' }, M.systemInvalid],
    ['description too long', { system: 'TMS', description: 'x'.repeat(201) }, M.descriptionTooLong],
    ['description not text', { system: 'TMS', description: 12 }, M.descriptionInvalid],
  ])('refuses %s', async (_name, payload, message) => {
    const { status, body } = await asUser('admin', 'POST', KEYS, payload);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 400, message, data: null });
  });

  it('is for Admin only', async () => {
    for (const user of ['hr', 'hrm', 'dl', 'gl', 'pm', 'staff', 'guest']) {
      expect((await asUser(user, 'GET', KEYS)).status).toBe(403);
      expect((await asUser(user, 'POST', KEYS, { system: 'TMS' })).status).toBe(403);
      expect((await asUser(user, 'DELETE', `${KEYS}/${speedgate.id}`)).status).toBe(403);
    }
    expect((await asUser(null, 'GET', KEYS)).status).toBe(401);
    expect((await asUser(null, 'POST', KEYS, { system: 'TMS' })).status).toBe(401);
  });

  it('deactivates a key for good, with a history entry; the key then answers 401', async () => {
    const key = await createKey('SPEEDGATE', 'Old gate');
    expect((await send(key.key, { punches: [punch('SG001', '2026-01-05T08:00:00+07:00')] })).status).toBe(200);

    const { status, body } = await asUser('admin', 'DELETE', `${KEYS}/${key.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 200, message: M.keyDeactivated, data: { id: key.id } });
    const row = (await asUser('admin', 'GET', KEYS)).body.data.find((k: Json) => k.id === key.id);
    expect(row).toMatchObject({ active: false });
    expect(row.deactivatedDate).not.toBeNull();
    expect(row.lastUsedDate).not.toBeNull();

    const again = await asUser('admin', 'DELETE', `${KEYS}/${key.id}`);
    expect(again).toMatchObject({ status: 409, body: { code: 409, message: M.keyAlreadyInactive } });
    expect(await asUser('admin', 'DELETE', `${KEYS}/999999`)).toMatchObject({ status: 404, body: { code: 404, message: M.keyNotFound } });

    const entries = await queryRows<Json>(t.db, sql`select action, changes from history where table_name = 'device_keys' and record_id = ${key.id} order by id`);
    expect(entries.map((e) => e.action)).toEqual(['CREATE', 'STATUS']);
    expect(entries[1]!.changes).toEqual([{ field: 'active', oldValue: true, newValue: false }]);

    const logged = await newConnectionRows(async () => {
      const res = await send(key.key, { punches: [punch('SG001', '2026-01-06T08:00:00+07:00')] });
      expect(res).toMatchObject({ status: 401, body: { code: 401, message: M.invalidKey, data: null } });
    });
    expect(logged).toHaveLength(1);
    expect(logged[0]!.code).toBe('INVALID_KEY');
  });
});

describe('POST punches: device key', () => {
  it.each<[string, string | null, 'header' | 'authorization']>([
    ['an unknown key', 'not-a-key', 'header'],
    ['no key', null, 'header'],
    ['an unknown key in Authorization', 'x'.repeat(43), 'authorization'],
    ['an overlong key', 'k'.repeat(5000), 'header'],
  ])('answers 401 to %s and logs it in connection history', async (_name, key, style) => {
    const logged = await newConnectionRows(async () => {
      const res = await send(key, { punches: [punch('SG001', '2026-01-07T08:00:00+07:00')] }, style);
      expect(res).toMatchObject({ status: 401, body: { code: 401, message: M.invalidKey, data: null } });
    });
    expect(logged).toHaveLength(1);
    expect(logged[0]!.code).toBe('INVALID_KEY');
    if (key) expect(logged[0]!.error_details).not.toContain(key.slice(0, 40));
    expect(await storedPunches('SG001')).not.toContainEqual(expect.objectContaining({ punched_at: '2026-01-07T01:00:00.000000Z' }));
  });

  it('does not take a user session for a device key', async () => {
    const res = await t.app.inject({ method: 'POST', url: PUNCHES, headers: await t.as('admin'), payload: { punches: [punch('SG001', '2026-01-07T08:00:00+07:00')] } });
    expect(res.statusCode).toBe(401);
  });

  it('accepts the key as `Authorization: Device <key>`', async () => {
    const res = await send(speedgate.key, { punches: [punch('SG001', '2026-01-08T08:00:00+07:00')] }, 'authorization');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ received: 1, new: 1 });
  });
});

describe('POST punches: batches', () => {
  it('stores new punches mapped to the employee, and the same batch again as duplicates', async () => {
    const batch = { punches: [punch('SG001', '2026-03-09T08:25:00+07:00'), punch('SG001', '2026-03-09T17:40:10+07:00'), punch('SG001', '2026-03-10T01:31:00Z')] };
    const first = await send(speedgate.key, batch);
    expect(first).toMatchObject({ status: 200, body: { code: 200, message: 'Success', data: { received: 3, new: 3, duplicate: 0, unmapped: 0, rejected: 0, errors: [] } } });
    const stored = (await storedPunches('SG001')).filter((p) => p.punched_at.startsWith('2026-03'));
    expect(stored).toEqual([
      { employee_id: t.fixture.employeeIds.staff, punched_at: '2026-03-09T01:25:00.000000Z', source: 'device' },
      { employee_id: t.fixture.employeeIds.staff, punched_at: '2026-03-09T10:40:10.000000Z', source: 'device' },
      { employee_id: t.fixture.employeeIds.staff, punched_at: '2026-03-10T01:31:00.000000Z', source: 'device' },
    ]);

    const logged = await newConnectionRows(async () => {
      const again = await send(speedgate.key, batch);
      expect(again).toMatchObject({ status: 200, body: { data: { received: 3, new: 0, duplicate: 3, unmapped: 0, rejected: 0 } } });
    });
    expect(logged).toEqual([]);
    expect((await storedPunches('SG001')).filter((p) => p.punched_at.startsWith('2026-03'))).toHaveLength(3);
  });

  it('stores one instant once whatever its offset, within a batch too', async () => {
    const res = await send(speedgate.key, { punches: [punch('SG001', '2026-03-11T08:00:00+07:00'), punch('SG001', '2026-03-11T01:00:00Z'), punch('SG001', '2026-03-11T03:00:00+0200')] });
    expect(res.body.data).toMatchObject({ received: 3, new: 1, duplicate: 2 });
  });

  it('accepts the ISO 8601 forms with an offset, to the microsecond', async () => {
    const forms = ['2026-03-12T08:00+07:00', '2026-03-12T08:00:01+07', '2026-03-12T08:00:02.5+0700', '2026-03-12T01:00:03.123456Z', '2026-03-11T20:00:04-05:00'];
    const res = await send(speedgate.key, { punches: forms.map((f) => punch('SG001', f)) });
    expect(res.body.data).toMatchObject({ received: 5, new: 5, rejected: 0 });
    expect((await storedPunches('SG001')).filter((p) => p.punched_at.startsWith('2026-03-12')).map((p) => p.punched_at)).toEqual([
      '2026-03-12T01:00:00.000000Z',
      '2026-03-12T01:00:01.000000Z',
      '2026-03-12T01:00:02.500000Z',
      '2026-03-12T01:00:03.123456Z',
      '2026-03-12T01:00:04.000000Z',
    ]);
  });

  it('stores an unmapped punch without employee, counts it and logs one connection history row for the batch', async () => {
    const logged = await newConnectionRows(async () => {
      const res = await send(speedgate.key, {
        punches: [punch('SG001', '2026-03-13T08:00:00+07:00'), punch('SG999', '2026-03-13T08:01:00+07:00'), punch(998, '2026-03-13T08:02:00+07:00'), punch('SG999', '2026-03-13T17:00:00+07:00')],
      });
      expect(res).toMatchObject({ status: 200, body: { data: { received: 4, new: 4, duplicate: 0, unmapped: 3, rejected: 0, errors: [] } } });
    });
    expect(await storedPunches('SG999')).toEqual([
      { employee_id: null, punched_at: '2026-03-13T01:01:00.000000Z', source: 'device' },
      { employee_id: null, punched_at: '2026-03-13T10:00:00.000000Z', source: 'device' },
    ]);
    expect((await storedPunches('998'))[0]!.employee_id).toBeNull();
    expect(logged).toHaveLength(1);
    expect(logged[0]!.code).toBe('UNMAPPED_PUNCHES');
    expect(logged[0]!.error_details).toBe(`Device key #${speedgate.id} (SPEEDGATE): received 4, new 4, duplicate 0, unmapped 3 from 2 accounts (SPEEDGATE 998, SPEEDGATE SG999), rejected 0`);
  });

  it('rejects punches of another system than the key’s: 207 with the items, the others stored', async () => {
    const logged = await newConnectionRows(async () => {
      const res = await send(speedgate.key, { punches: [punch('SG001', '2026-03-14T08:00:00+07:00'), punch('STAFF3', '2026-03-14T08:00:00+07:00', 'TMS')] });
      expect(res.status).toBe(207);
      expect(res.body).toEqual({
        code: 207,
        message: M.partlyAccepted,
        messageKey: 'punch.partlyAccepted',
        params: {},
        data: { received: 2, new: 1, duplicate: 0, unmapped: 0, rejected: 1, errors: [{ index: 1, code: 400, message: M.wrongSystem('SPEEDGATE') }] },
      });
    });
    expect(await storedPunches('STAFF3')).toEqual([]);
    expect(logged.map((r) => r.code)).toEqual(['REJECTED_PUNCHES']);
    expect(logged[0]!.error_details).toContain(`#1: ${M.wrongSystem('SPEEDGATE')}`);

    const own = await send(tms.key, { punches: [punch('STAFF3', '2026-03-14T08:00:00+07:00', 'TMS')] });
    expect(own.body.data).toMatchObject({ new: 1, unmapped: 0 });
    expect((await storedPunches('STAFF3'))[0]!.employee_id).toBe(t.fixture.employeeIds.staff3);
  });

  it('rejects each malformed item with its index and reason', async () => {
    const future = new Date(t.clock.now().getTime() + 2 * 24 * 3600_000).toISOString();
    const items: [unknown, string][] = [
      [punch('SG001', '2026-03-15T08:00:00'), M.timestampInvalid],
      [punch('SG001', '2026-03-15 08:00:00+07:00'), M.timestampInvalid],
      [punch('SG001', '15/03/2026 08:00'), M.timestampInvalid],
      [punch('SG001', '2026-02-30T08:00:00Z'), M.timestampInvalid],
      [punch('SG001', '2026-03-15T24:00:00Z'), M.timestampInvalid],
      [punch('SG001', '2026-03-15T08:00:00+15:00'), M.timestampInvalid],
      [{ system: 'SPEEDGATE', attendance_check_id: 'SG001', timestamp: 1773536400000 }, M.timestampInvalid],
      [punch('SG001', future), M.timestampInFuture],
      [punch('', '2026-03-15T08:00:00Z'), M.attendanceCheckIdRequired],
      [{ system: 'SPEEDGATE', timestamp: '2026-03-15T08:00:00Z' }, M.attendanceCheckIdRequired],
      [punch('x'.repeat(101), '2026-03-15T08:00:00Z'), M.attendanceCheckIdTooLong],
      [punch('SG001', '2026-03-15T08:00:00Z', 'FINGERPRINT'), M.systemInvalid],
      ['SG001 2026-03-15T08:00:00Z', M.itemNotObject],
      [null, M.itemNotObject],
    ];
    const res = await send(speedgate.key, { punches: [punch('SG001', '2026-03-15T08:00:00+07:00'), ...items.map(([item]) => item)] });
    expect(res.status).toBe(207);
    expect(res.body.data).toMatchObject({ received: items.length + 1, new: 1, rejected: items.length });
    expect(res.body.data.errors).toEqual(items.map(([, message], i) => ({ index: i + 1, code: 400, message })));
  });

  it('answers 400 when no punch of the batch is valid, and logs it', async () => {
    const logged = await newConnectionRows(async () => {
      const res = await send(speedgate.key, { punches: [punch('SG001', 'yesterday'), punch('SG001', '2026-03-16T08:00:00Z', 'TMS')] });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, message: M.nothingAccepted, messages: [`Punch 0: ${M.timestampInvalid}`, `Punch 1: ${M.wrongSystem('SPEEDGATE')}`], data: null });
    });
    expect(logged.map((r) => r.code)).toEqual(['REJECTED_PUNCHES']);
  });

  it.each<[string, unknown, string]>([
    ['an empty body', {}, M.punchesRequired],
    ['no body', undefined, M.punchesRequired],
    ['punches not a list', { punches: 'SG001' }, M.punchesRequired],
    ['an empty list', { punches: [] }, M.batchEmpty],
    [`more than ${PUNCH_BATCH_MAX} punches`, { punches: Array.from({ length: PUNCH_BATCH_MAX + 1 }, (_, i) => punch('SG001', new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString())) }, M.batchTooLarge],
  ])('answers 400 to %s', async (_name, payload, message) => {
    const res = await send(speedgate.key, payload);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, message, data: null });
  });
});

describe('POST punches: mapping by date range in the company time zone (RULES.md §1, §4)', () => {
  it('maps only the local dates inside the config’s range', async () => {
    const res = await send(speedgate.key, {
      punches: [
        punch('SG002', '2026-02-28T09:00:00+07:00'), // before start_date
        punch('SG002', '2026-03-01T09:00:00+07:00'),
        punch('SG002', '2026-03-31T17:30:00+07:00'),
        punch('SG002', '2026-04-01T08:30:00+07:00'), // after end_date
      ],
    });
    expect(res.body.data).toMatchObject({ received: 4, new: 4, unmapped: 2 });
    const staff2 = t.fixture.employeeIds.staff2;
    expect((await storedPunches('SG002')).map((p) => [p.punched_at, p.employee_id])).toEqual([
      ['2026-02-28T02:00:00.000000Z', null],
      ['2026-03-01T02:00:00.000000Z', staff2],
      ['2026-03-31T10:30:00.000000Z', staff2],
      ['2026-04-01T01:30:00.000000Z', null],
    ]);
  });

  it('takes 23:30 UTC as the next local day in Asia/Ho_Chi_Minh (+7)', async () => {
    // 28/02 23:30 UTC is 01/03 06:30 in Ho Chi Minh City: inside the config; 31/03 17:30 UTC is 01/04 00:30: outside.
    const res = await send(speedgate.key, { punches: [punch('SG002', '2026-02-28T23:30:00Z'), punch('SG002', '2026-03-31T17:30:00Z')] });
    expect(res.body.data).toMatchObject({ new: 2, unmapped: 1 });
    const byInstant = new Map((await storedPunches('SG002')).map((p) => [p.punched_at, p.employee_id]));
    expect(byInstant.get('2026-02-28T23:30:00.000000Z')).toBe(t.fixture.employeeIds.staff2);
    expect(byInstant.get('2026-03-31T17:30:00.000000Z')).toBeNull();
  });
});

describe('recalculation hook and re-mapping', () => {
  it('answers the employee-days the new punches can change: each one\'s local date and the day before (RULES.md §4)', async () => {
    const deps = { db: t.db, clock: t.clock };
    const key = { id: speedgate.id, system: 'SPEEDGATE', touch: false };
    const staff = t.fixture.employeeIds.staff!;
    const staff2 = t.fixture.employeeIds.staff2!;
    const outcome = await ingest(deps, key, [
      punch('SG001', '2026-03-20T08:00:00+07:00'),
      punch('SG001', '2026-03-20T17:30:00+07:00'),
      punch('SG001', '2026-03-21T01:30:00+07:00'), // may close a night that started on the 20th
      punch('SG002', '2026-03-20T20:30:00Z'), // 21/03 03:30 local
      punch('SG999', '2026-03-20T08:00:00+07:00'), // unmapped: no employee-day
      punch('SG001', '2026-03-09T08:25:00+07:00'), // stored earlier: a duplicate changes nothing
    ]);
    expect(outcome.status).toBe(200);
    expect(outcome.result).toMatchObject({ new: 5, duplicate: 1, unmapped: 1 });
    // A punch belongs to its calendar day or to the night it closes (the midpoint rule, decided by the engine alone):
    // both days are recomputed, and the engine writes only what changed.
    expect(outcome.affected).toEqual([
      { employeeId: staff, date: '2026-03-19' },
      { employeeId: staff, date: '2026-03-20' },
      { employeeId: staff, date: '2026-03-21' },
      { employeeId: staff2, date: '2026-03-20' },
      { employeeId: staff2, date: '2026-03-21' },
    ].sort((a, b) => a.employeeId - b.employeeId || a.date.localeCompare(b.date)));
  });

  it('lets a later config claim punches that arrived unmapped', async () => {
    const deps = { db: t.db, clock: t.clock };
    await addConfig('staff4', 'SPEEDGATE', 'SG999', '2026-03-01', '2026-03-31');
    const affected = await t.db.transaction((tx) => remapAccounts(deps, tx, [{ system: 'SPEEDGATE', attendanceCheckId: 'SG999' }]));
    const staff4 = t.fixture.employeeIds.staff4!;
    expect(affected).toEqual([
      { employeeId: staff4, date: '2026-03-12' },
      { employeeId: staff4, date: '2026-03-13' },
      { employeeId: staff4, date: '2026-03-19' },
      { employeeId: staff4, date: '2026-03-20' },
    ]);
    expect((await storedPunches('SG999')).every((p) => p.employee_id === staff4)).toBe(true);
    expect(await t.db.transaction((tx) => remapAccounts(deps, tx, [{ system: 'SPEEDGATE', attendanceCheckId: 'SG999' }]))).toEqual([]);
  });
});

describe('a full batch (issue 3 §1: up to 10,000 punches)', () => {
  it('stores 10,000 punches in one set-based statement, well under a few seconds', async () => {
    // 100 accounts (50 mapped) × 100 punches over a month; the accounts are mapped in one statement.
    await t.db.execute(sql`
      insert into attendance_check_configs (employee_id, attendance_check_id, attendance_check_system, start_date, end_date)
      select ${t.fixture.employeeIds.staff4!}, 'BULK' || n, 'SPEEDGATE', '2025-01-01', '9999-12-30' from generate_series(1, 50) n`);
    const punches = Array.from({ length: PUNCH_BATCH_MAX }, (_, i) => {
      const account = `BULK${(i % 100) + 1}`;
      const at = new Date(Date.UTC(2025, 5, 1) + Math.floor(i / 100) * 7 * 3600_000 + (i % 100) * 1000);
      return punch(account, at.toISOString().replace('Z', '+00:00'));
    });
    const payload = { punches };
    expect(punches.every((p) => parseIsoInstant(p.timestamp) !== undefined)).toBe(true);

    let started = performance.now();
    const first = await send(speedgate.key, payload);
    const firstMs = performance.now() - started;
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ received: 10_000, new: 10_000, duplicate: 0, unmapped: 5_000, rejected: 0 });

    started = performance.now();
    const again = await send(speedgate.key, payload);
    const againMs = performance.now() - started;
    expect(again.body.data).toMatchObject({ received: 10_000, new: 0, duplicate: 10_000, unmapped: 5_000 });

    const database = process.env.DATABASE_URL ? 'PostgreSQL server' : 'PGlite';
    console.log(`[punches] ${database}: 10,000 new punches in ${firstMs.toFixed(0)} ms; the same batch again (all duplicate) in ${againMs.toFixed(0)} ms`);
    expect(firstMs).toBeLessThan(5_000);
    expect(againMs).toBeLessThan(5_000);
  });
});

describe('OpenAPI', () => {
  it('documents the punch intake calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(expect.arrayContaining([PUNCHES, KEYS, `${KEYS}/{id}`]));
  });
});
