import { expect, newContext, test, type Page } from './fixtures.ts';
import type { AbnormalCase } from '@tms/contracts/abnormal-case';
import type { MyTimesheet } from '@tms/contracts/timesheet-grid';
import { apiGet, apiSend, dmy, expectNoSeriousA11yViolations, openMyTimesheetPeriod, signIn } from './helpers.ts';
import { explainableLateCase, punchLateDay } from './late-case.ts';

/**
 * The explanation journey (issue 9 "Done when"; spec 001 §2.5, §2.6, §4.3, §4.4, §5.4): the demo staff member is late
 * on a day → sees the abnormal case → explains it → the group lead approves it → the staff member's timesheet cell for
 * that day becomes 1 without a manual recalculation.
 */

type Period = { timesheet_id: number; name: string; from_date: string; to_date: string; status: number };

/** The day's value in My Timesheet (API) and its Working day cell (screen). */
async function myDay(page: Page, employeeId: number, date: string) {
  const periods = (await apiGet<Period[]>(page, '/tms/filters/periods')).data;
  const period = periods.find((p) => p.from_date <= date && date <= p.to_date)!;
  const days = (await apiGet<MyTimesheet>(page, `/tms/timesheets/${period.timesheet_id}/employee/${employeeId}`)).data.days;
  return { period, day: days.find((d) => d.date_of_issue === date)! };
}

async function showMyTimesheetDay(page: Page, period: Period, date: string) {
  await openMyTimesheetPeriod(page, period.name);
  const row = page.getByTestId(`my-ts-day-${date}`);
  await expect(row).toBeVisible();
  const headers = await page.getByTestId('my-ts-table').locator('thead th').allTextContents();
  const column = headers.findIndex((h) => h.trim() === 'Working day');
  expect(column, 'My Timesheet has a Working day column').toBeGreaterThanOrEqual(0);
  return row.locator('td').nth(column);
}

/** Sets the Explanation Date filter to one day and searches (the default is the current month). */
async function filterExplanationDate(page: Page, date: string) {
  const start = page.getByRole('textbox', { name: 'Explanation Date' });
  const end = page.getByRole('textbox', { name: 'End date' });
  await start.click();
  await start.fill(dmy(date));
  await start.press('Enter');
  await end.fill(dmy(date));
  await end.press('Enter');
  await page.getByTestId('filter-search').click();
}

test.describe('explanations', () => {
  test('staff explains a late day, the group lead approves it, and the day becomes 1 without a recalculation', async ({ page, browser }) => {
    await signIn(page, 'staff');
    const me = (await apiGet<{ employeeId: number }>(page, '/tms/user/detail', { username: 'staff' })).data;
    const kase = (await explainableLateCase(page)) ?? (await punchLateDay(page, browser, me.employeeId));
    const date = kase.abnormal_date;
    const before = await myDay(page, me.employeeId, date);
    expect(before.day.value ?? 0, 'a late day is not a full day before its explanation').toBeLessThan(1);

    // The staff member sees the case (the notification link highlights it) and explains it.
    await page.goto(`/timesheet/abnormal-case?id=${kase.id}`);
    const row = page.getByTestId('abnormal-table').locator(`tr[data-row-key="${kase.id}"]`);
    await expect(row).toBeVisible();
    await expect(row).toHaveClass(/tms-row-highlight/);
    await expect(row).toContainText('Late coming');
    await expect(page.getByTestId('abnormal-note')).toContainText('Explanation Request');
    await row.click();
    const drawer = page.getByTestId('abnormal-drawer');
    await expect(drawer).toBeVisible();
    await drawer.getByTestId('abnormal-explain').click();
    const form = page.getByTestId('explain-form');
    await expect(form).toBeVisible();
    await expect(page.getByTestId('explain-title')).not.toHaveValue('');
    await page.getByTestId('explain-save').click();
    await expect(form).toContainText('Description is required');
    await page.getByTestId('explain-actual').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first().click();
    await page.getByTestId('explain-description').fill('Stuck in traffic on the way to the office');
    await page.getByTestId('explain-save').click();
    await expect(page.getByText('Success', { exact: true })).toBeVisible();
    await expect(form).toBeHidden();
    await expect(row).toContainText('Pending approval');

    // In Explanation Management the owner may still edit or cancel it; a blank title is refused (spec 001 §5.5).
    await page.goto('/timesheet/explanation-management');
    await filterExplanationDate(page, date);
    const mine = page.getByTestId('explanation-table').locator('tr', { hasText: `Explanation ${dmy(date)}` });
    await expect(mine).toContainText('Pending');
    await mine.click();
    const myDetail = page.getByTestId('explanation-drawer');
    await expect(myDetail.getByTestId('explanation-cancel')).toBeVisible();
    await expect(myDetail.getByTestId('explanation-approve')).toHaveCount(0);
    // Nobody changes the assignee of their own item (RULES.md §5): the owner sees who it is, with no picker.
    await expect(myDetail.getByTestId('explanation-assignee')).toHaveCount(0);
    await myDetail.getByTestId('explanation-edit-title').fill('');
    await myDetail.getByTestId('explanation-save').click();
    await expect(myDetail).toContainText('Title is required');
    await myDetail.getByRole('button', { name: 'Close' }).click();
    await expect(myDetail).toBeHidden();

    // The group lead approves it from the same link.
    const glContext = await newContext(browser);
    const gl = await glContext.newPage();
    await signIn(gl, 'gl');
    // Explanation Management lists it (filtered to its date) as Pending, with Approve and Reject for the lead.
    await gl.goto('/timesheet/explanation-management');
    await filterExplanationDate(gl, date);
    const title = `Explanation ${dmy(date)}`;
    const listed = gl.getByTestId('explanation-table').locator('tr', { hasText: title }).filter({ hasText: 'Đặng Văn Sơn' });
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText('Pending');
    await listed.click();
    const detail = gl.getByTestId('explanation-drawer');
    await expect(detail).toBeVisible();
    await expect(detail.getByTestId('explanation-approve')).toBeVisible();
    await expect(detail.getByTestId('explanation-reject')).toBeVisible();
    await expect(detail.getByTestId('explanation-edit-description')).toHaveValue('Stuck in traffic on the way to the office');
    // The lead may hand it over, and the picker offers only people entitled to approve it: never its owner.
    await detail.getByTestId('explanation-assignee').click();
    const choices = gl.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
    await expect(choices.first()).toBeVisible();
    await expect(choices.filter({ hasText: 'Đặng Văn Sơn' })).toHaveCount(0);
    await gl.keyboard.press('Escape');
    await detail.getByRole('button', { name: 'Close' }).click();
    await expect(detail).toBeHidden();

    await gl.goto(`/timesheet/abnormal-case?id=${kase.id}`);
    const glRow = gl.getByTestId('abnormal-table').locator(`tr[data-row-key="${kase.id}"]`);
    await expect(glRow).toBeVisible();
    await glRow.click();
    const glDrawer = gl.getByTestId('abnormal-drawer');
    await expect(glDrawer.getByTestId('abnormal-explain')).toHaveCount(0);
    await glDrawer.getByTestId('abnormal-approve').click();
    await gl.getByTestId('confirm-ok').click();
    await expect(gl.getByText('Update status successfully!')).toBeVisible();
    await expect(glDrawer).toBeHidden();
    await expect(glRow).toContainText('Approved');

    // Back in Explanation Management the filter was kept for the session; the approved row has no action left.
    await gl.goto('/timesheet/explanation-management');
    await expect(listed).toContainText('Approved');
    await listed.click();
    await expect(detail).toBeVisible();
    await expect(detail.getByTestId('explanation-approve')).toHaveCount(0);
    await expect(detail.getByTestId('explanation-save')).toHaveCount(0);
    await glContext.close();

    // The staff member reloads My Timesheet: the day is credited in full, no manual recalculation.
    await expect(async () => {
      expect((await myDay(page, me.employeeId, date)).day.value).toBe(1);
    }).toPass({ timeout: 10_000 });
    const cell = await showMyTimesheetDay(page, before.period, date);
    await expect(cell).toHaveText('1');
  });
});

test.describe('explanation refusals', () => {
  test('staff exports the cases; the group lead rejects an explanation only with a reason; the screens pass the accessibility check', async ({ page, browser }) => {
    await signIn(page, 'staff');
    const cases = (await apiGet<AbnormalCase[]>(page, '/tms/abnormal-case', { status: '0', size: 100 })).data;
    const kase = cases.find((c) => c.actions.explain);
    expect(kase, 'the demo staff member has an unexplained case that may still be explained').toBeTruthy();
    await page.goto('/timesheet/abnormal-case');
    await expect(page.getByTestId('abnormal-table').locator('tr[data-row-key]').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'Abnormal Case');
    const download = page.waitForEvent('download');
    await page.getByTestId('abnormal-export').click();
    expect((await download).suggestedFilename()).toBe('Abnormal_Case.xlsx');
    await expect(page.getByText('Request List is exported successfully!')).toBeVisible();
    const filed = await apiSend<{ request_id: number }>(page, 'POST', `/tms/request-management/create-explanation/${kase!.id}`, {
      reason_type: 'WORK_ISSUE',
      title: 'Explanation to reject',
      // An actual that fits every case type (the server refuses one that does not fit).
      actual: 'WORKED_OUTSIDE',
      description: 'Customer meeting outside the office',
    });
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);

    const glContext = await newContext(browser);
    const gl = await glContext.newPage();
    await signIn(gl, 'gl');
    await gl.goto(`/timesheet/abnormal-case?id=${kase!.id}`);
    const row = gl.getByTestId('abnormal-table').locator(`tr[data-row-key="${kase!.id}"]`);
    await expect(row).toContainText('Pending approval');
    await row.click();
    const drawer = gl.getByTestId('abnormal-drawer');
    await expect(drawer).toContainText('Customer meeting outside the office');
    await expectNoSeriousA11yViolations(gl, 'Abnormal Case detail');
    await drawer.getByTestId('abnormal-reject').click();
    await gl.getByTestId('abnormal-reject-save').click();
    await expect(gl.getByText('Reason is required!')).toBeVisible();
    await gl.getByTestId('abnormal-reject-reason').fill('Please attach the meeting invitation');
    await gl.getByTestId('abnormal-reject-save').click();
    await expect(gl.getByText('Update status successfully!')).toBeVisible();
    await expect(drawer).toBeHidden();
    await expect(row).toContainText('Rejected');

    await gl.goto('/timesheet/explanation-management');
    await filterExplanationDate(gl, kase!.abnormal_date);
    const listed = gl.getByTestId('explanation-table').locator('tr', { hasText: 'Explanation to reject' });
    await expect(listed).toContainText('Rejected');
    await expectNoSeriousA11yViolations(gl, 'Explanation Management');
    await glContext.close();
  });
});
