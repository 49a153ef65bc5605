import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { OT_REPORT_COLUMNS as C, otReportShiftHeader } from '@tms/contracts/overtime-pay';
import { holidays } from '../../db/schema/organisation.ts';
import { punches } from '../../db/schema/schedules.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { recomputeOvertimePay } from './ot-pay.service.ts';
import { reportRows } from './ot-report.service.ts';
import { at, insertOvertime } from './ot-pay.test-support.ts';

/** The lookups (date-type, overtime-shift) and the OT report (spec 001 §7.3; RULES.md §3, §6). */
let t: TestApp;
let seq = 0;

async function addOt(username: string, r: { kind: 'FIXED' | 'FLEXIBLE'; start: string; end: string; staffStatus?: number; status?: number; offset?: boolean; punches: string[] }) {
  const employeeId = t.fixture.employeeIds[username]!;
  const id = await insertOvertime(t, { kind: r.kind, start: r.start, end: r.end, status: r.status ?? 5, offset: r.offset, staff: [{ employeeId, status: r.staffStatus ?? 3 }] });
  await t.db.insert(punches).values(r.punches.map((p) => ({ system: 'T', attendanceCheckId: `r${++seq}`, employeeId, punchedAt: at(p) })));
  return id;
}

beforeAll(async () => {
  t = await createTestApp({ now: '2026-05-10T10:00:00+07:00' });
  await t.db.insert(holidays).values({ calendarCode: 'VNM_NPH', date: '2026-05-01', name: 'Labour Day' });
});
afterAll(async () => t?.close());

describe('GET /api/tms/filters/date-type', () => {
  const get = async (user: string, query: string) => t.app.inject({ method: 'GET', url: `/api/tms/filters/date-type?${query}`, headers: await t.as(user) });
  it('answers WORKDAY, DAY_OFF or HOLIDAY for the caller by default', async () => {
    expect((await get('staff', 'date=2026-05-04')).json().data.name).toBe('WORKDAY');
    expect((await get('staff', 'date=2026-05-09')).json().data.name).toBe('DAY_OFF');
    expect((await get('staff', 'date=2026-05-01')).json().data.name).toBe('HOLIDAY');
  });
  it('another employee only inside the caller scope (PM: project members), else 404; a bad date is 400', async () => {
    expect((await get('pm', `date=2026-05-04&employeeId=${t.fixture.employeeIds.staff4}`)).statusCode).toBe(200);
    expect((await get('hr', `date=2026-05-04&employeeId=${t.fixture.employeeIds.staff3}`)).statusCode).toBe(200);
    expect((await get('staff', `date=2026-05-04&employeeId=${t.fixture.employeeIds.staff3}`)).statusCode).toBe(404);
    expect((await get('pm', `date=2026-05-04&employeeId=${t.fixture.employeeIds.staff3}`)).statusCode).toBe(404);
    expect((await get('staff', 'date=2026-02-31')).statusCode).toBe(400);
    expect((await get('staff', '')).statusCode).toBe(400);
  });
});

describe('GET /api/tms/filters/overtime-shift', () => {
  it('lists the seven shift keys with labels, filtered by name without diacritics', async () => {
    const all = await t.app.inject({ method: 'GET', url: '/api/tms/filters/overtime-shift', headers: await t.as('staff') });
    expect(all.json().data.map((s: { key: string }) => s.key)).toEqual([
      'workday',
      'night_workday',
      'night_workday_has_day_time',
      'day_off',
      'night_day_off',
      'holiday',
      'night_holiday',
    ]);
    const night = await t.app.inject({ method: 'GET', url: '/api/tms/filters/overtime-shift?shiftName=NIGHT%20HOL', headers: await t.as('staff') });
    expect(night.json().data).toEqual([{ key: 'night_holiday', name: 'Night holiday' }]);
  });
});

describe('GET /api/tms/excel/report-ot', () => {
  it('one row per approved (request, staff) with hours per shift, totals, pay hours, the tax-free part and offset', async () => {
    const holiday = await addOt('staff', { kind: 'FIXED', start: '2026-04-30 20:00', end: '2026-05-01 02:00', punches: ['2026-04-30 19:55', '2026-05-01 02:10'] });
    const flexible = await addOt('staff4', { kind: 'FLEXIBLE', start: '2026-05-04 18:00', end: '2026-05-04 21:00', punches: ['2026-05-04 18:00', '2026-05-04 21:00'] });
    const offset = await addOt('staff2', { kind: 'FIXED', offset: true, start: '2026-05-05 18:00', end: '2026-05-05 20:00', punches: ['2026-05-05 18:00', '2026-05-05 20:00'] });
    const pending = await addOt('staff3', { kind: 'FIXED', staffStatus: 1, start: '2026-05-06 18:00', end: '2026-05-06 20:00', punches: ['2026-05-06 18:00', '2026-05-06 20:00'] });
    await recomputeOvertimePay(t.db, { requestIds: [holiday, flexible, offset, pending] }, { timeZone: t.app.clock.timeZone, now: t.app.clock.now() });

    const res = await t.app.inject({ method: 'GET', url: '/api/tms/excel/report-ot?fromDate=2026-04-26&toDate=2026-05-25', headers: await t.as('hr') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Report_OT_2026-04-26-2026-05-25.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const headers = (ws.getRow(1).values as unknown[]).slice(1) as string[];
    const rows = [];
    for (let i = 2; i <= ws.rowCount; i++) {
      const v = (ws.getRow(i).values as unknown[]).slice(1);
      rows.push(Object.fromEntries(headers.map((h, k) => [h, v[k]])));
    }
    expect(rows.map((r) => r[C.staffId])).toEqual(['staff', 'staff4', 'staff2']);
    const [h, f, o] = rows;
    // 20:00–02:00, 6 h worked, break at midnight: 2 h workday + 2 h night after daytime + 1 h holiday night.
    expect(h![otReportShiftHeader('workday')]).toBe(2);
    expect(h![otReportShiftHeader('night_workday_has_day_time')]).toBe(2);
    expect(h![otReportShiftHeader('night_holiday')]).toBe(1);
    expect(h![C.originalTotal]).toBe(5);
    expect(h![C.payHours]).toBe(3 + 4.2 + 3.9);
    expect(h![C.nonTaxHours]).toBeCloseTo(1 + 2.2 + 2.9, 5);
    expect(h![C.dateType]).toBe('Workday');
    expect([h![C.otDate], h![C.start], h![C.end], h![C.checkIn], h![C.checkOut]]).toEqual(['30/04/2026', '30/04/2026 20:00', '01/05/2026 02:00', '30/04/2026 19:55', '01/05/2026 02:10']);
    expect(h![C.kind]).toBe('Fixed');
    expect(f![C.kind]).toBe('Flexible');
    expect(f![C.payHours]).toBe(4.5);
    expect(o![C.offset]).toBe('Yes');
    expect(o![C.finalTotal]).toBe(2);
    expect(o![C.payHours]).toBe(0);
  });

  it('pages through the rows in order (keyset pages, the next one fetched ahead)', async () => {
    const all: unknown[] = [];
    for await (const r of await reportRows(t.db, { from: '2026-04-26', to: '2026-05-25' }, t.app.clock.timeZone, 1)) all.push([r.no, r.staffId]);
    expect(all).toEqual([
      [1, 'staff'],
      [2, 'staff4'],
      [3, 'staff2'],
    ]);
  });

  it("both dates required; 'No data has been exported' (404) when empty; HR and ADMIN only", async () => {
    const get = async (user: string, q: string) => t.app.inject({ method: 'GET', url: `/api/tms/excel/report-ot?${q}`, headers: await t.as(user) });
    expect((await get('hr', 'fromDate=2026-05-01')).statusCode).toBe(400);
    expect((await get('hr', 'fromDate=2026-05-10&toDate=2026-05-01')).statusCode).toBe(400);
    const empty = await get('admin', 'fromDate=2025-01-01&toDate=2025-01-31');
    expect(empty.statusCode).toBe(404);
    expect(empty.json().message).toBe('No data has been exported');
    for (const user of ['hrm', 'pm', 'staff', 'gl', 'dl']) expect((await get(user, 'fromDate=2026-05-01&toDate=2026-05-31')).statusCode).toBe(403);
  });
});
