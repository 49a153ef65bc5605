import { expect, test, type Locator, type Page } from './fixtures.ts';
import {
  BEFORE_FINANCIAL_YEAR_PATH,
  LEAVE_CARRYOVER_MESSAGES as M,
  LEAVE_CARRYOVER_PATH,
  REMAIN_FINANCIAL_LEAVE_PATH,
  formatCapHours,
} from '@tms/contracts/leave-carryover';
import { apiGet, apiSend, dmy, pickStaff, plusDays, serverToday, signIn } from './helpers.ts';

/**
 * Leave Carryover journey (spec 000 §2 Leave Carryover, §5, §7; RULES.md §7) on the demo company: the demo leaves
 * `staff` unused hours from the previous financial year, which HR carries over within what remains.
 */

const PAGE_PATH = '/leave-management/annual-leave';

async function openCarryover(page: Page) {
  await signIn(page, 'hr');
  await page.goto(PAGE_PATH);
  await page.getByRole('tab', { name: 'Leave Carryover' }).click();
  await expect(page.getByTestId('carryover-table')).toBeVisible();
}

async function fillDate(field: Locator, iso: string) {
  await field.click();
  await field.fill(dmy(iso));
  await field.press('Enter');
}

async function remainingOf(page: Page, username: string, financialYear: number): Promise<number> {
  return (await apiGet<number>(page, REMAIN_FINANCIAL_LEAVE_PATH, { username, financialYear })).data;
}

test.describe('leave carryover', () => {
  test('HR carries over part of staff’s unused hours; more than what remains is refused with the spec’s message', async ({ page }) => {
    await openCarryover(page);
    const financialYear = (await apiGet<number>(page, BEFORE_FINANCIAL_YEAR_PATH)).data;
    const { name } = (await apiGet<{ name: string }>(page, '/tms/user/detail', { username: 'staff' })).data;
    const person = { name, user_name: 'staff' };
    const cap = await remainingOf(page, 'staff', financialYear);
    expect(cap, `the demo leaves staff unused hours of ${financialYear}`).toBeGreaterThanOrEqual(1);
    const hours = Math.min(4, Math.floor(cap * 2) / 2 - 0.5);
    const today = await serverToday(page);
    const note = `e2e carryover ${Date.now()}`;

    await page.getByTestId('carryover-add').click();
    const add = page.getByRole('dialog', { name: 'Add Leave Carryover' });
    await expect(add.getByTestId('carryover-form')).toBeVisible();
    await expect(add.getByLabel('Financial Year')).toHaveValue(String(financialYear));
    await expect(add.getByLabel('Financial Year')).toBeDisabled();
    // The hours wait for the staff's remaining hours.
    await expect(add.getByLabel('Leave Hour(s)')).toBeDisabled();
    await pickStaff(page, add.getByLabel('Staff'), person);
    await expect(add.getByTestId('carryover-remaining')).toHaveText(M.remaining(cap));
    await expect(add.getByLabel('Leave Hour(s)')).toBeEnabled();
    await add.getByLabel('Leave Hour(s)').fill(String(hours));
    await fillDate(add.getByLabel('Date Applied'), today);
    await fillDate(add.getByLabel('Date Expired'), plusDays(today, 60));
    await add.getByLabel('Note').fill(note);
    await add.getByTestId('carryover-save').click();
    await expect(page.getByText(M.created)).toBeVisible();
    await expect(add).toBeHidden();

    const row = page.getByTestId('carryover-table').locator('tbody tr.ant-table-row').filter({ hasText: note });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('staff');
    await expect(row).toContainText(String(financialYear));
    await expect(row).toContainText(hours.toFixed(2));
    await expect(row).toContainText(dmy(today));

    // A second carryover above what now remains: the form names the cap and sends nothing; the server refuses it too.
    const left = cap - hours;
    expect(await remainingOf(page, 'staff', financialYear)).toBeCloseTo(left, 3);
    await page.getByTestId('carryover-add').click();
    const again = page.getByRole('dialog', { name: 'Add Leave Carryover' });
    await pickStaff(page, again.getByLabel('Staff'), person);
    await expect(again.getByTestId('carryover-remaining')).toHaveText(M.remaining(left));
    await again.getByLabel('Leave Hour(s)').fill(String(left + 0.5));
    await fillDate(again.getByLabel('Date Applied'), today);
    await fillDate(again.getByLabel('Date Expired'), plusDays(today, 60));
    await again.getByTestId('carryover-save').click();
    const message = M.leaveHoursRange(formatCapHours(left));
    await expect(again.getByText(message, { exact: true })).toBeVisible();
    await again.getByTestId('carryover-cancel').click();
    await expect(again).toBeHidden();

    const refused = await apiSend(page, 'POST', `${LEAVE_CARRYOVER_PATH}/create`, {
      username: 'staff',
      financialYear,
      leaveHours: left + 0.5,
      applyDate: dmy(today),
      expireDate: dmy(plusDays(today, 60)),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(message);
    expect(await remainingOf(page, 'staff', financialYear)).toBeCloseTo(left, 3);
  });
});
