import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEVICE_KEYS_PATH, PUNCHES_PATH } from '@tms/contracts/punches';
import {
  EMPLOYEE_DETAIL_SUMMARY_LABELS,
  EMPLOYEE_DETAIL_TABLE_ROW,
  SEND_EMAIL_SYNC_MAX,
  TIMESHEET_DETAIL_HEADERS,
  TIMESHEET_EXPORT_MESSAGES as M,
  TIMESHEET_EXPORT_PATHS as P,
  timesheetDetailFileName,
  timesheetDetailZipName,
  timesheetListDetailFileName,
  timesheetListFileName,
} from '@tms/contracts/timesheet-export';
import { queryRows } from '../../db/client.ts';
import { addDays, companyToday } from '../../lib/dates.ts';
import { getJob, runDueJobs } from '../../lib/jobs.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { recalculate } from '../timesheet/recalculate.ts';
import { employeeFilterSql } from '../timesheet/employee-filter.repository.ts';
import { listBatches, loadPeriod } from './timesheet-export.service.ts';
import type { SheetRow } from './timesheet-export.sheets.ts';
import { insertWeekdaySchedule } from '../../test/schedules.ts';
import { readJson, type Json } from '../../test/json-body.ts';

const TZ = 'Asia/Ho_Chi_Minh';
/** Pinned (issue 7 §1): the test depends on the weekday of today and on which days have ended. */
const NOW = new Date('2026-03-18T10:00:00+07:00');
const today = companyToday(TZ, NOW);
const isWeekday = (d: string) => {
  const wd = new Date(`${d}T00:00:00Z`).getUTCDay();
  return wd !== 0 && wd !== 6;
};
const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const ddmm = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
const at = (date: string, clock: string) => `${date}T${clock}:00+07:00`;

/** An open period around today: computed days up to yesterday, future dates not computed yet. */
const PERIOD = { from: addDays(today, -30), to: addDays(today, 5) };
const DATES: string[] = [];
for (let d = PERIOD.from; d <= PERIOD.to; d = addDays(d, 1)) DATES.push(d);
const WORKDAYS = DATES.filter((d) => isWeekday(d) && d < today);
/** staff: a full day, a late day; staff2: an early day; everyone else no punches (abnormal '6' on each workday). */
const FULL = WORKDAYS[WORKDAYS.length - 1]!;
const LATE = WORKDAYS[WORKDAYS.length - 2]!;
const EARLY = WORKDAYS[WORKDAYS.length - 3]!;
/** staff4 starts in the middle of the period. */
const STAFF4_START = WORKDAYS[5]!;
/** staff2: an approved day of annual leave (notation P, worth 1) and one of unpaid leave (KL, worth 0). */
const PAID_LEAVE = WORKDAYS[1]!;
const UNPAID_LEAVE = WORKDAYS[2]!;

let t: TestApp;
let periodId = 0;
const id = (username: string) => t.fixture.employeeIds[username]!;

async function post(user: string, url: string, payload?: unknown) {
  const res = await t.app.inject({ method: 'POST', url: `/api${url}`, headers: await t.as(user), ...(payload === undefined ? {} : { payload: payload as Json }) });
  return res;
}
async function expectError(status: number, message: string, user: string, url: string, payload?: unknown) {
  const res = await post(user, url, payload);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  expect(res.json()).toMatchObject({ code: status, message, data: null });
}

/** A sheet as rows of plain values (1-based row numbers become 0-based array indexes; cells 1-based → 0-based). */
async function sheetOf(buffer: Buffer): Promise<{ rows: unknown[][]; sheet: ExcelJS.Worksheet; name: string }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const values = (row.values as unknown[]).slice(1);
    rows[n - 1] = Array.from(values, (v) => (v === undefined ? null : v));
  });
  // ExcelJS reads a row up to its last non-empty cell: pad to the header's width.
  const width = Math.max(...rows.map((r) => r?.length ?? 0));
  for (let i = 0; i < rows.length; i += 1) {
    const row = (rows[i] ??= []);
    if (row.length > 0) while (row.length < width) row.push(null);
  }
  return { rows, sheet, name: sheet.name };
}

async function exportList(user: string, body: unknown = {}) {
  const res = await post(user, P.rule(periodId), body);
  expect(res.statusCode, res.body).toBe(200);
  return { res, ...(await sheetOf(res.rawPayload)) };
}

function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const parts: Buffer[] = [];
          stream.on('data', (c: Buffer) => parts.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(parts));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const outbox = () =>
  queryRows<{ to: string; subject: string; text: string; html: string | null; status: string }>(t.db, sql`select "to", subject, text, html, status from mail_outbox order by id`);

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  const key = await t.app.inject({ method: 'POST', url: `/api${DEVICE_KEYS_PATH}`, headers: await t.as('admin'), payload: { system: 'SPEEDGATE', description: 'Gate' } });
  const deviceKey = (key.json() as Json).data.key as string;
  await insertWeekdaySchedule(t.db, { code: 'HCM', start: '08:30', end: '17:30', breakStart: '12:00', breakEnd: '13:00' });
  await t.db.execute(sql`
    insert into staff_policies (employee_id, work_schedule_code, rule_type, explanation_number, refund_hours_per_explanation,
                                explanation_time_per_days, lack_of_time_allowed, ot_type, apply_date, expire_date)
    select id, 'HCM', 'DAY', 3, 1, 1, 15, 'OT_FIXED', '2020-01-06', '9999-12-30' from employees`);
  for (const [username, account] of [
    ['staff', 'SG001'],
    ['staff2', 'SG002'],
  ] as const) {
    await t.db.execute(sql`insert into attendance_check_configs (employee_id, attendance_check_id, attendance_check_system, start_date, end_date)
                           values (${id(username)}, ${account}, 'SPEEDGATE', '2020-01-06', '9999-12-30')`);
  }
  await t.db.execute(sql`update employees set position_title = 'Developer' where id = ${id('staff')}`);
  await t.db.execute(sql`update employees set start_working_day = ${STAFF4_START} where id = ${id('staff4')}`);
  const [period] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into payroll_periods (company_id, name, from_date, to_date, working_days, status)
        values (${t.fixture.companyId}, 'T99-2026', ${PERIOD.from}, ${PERIOD.to}, 22, 0) returning id`,
  );
  periodId = period!.id;
  const punches = [
    ['SG001', at(FULL, '08:20')],
    ['SG001', at(FULL, '17:40')],
    ['SG001', at(LATE, '09:30')],
    ['SG001', at(LATE, '17:45')],
    ['SG002', at(EARLY, '08:25')],
    ['SG002', at(EARLY, '16:00')],
  ];
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${PUNCHES_PATH}`,
    headers: { 'x-device-key': deviceKey },
    payload: { punches: punches.map(([account, timestamp]) => ({ system: 'SPEEDGATE', attendance_check_id: account, timestamp })) },
  });
  expect(res.statusCode, res.body).toBe(200);
  for (const [date, reason] of [[PAID_LEAVE, 'ANN_LEAVE_CORP'], [UNPAID_LEAVE, 'UNPAID_LEAVE']] as const) {
    const [r] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into requests (employee_id, request_type, reason_type, start_date, end_date, status)
          values (${id('staff2')}, 'LEAVE_REQUEST', ${reason}, ${date}, ${date}, 3) returning id`,
    );
    await t.db.execute(sql`insert into request_dates (request_id, employee_id, date, shift) values (${r!.id}, ${id('staff2')}, ${date}, 'FULL_DAY')`);
  }
  await recalculate(t.db, { from: PERIOD.from, to: PERIOD.to, timeZone: TZ, now: NOW });
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.db.execute(sql`delete from mail_outbox`);
});

/** The day values and abnormal count of one employee as stored (what the sheets must show). */
async function stored(username: string) {
  const days = await queryRows<{ date: string; value: number | null; day_type: string }>(
    t.db,
    sql`select date::text as date, value::float8 as value, day_type from timesheet_days where employee_id = ${id(username)} and date between ${PERIOD.from} and ${PERIOD.to} order by date`,
  );
  const [cases] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from abnormal_cases where employee_id = ${id(username)} and abnormal_date between ${PERIOD.from} and ${PERIOD.to}`,
  );
  return { days: new Map(days.map((d) => [d.date, d])), abnormal: cases!.n };
}

describe('POST /tms/excel/{id}/rule (the timesheet list)', () => {
  it('streams the list: file name, two header rows, one row per employee sorted by name, numbers as numbers', async () => {
    const { res, rows, name, sheet } = await exportList('hr');
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain(`filename="${timesheetListFileName(PERIOD.to)}"`);
    expect(timesheetListFileName(PERIOD.to)).toBe(`Timesheet_List_T${PERIOD.to.slice(5, 7)}-${PERIOD.to.slice(0, 4)}.xlsx`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(name).toBe('Timesheet List');
    // header rows bold and frozen with the employee columns; data cells unstyled
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', xSplit: 5, ySplit: 2 });
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('F2').font?.bold).toBe(true);
    expect(sheet.getCell('B3').font?.bold).toBeFalsy();

    expect(rows[0]).toEqual(['No', 'Staff ID', 'Name', 'Department', 'Role', ...DATES.map(ddmm), 'Total', 'Violation']);
    const weekday = (d: string) => ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][new Date(`${d}T00:00:00Z`).getUTCDay()];
    expect(rows[1]!.slice(5, 5 + DATES.length)).toEqual(DATES.map(weekday));

    const body = rows.slice(2);
    const all = await queryRows<{ name: string; user_name: string }>(t.db, sql`select name, user_name from employees order by name, id`);
    expect(body.map((r) => r[1])).toEqual(all.map((e) => e.user_name));
    expect(body.map((r) => r[0])).toEqual(all.map((_, i) => i + 1));

    const staff = body.find((r) => r[1] === 'staff')!;
    expect(staff.slice(0, 5)).toEqual([expect.any(Number), 'staff', 'Son Staff', 'Department One', 'Developer']);
    const col = (d: string) => 5 + DATES.indexOf(d);
    expect(staff[col(FULL)]).toBe(1);
    expect(staff[col(LATE)]).toBe(0.5);
    const weekend = DATES.find((d) => !isWeekday(d) && d < today)!;
    expect(staff[col(weekend)]).toBeNull();
    expect(staff[col(PERIOD.to)]).toBeNull(); // in the future: not computed
    // RULES.md §4: a leave day shows its notation, as the grid does; unpaid leave is worth nothing in the total.
    const staff2 = body.find((r) => r[1] === 'staff2')!;
    expect([staff2[col(PAID_LEAVE)], staff2[col(UNPAID_LEAVE)], staff2[col(EARLY)]]).toEqual(['P', 'KL', 0.5]);
    const theirs = await stored('staff2');
    expect(staff2[5 + DATES.length]).toBe(Math.round([...theirs.days.values()].reduce((s, d) => s + (d.value ?? 0), 0) * 100) / 100);
    const mine = await stored('staff');
    const expectedTotal = Math.round([...mine.days.values()].reduce((s, d) => s + (d.value ?? 0), 0) * 100) / 100;
    expect(expectedTotal).toBeGreaterThanOrEqual(1.5);
    expect(staff[5 + DATES.length]).toBe(expectedTotal);
    expect(staff[6 + DATES.length]).toBe(mine.abnormal);
    // every working day before today but the full one is abnormal (late, or no punch at all)
    expect(mine.abnormal).toBe(WORKDAYS.length - 1);
    for (const d of DATES) {
      const cell = staff[col(d)];
      const value = mine.days.get(d)?.value ?? null;
      expect(cell, d).toBe(value);
    }
  });

  it('applies the grid filter: departments, chosen rows over the employee filter, ids as numbers or text', async () => {
    const dep1 = (await exportList('hrm', { departmentsFilter: [String(t.fixture.departments.dep1)] })).rows.slice(2).map((r) => r[1]);
    expect(dep1).toEqual(['gl', 'staff2', 'staff']); // Giang, Sang, Son
    const chosen = (await exportList('admin', { employee: [id('gl')], employee_id: [id('staff4'), id('staff')] })).rows.slice(2).map((r) => r[1]);
    expect(chosen).toEqual(['staff4', 'staff']); // Sau, Son
    const asText = (await exportList('admin', { employee_id: `${id('staff3')},${id('hr')}` })).rows.slice(2).map((r) => r[1]);
    expect(asText).toEqual(['hr', 'staff3']);
    const byEmployee = (await exportList('admin', { employee: [id('gl')] })).rows.slice(2).map((r) => r[1]);
    expect(byEmployee).toEqual(['gl']);
  });

  it('abnormal-only keeps employees with an abnormal case in the period', async () => {
    await t.db.execute(sql`update employees set last_working_day = ${addDays(PERIOD.from, -1)} where id = ${id('guest')}`);
    try {
      const rows = (await exportList('hr', { actionAbnormalCase: true })).rows.slice(2).map((r) => r[1]);
      expect(rows).not.toContain('guest'); // left before the period: not in it at all
      expect(rows).toContain('staff');
      await t.db.execute(sql`delete from abnormal_cases where employee_id = ${id('staff2')}`);
      const again = (await exportList('hr', { actionAbnormalCase: 'true' })).rows.slice(2).map((r) => r[1]);
      expect(again).not.toContain('staff2');
      expect((await exportList('hr', { actionAbnormalCase: false })).rows.slice(2).map((r) => r[1])).toContain('staff2');
    } finally {
      await t.db.execute(sql`update employees set last_working_day = null where id = ${id('guest')}`);
      await recalculate(t.db, { employeeIds: [id('staff2')], from: PERIOD.from, to: PERIOD.to, timeZone: TZ, now: NOW });
    }
  });

  it('no matching employee → 404 No data export; unknown period → 404; malformed id → 400; staff → 403', async () => {
    await expectError(404, M.noData, 'hr', P.rule(periodId), { employee_id: [2_000_000] });
    await expectError(404, M.noData, 'hr', P.rule(periodId), { reason_type: ['BIRTHDAY_LEAVE'] });
    await expectError(404, M.timesheetNotFound, 'hr', P.rule(999_999), {});
    expect((await post('hr', P.rule('abc'), {})).statusCode).toBe(400);
    for (const user of ['staff', 'gl', 'dl', 'guest']) expect((await post(user, P.rule(periodId), {})).statusCode, user).toBe(403);
  });

  it('accepts a call without a body (everyone)', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api${P.rule(periodId)}`, headers: await t.as('hr') });
    expect(res.statusCode, res.body).toBe(200);
    expect((await sheetOf(res.rawPayload)).rows.length).toBe(2 + Object.keys(t.fixture.employeeIds).length);
  });

  it('writes formula-like text as text', async () => {
    await t.db.execute(sql`update employees set name = '=HYPERLINK("http://x","y")', position_title = '+1-2' where id = ${id('staff3')}`);
    try {
      const { rows, sheet } = await exportList('hr', { employee_id: [id('staff3')] });
      expect(rows[2]![2]).toBe('=HYPERLINK("http://x","y")');
      expect(rows[2]![4]).toBe('+1-2');
      expect(sheet.getCell('C3').type).toBe(ExcelJS.ValueType.String);
      expect(sheet.getCell('C3').formula).toBeUndefined();
    } finally {
      await t.db.execute(sql`update employees set name = 'Sinh Third', position_title = null where id = ${id('staff3')}`);
    }
  });

  it('chunks by (name, id) without losing or repeating rows, even across equal names', async () => {
    await t.db.execute(sql`
      insert into employees (name, email, user_name, company_id, department_id, division_id, start_working_day, location)
      select 'Same Name', 'same' || i || '@cglobal.test', 'same' || i, company_id, department_id, division_id, '2020-01-06', 'CGLOBALHCM'
        from employees, generate_series(1, 5) as i where id = ${id('staff')}`);
    try {
      const period = await loadPeriod(t.db, periodId, null);
      const filter = employeeFilterSql({}, period);
      const collect = async (size: number) => {
        const out: SheetRow[] = [];
        let batches = 0;
        for await (const rows of listBatches(t.db, filter, period, DATES.length, size)) {
          out.push(...rows);
          batches += 1;
        }
        return { out, batches };
      };
      const whole = await collect(500);
      const small = await collect(2);
      expect(whole.batches).toBe(1);
      expect(small.batches).toBe(Math.ceil(whole.out.length / 2));
      expect(small.out).toEqual(whole.out);
      expect(new Set(small.out.map((r) => r[1])).size).toBe(whole.out.length);
      expect(whole.out.map((r) => r[0])).toEqual(whole.out.map((_, i) => i + 1));
    } finally {
      await t.db.execute(sql`delete from employees where user_name like 'same%'`);
    }
  });
});

describe('POST /tms/excel/{id}/rule2 (the detail)', () => {
  it('one row per employee-day with times, minutes and the abnormal reason as text', async () => {
    const res = await post('hr', P.rule2(periodId), { employee_id: [id('staff'), id('staff2'), id('staff4')] });
    // Not the list's name: both files are saved side by side (issue 7 §8).
    expect(timesheetListDetailFileName(PERIOD.to)).toBe(`Timesheet_List_Detail_T${PERIOD.to.slice(5, 7)}-${PERIOD.to.slice(0, 4)}.xlsx`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(`filename="${timesheetListDetailFileName(PERIOD.to)}"`);
    const { rows, name } = await sheetOf(res.rawPayload);
    expect(name).toBe('Timesheet Detail');
    expect(rows[0]).toEqual([...TIMESHEET_DETAIL_HEADERS]);
    const body = rows.slice(1);
    // Sang (staff2), Sau (staff4), Son (staff); staff4 only from their start date
    const staff4From = DATES.indexOf(STAFF4_START);
    expect(body.length).toBe(DATES.length * 2 + (DATES.length - staff4From));
    expect(body.map((r) => r[0])).toEqual([...DATES.map(() => 'staff2'), ...DATES.slice(staff4From).map(() => 'staff4'), ...DATES.map(() => 'staff')]);
    const row = (user: string, date: string) => body.find((r) => r[0] === user && r[3] === dmy(date))!;
    expect(row('staff', FULL)).toEqual(['staff', 'Son Staff', 'Department One', dmy(FULL), 'Working day', '08:20', '17:40', 1, null, 0, 0, 0, null]);
    expect(row('staff', LATE)).toEqual(['staff', 'Son Staff', 'Department One', dmy(LATE), 'Working day', '09:30', '17:45', 0.5, null, 60, 0, 0, 'Late coming']);
    expect(row('staff2', EARLY)).toEqual(['staff2', 'Sang Second', 'Department One', dmy(EARLY), 'Working day', '08:25', '16:00', 0.5, null, 0, 90, 0, 'Early leaving']);
    const absent = row('staff2', WORKDAYS[0]!);
    expect(absent.slice(4)).toEqual(['Working day', null, null, 0, null, 0, 0, 0, 'No check-in and check-out']);
    // RULES.md §4: leave shows its notation with its value; unpaid leave is worth 0 and no abnormal case.
    expect(row('staff2', PAID_LEAVE).slice(4)).toEqual(['Working day', null, null, 1, 'P', 0, 0, 0, null]);
    expect(row('staff2', UNPAID_LEAVE).slice(4)).toEqual(['Working day', null, null, 0, 'KL', 0, 0, 0, null]);
    const weekend = DATES.find((d) => !isWeekday(d) && d < today)!;
    expect(row('staff', weekend).slice(4)).toEqual(['Weekend', null, null, null, null, 0, 0, 0, null]);
    // not computed yet (the future): the employee and the date only
    expect(row('staff', PERIOD.to)).toEqual(['staff', 'Son Staff', 'Department One', dmy(PERIOD.to), null, null, null, null, null, null, null, null, null]);
  });

  it('same errors as the list', async () => {
    await expectError(404, M.noData, 'hrm', P.rule2(periodId), { departmentsFilter: [String(999_999)] });
    await expectError(404, M.timesheetNotFound, 'hrm', P.rule2(999_999), {});
    expect((await post('pm', P.rule2(periodId), {})).statusCode).toBe(403);
  });
});

describe('POST /tms/excel/zip', () => {
  it('one detail file per employee with its summary block; unknown ids skipped', async () => {
    const res = await post('admin', P.zip, { employeeId: [id('staff'), id('staff2'), 1_999_999], timesheetId: periodId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(`filename="${timesheetDetailZipName(PERIOD.to)}"`);
    const files = await unzip(res.rawPayload);
    expect([...files.keys()]).toEqual([timesheetDetailFileName('staff2', PERIOD.to), timesheetDetailFileName('staff', PERIOD.to)]);

    const { rows } = await sheetOf(files.get(timesheetDetailFileName('staff', PERIOD.to))!);
    const mine = await stored('staff');
    const total = Math.round([...mine.days.values()].reduce((s, d) => s + (d.value ?? 0), 0) * 100) / 100;
    const summary = Object.fromEntries(rows.slice(0, EMPLOYEE_DETAIL_SUMMARY_LABELS.length).map((r) => [r[0], r[1]]));
    expect(summary).toEqual({
      'Staff ID': 'staff',
      Name: 'Son Staff',
      Department: 'Department One',
      Timesheet: `T99-2026 (${dmy(PERIOD.from)} - ${dmy(PERIOD.to)})`,
      'Total workday': total,
      'Working days': 22,
      'Abnormal days': mine.abnormal,
      'Late coming days': 1,
      'Early leaving days': 0,
    });
    expect(rows[EMPLOYEE_DETAIL_TABLE_ROW - 2]).toEqual([]);
    expect(rows[EMPLOYEE_DETAIL_TABLE_ROW - 1]).toEqual([...TIMESHEET_DETAIL_HEADERS]);
    const table = rows.slice(EMPLOYEE_DETAIL_TABLE_ROW);
    expect(table.length).toBe(DATES.length);
    expect(table.find((r) => r[3] === dmy(LATE))).toEqual(['staff', 'Son Staff', 'Department One', dmy(LATE), 'Working day', '09:30', '17:45', 0.5, null, 60, 0, 0, 'Late coming']);

    const staff2 = await sheetOf(files.get(timesheetDetailFileName('staff2', PERIOD.to))!);
    expect(staff2.rows[0]!.slice(0, 3)).toEqual(['Staff ID', 'staff2', null]);
    expect(staff2.rows[8]!.slice(0, 3)).toEqual(['Early leaving days', 1, null]);
  });

  it('404 for an unknown timesheet or when no id is known; 400 without employees; 403 for staff', async () => {
    await expectError(404, M.timesheetNotFound, 'hr', P.zip, { employeeId: [id('staff')], timesheetId: 999_999 });
    await expectError(404, M.noData, 'hr', P.zip, { employeeId: [1_999_999], timesheetId: periodId });
    await expectError(400, M.employeeRequired, 'hr', P.zip, { employeeId: [], timesheetId: periodId });
    expect((await post('staff', P.zip, { employeeId: [id('staff')], timesheetId: periodId })).statusCode).toBe(403);
  });
});

describe('POST /tms/timesheets/{id}/send-email', () => {
  it('mails each chosen employee their period summary, in the request; chosen rows win over the filter', async () => {
    const res = await post('hr', P.sendEmail(periodId), { employee_id: [id('staff'), id('staff2')], except_employee: [id('staff2')], department: [t.fixture.departments.dep3] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ code: 200, message: M.emailSent, messageKey: 'timesheetExport.emailSent', params: {}, data: { recipients: 1, jobId: null } });
    const mails = await outbox();
    expect(mails.map((m) => m.to)).toEqual(['staff@cglobal.test']);
    const mail = mails[0]!;
    expect(mail.subject).toBe(M.emailSubject('T99-2026'));
    expect(mail.subject).toBe('Timesheet summary T99-2026');
    expect(mail.text).toContain('Dear Son Staff,');
    expect(mail.text).toMatch(new RegExp(`${dmy(FULL).replace(/\//g, '\\/')}\\s+08:20\\s+17:40\\s+1\\n`));
    expect(mail.text).toMatch(new RegExp(`${dmy(LATE).replace(/\//g, '\\/')}\\s+09:30\\s+17:45\\s+0\\.5\\n`));
    const weekend = DATES.find((d) => !isWeekday(d) && d < today)!;
    expect(mail.text).not.toContain(dmy(weekend));
    const mine = await stored('staff');
    const total = Math.round([...mine.days.values()].reduce((s, d) => s + (d.value ?? 0), 0) * 100) / 100;
    expect(mail.text).toContain(`Total workday: ${total} / 22 working days`);
    expect(mail.text).toContain(`Abnormal days: ${mine.abnormal}`);
    expect(mail.text).toContain('Late coming days: 1');
    expect(mail.html).toContain('<table');
    expect(mail.html).toContain(`<td style="border:1px solid #ccc;padding:2px 8px">${dmy(FULL)}</td>`);
  });

  it('without chosen rows the filter picks, less except_employee and those without an email address', async () => {
    await t.db.execute(sql`update employees set email = '' where id = ${id('staff3')}`);
    try {
      const res = await post('hrm', P.sendEmail(periodId), { department: [t.fixture.departments.dep2, t.fixture.departments.dep1], except_employee: [id('hr'), id('gl')] });
      // DEP2: admin, hr, hrm, dl, staff3 (no address); DEP1: gl, staff, staff2; less hr and gl
      expect(res.json()).toMatchObject({ code: 200, data: { recipients: 5, jobId: null } });
      expect((await outbox()).map((m) => m.to).sort()).toEqual(['admin', 'dl', 'hrm', 'staff', 'staff2'].map((u) => `${u}@cglobal.test`).sort());
    } finally {
      await t.db.execute(sql`update employees set email = 'staff3@cglobal.test' where id = ${id('staff3')}`);
    }
  });

  it('no recipient → 400; unknown timesheet → 404; staff → 403', async () => {
    await expectError(400, M.employeeRequired, 'hr', P.sendEmail(periodId), { employee_id: [1_999_999] });
    await expectError(400, M.employeeRequired, 'hr', P.sendEmail(periodId), { employee_id: [id('staff')], except_employee: [id('staff')] });
    await expectError(404, M.timesheetNotFound, 'hr', P.sendEmail(999_999), {});
    for (const user of ['staff', 'gl', 'guest']) expect((await post(user, P.sendEmail(periodId), {})).statusCode, user).toBe(403);
    expect(await outbox()).toEqual([]);
  });

  it(`more than ${SEND_EMAIL_SYNC_MAX} recipients: a background job sends them, one mail each`, async () => {
    await t.db.execute(sql`
      insert into employees (name, email, user_name, company_id, department_id, division_id, start_working_day, location)
      select 'Extra ' || lpad(i::text, 2, '0'), 'extra' || i || '@cglobal.test', 'extra' || i, company_id, department_id, division_id, '2020-01-06', 'CGLOBALHCM'
        from employees, generate_series(1, 60) as i where id = ${id('staff')}`);
    try {
      const everyone = await queryRows<{ email: string }>(t.db, sql`select email from employees order by email`);
      expect(everyone.length).toBeGreaterThan(SEND_EMAIL_SYNC_MAX);
      const res = await post('admin', P.sendEmail(periodId), {});
      expect(res.statusCode, res.body).toBe(200);
      const body = readJson(res);
      expect(body).toMatchObject({ code: 200, message: M.emailQueued, data: { recipients: everyone.length, jobId: expect.any(Number) } });
      expect(await outbox()).toEqual([]);
      expect(await runDueJobs(t.app)).toBe(1);
      const job = await getJob(t.db, body.data.jobId);
      expect(job).toMatchObject({ status: 'done', result: { recipients: everyone.length, sent: everyone.length, failed: 0 } });
      expect((job!.payload as Json).done).toBe(everyone.length);
      const mails = await outbox();
      expect(mails.map((m) => m.to).sort()).toEqual(everyone.map((e) => e.email).sort());
      expect(new Set(mails.map((m) => m.to)).size).toBe(mails.length);
      expect(mails.find((m) => m.to === 'extra7@cglobal.test')!.text).toContain('Dear Extra 07,');
    } finally {
      await t.db.execute(sql`delete from employees where user_name like 'extra%'`);
    }
  });

  it('a retried job resumes after the recipients it already mailed', async () => {
    const ids = Object.values(t.fixture.employeeIds);
    const [job] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into jobs (name, payload) values ('timesheet.send-email', ${JSON.stringify({ periodId, employeeIds: ids, done: ids.length - 2 })}::jsonb) returning id`,
    );
    await runDueJobs(t.app);
    expect(await getJob(t.db, job!.id)).toMatchObject({ status: 'done', result: { recipients: ids.length, sent: 2 } });
    expect((await outbox()).length).toBe(2);
  });
});

describe('OpenAPI', () => {
  it('documents the export routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((readJson(res)).paths);
    for (const path of ['/api/tms/excel/{timesheetId}/rule', '/api/tms/excel/{timesheetId}/rule2', '/api/tms/excel/zip', '/api/tms/timesheets/{timesheetId}/send-email']) expect(paths).toContain(path);
  });
});
