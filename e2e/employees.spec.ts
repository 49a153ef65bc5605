import { expect, test, type Locator, type Page } from '@playwright/test';
import { EMPLOYEE_MESSAGES as M } from '@tms/contracts/employees';
import { apiGet, dmy, serverToday, signIn } from './helpers.ts';

/**
 * Employee Management journey (spec 002 §2 Employee management, §5 Employee, issue 10): HR adds an employee with a
 * user account, sees the first password once, finds the employee by the name typed without diacritics, edits a
 * field and saves.
 */

/** Opens an antd select, types `text` to narrow it (when given) and picks the highlighted (first) option. */
async function pickOption(page: Page, select: Locator, text?: string) {
  await select.click();
  if (text) await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
}

test('HR creates an employee with an account, finds them without diacritics and edits them', async ({ page }) => {
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
  await form.getByLabel('Remain birthday leave').fill('abc');
  await expect(form.getByText('Remain birthday leave must be number')).toBeVisible();
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
});
