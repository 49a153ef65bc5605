import { expect } from 'vitest';
import { holidays, projectMembers } from '../../db/schema/organisation.ts';
import { payrollPeriods } from '../../db/schema/periods.ts';
import { approvePeriodEnding } from '../../test/fixture.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertWeekdaySchedule } from '../../test/schedules.ts';
import type { Json } from '../../test/json-body.ts';

export type { Json };

/**
 * The fixed overtime tests' company: the clock on Thursday 05/11/2026 10:00 (company time), lock date 25/10/2026,
 * T11-2026 (26/10 … 25/11) open, so the OT date limit is 05/12/2026; everyone on HCM 08:30–17:30 (a workday OT starts
 * at 18:00 or later); a holiday on Thursday 12/11/2026. pm manages P1 with staff, staff2 and staff4 as members.
 */
export const NOW = '2026-11-05T10:00:00+07:00';
export const LOCK = '2026-10-25';
export const MON = '2026-11-09';
export const TUE = '2026-11-10';
export const SAT = '2026-11-07';
export const B = '/api/tms/overtime-request';
export const FB = '/api/tms/request-management/overtime';


export async function fixedApp(): Promise<TestApp> {
  const t = await createTestApp({ now: NOW });
  await insertWeekdaySchedule(t.db, { code: 'HCM', start: '08:30', end: '17:30', breakStart: '12:00', breakEnd: '13:00' });
  await approvePeriodEnding(t.db, t.fixture.companyId, '2026-09-26', LOCK);
  await t.db.insert(payrollPeriods).values({ companyId: t.fixture.companyId, name: 'T11-2026', fromDate: '2026-10-26', toDate: '2026-11-25', workingDays: 21, status: 0 });
  await t.db.insert(holidays).values({ calendarCode: 'VNM_NPH', date: '2026-11-12', name: 'Test holiday' });
  await t.db.insert(projectMembers).values({ projectId: t.fixture.projectId, employeeId: t.fixture.employeeIds.staff2! });
  return t;
}

export function fixedApi(t: () => TestApp) {
  const emp = (u: string) => t().fixture.employeeIds[u]!;
  const uid = (u: string) => t().fixture.userIds[u]!;
  async function call(user: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) {
    const res = await t().app.inject({ method, url, headers: { ...(await t().as(user)), ...headers }, payload: payload as Json });
    const json = (res.headers['content-type'] ?? '').toString().includes('json');
    return { status: res.statusCode, body: json ? (res.json() as Json) : ({} as Json), raw: res };
  }
  const form = (over: Json = {}): Json => ({
    title: 'Release night',
    project_id: t().fixture.projectId,
    description: 'Deploy',
    ot_date: MON,
    start_time: `${MON} 18:00:00`,
    end_time: `${MON} 21:00:00`,
    ot_type: 'OT_AT_OFFICE',
    mail_cc: [emp('dl')],
    staff: ['staff', 'staff2', 'staff4'].map((u) => ({ employee_id: emp(u), approver_id: 999, status: 3 })),
    ...over,
  });
  async function create(user: string, over: Json = {}): Promise<number> {
    const res = await call(user, 'POST', B, form(over));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as number;
  }
  const detail = async (user: string, id: number) => (await call(user, 'GET', `${B}/${id}`)).body.data as Json;
  const status = (user: string, id: number, data: Json[], extra: Json = {}) => call(user, 'PUT', `${B}/${id}/update-status`, { data, ...extra });
  const row = (u: string, s: number, reason?: string) => ({ employee_id: emp(u), status: s, ...(reason === undefined ? {} : { reject_reason: reason }) });
  /** A multipart body: `data` JSON plus files in `field`. */
  function multipart(data: Json | null, files: { name: string; content: Buffer; field?: string }[]) {
    const boundary = '----fixedot' + Math.random().toString(16).slice(2);
    const chunks: Buffer[] = [];
    if (data) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify(data)}\r\n`));
    for (const f of files) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'files'}"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
      chunks.push(f.content, Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }
  return { call, form, create, detail, status, row, emp, uid, multipart };
}

export const PDF = Buffer.from('%PDF-1.4\n%test\n');
