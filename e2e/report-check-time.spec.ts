import { expect, test } from './fixtures.ts';
import { checkTimeReportFileName } from '@tms/contracts/check-time-report';
import { chooseOption, expectNoSeriousA11yViolations, signIn } from './helpers.ts';

/**
 * Check in - Check out report journey (spec 001 §2.10, §5.8, §7.9): HR opens the report from the Report hub, keeps the
 * last two weeks, picks a department (Search stays disabled until then), searches, sees the rows and the late
 * arrivals by weekday chart, and exports the rows.
 */
const iso = (dmyText: string) => `${dmyText.slice(6, 10)}-${dmyText.slice(3, 5)}-${dmyText.slice(0, 2)}`;

test('HR reads the last two weeks of a department in the Check in - Check out report and exports it', async ({ page }) => {
  await signIn(page, 'hr');
  await page.getByTestId('menu-tab-report').click();
  await expect(page).toHaveURL(/\/report$/);
  await page.getByRole('tab', { name: 'TMS Report' }).click();
  await page.getByTestId('report-link-report-check-time').click();
  await expect(page).toHaveURL(/\/report\/checkTime$/);
  await expect(page.getByRole('heading', { name: 'Check in - Check out' })).toBeVisible();

  // The range starts on the last two weeks; Search waits for a project, departments or users.
  const from = await page.getByRole('textbox', { name: 'Date', exact: true }).inputValue();
  const to = await page.getByRole('textbox', { name: 'End date', exact: true }).inputValue();
  expect(from).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  await expect(page.getByTestId('filter-search')).toBeDisabled();

  // Reference names answer in the reader's language (issue 25): the department's English name in English.
  await chooseOption(page, page.getByTestId('check-time-departments'), 'Web Development');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('filter-search')).toBeEnabled();
  await page.getByTestId('filter-search').click();

  const rows = page.getByTestId('check-time-table').locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first()).toContainText('Web Development');
  await expect(page.getByTestId('check-time-chart')).toBeVisible();
  await expect(page.getByTestId('check-time-chart').getByText('Mon', { exact: true }).or(page.getByTestId('check-time-chart').getByText('No late arrivals', { exact: true }))).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the Check in - Check out report');

  const downloading = page.waitForEvent('download');
  await page.getByTestId('check-time-export').click();
  expect((await downloading).suggestedFilename()).toBe(checkTimeReportFileName(iso(from), iso(to)));
});
