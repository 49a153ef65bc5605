import { expect, test } from './fixtures.ts';
import { WORK_SCHEDULE_MESSAGES as M, WORK_SCHEDULE_REPORT_FILE } from '@tms/contracts/work-schedule-config';
import { chooseOption, expectNoSeriousA11yViolations, signIn } from './helpers.ts';

/**
 * Work schedule journey (spec 002 §2 Policy config, Work schedule create/edit page, Work schedule report, Report hub):
 * HR defines a schedule with a Wednesday half day, finds it in the config list, switches it off, opens it again, then
 * reads the Work Schedule Report from the Report hub, filters it and exports it.
 */

test('HR creates a work schedule with a Wednesday half day, toggles it, and exports the Work Schedule Report', async ({ page }) => {
  const code = `E2E-HALF-${Date.now().toString(36).toUpperCase()}`;
  await signIn(page, 'hr');
  await page.goto('/policy-settings/policy-config');
  await expect(page.getByRole('tab', { name: 'Work Schedule Config' })).toBeVisible();
  await expect(page.getByTestId('work-schedule-table')).toBeVisible();

  // Create: the required fields answer with the spec's texts.
  await page.getByTestId('work-schedule-create').click();
  await expect(page).toHaveURL(/\/policy-settings\/policy-config\/work-schedule\/create$/);
  await expect(page.getByRole('heading', { name: M.createTitle })).toBeVisible();
  await page.getByTestId('work-schedule-submit').click();
  await expect(page.getByText(M.codeRequired)).toBeVisible();
  await expect(page.getByText(M.nameRequired)).toBeVisible();
  await expect(page.getByText(M.typeRequired)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the create work schedule page');

  await page.getByLabel('Code').fill(code);
  await chooseOption(page, page.getByTestId('work-schedule-type'), 'HCM');
  await page.getByLabel('Name').fill('Giờ hành chính, nửa ngày thứ Tư');
  // Weekend off: unticking resets the row.
  for (const day of ['Saturday', 'Sunday']) {
    await page.getByLabel(`${day} working day`).uncheck();
    await expect(page.getByLabel(`${day} start time`)).toHaveValue('');
    await expect(page.getByLabel(`${day} start time`)).toBeDisabled();
    await expect(page.getByLabel(`${day} start time`)).toHaveAttribute('placeholder', '07:30');
  }
  // A working day needs its times: the form names the day and sends nothing.
  await page.getByLabel('Wednesday end time').fill('');
  await page.getByTestId('work-schedule-submit').click();
  await expect(page.getByTestId('work-schedule-problems')).toHaveText(M.timesRequired('Wednesday'));
  // Wednesday 08:30–12:00 without a break.
  await page.getByLabel('Wednesday end time').fill('12:00');
  await page.getByLabel('Wednesday working time', { exact: true }).fill('3.5');
  await page.getByLabel('Wednesday minimum working time').fill('3.5');
  await page.getByLabel('Wednesday break time').fill('0');
  await page.getByTestId('work-schedule-submit').click();
  await expect(page.getByText(M.created)).toBeVisible();
  await expect(page).toHaveURL(/\/policy-settings\/policy-config$/);

  // Found in the list by its name without diacritics.
  await page.getByLabel('Code or Name').fill('nua ngay thu tu');
  await page.getByTestId('filter-search').click();
  const row = page.getByTestId('work-schedule-table').locator('tbody tr.ant-table-row').filter({ hasText: code });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('08:30 - 17:30');
  await expect(row).toContainText('HCM');

  // The active switch.
  const active = page.getByTestId(`work-schedule-active-${code}`);
  await expect(active).toBeChecked();
  await active.click();
  await expect(page.getByText(M.statusUpdated)).toBeVisible();
  await expect(active).not.toBeChecked();

  // Edit shows the stored rows; the code cannot change; Back returns to the list with the filter kept.
  await page.getByTestId(`work-schedule-edit-${code}`).click();
  await expect(page.getByRole('heading', { name: M.editTitle })).toBeVisible();
  await expect(page.getByLabel('Code')).toBeDisabled();
  await expect(page.getByLabel('Code')).toHaveValue(code);
  await expect(page.getByLabel('Wednesday end time')).toHaveValue('12:00');
  await expect(page.getByLabel('Saturday working day')).not.toBeChecked();
  await expect(page.getByTestId('work-schedule-submit')).toHaveText('Save');
  await page.getByTestId('work-schedule-back').click();
  await expect(page.getByLabel('Code or Name')).toHaveValue('nua ngay thu tu');
  await expect(row).toHaveCount(1);

  // Report hub → Work Schedule Report.
  await page.getByTestId('menu-tab-report').click();
  await expect(page).toHaveURL(/\/report$/);
  await expect(page.getByRole('tab', { name: 'TMS Report' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Payroll Report' })).toBeVisible();
  await page.getByTestId('report-link-report-policy-mapping').click();
  await expect(page).toHaveURL(/\/report\/policy-mapping$/);
  await expect(page.getByRole('heading', { name: 'Work Schedule Report' })).toBeVisible();
  const table = page.getByTestId('work-schedule-report-table');
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the Work Schedule Report');

  await chooseOption(page, page.getByTestId('filter-workScheduleType'), 'FLEXIBLE');
  await page.keyboard.press('Escape');
  await page.getByTestId('filter-search').click();
  const rows = table.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toContainText('FLEXIBLE');
  const count = await rows.count();
  for (let i = 0; i < count; i++) await expect(rows.nth(i)).toContainText('FLEXIBLE');

  const downloading = page.waitForEvent('download');
  await page.getByTestId('work-schedule-report-export').click();
  expect((await downloading).suggestedFilename()).toBe(WORK_SCHEDULE_REPORT_FILE);

  // The breadcrumb goes back to the hub.
  await page.getByTestId('report-breadcrumb').click();
  await expect(page).toHaveURL(/\/report$/);
});
