import { expect, newContext, test, type Locator, type Page } from './fixtures.ts';
import { EMPLOYEE_MESSAGES as M } from '@tms/contracts/employees';
import { ATTENDANCE_CHECK_MESSAGES as A } from '@tms/contracts/attendance-check-config';
import { apiGet, apiSend, chooseOption, dmy, openMyTimesheetUntilDayShows, pickStaff, serverNow, serverToday, signIn } from './helpers.ts';

/**
 * Onboarding journey (spec 002 §2 Employee management, §5 Employee, issue 10): HR adds an employee with a user account,
 * sees the first password once, finds the employee by the name typed without diacritics, edits a field and saves, and
 * maps a device account to them; a device's punches through the punch API reach the newcomer's My Timesheet, and Logs
 * show the edit with its old and new values.
 */

async function fillDate(field: Locator, text: string) {
  await field.click();
  await field.fill(text);
  await field.press('Enter');
}

/** Opens an antd select, types `text` to narrow it (when given) and picks the highlighted (first) option. */
async function pickOption(page: Page, select: Locator, text?: string) {
  await select.click();
  if (text) await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
}

test('HR creates an employee with an account, edits them, maps a device account; the punch reaches their My Timesheet and Logs show the edit', async ({ page, browser }) => {
  const suffix = String(Date.now()).slice(-6);
  const name = `Trần Thị Ánh ${suffix}`;
  const username = `anh.tran${suffix}`;
  await signIn(page, 'hr');
  await page.goto('/employee/employee-management');
  await expect(page.getByRole('tab', { name: M.tabList })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: M.tabAttendance })).toBeVisible();
  await expect(page.getByTestId('employee-table')).toBeVisible();

  // Add New opens the detail in create mode; the required fields say what is missing (spec 002 §5).
  await page.getByTestId('employee-add-new').click();
  await expect(page.getByRole('tab', { name: M.tabDetail })).toHaveAttribute('aria-selected', 'true');
  const form = page.getByTestId('employee-detail-form');
  await page.getByTestId('employee-save').click();
  await expect(form.getByText(M.nameRequired)).toBeVisible();
  await expect(form.getByText(M.startWorkingDayRequired)).toBeVisible();

  await form.getByLabel('Full name').fill(name);
  await form.getByLabel('Email', { exact: true }).fill(`${username}@example.com`);
  await form.getByLabel('Username').fill(username);
  // A number input takes only a number (in the reader's language); out of range gets the spec's text.
  await form.getByLabel('Remain birthday leave').fill('2');
  await expect(form.getByText(M.birthdayRange)).toBeVisible();
  await form.getByLabel('Remain birthday leave').fill('1');
  await pickOption(page, form.getByTestId('employee-field-division'));
  await pickOption(page, form.getByTestId('employee-field-department'));
  const start = form.getByLabel('Start working day');
  await start.click();
  await start.fill(dmy(await serverToday(page)));
  await start.press('Tab');
  // Remain annual leave moves the read-only total by the difference (spec 002 §4).
  await form.getByLabel('Remain annual leave').fill('8');
  await expect(form.getByLabel('Total annual leave')).toHaveValue('8');
  await expect(form.getByLabel('Total annual leave')).toBeDisabled();

  await form.getByTestId('employee-field-createAccount').click();
  // Staff is chosen by default; HR adds Group Lead.
  await expect(form.getByTestId('employee-field-roles')).toContainText('Staff');
  await pickOption(page, form.getByTestId('employee-field-roles'), 'Group');
  await expect(form.getByTestId('employee-field-roles')).toContainText('Group Lead');
  await page.getByTestId('employee-save').click();

  // The first password is shown once.
  const dialog = page.getByRole('dialog', { name: M.firstPasswordTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('first-password-username')).toHaveText(username);
  const password = await dialog.getByTestId('first-password-value').inputValue();
  expect(password.length).toBeGreaterThanOrEqual(8);
  await dialog.getByTestId('first-password-close').click();
  await expect(dialog).toBeHidden();

  // Back on the list: the name typed without diacritics finds the employee.
  await expect(page.getByRole('tab', { name: M.tabList })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Keyword').fill(`tran thi anh ${suffix}`);
  await page.getByTestId('filter-search').click();
  const row = page.getByTestId('employee-table').locator('tbody tr.ant-table-row').filter({ hasText: username });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(name);

  // A row click opens the detail in edit mode: identity fields are disabled; a field is edited and saved.
  await row.click();
  await expect(page.getByRole('tab', { name: M.tabDetail })).toHaveAttribute('aria-selected', 'true');
  await expect(form.getByLabel('Username')).toBeDisabled();
  await expect(form.getByLabel('Username')).toHaveValue(username);
  await form.getByLabel('Position title').fill('QA Engineer');
  await page.getByTestId('employee-save').click();
  await expect(page.getByText(M.updated)).toBeVisible();

  const list = await apiGet<{ id: number; user_name: string; positionTitle: string | null }[]>(page, '/tms/employee/get-all-employee', { keyword: username });
  expect(list.data.map((r) => [r.user_name, r.positionTitle])).toEqual([[username, 'QA Engineer']]);

  // The filters and the tab are kept for the session.
  await page.reload();
  await expect(page.getByRole('tab', { name: M.tabDetail })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: M.tabList }).click();
  await expect(page.getByLabel('Keyword')).toHaveValue(`tran thi anh ${suffix}`);

  // HR maps a device account to the new employee from today on (Employee - Attendance Check System Config).
  const account = `E2E-NEW-${suffix}`;
  const today = await serverToday(page);
  await page.getByRole('tab', { name: M.tabAttendance }).click();
  await page.getByTestId('attendance-check-add').click();
  const add = page.getByRole('dialog', { name: A.addTitle });
  await pickStaff(page, add.getByTestId('attendance-check-employee').locator('input'), { name, user_name: username });
  await add.getByLabel('Attendance Check ID').fill(account);
  await chooseOption(page, add.getByTestId('attendance-check-system'), 'TMS');
  await fillDate(add.getByLabel('Start Date'), dmy(today));
  await fillDate(add.getByLabel('End Date'), '30/12/9999');
  await add.getByTestId('attendance-check-save').click();
  await expect(page.getByText(A.created)).toBeVisible();

  // The device sends two punches of a minute ago through the punch API with an admin's device key.
  const admin = await newContext(browser);
  const adminPage = await admin.newPage();
  await signIn(adminPage, 'admin');
  const key = await apiSend<{ key: string }>(adminPage, 'POST', '/tms/check-in-out/device-keys', { system: 'TMS', description: 'e2e onboarding' });
  expect(key.status).toBe(200);
  const now = (await serverNow(adminPage)).getTime();
  const punches = [now - 2 * 60_000, now - 60_000].map((t) => ({ system: 'TMS', attendance_check_id: account, timestamp: new Date(t).toISOString() }));
  const sent = await adminPage.request.post('/api/tms/check-in-out/punches', { headers: { 'x-device-key': key.body.data.key }, data: { punches } });
  expect(sent.status()).toBe(200);
  await admin.close();
  const checkIn = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Ho_Chi_Minh', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(now - 2 * 60_000);

  // The new employee signs in with the first password and sees today's check-in on My Timesheet.
  const newcomer = await newContext(browser);
  const newcomerPage = await newcomer.newPage();
  await signIn(newcomerPage, username, password);
  await expect(newcomerPage.getByRole('tab', { name: 'My Timesheet' })).toHaveAttribute('aria-selected', 'true');
  await openMyTimesheetUntilDayShows(newcomerPage, today, checkIn);
  await newcomer.close();

  // Logs show the edit of the employee with its old and new values.
  await page.goto('/logs');
  await page.getByTestId('filter-table').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle('Employee', { exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('filter-search').click();
  const edit = page.getByTestId('logs-table').locator('tr.ant-table-row', { hasText: 'QA Engineer' }).filter({ hasText: name });
  await expect(edit).toHaveCount(1);
  await expect(edit).toContainText('Updated');
  // The field reads as the form's label (issue 26 §6).
  await expect(edit).toContainText('Position title');
});
