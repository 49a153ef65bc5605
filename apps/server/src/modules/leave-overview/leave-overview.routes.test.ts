import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXPLAIN_FUND_TYPES,
  LEAVE_FUND_EXPORT_FILE,
  LEAVE_FUND_EXPORT_PATH,
  LEAVE_OVERVIEW_EXPLAIN_PATH,
  LEAVE_OVERVIEW_MESSAGES as M,
  LEAVE_OVERVIEW_PATH,
  OVERVIEW_FIGURES,
  TOTAL_FUND,
  figureColumnTitle,
} from '@tms/contracts/leave-overview';
import { loadConfig } from '../../config.ts';
import { queryRows } from '../../db/client.ts';
import { payrollPeriods } from '../../db/schema/periods.ts';
import { addDays, companyToday, toDmy } from '../../lib/dates.ts';
import { periodContaining } from '../payroll-periods/period-calendar.ts';
import { exportOverview } from './leave-overview.service.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { readJson, type Json } from '../../test/json-body.ts';

let t: TestApp;
/** Pinned: the figures up to today (RULES.md §7) depend on where today falls in the period (here its 16th day). */
const NOW = '2026-11-10T10:00:00+07:00';
const today = companyToday(loadConfig({}).companyTimeZone, new Date(NOW));
/** The payroll period containing today, and the one before it. */
const current = periodContaining(today);
const previous = periodContaining(addDays(current.from, -1));
const from = current.from;
const to = current.to;
const fy = Number(to.slice(0, 4));
const d = (days: number) => addDays(from, days);

let currentId = 0;
let previousId = 0;
let staffId = 0;

async function get(user: string, path: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api${path}`, headers: await t.as(user) });
  return { status: res.statusCode, body: String(res.headers['content-type']).includes('json') ? (readJson(res)) : {}, res };
}
async function list(user: string, query = '') {
  const { status, body } = await get(user, `${LEAVE_OVERVIEW_PATH}?size=100${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as { data: Json[]; page: Json };
}
const rowOf = async (username: string, query = '') => (await list('hr', query)).data.find((r) => r.employee.user_name === username)!;

/** A fund row with its ledger entries, written as the leave core would have (dates chosen by the test). */
async function fundRow(
  username: string,
  fundType: string,
  opts: { apply: string; expire: string; key?: string; deleted?: boolean },
  entries: [cause: string, amount: number, date: string, ref?: string][],
): Promise<number> {
  const employeeId = t.fixture.employeeIds[username]!;
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into leave_fund_rows (employee_id, fund_type, amount, apply_date, expire_date, source_key, deleted_at)
        values (${employeeId}, ${fundType}, ${entries[0]![1]}, ${opts.apply}, ${opts.expire}, ${opts.key ?? null}, ${opts.deleted ? sql`now()` : null})
        returning id`,
  );
  for (const [cause, amount, date, ref] of entries) {
    await t.db.execute(sql`insert into leave_ledger (employee_id, fund_row_id, amount, cause, entry_date, cause_ref, created_by)
                           values (${employeeId}, ${row!.id}, ${amount}, ${cause}, ${date}, ${ref ?? null}, ${t.fixture.userIds.hr!})`);
  }
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  const companyId = t.fixture.companyId;
  const [p0, p1] = await t.db
    .insert(payrollPeriods)
    .values([
      { companyId, name: previous.name, fromDate: previous.from, toDate: previous.to, workingDays: 20 },
      { companyId, name: current.name, fromDate: current.from, toDate: current.to, workingDays: 20 },
    ])
    .returning();
  previousId = p0!.id;
  currentId = p1!.id;
  staffId = t.fixture.employeeIds.staff!;
  const live = addDays(to, 100);

  // A default accrual granted the day before the period and adjusted; used and partly returned in the period; a use
  // after the period's end (not counted).
  await fundRow('staff', 'default_leave', { apply: d(-1), expire: live, key: `default:${fy}-03` }, [
    ['GRANT', 8, d(-1)],
    ['ADJUST', 0.5, d(-1)],
    ['USE', -2, d(1), 'leave_request:1'],
    ['RETURN', 1, d(1), 'leave_request:1'],
    ['USE', -1, addDays(to, 1), 'leave_request:2'],
  ]);
  // Seniority applied mid-period, thousandths that round half away from zero (1.005 → 1.01).
  await fundRow('staff', 'seniority_leave', { apply: d(3), expire: live, key: `seniority:${fy}-03` }, [
    ['GRANT', 1.255, d(3)],
    ['ADJUST', -0.25, d(3)],
  ]);
  // Bonus leave expired before the period: nothing of it counts.
  await fundRow('staff', 'prioritize_leave', { apply: d(-60), expire: d(-1) }, [
    ['GRANT', 5, d(-60)],
    ['USE', -1, d(-30)],
  ]);
  // Bonus leave granted and removed in the period: sums to 0.
  await fundRow('staff', 'prioritize_leave', { apply: d(1), expire: live, deleted: true }, [
    ['GRANT', 3, d(1)],
    ['REMOVE', -3, d(1)],
  ]);
  // Carryover from before the period, partly used, the rest expiring inside it.
  await fundRow('staff', 'reserve_leave', { apply: d(-10), expire: d(5) }, [
    ['CARRYOVER', 6, d(-10)],
    ['USE', -2, d(2)],
    ['EXPIRE', -4, d(5)],
  ]);
  // Year end across the period boundary: last year's accrual settled inside the period (carried + expired) and the
  // carried hours granted back as carryover the day after.
  await fundRow('staff', 'default_leave', { apply: d(-40), expire: d(4), key: `default:${fy - 1}-12` }, [
    ['GRANT', 10, d(-40)],
    ['USE', -3, d(-20)],
    ['EXPIRE', -4, d(4), `carryover:${fy - 1}`],
    ['EXPIRE', -3, d(4), `year-end:${fy - 1}`],
  ]);
  await fundRow('staff', 'reserve_leave', { apply: d(5), expire: live }, [['CARRYOVER', 4, d(5)]]);
  // Applied after the period, and project leave (days): neither counts.
  await fundRow('staff', 'reserve_probationary_leave', { apply: addDays(to, 1), expire: live }, [['GRANT', 8, addDays(to, 1)]]);
  await fundRow('staff', 'project_leave', { apply: d(-5), expire: live }, [['GRANT', 2, d(-5)]]);
  // Someone else in another division, for scope and filters.
  await fundRow('staff4', 'prioritize_leave', { apply: d(-5), expire: live }, [['GRANT', 16, d(-5)]]);
  // Bonus leave expiring after today inside the period: used before today, leave approved ahead (after today), and
  // what it will hold on its expire date expires then — scheduled, not written yet.
  await fundRow('staff', 'prioritize_leave', { apply: d(-20), expire: d(20) }, [
    ['GRANT', 6, d(-20)],
    ['USE', -1, d(2), 'leave_request:3'],
    ['USE', -2, d(18), 'leave_request:4'],
  ]);
});
afterAll(() => t.close());

/**
 * On today = d(15): begin, addition, used (the whole period, leave approved ahead included), expired up to today,
 * current = the balance on today, end = the balance on the period's last day (scheduled expiries included).
 */
const EXPECTED = {
  default_leave: [15.5, 0, 1, 7, 7.5, 7.5],
  seniority_leave: [0, 1.01, 0, 0, 1.01, 1.01],
  // 6 − 1 used by today = 5 now; − 2 approved for d(18) and the 3 left expiring on d(20) = 0 at the end.
  prioritize_leave: [6, 0, 3, 0, 5, 0],
  reserve_leave: [6, 4, 2, 4, 4, 4],
  reserve_probationary_leave: [0, 0, 0, 0, 0, 0],
  total_leave_detail: [27.5, 5.01, 6, 11, 17.51, 12.51],
} as const;
const asFigures = (values: readonly number[]) => Object.fromEntries(OVERVIEW_FIGURES.map((f, i) => [f, values[i]]));

describe('GET /api/tms/leaves-management (figures)', () => {
  it('sums the ledger per fund for the current period by default', async () => {
    const { data, page } = await list('hr', `&employee=${staffId}`);
    expect(page).toEqual({ page: 1, size: 100, total_element: 1 });
    const row = data[0]!;
    expect(row.timesheetId).toBe(currentId);
    expect(row.rangeTimesheet).toBe(`${toDmy(from)} - ${toDmy(to)}`);
    expect(row.timesheet_detail).toEqual({ from_date: toDmy(from), to_date: toDmy(to) });
    for (const fund of EXPLAIN_FUND_TYPES.filter((f) => f !== TOTAL_FUND)) expect(row.annual_leave[fund], fund).toEqual(asFigures(EXPECTED[fund]));
    expect(row.total_leave_detail).toEqual(asFigures(EXPECTED.total_leave_detail));
    // The row's own figures are the totals.
    for (const f of OVERVIEW_FIGURES) expect(row[f]).toBe(row.total_leave_detail[f]);
    expect(row).toMatchObject({ fullName: 'Son Staff', role: 'STAFF', seniorityDate: '06/01/2020', hired_date: '06/01/2020' });
    expect(row.years_seniority).toBeGreaterThanOrEqual(6);
  });

  it('counts current and expired up to today: earlier in the period less has happened, the end is the same', async () => {
    t.clock.set(`${d(3)}T10:00:00+07:00`);
    try {
      const row = await rowOf('staff', `&employee=${staffId}`);
      // Nothing has expired yet (d(4), d(5) are ahead); the carryover of d(5) is not granted yet.
      expect(row.annual_leave.default_leave).toMatchObject({ expired: 0, current_leave_fund_availability: 14.5, leave_fund_availability_end_of_period: 7.5 });
      expect(row.annual_leave.reserve_leave).toMatchObject({ addition_leave: 4, expired: 0, current_leave_fund_availability: 4, leave_fund_availability_end_of_period: 4 });
      expect(row.total_leave_detail).toMatchObject({ expired: 0, current_leave_fund_availability: 24.51, leave_fund_availability_end_of_period: 12.51 });
      const explained = await get('hr', `${LEAVE_OVERVIEW_EXPLAIN_PATH}?employeeId=${staffId}&timesheetId=${currentId}&figure=current_leave_fund_availability`);
      expect(explained.body.data.total).toBe(24.51);
    } finally {
      t.clock.set(NOW);
    }
  });

  it('shows a scheduled expiry as its own Explain line of the end figure', async () => {
    const { body } = await get('hr', `${LEAVE_OVERVIEW_EXPLAIN_PATH}?employeeId=${staffId}&timesheetId=${currentId}&figure=leave_fund_availability_end_of_period&fundType=prioritize_leave`);
    expect(body.data.total).toBe(0);
    expect(body.data.lines.map((l: Json) => [l.cause, l.hours, l.scheduled])).toEqual([
      ['GRANT', 6, false],
      ['GRANT', 3, false],
      ['REMOVE', -3, false],
      ['USE', -1, false],
      ['USE', -2, false],
      ['EXPIRE', -3, true],
    ]);
    expect(body.data.lines[5]).toMatchObject({ id: 0, entryDate: toDmy(d(20)), createdBy: null, createdDate: null });
  });

  it('lists the 12 months of the financial year with the accrual keyed for each', async () => {
    const row = await rowOf('staff', `&employee=${staffId}`);
    expect(row.month_leave_list.map((m: Json) => m.month)).toEqual(Array.from({ length: 12 }, (_, i) => `${String(i + 1).padStart(2, '0')}/${fy}`));
    // 8 + 0.5 default and 1.005 seniority keyed for March; last year's December row is not this year's; the unkeyed
    // probationary grant applied the day after the period falls in December's payroll month.
    expect(row.month_leave_list.filter((m: Json) => m.totalLeave !== 0)).toEqual([
      { month: `03/${fy}`, totalLeave: 9.51 },
      { month: `12/${fy}`, totalLeave: 8 },
    ]);
  });

  it("counts a grant without an accrual key in its apply date's payroll month, so the list agrees with the grant (issue 26 §11)", async () => {
    // An opening balance taken over at go-live: 96 h of default leave dated 25/01, no accrual key.
    await fundRow('other', 'default_leave', { apply: `${fy}-01-25`, expire: `${fy}-12-31` }, [['GRANT', 96, `${fy}-01-25`]]);
    // A grant dated the 26th belongs to the next payroll month.
    await fundRow('other', 'seniority_leave', { apply: `${fy}-02-26`, expire: `${fy}-12-31` }, [['GRANT', 4, `${fy}-02-26`]]);
    const row = await rowOf('other', `&employee=${t.fixture.employeeIds.other}`);
    expect(row.month_leave_list.filter((m: Json) => m.totalLeave !== 0)).toEqual([
      { month: `01/${fy}`, totalLeave: 96 },
      { month: `03/${fy}`, totalLeave: 4 },
    ]);
  });

  it('reads another period when asked: the previous one ends before the period-crossing entries', async () => {
    const row = await rowOf('staff', `&timesheetId=${previousId}&employee=${staffId}`);
    expect(row.rangeTimesheet).toBe(`${toDmy(previous.from)} - ${toDmy(previous.to)}`);
    // Entries dated up to the day before `from` on rows live at the previous period's start.
    expect(row.leave_fund_availability_end_of_period).toBe(row.availability_begin_period + row.addition_leave - row.used_in_period - row.expired);
    expect(row.annual_leave.default_leave.leave_fund_availability_end_of_period).toBe(15.5);
  });

  it('answers 404 for an unknown period and 400 for a bad one', async () => {
    expect((await get('hr', `${LEAVE_OVERVIEW_PATH}?timesheetId=999999`)).body.message).toBe(M.periodNotFound);
    expect((await get('hr', `${LEAVE_OVERVIEW_PATH}?timesheetId=999999`)).status).toBe(404);
    expect((await get('hr', `${LEAVE_OVERVIEW_PATH}?timesheetId=abc`)).status).toBe(400);
  });
});

describe('GET /api/tms/leaves-management/explain', () => {
  it('lists the lines of every figure of every fund, summing to the overview figure', async () => {
    const row = await rowOf('staff', `&employee=${staffId}`);
    for (const fund of EXPLAIN_FUND_TYPES) {
      for (const figure of OVERVIEW_FIGURES) {
        const { status, body } = await get('gl', `${LEAVE_OVERVIEW_EXPLAIN_PATH}?employeeId=${staffId}&timesheetId=${currentId}&figure=${figure}&fundType=${fund}`);
        expect(status, JSON.stringify(body)).toBe(200);
        const shown = fund === TOTAL_FUND ? row.total_leave_detail[figure] : row.annual_leave[fund][figure];
        expect(body.data.total, `${fund} ${figure}`).toBe(shown);
        const milli = body.data.lines.reduce((s: number, l: Json) => s + Math.round(l.hours * 1000), 0);
        expect(Math.round(milli / 10) / 100, `${fund} ${figure}`).toBe(shown);
        for (const l of body.data.lines) expect(l.hours).toBe(body.data.sign * l.amount);
        if (fund !== TOTAL_FUND) expect(body.data.lines.every((l: Json) => l.fundType === fund)).toBe(true);
      }
    }
  });

  it('signs used and expired lines as they count and names the author', async () => {
    const { body } = await get('hr', `${LEAVE_OVERVIEW_EXPLAIN_PATH}?employeeId=${staffId}&timesheetId=${currentId}&figure=used_in_period`);
    expect(body.data).toMatchObject({ figure: 'used_in_period', fundType: TOTAL_FUND, sign: -1, total: 6 });
    expect(body.data.lines.map((l: Json) => [l.cause, l.amount, l.hours])).toEqual([
      ['USE', -2, 2],
      ['RETURN', 1, -1],
      ['USE', -2, 2],
      ['USE', -1, 1],
      ['USE', -2, 2],
    ]);
    expect(body.data.lines[0]).toMatchObject({ entryDate: toDmy(d(1)), causeRef: 'leave_request:1', createdBy: { username: 'hr', name: 'Hoa Human' } });
  });

  it("names the request a line came from by its reason type, in the reader's language, and its first day (issue 26 §11)", async () => {
    const staff3 = t.fixture.employeeIds.staff3!;
    const [request] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into requests (employee_id, request_type, reason_type, start_date, end_date, status, quantity_in_hours)
          values (${staff3}, 'LEAVE_REQUEST', 'ANN_LEAVE_CORP', ${d(2)}, ${d(2)}, 3, 8) returning id`,
    );
    await fundRow('staff3', 'default_leave', { apply: from, expire: `${fy}-12-31` }, [
      ['GRANT', 16, from],
      ['USE', -8, d(2), `request:${request!.id}`],
    ]);
    const explain = async (language: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api${LEAVE_OVERVIEW_EXPLAIN_PATH}?employeeId=${staff3}&timesheetId=${currentId}&figure=used_in_period`,
        headers: { ...(await t.as('hr')), 'accept-language': language },
      });
      expect(res.statusCode).toBe(200);
      return readJson(res).data.lines as Json[];
    };
    const [used] = await explain('en');
    expect(used).toMatchObject({ cause: 'USE', causeRef: `request:${request!.id}`, request: { id: request!.id, reasonName: 'Annual leave', startDate: toDmy(d(2)) } });
    expect((await explain('vi'))[0]!.request).toMatchObject({ reasonName: 'Nghỉ phép năm' });
    // A line that came from no request has none.
    const granted = await get('hr', `${LEAVE_OVERVIEW_EXPLAIN_PATH}?employeeId=${staff3}&timesheetId=${currentId}&figure=addition_leave`);
    expect((granted.body.data.lines as Json[]).every((l) => l.request === null)).toBe(true);
  });

  it('defaults to the current period, refuses a bad figure and hides staff outside the scope', async () => {
    const ok = await get('hr', `${LEAVE_OVERVIEW_EXPLAIN_PATH}?employeeId=${staffId}&figure=expired&fundType=reserve_leave`);
    expect(ok.body.data).toMatchObject({ timesheetId: currentId, total: 4, sign: -1 });
    const bad = await get('hr', `${LEAVE_OVERVIEW_EXPLAIN_PATH}?employeeId=${staffId}&figure=nope`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(M.figureInvalid);
    const outside = await get('gl', `${LEAVE_OVERVIEW_EXPLAIN_PATH}?employeeId=${t.fixture.employeeIds.staff4}&figure=expired`);
    expect(outside.status).toBe(404);
    expect(outside.body.message).toBe(M.employeeNotFound);
  });
});

describe('scope and filters', () => {
  const names = async (user: string, query = '') => (await list(user, query)).data.map((r) => r.employee.user_name as string);

  it('shows HR everyone, a group lead their department, a division lead their division, sorted by name', async () => {
    const all = await names('hr');
    expect(all).toHaveLength(12);
    expect((await list('hr')).data.map((r) => r.fullName)).toEqual([...(await list('hr')).data.map((r) => r.fullName)].sort());
    expect((await names('gl')).sort()).toEqual(['gl', 'staff', 'staff2']);
    expect((await names('dl')).sort()).toEqual(['admin', 'dl', 'gl', 'hr', 'hrm', 'staff', 'staff2', 'staff3']);
    expect((await get('staff', LEAVE_OVERVIEW_PATH)).status).toBe(403);
    expect((await get('pm', LEAVE_OVERVIEW_PATH)).status).toBe(403);
  });

  it('filters by role, division, department and staff, and pages', async () => {
    expect(await names('hr', '&role=HR')).toEqual(['hr']);
    expect((await names('hr', '&role=HR,HRM')).sort()).toEqual(['hr', 'hrm']);
    expect((await names('hr', `&division=${t.fixture.divisions.div2}`)).sort()).toEqual(['guest', 'other', 'pm', 'staff4']);
    expect((await names('hr', `&department=${t.fixture.departments.dep1}`)).sort()).toEqual(['gl', 'staff', 'staff2']);
    expect(await names('hr', `&employee=${t.fixture.employeeIds.staff4}`)).toEqual(['staff4']);
    expect(await names('gl', `&employee=${t.fixture.employeeIds.staff4}`)).toEqual([]);
    const page2 = await get('hr', `${LEAVE_OVERVIEW_PATH}?page=2&size=5`);
    expect(page2.body.data).toHaveLength(5);
    expect(page2.body.page).toEqual({ page: 2, size: 5, total_element: 12 });
    const past = await get('hr', `${LEAVE_OVERVIEW_PATH}?page=9&size=5`);
    expect(past.body).toMatchObject({ data: [], page: { total_element: 12 } });
    const staff4 = await rowOf('staff4', `&employee=${t.fixture.employeeIds.staff4}`);
    expect(staff4.annual_leave.prioritize_leave.addition_leave).toBe(0);
    expect(staff4.availability_begin_period).toBe(16);
  });
});

describe('GET /api/tms/excel/export-leave-fund', () => {
  async function exported(user: string, query = '') {
    const res = await t.app.inject({ method: 'GET', url: `/api${LEAVE_FUND_EXPORT_PATH}${query}`, headers: await t.as(user) });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { res, header: rows[0] as string[], data: rows.slice(1) };
  }

  it('streams LeaveFund.xlsx with every matching employee, the totals and each fund', async () => {
    const { res, header, data } = await exported('hr');
    expect(res.headers['content-disposition']).toContain(LEAVE_FUND_EXPORT_FILE);
    expect(data).toHaveLength(12);
    const col = (title: string) => header.indexOf(title);
    const staff = data.find((r) => r[1] === 'staff')!;
    expect(staff[col('Full name')]).toBe('Son Staff');
    expect(staff[col(figureColumnTitle(TOTAL_FUND, 'leave_fund_availability_end_of_period'))]).toBe(12.51);
    expect(staff[col(figureColumnTitle('reserve_leave', 'expired'))]).toBe(4);
    expect(staff[col(figureColumnTitle('default_leave', 'availability_begin_period'))]).toBe(15.5);
    expect(staff[col('Range timesheet')]).toBe(`${toDmy(from)} - ${toDmy(to)}`);
  });

  it('reads every employee once, in name order, chunk by chunk', async () => {
    const hr = { sessionId: 0, userId: t.fixture.userIds.hr!, username: 'hr', employeeId: t.fixture.employeeIds.hr!, name: 'hr', roles: ['HR' as const], isPm: false, actors: ['HR' as const] };
    const chunks: string[][] = [];
    for await (const rows of (await exportOverview({ db: t.db, clock: t.clock }, hr, {}, 5)).batches) chunks.push(rows.map((r) => r.fullName));
    expect(chunks.map((c) => c.length)).toEqual([5, 5, 2]);
    const names = chunks.flat();
    expect(names).toEqual((await list('hr')).data.map((r) => r.fullName));
    expect(new Set(names).size).toBe(12);
  });

  it('keeps the scope and filters, and writes formula-like text as text', async () => {
    await t.db.execute(sql`update employees set name = '=HYPERLINK("http://x","y")' where id = ${t.fixture.employeeIds.staff2!}`);
    try {
      const { data } = await exported('gl', `?department=${t.fixture.departments.dep1}`);
      expect(data.map((r) => r[1]).sort()).toEqual(['gl', 'staff', 'staff2']);
      const staff2 = data.find((r) => r[1] === 'staff2')!;
      expect(staff2[2]).toBe('=HYPERLINK("http://x","y")');
    } finally {
      await t.db.execute(sql`update employees set name = 'Sang Second' where id = ${t.fixture.employeeIds.staff2!}`);
    }
    expect((await get('hr', `${LEAVE_FUND_EXPORT_PATH}?timesheetId=999999`)).status).toBe(404);
  });
});
