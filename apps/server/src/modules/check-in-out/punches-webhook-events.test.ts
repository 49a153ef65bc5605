import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEVICE_KEYS_PATH, PUNCHES_PATH } from '@tms/contracts/punches';
import { TIMESHEET_EXPORT_PATHS, TIMESHEET_IMPORT_COLUMNS } from '@tms/contracts/timesheet-export';
import { toDmy } from '../../lib/dates.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { readJson, type Json } from '../../test/json-body.ts';
import { clearOutbox, expectPublished, outboxEvents, subscribe, typesAndKeys } from '../../test/webhook-outbox.ts';

/**
 * Issue 30 §3: punches.stored — one event per stored batch, with its counts (docs/integrations.md "Events"): a device
 * upload through the punch API (source API) and a timesheet import (source IMPORT). Pinned clock: the punch API refuses
 * punches in the future and the import refuses days that have not ended, so the dates below are fixed before NOW.
 */
const NOW = '2026-03-18T10:00:00+07:00';
const PUNCHES = `/api${PUNCHES_PATH}`;
const IMPORT = `/api${TIMESHEET_EXPORT_PATHS.import}`;

let t: TestApp;
let deviceKey: { id: number; key: string };

async function addConfig(username: string, system: string, account: string, startDate = '2020-01-06', endDate = '9999-12-30') {
  await t.db.execute(sql`
    insert into attendance_check_configs (employee_id, attendance_check_id, attendance_check_system, start_date, end_date)
    values (${t.fixture.employeeIds[username]!}, ${account}, ${system}, ${startDate}, ${endDate})`);
}

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  const res = await t.app.inject({ method: 'POST', url: `/api${DEVICE_KEYS_PATH}`, headers: await t.as('admin'), payload: { system: 'SPEEDGATE', description: 'Main gate' } });
  expect(res.statusCode).toBe(200);
  deviceKey = readJson(res).data;
  await addConfig('staff', 'SPEEDGATE', 'WH1');
  await addConfig('staff2', 'SPEEDGATE', 'WH2');
}, 120_000);
afterAll(() => t?.close());
beforeEach(() => clearOutbox(t.db));

const punch = (account: string, timestamp: string) => ({ system: 'SPEEDGATE', attendance_check_id: account, timestamp });
async function send(punches: unknown[]) {
  const res = await t.app.inject({ method: 'POST', url: PUNCHES, headers: { 'x-device-key': deviceKey.key }, payload: { punches } as Json });
  return { status: res.statusCode, body: readJson(res) };
}

describe('punches.stored: device uploads through the punch API', () => {
  it('one event per upload, its counts as sent: new, a duplicate, an unmapped one, a rejected one', async () => {
    const endpoint = await subscribe(t.db, ['punches.stored']);
    const first = await send([punch('WH1', '2026-03-09T08:25:00+07:00')]);
    expect(first.status).toBe(200);

    const second = await send([
      punch('WH1', '2026-03-09T08:25:00+07:00'), // the first upload's punch again: a duplicate
      punch('WH1', '2026-03-09T17:40:00+07:00'),
      punch('WH2', '2026-03-10T08:02:00+07:00'),
      punch('WH2', '2026-03-10T01:31:00Z'),
      punch('NOBODY9', '2026-03-08T23:00:00+07:00'), // no config: stored unmapped, the earliest of the batch
      punch('WH1', 'not a time'), // rejected: counted as received only
    ]);
    expect(second.status).toBe(207);
    expect(second.body.data).toMatchObject({ received: 6, new: 4, duplicate: 1, unmapped: 1, rejected: 1 });

    const rows = await outboxEvents(t.db);
    const key = `punches:device:API:${deviceKey.id}`;
    expect(typesAndKeys(rows)).toEqual([['punches.stored', key], ['punches.stored', key]]);
    expect(rows[0]!.data).toMatchObject({ received: 1, stored: 1, duplicates: 0, unmapped: 0, employees: 1 });
    expect(rows[1]!.data).toEqual({
      source: 'API',
      device: { id: deviceKey.id, name: null, serial: null },
      import: null,
      received: 6,
      stored: 4,
      duplicates: 1,
      unmapped: 1,
      employees: 2,
      from: '2026-03-08T16:00:00.000Z',
      to: '2026-03-10T01:31:00.000Z',
    });
    expectPublished(rows, endpoint);

    // The same batch again: everything a duplicate, nothing stored — still one event, saying so.
    await send([punch('WH1', '2026-03-09T17:40:00+07:00'), punch('NOBODY9', '2026-03-08T23:00:00+07:00')]);
    const again = (await outboxEvents(t.db)).slice(2);
    expect(again.map((r) => r.data)).toEqual([expect.objectContaining({ received: 2, stored: 0, duplicates: 2, employees: 0 })]);
    expectPublished(again, endpoint);
  });

  it('a refused upload (nothing accepted, 400) queues nothing; nor does an upload no endpoint subscribes to', async () => {
    await subscribe(t.db, ['punches.stored']);
    expect((await send([punch('WH1', 'bad'), punch('', '2026-03-11T08:00:00+07:00')])).status).toBe(400);
    expect(await outboxEvents(t.db)).toEqual([]);

    await clearOutbox(t.db);
    await subscribe(t.db, ['employee.created', 'request.created']);
    expect((await send([punch('WH1', '2026-03-11T08:00:00+07:00')])).status).toBe(200);
    expect(await outboxEvents(t.db)).toEqual([]);
  });
});

describe('punches.stored: timesheet imports', () => {
  async function xlsx(rows: (string | null)[][]): Promise<Buffer> {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Timesheet');
    sheet.addRow([...TIMESHEET_IMPORT_COLUMNS]);
    for (const r of rows) sheet.addRow(r);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }
  async function importFile(rows: (string | null)[][], type: 'append' | 'overwrite', name = 'march.xlsx') {
    const fd = new FormData();
    fd.append('file', new Blob([await xlsx(rows)]), name);
    const res = await t.app.inject({ method: 'POST', url: `${IMPORT}?type=${type}`, headers: await t.as('hr'), payload: fd });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.code).toBe('200');
  }
  const dmy = (iso: string) => toDmy(iso)!;

  it('one event per import with its counts; the same file appended again counts duplicates', async () => {
    const endpoint = await subscribe(t.db, ['punches.stored']);
    const file = [
      ['SPEEDGATE', 'WH1', dmy('2026-03-12'), '08:30', '17:30'],
      ['SPEEDGATE', 'WH2', dmy('2026-03-12'), '08:10', null],
      ['SPEEDGATE', 'WH2', dmy('2026-03-13'), '08:05', '17:45'],
    ];
    await importFile(file, 'append');
    let rows = await outboxEvents(t.db);
    expect(typesAndKeys(rows)).toEqual([['punches.stored', 'punches:import:IMPORT']]);
    expect(rows[0]!.data).toEqual({
      source: 'IMPORT',
      device: null,
      import: { file_name: 'march.xlsx' },
      received: 5,
      stored: 5,
      duplicates: 0,
      unmapped: 0,
      employees: 2,
      from: '2026-03-12T01:10:00.000Z',
      to: '2026-03-13T10:45:00.000Z',
    });

    await importFile(file, 'append', 'again.xlsx');
    rows = await outboxEvents(t.db);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.data).toMatchObject({ import: { file_name: 'again.xlsx' }, received: 5, stored: 0, duplicates: 5, employees: 0 });
    expectPublished(rows, endpoint);
  });

  it('a refused import (an error report) queues nothing; nor does an import no endpoint subscribes to', async () => {
    await subscribe(t.db, ['punches.stored']);
    const fd = new FormData();
    fd.append('file', new Blob([await xlsx([['SPEEDGATE', 'NOT_CONFIGURED', dmy('2026-03-12'), '08:30', '17:30']])]), 'bad.xlsx');
    const refused = await t.app.inject({ method: 'POST', url: `${IMPORT}?type=append`, headers: await t.as('hr'), payload: fd });
    expect(refused.headers.code).toBe('400');
    expect(await outboxEvents(t.db)).toEqual([]);

    await clearOutbox(t.db);
    await subscribe(t.db, ['timesheet.approved']);
    await importFile([['SPEEDGATE', 'WH1', dmy('2026-03-16'), '08:30', '17:30']], 'overwrite');
    expect(await outboxEvents(t.db)).toEqual([]);
  });
});
