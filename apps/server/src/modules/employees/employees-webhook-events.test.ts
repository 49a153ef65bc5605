import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertWorkSchedules } from '../../seed/schedules.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import type { Json } from '../../test/json-body.ts';
import { clearOutbox, expectPublished, outboxEvents, subscribe, typesAndKeys } from '../../test/webhook-outbox.ts';

/**
 * Issue 30 §3: the employee.* events, queued by the employee API's writes in their own transaction
 * (docs/integrations.md "Events"): created on a create, updated on every save, terminated beside updated when the
 * save records a last working day (set, or moved). Pinned clock: the start and last working days are fixed dates.
 */
let t: TestApp;
const NOW = '2026-11-23T10:00:00+07:00';

const CREATE = '/api/tms/employee/create-employee';
const UPDATE = '/api/tms/employee/update-employee';
const DETAIL = (id: number) => `/api/tms/employee/detail/${id}`;
const ALL = ['employee.created', 'employee.updated', 'employee.terminated'] as const;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await insertWorkSchedules(t.db);
}, 120_000);
afterAll(() => t?.close());
beforeEach(() => clearOutbox(t.db));

async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({ method, url, payload: payload as Json, headers: await t.as('hr') });
}

let seq = 0;
const base = (over: Record<string, unknown> = {}) => ({
  name: 'Trần Thị Hook',
  email: 'hook@cglobal.test',
  user_name: `hook.${++seq}`,
  employeeStatus: 'Active',
  start_working_day: '2026-11-02',
  department: 'DEP1',
  gender: 'F',
  location: 'CGLOBALHCM',
  jobLevel: 'Professional',
  contract_type: 'UNLIMTED',
  nationality: 'VNM',
  holidayCalendarCode: 'VNM_NPH',
  work_schedule_type: 'HCM',
  remain_birthday_leave: 1,
  ...over,
});

async function createEmployee(over: Record<string, unknown> = {}): Promise<number> {
  const res = await call('POST', CREATE, base(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}
const detail = async (id: number): Promise<Json> => (await call('GET', DETAIL(id))).json().data;
async function save(d: Json, over: Record<string, unknown>) {
  return call('PUT', UPDATE, { ...d, ...over });
}

describe('employee.created', () => {
  it('a create through the API queues one event: the employee as the detail API answers it', async () => {
    const endpoint = await subscribe(t.db, ALL);
    const id = await createEmployee({ positionTitle: 'Tester' });
    const rows = await outboxEvents(t.db);
    expect(typesAndKeys(rows)).toEqual([['employee.created', `employee:${id}`]]);
    expect(rows[0]!.data).toEqual(await detail(id));
    expect(rows[0]!.data).toMatchObject({ id, name: 'Trần Thị Hook', department: 'DEP1', positionTitle: 'Tester', last_working_day: null });
    expectPublished(rows, endpoint);
  });

  it('a refused create (validation 400) queues nothing', async () => {
    await subscribe(t.db, ALL);
    const res = await call('POST', CREATE, base({ name: '', department: 'NO_SUCH_DEP' }));
    expect(res.statusCode).toBe(400);
    expect(await outboxEvents(t.db)).toEqual([]);
  });

  it('nothing is stored when no active endpoint subscribes to the type', async () => {
    await subscribe(t.db, ['employee.updated', 'request.created']);
    await createEmployee();
    expect(await outboxEvents(t.db)).toEqual([]);
  });
});

describe('employee.updated and employee.terminated', () => {
  it('a save queues employee.updated with the saved record; no terminated when the last working day is left alone', async () => {
    const id = await createEmployee();
    const endpoint = await subscribe(t.db, ALL);
    const d = await detail(id);
    const res = await save(d, { positionTitle: 'Engineer', department: 'DEP2' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await outboxEvents(t.db);
    expect(typesAndKeys(rows)).toEqual([['employee.updated', `employee:${id}`]]);
    const after = await detail(id);
    expect(rows[0]!.data).toEqual(after);
    expect(rows[0]!.data).toMatchObject({ positionTitle: 'Engineer', department: 'DEP2', version: d.version + 1, last_working_day: null });
    expectPublished(rows, endpoint);
  });

  it('a save that sets the last working day queues updated then terminated; moving it again does too; leaving it alone does not', async () => {
    const id = await createEmployee();
    const endpoint = await subscribe(t.db, ALL);
    const key = `employee:${id}`;

    expect((await save(await detail(id), { last_working_day: '2026-11-30', employeeStatus: 'Terminated' })).statusCode).toBe(200);
    let rows = await outboxEvents(t.db);
    expect(typesAndKeys(rows)).toEqual([['employee.updated', key], ['employee.terminated', key]]);
    expect(rows.map((r) => r.data.last_working_day)).toEqual(['2026-11-30', '2026-11-30']);
    expect(rows[1]!.data).toEqual(await detail(id));
    expectPublished(rows, endpoint);

    // Another field saved, the last working day as it was: updated only.
    await clearOutbox(t.db);
    const again = await subscribe(t.db, ALL);
    expect((await save(await detail(id), { positionTitle: 'Leaving' })).statusCode).toBe(200);
    rows = await outboxEvents(t.db);
    expect(typesAndKeys(rows)).toEqual([['employee.updated', key]]);
    expect(rows[0]!.data).toMatchObject({ positionTitle: 'Leaving', last_working_day: '2026-11-30' });
    expectPublished(rows, again);

    // Moved to another date: terminated again, with the new date.
    await clearOutbox(t.db);
    const third = await subscribe(t.db, ALL);
    expect((await save(await detail(id), { last_working_day: '2026-12-15' })).statusCode).toBe(200);
    rows = await outboxEvents(t.db);
    expect(typesAndKeys(rows)).toEqual([['employee.updated', key], ['employee.terminated', key]]);
    expect(rows[1]!.data).toMatchObject({ last_working_day: '2026-12-15' });
    expectPublished(rows, third);

    // Cleared (the termination undone): an update, not a termination.
    await clearOutbox(t.db);
    await subscribe(t.db, ALL);
    expect((await save(await detail(id), { last_working_day: null, employeeStatus: 'Active' })).statusCode).toBe(200);
    expect(typesAndKeys(await outboxEvents(t.db))).toEqual([['employee.updated', key]]);
  });

  it('an endpoint for employee.terminated only gets the termination, not the update', async () => {
    const id = await createEmployee();
    const endpoint = await subscribe(t.db, ['employee.terminated']);
    expect((await save(await detail(id), { positionTitle: 'Still here' })).statusCode).toBe(200);
    expect(await outboxEvents(t.db)).toEqual([]);
    expect((await save(await detail(id), { last_working_day: '2026-11-27' })).statusCode).toBe(200);
    const rows = await outboxEvents(t.db);
    expect(typesAndKeys(rows)).toEqual([['employee.terminated', `employee:${id}`]]);
    expectPublished(rows, endpoint);
  });

  it('a refused save (validation 400) queues nothing, nor does a stale one (409)', async () => {
    const id = await createEmployee();
    await subscribe(t.db, ALL);
    const d = await detail(id);
    const invalid = await save(d, { name: '', last_working_day: '2026-11-30' });
    expect(invalid.statusCode).toBe(400);
    const badDepartment = await save(d, { department: 'NO_SUCH_DEP', last_working_day: '2026-11-30' });
    expect(badDepartment.statusCode).toBe(400);
    const stale = await save({ ...d, version: d.version + 5 }, { last_working_day: '2026-11-30' });
    expect(stale.statusCode).toBe(409);
    expect(await outboxEvents(t.db)).toEqual([]);
    expect(await detail(id)).toMatchObject({ version: d.version, last_working_day: null });
  });
});
