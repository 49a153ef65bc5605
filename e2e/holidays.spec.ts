import { expect, test } from './fixtures.ts';
import { HOLIDAYS_GENERATE_PATH, HOLIDAYS_MESSAGES as H, type HolidayProposal } from '@tms/contracts/holidays';
import { DATE_TYPE_PATH } from '@tms/contracts/overtime-pay';
import { apiGet, dmy, notices, openDropdown, serverToday, signIn } from './helpers.ts';

/**
 * Holiday calendars (issue 27 §1): HR opens Settings → Holidays, generates the public holidays of next year (2027 when
 * run in 2026), moves the day beside National Day to the other side of 2 September and saves; the list, the year view
 * and the OT date-type lookup show it. Saving the generated year puts an earlier run's year back to the proposal, so the
 * journey can run twice; next year is always after the lock date.
 */
test('HR generates the public holidays of next year, moves a day, saves and sees it in the list, the year view and the OT day type', async ({ page }) => {
  await signIn(page, 'hr');
  const year = Number((await serverToday(page)).slice(0, 4)) + 1;
  const proposed = (await apiGet<HolidayProposal[]>(page, HOLIDAYS_GENERATE_PATH, { year })).data;
  const from = [`${year}-09-01`, `${year}-09-03`].find((d) => proposed.some((p) => p.date === d))!;
  const to = from.endsWith('-01') ? `${year}-09-03` : `${year}-09-01`;
  const compensatory = proposed.find((p) => p.kind === 'COMPENSATORY');

  await page.goto('/settings/settings-config');
  await page.getByRole('tab', { name: 'Holidays' }).click();
  await page.getByTestId('holiday-year').click();
  await openDropdown(page).locator('.ant-select-item-option', { hasText: String(year) }).click();
  await expect(page.getByTestId('holiday-year-view')).toBeVisible();

  await page.getByTestId('holidays-generate').click();
  const dialog = page.getByRole('dialog', { name: `Public holidays of ${year}: review before saving` });
  const proposal = dialog.getByTestId('holidays-proposal');
  await expect(proposal.locator('tr.ant-table-row')).toHaveCount(proposed.length);
  const moved = proposal.getByLabel(`Date ${dmy(from)}`);
  await moved.click();
  await moved.fill(dmy(to));
  await moved.press('Enter');
  await expect(proposal.getByLabel(`Date ${dmy(to)}`)).toBeVisible();
  await dialog.getByTestId('holidays-generate-save').click();
  await expect(notices(page).filter({ hasText: H.saved })).toBeVisible();
  await expect(dialog).toBeHidden();

  const list = page.getByTestId('holidays-table');
  await expect(list.locator('tr.ant-table-row', { hasText: dmy(to) })).toContainText('National Day');
  await expect(list.locator('tr.ant-table-row', { hasText: dmy(from) })).toHaveCount(0);
  if (compensatory) await expect(list.locator('tr.ant-table-row', { hasText: dmy(compensatory.date) })).toContainText('Compensatory day off');
  await expect(page.getByTestId(`holiday-day-${to}`)).toBeVisible();
  await expect(page.getByTestId(`holiday-day-${from}`)).toHaveCount(0);
  expect((await apiGet<{ name: string }>(page, DATE_TYPE_PATH, { date: to })).data.name).toBe('HOLIDAY');
  expect((await apiGet<{ name: string }>(page, DATE_TYPE_PATH, { date: from })).data.name).not.toBe('HOLIDAY');
});
