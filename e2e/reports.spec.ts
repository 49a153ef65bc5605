import ExcelJS from 'exceljs';
import { expect, test } from './fixtures.ts';
import { SUMMARY_NUMBER_COLUMNS, TIMESHEET_REPORT_MESSAGES as M, TOTAL_LABEL } from '@tms/contracts/timesheet-report';
import { expectNoSeriousA11yViolations, signIn } from './helpers.ts';

/**
 * Timesheets Summary journey (issue 12 Done when): HR opens the Report hub, goes to Payroll Report → Timesheets
 * Summary (last ended period by default), reads the totals on screen, exports, and the xlsx totals row equals them.
 */
const header = (key: (typeof SUMMARY_NUMBER_COLUMNS)[number][0]) => SUMMARY_NUMBER_COLUMNS.find(([k]) => k === key)![1];

test('HR exports last period’s Timesheets Summary and the xlsx totals equal the screen', async ({ page }) => {
  await signIn(page, 'hr');
  await page.getByTestId('menu-tab-report').click();
  await expect(page).toHaveURL(/\/report$/);
  await page.getByRole('tab', { name: 'Payroll Report' }).click();
  await page.getByTestId('report-link-report-summary').click();
  await expect(page).toHaveURL(/\/report\/summary$/);
  await expect(page.getByRole('heading', { name: 'Timesheets Summary' })).toBeVisible();

  const table = page.getByTestId('report-summary-table');
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
  // Issue 27 §3: regular night hours (Labour Code Art. 98.2) have their own column, on screen and in the file.
  await expect(table.getByRole('columnheader', { name: header('night_working_hours'), exact: true })).toBeVisible();
  const chart = page.getByTestId('report-summary-chart');
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeAttached();
  // A department's tooltip names its staff and figures (recharts draws it on hover or keyboard focus).
  await chart.locator('.recharts-bar-rectangle').first().hover();
  await expect(chart.locator('.recharts-tooltip-wrapper')).toContainText('staff');
  const total = async (key: string) => Number(await page.getByTestId(`report-total-${key}`).innerText());
  await expect.poll(() => total('employees')).toBeGreaterThan(0);
  const screen = {
    employees: await total('employees'),
    paid: await total('paid_days'),
    leave: await total('leave_days'),
    unpaid: await total('unpaid_days'),
    ot: await total('ot_hours'),
  };
  await expectNoSeriousA11yViolations(page, 'the Timesheets Summary');

  const downloading = page.waitForEvent('download');
  await page.getByTestId('report-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Timesheets_Summary_T\d{2}-\d{4}\.xlsx$/);
  await expect(page.getByText(M.exportSuccess, { exact: true })).toBeVisible();

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).map(String);
  const last = sheet.getRow(sheet.rowCount);
  const cell = (title: string) => Number(last.getCell(headers.indexOf(title)).value);
  expect(last.getCell(headers.indexOf('Staff')).value).toBe(TOTAL_LABEL);
  expect(headers.indexOf(header('night_working_hours'))).toBe(headers.indexOf(header('total_paid_days')) + 1);
  // One row per filtered employee between the header and the totals row.
  expect(sheet.rowCount - 2).toBe(screen.employees);
  const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
  expect(round(cell(header('total_paid_days')), 2)).toBe(screen.paid);
  expect(round(cell(header('total_paid_leave_days')) + cell(header('total_days_off_social_insurance_covers')), 2)).toBe(screen.leave);
  expect(round(cell(header('total_unpaid_leave_days')), 2)).toBe(screen.unpaid);
  expect(round(cell(header('final_total_ot_hours')), 2)).toBe(screen.ot);

  // The breadcrumb goes back to the hub.
  await page.getByTestId('report-breadcrumb').click();
  await expect(page).toHaveURL(/\/report$/);
});
