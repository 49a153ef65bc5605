import { expect, newContext, type Browser, type Page } from './fixtures.ts';
import type { AbnormalCase } from '@tms/contracts/abnormal-case';
import type { MyTimesheet } from '@tms/contracts/timesheet-grid';
import { apiGet, apiSend, serverToday, signIn } from './helpers.ts';

/** Reason type of a late-coming abnormal case. */
const LATE = '2';
type Period = { timesheet_id: number; name: string; from_date: string; to_date: string };

/** An unexplained late-coming case of the signed-in staff member that may still be explained. */
export async function explainableLateCase(page: Page, date?: string): Promise<AbnormalCase | undefined> {
  const cases = (await apiGet<AbnormalCase[]>(page, '/tms/abnormal-case', { status: '0', reason: LATE, size: 100 })).data;
  return cases.find((c) => c.reason_type === LATE && c.status === 0 && c.actions.explain && (date === undefined || c.abnormal_date === date));
}

/**
 * No late day left in the demo data: punch one through the device API, as the gate would — a past working day of the
 * current period without a check-in gets 09:05 in and 17:45 out, which the engine reads as late coming.
 */
export async function punchLateDay(page: Page, browser: Browser, employeeId: number): Promise<AbnormalCase> {
  const adminContext = await newContext(browser);
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin');
  const key = await apiSend<{ key: string }>(admin, 'POST', '/tms/check-in-out/device-keys', { system: 'SPEEDGATE', description: 'e2e explanation gate' });
  expect(key.status).toBe(200);
  await adminContext.close();

  const today = await serverToday(page);
  const periods = (await apiGet<Period[]>(page, '/tms/filters/periods')).data;
  const current = periods.find((p) => p.from_date <= today && today <= p.to_date);
  expect(current, 'a demo period contains today').toBeTruthy();
  const days = (await apiGet<MyTimesheet>(page, `/tms/timesheets/${current!.timesheet_id}/employee/${employeeId}`)).data.days;
  const day = days.find((d) => d.day_type === 'WORKING' && d.date_of_issue < today && !d.check_in_time && !d.overridden);
  expect(day, 'the staff member has a past working day without a check-in in the current period').toBeTruthy();
  const account = `SG${String(employeeId).padStart(5, '0')}`;
  const punches = ['09:05', '17:45'].map((t) => ({ system: 'SPEEDGATE', attendance_check_id: account, timestamp: `${day!.date_of_issue}T${t}:00+07:00` }));
  const sent = await page.request.post('/api/tms/check-in-out/punches', { data: { punches }, headers: { 'X-Device-Key': key.body.data.key } });
  expect(sent.status()).toBe(200);
  let found: AbnormalCase | undefined;
  await expect(async () => {
    found = await explainableLateCase(page, day!.date_of_issue);
    expect(found?.abnormal_date).toBe(day!.date_of_issue);
  }).toPass({ timeout: 10_000 });
  return found!;
}
