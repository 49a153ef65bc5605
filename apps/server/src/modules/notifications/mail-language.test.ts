import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertWeekdaySchedule } from '../../test/schedules.ts';
import { readJson, type Json } from '../../test/json-body.ts';
import { notifyWorkingDayCalculated } from '../timesheet/calculate-working-day.ts';

/**
 * Issue 25: the mails that are not a notification's — a special explanation, the period summary of "Send email", the
 * end of Calculate working day — are written in each recipient's stored language (English when never chosen); a CC
 * reader of another language gets their own copy. Outbox rows (no SMTP here; mail-smtp.test.ts sends for real).
 */
const NOW = '2026-03-18T10:00:00+07:00';
let t: TestApp;
let period: number;
const emp = (u: string) => t.fixture.employeeIds[u]!;

async function call(user: string, method: 'POST' | 'PUT', url: string, payload: unknown) {
  const res = await t.app.inject({ method, url, headers: await t.as(user), payload: payload as Json });
  return { status: res.statusCode, body: readJson(res) };
}
type Mail = { to: string; cc: string | null; subject: string; text: string; html: string | null };
const mails = (like: string) => queryRows<Mail>(t.db, sql`select "to", cc, subject, text, html from mail_outbox where subject like ${like} order by id`);

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await insertWeekdaySchedule(t.db, { code: 'HCM', start: '08:30', end: '17:30', breakStart: '12:00', breakEnd: '13:00', minutes: 480 });
  await t.db.execute(sql`
    insert into staff_policies (employee_id, work_schedule_code, rule_type, explanation_number, refund_hours_per_explanation,
                                explanation_time_per_days, lack_of_time_allowed, ot_type, apply_date, expire_date)
    select e.id, 'HCM', 'DAY', 3, 1, 1, 15, 'OT_FIXED', '2020-01-06', '9999-12-30' from employees e`);
  const c = t.fixture.companyId;
  const rows = await queryRows<{ id: number }>(
    t.db,
    sql`insert into payroll_periods (company_id, name, from_date, to_date, working_days, status)
        values (${c}, 'T02-2026', '2026-02-01', '2026-02-28', 20, 4), (${c}, 'T03-2026', '2026-03-01', '2026-03-31', 22, 0) returning id`,
  );
  period = rows[1]!.id;
  for (const [user, language] of [['staff', 'vi'], ['hr', 'vi'], ['gl', 'en']] as const) {
    expect((await call(user, 'PUT', '/api/auth/language', { language })).status).toBe(200);
  }
}, 120_000);
afterAll(() => t.close());

describe('a special explanation', () => {
  it('mails the staff member in Vietnamese and the English CC reader a copy of their own', async () => {
    const res = await call('hr', 'POST', '/api/tms/explanations-special', {
      requestReason: 'EXPLANATION_REQUEST',
      type: 'NOT_ENOUGH_WORKING_HOURS',
      description: 'Họp khách hàng',
      listEmployee: [emp('staff')],
      date: '16/03/2026',
      ccMail: [emp('gl'), emp('staff2')],
      time: 4.5,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [vi, ...others] = await mails('Giải trình đặc biệt%');
    expect(others).toEqual([]);
    expect(vi).toMatchObject({ to: 'staff@cglobal.test', cc: null, subject: 'Giải trình đặc biệt đã được ghi nhận: 16/03/2026' });
    expect(vi!.text).toBe(
      'Kính gửi Son Staff,\n\nMột giải trình đặc biệt 4,50 giờ (NOT_ENOUGH_WORKING_HOURS) đã được ghi nhận cho bạn vào ngày 16/03/2026.\n\nHọp khách hàng\n\nXem bảng công của bạn: /timesheet\n',
    );
    // gl chose English and staff2 never chose: one English copy, both on CC, still greeting the staff member.
    const [en, ...more] = await mails('Special explanation%');
    expect(more).toEqual([]);
    expect(en).toMatchObject({ to: '', cc: 'gl@cglobal.test, staff2@cglobal.test', subject: 'Special explanation recorded: 16/03/2026' });
    expect(en!.text).toBe('Dear Son Staff,\n\nA special explanation of 4.50 hour(s) (NOT_ENOUGH_WORKING_HOURS) was recorded for you on 16/03/2026.\n\nHọp khách hàng\n\nSee your timesheet: /timesheet\n');
  });
});

describe('Send email: the period summary', () => {
  it('reaches each employee in their language', async () => {
    const res = await call('hr', 'POST', `/api/tms/timesheets/${period}/send-email`, { employee_id: [emp('staff'), emp('staff2')] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [vi] = await mails('Tổng hợp bảng công%');
    expect(vi).toMatchObject({ to: 'staff@cglobal.test', subject: 'Tổng hợp bảng công T03-2026' });
    expect(vi!.text).toContain('Kính gửi Son Staff,\n\nTổng hợp bảng công của bạn kỳ T03-2026 (01/03/2026 - 31/03/2026):\n\n');
    expect(vi!.text).toContain('Ngày        Chấm công vào Chấm công ra Công\n');
    expect(vi!.text).toMatch(/Tổng ngày công: [\d,]+ \/ 22 ngày công\nSố ngày bất thường: \d+\nSố ngày đi muộn: \d+\nSố ngày về sớm: \d+\n/);
    expect(vi!.html).toContain('<th style="border:1px solid #ccc;padding:2px 8px">Chấm công vào</th>');
    const [en] = await mails('Timesheet summary%');
    expect(en).toMatchObject({ to: 'staff2@cglobal.test', subject: 'Timesheet summary T03-2026' });
    expect(en!.text).toContain('Dear Sang Second,\n\nYour timesheet summary for T03-2026 (01/03/2026 - 31/03/2026):\n\nDate        Check In  Check Out  Value\n');
    expect(en!.text).toMatch(/Total workday: [\d.]+ \/ 22 working days\nAbnormal days: \d+\n/);
  });
});

describe('Calculate working day finished', () => {
  it('the notification and the mail are in the user’s language', async () => {
    await notifyWorkingDayCalculated(t.app, t.fixture.userIds.hr!, { date: '2026-03-16', allEmployees: false, employees: 1234, days: 1, changedDays: 0 });
    const [mail] = await mails('Tính công%');
    expect(mail).toMatchObject({ to: 'hr@cglobal.test', subject: 'Tính công đã hoàn tất' });
    expect(mail!.text).toBe('Kính gửi Hoa Human,\n\nĐã tính công ngày 16/03/2026 cho 1.234 nhân viên: 1 ngày được tính, 0 ngày thay đổi.\n');
    const res = await t.app.inject({ method: 'GET', url: '/api/tms/notifications?size=1', headers: { ...(await t.as('hr')), 'accept-language': 'en' } });
    expect((res.json() as { data: Json[] }).data[0]).toMatchObject({
      notification_type: 'CALCULATION_FINISHED',
      title: 'Calculate working day finished',
      body: 'Working day 16/03/2026 calculated for 1234 employees: 1 day computed, 0 changed.',
    });
  });
});
