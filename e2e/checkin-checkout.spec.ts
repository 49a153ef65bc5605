import { expect, test, type Page } from './fixtures.ts';
import { CHECK_IN_OUT_CALENDAR_PATHS as P, CHECK_IN_OUT_MESSAGES as M, type CalendarData, type DayData, type ManualJob } from '@tms/contracts/check-in-out-calendar';
import type { EmployeeOption } from '@tms/contracts/lookups';
import { apiGet, dmy, expectNoSeriousA11yViolations, pickStaff, plusDays, serverToday, signIn } from './helpers.ts';

/**
 * Check In-Out Time (issue 12, spec 001 §2.8): staff opens the calendar, goes back week by week to their latest late
 * day in the seeded punches (found through the API, so the journey holds on every day), sees it highlighted as late,
 * opens it and reads its punches in the drawer. Independent of the weekday and the time of day: only days before today
 * are read, and no other journey changes staff's punches.
 */
const PAGE = '/timesheet/checkin-checkout';

const DAY_MS = 86_400_000;
/** The Saturday starting the calendar week of a date (spec 001 §9). */
const saturdayOf = (iso: string) => plusDays(iso, -((new Date(`${iso}T00:00:00Z`).getUTCDay() + 1) % 7));

/** staff's latest late-coming day before today with a check-in, searched month by month over the last six months. */
async function latestLateDay(page: Page, today: string): Promise<string> {
  let to = plusDays(today, -1);
  for (let i = 0; i < 6; i++) {
    const from = plusDays(to, -27);
    const data = (await apiGet<CalendarData>(page, P.detail, { fromDate: from, toDate: to })).data;
    const late = data.timesheets.filter((d) => d.is_late_coming && d.check_in_time && d.date_of_issue > data.start_working_day).at(-1);
    if (late) return late.date_of_issue;
    to = plusDays(from, -1);
  }
  throw new Error('no late day of staff in the seeded punches of the last six months');
}

test('staff finds their late day highlighted and reads its punches in the drawer', async ({ page }) => {
  await signIn(page, 'staff');
  const today = await serverToday(page);
  const late = await latestLateDay(page, today);
  const punches = (await apiGet<DayData>(page, P.dayOf(late))).data.check_times;
  expect(punches.length).toBeGreaterThan(0);

  await page.goto(PAGE);
  await expect(page.getByTestId('checkin-calendar')).toBeVisible();
  await expect(page.getByTestId('checkin-filter-self')).toContainText('staff');
  await expect(page.getByTestId('checkin-update-open')).toHaveCount(0);
  await expect(page.getByTestId(`checkin-day-${saturdayOf(today)}`)).toHaveAttribute('aria-disabled', 'true');

  // Back week by week to the week of the late day.
  const weeks = Math.round((Date.parse(saturdayOf(today)) - Date.parse(saturdayOf(late))) / (7 * DAY_MS));
  for (let i = 0; i < weeks; i++) await page.getByTestId('checkin-prev-week').click();
  await expect(page.getByTestId('checkin-week-label')).toHaveText(`${dmy(saturdayOf(late))} - ${dmy(plusDays(saturdayOf(late), 6))}`);

  const cell = page.getByTestId(`checkin-day-${late}`);
  await expect(cell).toHaveAttribute('data-late', 'true');
  await expect(cell.getByText('Late coming', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'check in-out calendar');

  await cell.click();
  await expect(cell).toHaveAttribute('aria-selected', 'true');
  const drawer = page.getByTestId('checkin-drawer');
  await expect(drawer).toBeVisible();
  const times = page.getByTestId('checkin-drawer-times');
  for (const p of punches) await expect(times.getByText(p.time, { exact: true })).toBeVisible();
});

test('HR updates a staff member’s check time and follows the job in the manual-job search', async ({ page }) => {
  await signIn(page, 'hr');
  const today = await serverToday(page);
  const staff = (await apiGet<EmployeeOption[]>(page, '/tms/filters/employee', { filter: 'staff', size: 30 })).data.find((e) => e.user_name === 'staff')!;
  await page.goto(PAGE);
  await expect(page.getByTestId('checkin-filter-department')).toBeVisible();
  await expect(page.getByTestId('manual-job-search')).toBeVisible();

  await page.getByTestId('checkin-update-open').click();
  const dialog = page.getByRole('dialog', { name: 'Update Employee Check Time' });
  await dialog.getByTestId('update-check-time-save').click();
  await expect(dialog.getByText(M.staffRequired, { exact: true })).toBeVisible();
  await pickStaff(page, dialog.getByLabel('Staff'), staff);
  // The last few days up to today: after any lock date (RULES.md §4), so something is recomputed whatever the day.
  const start = dialog.getByLabel('Date range');
  const end = dialog.locator('.ant-picker-range').getByRole('textbox', { name: 'End date' });
  await start.click();
  await start.fill(dmy(plusDays(today, -3)));
  await start.press('Enter');
  await end.fill(dmy(today));
  await end.press('Enter');
  await dialog.getByTestId('update-check-time-save').click();
  await expect(page.getByText(M.updated, { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  const job = (await apiGet<ManualJob[]>(page, P.manual, { employee: 'staff' })).data[0]!;
  expect(job.employees.map((e) => e.user_name)).toEqual(['staff']);
  const status = page.getByTestId(`manual-job-status-${job.id}`);
  await expect(status).toBeVisible();
  // The background job finishes within seconds; Search reloads the list until it reads done.
  await expect(async () => {
    await page.getByTestId('manual-job-search').getByTestId('filter-search').click();
    await expect(status).toHaveText('done', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  // Who queued it, by name with the username beside it.
  await expect(page.getByTestId('manual-job-table')).toContainText('Nguyễn Thị Hoa (hr)');
});
