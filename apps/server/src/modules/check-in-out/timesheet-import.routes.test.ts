import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES_COMMON } from '@tms/contracts/api';
import {
  TIMESHEET_EXPORT_PATHS as P,
  TIMESHEET_IMPORT_COLUMNS as COLS,
  TIMESHEET_IMPORT_MESSAGES as M,
  TIMESHEET_IMPORT_RESULT_NAME,
  TIMESHEET_IMPORT_TEMPLATE_NAME,
} from '@tms/contracts/timesheet-export';
import { queryRows } from '../../db/client.ts';
import { addDays, companyToday, toDmy } from '../../lib/dates.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { approvePeriodEnding } from '../../test/fixture.ts';
import { insertWeekdaySchedule } from '../../test/schedules.ts';

const IMPORT = `/api${P.import}`;
const TEMPLATE = `/api${P.importTemplate}`;
/** The harness runs with the default company time zone (RULES.md §1): UTC+7, no daylight saving. */
const TZ = 'Asia/Ho_Chi_Minh';
/** Pinned (issue 7 §1): the test depends on the weekday of today and on which days have ended. */
const NOW = new Date('2026-03-18T10:00:00+07:00');
const today = companyToday(TZ, NOW);
const isWeekday = (d: string) => {
  const wd = new Date(`${d}T00:00:00Z`).getUTCDay();
  return wd !== 0 && wd !== 6;
};
/** Weekdays from 30 days ago to yesterday, newest first; each test takes its own. */
const WORKDAYS: string[] = [];
for (let i = 1; i <= 30; i++) if (isWeekday(addDays(today, -i))) WORKDAYS.push(addDays(today, -i));
const dmy = (iso: string) => toDmy(iso)!;

let t: TestApp;
type Cell = string | number | Date | null;
const id = (username: string) => t.fixture.employeeIds[username]!;

async function addSchedule(code: string, start: string, end: string, breakStart: string, breakEnd: string, minutes: number) {
  await insertWeekdaySchedule(t.db, { code, start, end, breakStart, breakEnd, minutes });
}
async function addPolicy(username: string, code: string) {
  await t.db.execute(sql`
    insert into staff_policies (employee_id, work_schedule_code, rule_type, explanation_number, refund_hours_per_explanation,
                                explanation_time_per_days, lack_of_time_allowed, ot_type, apply_date, expire_date)
    values (${id(username)}, ${code}, 'DAY', 3, 1, 1, 15, 'OT_FIXED', '2020-01-06', '9999-12-30')`);
}
async function addConfig(username: string, system: string, account: string, startDate = '2020-01-06', endDate = '9999-12-30') {
  await t.db.execute(sql`
    insert into attendance_check_configs (employee_id, attendance_check_id, attendance_check_system, start_date, end_date)
    values (${id(username)}, ${account}, ${system}, ${startDate}, ${endDate})`);
}
/** A punch as the device intake stores it (no recalculation). */
async function storePunch(system: string, account: string, username: string, local: string) {
  await t.db.execute(sql`insert into punches (system, attendance_check_id, employee_id, punched_at, source)
                         values (${system}, ${account}, ${id(username)}, ${`${local}:00+07:00`}::timestamptz, 'device')`);
}

/** An account's punches as 'YYYY-MM-DD HH:mm source' in the company zone, oldest first. */
async function punchesOf(account: string, system = 'SPEEDGATE') {
  const rows = await queryRows<{ p: string }>(
    t.db,
    sql`select to_char(punched_at at time zone ${TZ}, 'YYYY-MM-DD HH24:MI') || ' ' || source as p
          from punches where system = ${system} and attendance_check_id = ${account} order by punched_at`,
  );
  return rows.map((r) => r.p);
}
const countPunches = async () => Number((await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from punches`))[0]!.n);
async function dayOf(username: string, date: string) {
  const [row] = await queryRows<{ check_in: string | null; check_out: string | null; value: string | null; punch_count: number }>(
    t.db,
    sql`select check_in, check_out, value::text as value, punch_count from timesheet_days where employee_id = ${id(username)} and date = ${date}`,
  );
  return row;
}

async function xlsx(rows: Cell[][], headers: readonly string[] = COLS, format?: (row: ExcelJS.Row) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Timesheet');
  sheet.addRow([...headers]);
  for (const r of rows) {
    const row = sheet.addRow(r);
    format?.(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
function upload(content: Buffer, name = 'timesheet.xlsx') {
  const fd = new FormData();
  fd.append('file', new Blob([content]), name);
  return fd;
}
async function importFile(payload: FormData | Buffer, opts: { user?: string; type?: string } = {}) {
  const url = opts.type === undefined ? IMPORT : `${IMPORT}?type=${opts.type}`;
  const headers = await t.as(opts.user ?? 'hr');
  return t.app.inject({ method: 'POST', url, headers, payload: payload instanceof Buffer ? upload(payload) : payload });
}
async function expectImported(res: Awaited<ReturnType<typeof importFile>>, count: number) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers.code).toBe('200');
  expect(res.json()).toEqual({ code: 200, message: 'Timesheet is imported successfully!', messageKey: 'timesheetExport.imported', params: {}, data: { count } });
}
/** The error report's rows (header row first) as arrays of cell texts. */
async function reportRows(res: Awaited<ReturnType<typeof importFile>>): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as never);
  const out: string[][] = [];
  workbook.worksheets[0]!.eachRow({ includeEmpty: false }, (row) => {
    out.push(Array.from({ length: COLS.length + 1 }, (_, i) => String(row.getCell(i + 1).text ?? '')));
  });
  return out;
}

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await addSchedule('HCM', '08:30', '17:30', '12:00', '13:00', 480);
  await addSchedule('EVENING', '18:00', '02:00', '22:00', '22:30', 450);
  for (const u of ['staff', 'staff2', 'staff3']) await addPolicy(u, 'HCM');
  await addPolicy('staff4', 'EVENING');
  // The fixture has no attendance accounts: staff badges at the gate and in the app; staff3's badge ended 10 days ago.
  await addConfig('staff', 'SPEEDGATE', 'SG1');
  await addConfig('staff', 'TMS', 'SG1');
  await addConfig('staff2', 'SPEEDGATE', '12345');
  await addConfig('staff3', 'SPEEDGATE', 'SG3', '2020-01-06', addDays(today, -10));
  await addConfig('staff4', 'SPEEDGATE', 'SG4');
});
afterAll(() => t.close());

describe('template (spec 001 §7.1)', () => {
  it('downloads the header row and one example row', async () => {
    const res = await t.app.inject({ method: 'GET', url: TEMPLATE, headers: await t.as('hr') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/^attachment/);
    expect(res.headers['content-disposition']).toContain(TIMESHEET_IMPORT_TEMPLATE_NAME);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as never);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...COLS]);
    expect(sheet.rowCount).toBe(2);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(['SPEEDGATE', '12345', dmy(addDays(today, -1)), '08:30', '17:30']);
  });

  it('the example row imports as it stands once its account is configured', async () => {
    const template = await t.app.inject({ method: 'GET', url: TEMPLATE, headers: await t.as('admin') });
    await expectImported(await importFile(template.rawPayload, { user: 'admin' }), 1);
    expect(await punchesOf('12345')).toEqual([`${addDays(today, -1)} 08:30 import`, `${addDays(today, -1)} 17:30 import`]);
  });
});

describe('import (spec 001 §7.1, RULES.md §4)', () => {
  it('stores the check-in and check-out as punches of the employee and recomputes the day', async () => {
    const d = WORKDAYS[0]!;
    expect(await dayOf('staff', d)).toBeUndefined();
    await expectImported(await importFile(await xlsx([['SPEEDGATE', 'SG1', dmy(d), '08:25', '17:40']])), 1);
    expect(await punchesOf('SG1')).toEqual([`${d} 08:25 import`, `${d} 17:40 import`]);
    const [stored] = await queryRows<{ employee_id: number }>(t.db, sql`select distinct employee_id from punches where attendance_check_id = 'SG1'`);
    expect(stored!.employee_id).toBe(id('staff'));
    expect(await dayOf('staff', d)).toEqual({ check_in: '08:25', check_out: '17:40', value: '1.00', punch_count: 2 });
  });

  it('reads real Excel date and time cells, numeric ids and a lower-case system', async () => {
    const d = WORKDAYS[1]!;
    const file = await xlsx([['speedgate', 12345, new Date(`${d}T00:00:00Z`), new Date(Date.UTC(1899, 11, 30, 8, 10)), new Date(Date.UTC(1899, 11, 30, 17, 50))]], COLS, (row) => {
      row.getCell(3).numFmt = 'dd/mm/yyyy';
      row.getCell(4).numFmt = 'hh:mm';
      row.getCell(5).numFmt = 'hh:mm';
    });
    await expectImported(await importFile(file), 1);
    expect(await punchesOf('12345')).toContain(`${d} 08:10 import`);
    expect(await dayOf('staff2', d)).toMatchObject({ check_in: '08:10', check_out: '17:50', value: '1.00' });
  });

  it('overwrite (the default) replaces the account’s punches of the day; append keeps them', async () => {
    const d = WORKDAYS[2]!;
    await expectImported(await importFile(await xlsx([['SPEEDGATE', 'SG1', dmy(d), '07:50', '12:00']]), { type: 'append' }), 1);
    expect(await dayOf('staff', d)).toMatchObject({ check_in: '07:50', check_out: '12:00', value: '0.50' });

    await expectImported(await importFile(await xlsx([['SPEEDGATE', 'SG1', dmy(d), '08:30', '17:30']])), 1);
    expect((await punchesOf('SG1')).filter((p) => p.startsWith(d))).toEqual([`${d} 08:30 import`, `${d} 17:30 import`]);
    expect(await dayOf('staff', d)).toMatchObject({ check_in: '08:30', check_out: '17:30', value: '1.00' });

    await expectImported(await importFile(await xlsx([['SPEEDGATE', 'SG1', dmy(d), '07:00', '19:00']]), { type: 'append' }), 1);
    expect((await punchesOf('SG1')).filter((p) => p.startsWith(d))).toEqual([`${d} 07:00 import`, `${d} 08:30 import`, `${d} 17:30 import`, `${d} 19:00 import`]);
    expect(await dayOf('staff', d)).toMatchObject({ check_in: '07:00', check_out: '19:00', punch_count: 4 });

    // The same file appended again: nothing new, nothing lost.
    await expectImported(await importFile(await xlsx([['SPEEDGATE', 'SG1', dmy(d), '07:00', '19:00']]), { type: 'append' }), 1);
    expect((await punchesOf('SG1')).filter((p) => p.startsWith(d))).toHaveLength(4);

    await expectImported(await importFile(await xlsx([['SPEEDGATE', 'SG1', dmy(d), '08:00', null]]), { type: 'overwrite' }), 1);
    expect((await punchesOf('SG1')).filter((p) => p.startsWith(d))).toEqual([`${d} 08:00 import`]);
    expect(await dayOf('staff', d)).toMatchObject({ check_in: '08:00', check_out: null, value: '0.00' });
  });

  it('overwrite removes only that account’s punches of the day: after a day schedule, its calendar day (RULES.md §4)', async () => {
    const d = WORKDAYS[3]!;
    const next = addDays(d, 1);
    await storePunch('SPEEDGATE', 'SG1', 'staff', `${d}T03:59`);
    await storePunch('SPEEDGATE', 'SG1', 'staff', `${d}T04:00`);
    await storePunch('SPEEDGATE', 'SG1', 'staff', `${d}T12:00`);
    await storePunch('SPEEDGATE', 'SG1', 'staff', `${next}T00:00`);
    await storePunch('SPEEDGATE', 'SG1', 'staff', `${next}T03:59`);
    await storePunch('TMS', 'SG1', 'staff', `${d}T12:30`);
    await expectImported(await importFile(await xlsx([['SPEEDGATE', 'SG1', dmy(d), '08:30', '17:30']])), 1);
    expect((await punchesOf('SG1')).filter((p) => p.startsWith(d) || (p.startsWith(next) && p.endsWith('device')))).toEqual([
      `${d} 08:30 import`,
      `${d} 17:30 import`,
      `${next} 00:00 device`,
      `${next} 03:59 device`,
    ]);
    expect(await punchesOf('SG1', 'TMS')).toContain(`${d} 12:30 device`);
  });

  it('takes a check-out earlier than the check-in as the next morning (night shift)', async () => {
    const d = WORKDAYS[4]!;
    await expectImported(await importFile(await xlsx([['SPEEDGATE', 'SG4', dmy(d), '18:00', '02:05']])), 1);
    expect(await punchesOf('SG4')).toEqual([`${d} 18:00 import`, `${addDays(d, 1)} 02:05 import`]);
    // staff4's schedule ends after midnight, so the 02:05 punch is the check-out of the day (RULES.md §4).
    expect(await dayOf('staff4', d)).toMatchObject({ check_in: '18:00', check_out: '02:05', value: '1.00' });
  });

  it('overwrite of a night shift’s day removes the punches that belong to it: the next morning up to the midpoint (RULES.md §4)', async () => {
    // staff4 works EVENING 18:00–02:00 on weekdays: after it, the next weekday's punches up to 10:00 (the midpoint of
    // 02:00 and 18:00) are the evening's. The day's window is the one its last recalculation stored.
    const d = WORKDAYS.slice(12).find((x) => WORKDAYS.includes(addDays(x, 1)))!;
    const next = addDays(d, 1);
    await expectImported(await importFile(await xlsx([['SPEEDGATE', 'SG4', dmy(d), '18:00', '02:05']])), 1);
    await storePunch('SPEEDGATE', 'SG4', 'staff4', `${next}T09:59`);
    await storePunch('SPEEDGATE', 'SG4', 'staff4', `${next}T10:00`);
    await expectImported(await importFile(await xlsx([['SPEEDGATE', 'SG4', dmy(d), '18:05', '02:10']])), 1);
    expect((await punchesOf('SG4')).filter((p) => p.startsWith(d) || p.startsWith(next))).toEqual([
      `${d} 18:05 import`,
      `${next} 02:10 import`,
      `${next} 10:00 device`,
    ]);
    expect(await dayOf('staff4', d)).toMatchObject({ check_in: '18:05', check_out: '02:10', value: '1.00' });
  });

  it('imports several rows, accounts and days in one go', async () => {
    const [d1, d2] = [WORKDAYS[5]!, WORKDAYS[6]!];
    const file = await xlsx([
      ['SPEEDGATE', 'SG1', dmy(d1), '08:30', '17:30'],
      ['SPEEDGATE', 'SG1', dmy(d2), '08:30', '12:00'],
      ['TMS', 'SG1', dmy(d2), '13:00', '17:30'],
      ['SPEEDGATE', '12345', dmy(d1), null, '17:30'],
    ]);
    await expectImported(await importFile(file, { user: 'hrm' }), 4);
    expect(await dayOf('staff', d1)).toMatchObject({ value: '1.00' });
    expect(await dayOf('staff', d2)).toMatchObject({ check_in: '08:30', check_out: '17:30', value: '1.00' });
    expect(await dayOf('staff2', d1)).toMatchObject({ check_in: null, check_out: '17:30' });
  });
});

describe('all or nothing (RULES.md §1)', () => {
  it('answers the error report naming every problem of each row, and writes nothing', async () => {
    const [d, ok] = [WORKDAYS[7]!, WORKDAYS[8]!];
    const before = await countPunches();
    const [logs] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from connection_history`);
    const rows: [Cell[], string][] = [
      [['SPEEDGATE', 'SG1', dmy(ok), '08:30', '17:30'], ''],
      [[null, 'SG1', dmy(d), '08:30', '17:30'], M.systemRequired],
      [['FINGERPRINT', 'SG1', dmy(d), '08:30', '17:30'], M.systemInvalid(['SPEEDGATE', 'TMS'])],
      [['SPEEDGATE', null, dmy(d), '08:30', '17:30'], M.idRequired],
      [['SPEEDGATE', 12.5, dmy(d), '08:30', '17:30'], M.idInvalid],
      [['SPEEDGATE', 'x'.repeat(101), dmy(d), '08:30', '17:30'], M.idTooLong(100)],
      [['SPEEDGATE', 'SG1', null, '08:30', '17:30'], M.dateRequired],
      [['SPEEDGATE', 'SG1', d, '08:30', '17:30'], M.dateInvalid],
      [['SPEEDGATE', 'SG1', dmy(addDays(today, 1)), '08:30', '17:30'], M.dateInFuture],
      [['SPEEDGATE', 'SG1', dmy(d), 'soon', '17:30'], M.checkInInvalid],
      [['TMS', 'SG1', dmy(d), '08:30', '28:00'], M.checkOutInvalid],
      [['SPEEDGATE', 'SG4', dmy(d), null, null], M.checkTimeRequired],
      [['SPEEDGATE', '12345', dmy(d), '09:00', '09:00'], M.checkOutSameAsCheckIn],
      // A lone check-out before 04:00 ends the night, so today's is tomorrow morning.
      [['SPEEDGATE', 'SG4', dmy(today), null, '03:00'], M.checkOutInFuture],
      [['SPEEDGATE', 'NOBODY', dmy(d), '08:30', '17:30'], M.accountNotAssigned('SPEEDGATE', 'NOBODY', dmy(d))],
      [['SPEEDGATE', 'SG3', dmy(addDays(today, -9)), '08:30', '17:30'], M.accountNotAssigned('SPEEDGATE', 'SG3', dmy(addDays(today, -9)))],
      [['speedgate', 'SG1', dmy(ok), '07:00', '18:00'], M.duplicateRow(2)],
      [['TMS', 'NOBODY', 'tomorrow', '8', '17:30'], [M.dateInvalid, M.checkInInvalid].join('; ')],
      [['SPEEDGATE', 'NOBODY', dmy(ok), 'x', null], [M.checkInInvalid, M.accountNotAssigned('SPEEDGATE', 'NOBODY', dmy(ok))].join('; ')],
    ];
    const res = await importFile(await xlsx(rows.map((r) => r[0])));
    expect(res.statusCode).toBe(400);
    expect(res.headers.code, res.headers['content-type']?.toString().includes('json') ? res.body : 'an xlsx').toBe('400');
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(TIMESHEET_IMPORT_RESULT_NAME);
    const report = await reportRows(res);
    expect(report[0]).toEqual([...COLS, 'Error']);
    expect(report.slice(1).map((r) => r[5])).toEqual(rows.map((r) => r[1]));
    // The uploaded cells come back as they were.
    expect(report[1]!.slice(0, 5)).toEqual(['SPEEDGATE', 'SG1', dmy(ok), '08:30', '17:30']);
    expect(await countPunches()).toBe(before);
    expect(await dayOf('staff', ok)).toBeUndefined();
    const [logsAfter] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from connection_history`);
    expect(logsAfter!.n).toBe(logs!.n);
  });

  it('an overwrite that fails leaves the day’s earlier punches in place', async () => {
    const d = WORKDAYS[9]!;
    await expectImported(await importFile(await xlsx([['SPEEDGATE', 'SG1', dmy(d), '08:30', '17:30']])), 1);
    const res = await importFile(
      await xlsx([
        ['SPEEDGATE', 'SG1', dmy(d), '09:00', '18:00'],
        ['SPEEDGATE', 'NOBODY', dmy(d), '09:00', '18:00'],
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect((await punchesOf('SG1')).filter((p) => p.startsWith(d))).toEqual([`${d} 08:30 import`, `${d} 17:30 import`]);
  });

  it('refuses a missing file, another extension or content (415), missing columns and an empty sheet', async () => {
    const empty = new FormData();
    empty.append('note', 'x');
    const missing = await importFile(empty);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MESSAGES_COMMON.fileRequired);

    const good = await xlsx([['SPEEDGATE', 'SG1', dmy(WORKDAYS[10]!), '08:30', '17:30']]);
    for (const name of ['timesheet.csv', 'timesheet.pdf', 'timesheet']) {
      const res = await importFile(upload(good, name));
      expect(res.statusCode, name).toBe(415);
    }
    // An .xls name on xlsx bytes fails the leading-bytes check.
    expect((await importFile(upload(good, 'timesheet.xls'))).statusCode).toBe(415);
    expect((await importFile(upload(Buffer.from('SPEEDGATE,SG1'), 'timesheet.xlsx'))).statusCode).toBe(415);

    const noColumns = await importFile(await xlsx([['SPEEDGATE', 'SG1', dmy(WORKDAYS[10]!)]], COLS.slice(0, 3)));
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json()).toMatchObject({ code: 400, message: M.missingColumn('Check In'), messages: [M.missingColumn('Check In'), M.missingColumn('Check Out')] });

    const noRows = await importFile(await xlsx([]));
    expect(noRows.statusCode).toBe(400);
    expect(noRows.json().message).toBe(M.noRows);
  });
});

describe('access (spec 001 §6: import — ADMIN, HR, HRM)', () => {
  it('refuses everyone else, before reading the file', async () => {
    const file = await xlsx([['SPEEDGATE', 'SG1', dmy(WORKDAYS[11]!), '08:30', '17:30']]);
    for (const user of ['staff', 'dl', 'gl', 'pm', 'guest']) {
      expect((await importFile(file, { user })).statusCode, user).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: TEMPLATE, headers: await t.as(user) })).statusCode, user).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: IMPORT, payload: upload(file) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: TEMPLATE })).statusCode).toBe(401);
    expect((await punchesOf('SG1')).some((p) => p.startsWith(WORKDAYS[11]!))).toBe(false);
  });
});

describe('a large file (a month of many accounts)', () => {
  it('imports 10,000 rows set-based, and again as an overwrite', async () => {
    const accounts = Array.from({ length: 400 }, (_, i) => `BULK${i}`);
    await t.db.execute(sql`
      insert into attendance_check_configs (employee_id, attendance_check_id, attendance_check_system, start_date, end_date)
      select ${id('staff3')}, a, 'SPEEDGATE', '2020-01-06', '9999-12-30' from unnest(${`{${accounts.join(',')}}`}::text[]) a`);
    const days = Array.from({ length: 25 }, (_, i) => addDays(today, -11 - i));
    const rows: Cell[][] = [];
    for (const a of accounts) for (const [i, d] of days.entries()) rows.push(['SPEEDGATE', a, dmy(d), `08:${String(i).padStart(2, '0')}`, '17:30']);
    const file = await xlsx(rows);
    const before = await countPunches();
    const started = Date.now();
    await expectImported(await importFile(file), 10_000);
    const first = Date.now() - started;
    expect(await countPunches()).toBe(before + 20_000);
    await expectImported(await importFile(file), 10_000);
    expect(await countPunches()).toBe(before + 20_000);
    expect(first).toBeLessThan(60_000);
  }, 180_000);
});

describe('lock date (RULES.md §4)', () => {
  it('refuses a day on or before the end of the most recent approved timesheet', async () => {
    const lock = addDays(today, -40);
    await approvePeriodEnding(t.db, t.fixture.companyId, addDays(lock, -30), lock);
    const res = await importFile(
      await xlsx([
        ['SPEEDGATE', 'SG1', dmy(lock), '08:30', '17:30'],
        ['SPEEDGATE', 'SG1', dmy(addDays(lock, -3)), '08:30', '17:30'],
        ['SPEEDGATE', 'SG1', dmy(addDays(lock, 1)), '08:30', '17:30'],
      ]),
    );
    expect(res.statusCode).toBe(400);
    const report = await reportRows(res);
    expect(report.slice(1).map((r) => r[5])).toEqual([M.dateLocked(dmy(lock)), M.dateLocked(dmy(lock)), '']);
    await expectImported(await importFile(await xlsx([['SPEEDGATE', 'SG1', dmy(addDays(lock, 1)), '08:30', '17:30']])), 1);
  });
});

describe('OpenAPI', () => {
  it('documents the import and its template, with the type query', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = (res.json() as { paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>> }).paths;
    expect(paths[IMPORT]?.post?.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'type', in: 'query' })]));
    expect(paths[TEMPLATE]?.get).toBeDefined();
  });
});
