import { expect, test } from './fixtures.ts';
import { HOLIDAYS_MESSAGES as H } from '@tms/contracts/holidays';
import { DATE_TYPE_PATH } from '@tms/contracts/overtime-pay';
import { apiGet, notices, openDropdown, signIn } from './helpers.ts';

/**
 * Holiday calendars (issue 27 §1): HR opens Settings → Holidays, generates the public holidays of 2027, moves the day
 * beside National Day from 03/09 to 01/09 and saves; the list, the year view and the OT date-type lookup show it.
 * Saving the generated year again puts any earlier run's 2027 back to the proposal, so the journey can run twice.
 */
const MOVED_FROM = '2027-09-03';
const MOVED_TO = '2027-09-01';

test('HR generates the public holidays of 2027, moves a day, saves and sees it in the list, the year view and the OT day type', async ({ page }) => {
  await signIn(page, 'hr');
  expect((await apiGet<{ name: string }>(page, DATE_TYPE_PATH, { date: MOVED_TO })).data.name).toBe('WORKDAY');

  await page.goto('/settings/settings-config');
  await page.getByRole('tab', { name: 'Holidays' }).click();
  await page.getByTestId('holiday-year').click();
  await openDropdown(page).locator('.ant-select-item-option', { hasText: '2027' }).click();
  await expect(page.getByTestId('holiday-year-view')).toBeVisible();

  await page.getByTestId('holidays-generate').click();
  const dialog = page.getByRole('dialog', { name: 'Public holidays of 2027: review before saving' });
  const proposal = dialog.getByTestId('holidays-proposal');
  await expect(proposal.locator('tr.ant-table-row')).toHaveCount(14);
  const moved = proposal.getByLabel('Date 03/09/2027');
  await moved.click();
  await moved.fill('01/09/2027');
  await moved.press('Enter');
  await expect(proposal.getByLabel('Date 01/09/2027')).toBeVisible();
  await dialog.getByTestId('holidays-generate-save').click();
  await expect(notices(page).filter({ hasText: H.saved })).toBeVisible();
  await expect(dialog).toBeHidden();

  const list = page.getByTestId('holidays-table');
  await expect(list.locator('tr.ant-table-row', { hasText: '01/09/2027' })).toContainText('National Day');
  await expect(list.locator('tr.ant-table-row', { hasText: '03/09/2027' })).toHaveCount(0);
  await expect(list.locator('tr.ant-table-row', { hasText: '10/02/2027' })).toContainText('Compensatory day off');
  await expect(page.getByTestId(`holiday-day-${MOVED_TO}`)).toBeVisible();
  await expect(page.getByTestId(`holiday-day-${MOVED_FROM}`)).toHaveCount(0);
  expect((await apiGet<{ name: string }>(page, DATE_TYPE_PATH, { date: MOVED_TO })).data.name).toBe('HOLIDAY');
  expect((await apiGet<{ name: string }>(page, DATE_TYPE_PATH, { date: MOVED_FROM })).data.name).toBe('WORKDAY');
});
