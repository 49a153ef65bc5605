import { expect, test, type Locator, type Page } from './fixtures.ts';
import ExcelJS from 'exceljs';
import { GENERAL_CONFIG_MESSAGES as GC, GENERAL_CONFIG_PATH, GENERAL_CONFIG_TITLES as GT } from '@tms/contracts/general-config';
import { LEAVE_FUND_EXPORT_FILE, LEAVE_OVERVIEW_PATH, TOTAL_FUND, figureColumnTitle, type LeaveOverviewRow } from '@tms/contracts/leave-overview';
import { UPDATE_LEAVE_TEXTS as UL } from '@tms/contracts/update-leave';
import { apiGet, chooseFilterPeriod, dmy, expectNoSeriousA11yViolations, pickStaff, pickUserMenuItem, plusDays, serverToday, signIn } from './helpers.ts';

/**
 * The leave accrual journey (issue 8 "Done when"): HR sets a general configuration of 8 h/month, runs Update Leave
 * from the user menu and watches its progress; the staff member's overview row and 'Annual leave detail' show the
 * accrued hours, and Explain lists the ledger lines behind a figure, adding up to it to the hundredth; the export
 * carries the same figure.
 *
 * A configuration entered today applies from tomorrow at the earliest (spec 000 §5), so the hours accrued for the
 * demo's ended payroll periods come from the configuration in force then (the demo's); the server tests pin the clock
 * to show a new configuration's 8 h reaching the ledger once its period ends.
 */

const PAGE_PATH = '/leave-management/annual-leave';
const END = 'leave_fund_availability_end_of_period';

async function fillDate(field: Locator, iso: string) {
  await field.click();
  await field.fill(dmy(iso));
  await field.press('Enter');
}

async function openTab(page: Page, name: string) {
  await page.goto(PAGE_PATH);
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

test('HR sets 8 h/month, updates leave and explains staff’s accrued balance', async ({ page }) => {
  // Update Leave recomputes the whole demo company: give it time on two cores.
  test.setTimeout(240_000);
  await signIn(page, 'hr');
  const today = await serverToday(page);
  const applies = plusDays(today, 1);
  const expires = plusDays(today, 999);

  // 1. General Configuration: 8 h/month from tomorrow.
  await openTab(page, 'General Configuration');
  await page.getByTestId('general-config-add').click();
  const add = page.getByRole('dialog', { name: GT.add });
  const form = add.getByTestId('general-config-form');
  await form.getByLabel('Seniority day').fill('8');
  await form.getByLabel('Seniority year').fill('5');
  await form.getByLabel('Condition/Month').fill('80');
  await form.getByLabel('Annual hour(s)/month').fill('8');
  await form.getByLabel('Advance payment leave').fill('2');
  await fillDate(form.getByLabel('Date Applied'), applies);
  await fillDate(form.getByLabel('Date Expired'), expires);
  await add.getByTestId('general-config-save').click();
  await expect(page.getByText(GC.created)).toBeVisible();
  const configs = await apiGet<{ applyDate: string; expireDate: string; leaveHourInMonth: number }[]>(page, GENERAL_CONFIG_PATH, {
    applyFromDate: dmy(applies),
    applyToDate: dmy(applies),
    size: 100,
  });
  expect(configs.data.filter((c) => c.expireDate === dmy(expires)).map((c) => c.leaveHourInMonth)).toEqual([8]);

  // 2. Update Leave for everyone, from the user menu, with a progress bar and a result.
  await pickUserMenuItem(page, 'update-leave', /\/update-leave$/);
  await expect(page.getByTestId('update-leave-title')).toHaveText(UL.title);
  await page.getByTestId('update-leave-chosen').click();
  await expect(page.getByTestId('update-leave-run')).toBeDisabled();
  await page.getByTestId('update-leave-all').click();
  await page.getByTestId('update-leave-run').click();
  await expect(page.getByText(UL.confirmAll)).toBeVisible();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('update-leave-progress').getByRole('progressbar')).toBeVisible();
  const result = page.getByTestId('update-leave-result');
  await expect(result).toBeVisible({ timeout: 200_000 });
  await expect(page.getByTestId('update-leave-failed')).toHaveCount(0);
  expect(Number(await page.getByTestId('update-leave-result-employees').textContent())).toBeGreaterThan(0);
  await expect(page.getByTestId('update-leave-progress').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');

  // 3. The overview: staff's row, the detail modal with the accrued months, Explain adding up to the figure.
  await openTab(page, 'Annual Leave Overview');
  await expect(page.getByTestId('leave-overview-table')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Annual Leave Overview');
  const staffRow = async (timesheetId: number) => {
    const { data } = await apiGet<LeaveOverviewRow[]>(page, LEAVE_OVERVIEW_PATH, { page: 1, size: 500, timesheetId });
    const row = data.find((r) => r.employee.user_name === 'staff')!;
    expect(row, 'the demo staff is in the overview').toBeTruthy();
    return row;
  };
  // The overview opens today's period. In the first period of a leave year (from 26 December) nothing has accrued in
  // that year yet, so the journey then reads the last period that has ended.
  const periods = (await apiGet<{ timesheet_id: number; name: string; from_date: string; to_date: string }[]>(page, '/tms/filters/periods')).data;
  const current = periods.find((p) => p.from_date <= today && today <= p.to_date)!;
  const lastEnded = periods.filter((p) => p.to_date < today).sort((a, b) => b.to_date.localeCompare(a.to_date))[0]!;
  let period = current;
  let staff = await staffRow(current.timesheet_id);
  if (!staff.month_leave_list.some((m) => m.totalLeave > 0)) {
    period = lastEnded;
    staff = await staffRow(lastEnded.timesheet_id);
  }
  const accrued = staff.month_leave_list.filter((m) => m.totalLeave > 0);
  expect(accrued.length, 'staff accrued hours for the demo’s ended periods').toBeGreaterThan(0);

  await pickStaff(page, page.getByTestId('filter-employee').locator('input'), staff.employee);
  if (period !== current) {
    await chooseFilterPeriod(page, period.name);
  }
  await page.getByTestId('filter-search').click();
  const row = page.getByTestId(`leave-overview-row-${staff.employeeId}`);
  await expect(row).toBeVisible();
  await expect(page.getByTestId('leave-overview-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(row).toContainText(staff.rangeTimesheet);
  await expect(row).toContainText(staff[END].toFixed(2));

  await row.getByText(staff.fullName).click();
  const detail = page.getByTestId('leave-detail-modal');
  await expect(page.getByRole('dialog', { name: 'Annual leave detail' })).toBeVisible();
  const months = detail.getByTestId('leave-month-list');
  for (const m of accrued) await expect(months).toContainText(m.totalLeave.toFixed(2));

  const figure = detail.getByTestId(`leave-detail-figure-${TOTAL_FUND}-${END}`);
  const shown = (await figure.textContent())!.trim();
  expect(shown).toBe(staff[END].toFixed(2));
  await figure.click();
  const drawer = page.getByTestId('leave-explain-drawer');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('leave-explain-total')).toHaveText(shown);
  // The lines shown add up to the figure: each signed hours cell summed in thousandths.
  const cells = await drawer.locator('tbody tr.ant-table-row td:nth-child(4)').allTextContents();
  expect(cells.length).toBeGreaterThan(0);
  const milli = cells.reduce((sum, text) => sum + Math.round(Number(text.replace('−', '-').replace('+', '')) * 1000), 0);
  expect((Math.round(milli / 10) / 100).toFixed(2)).toBe(shown);
  await page.locator('.ant-drawer').getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // 4. The export follows the filter and carries the same figure.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('leave-overview-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(LEAVE_FUND_EXPORT_FILE);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const rows = sheet.getRows(2, sheet.rowCount - 1) ?? [];
  expect(rows).toHaveLength(1);
  const values = (rows[0]!.values as unknown[]).slice(1);
  expect(values[header.indexOf('Username')]).toBe('staff');
  expect(Number(values[header.indexOf(figureColumnTitle(TOTAL_FUND, END))]).toFixed(2)).toBe(shown);
});
