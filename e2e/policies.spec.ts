import { expect, test, type Page } from './fixtures.ts';
import { apiGet, apiSend, dmy, expectNoSeriousA11yViolations, pickStaff, plusDays, serverToday, signIn } from './helpers.ts';

/**
 * Policy journey (issue 10, spec 002 §2 Policy management, §5 Staff policy modal): HR assigns a FLEXIBLE policy to
 * `staff` from the NEXT payroll period through Set Policy on the Current Staff Policy tab; `staff` then sees that
 * period in My Timesheet with the hour-based columns flexible employees see.
 */

type Period = { timesheet_id: number; name: string; from_date: string; to_date: string };

const periods = async (page: Page) => (await apiGet<Period[]>(page, '/tms/filters/periods')).data;

/** The period after the one containing today; HR creates it in Settings when the demo has none yet (a setup step). */
async function nextPeriod(page: Page): Promise<Period> {
  const today = await serverToday(page);
  const list = await periods(page);
  const current = list.find((p) => p.from_date <= today && today <= p.to_date)!;
  const from = plusDays(current.to_date, 1);
  let next = list.find((p) => p.from_date === from);
  if (!next) {
    const to = `${plusDays(`${from.slice(0, 8)}28`, 10).slice(0, 8)}25`;
    const created = await apiSend(page, 'POST', '/tms/settings/create', { from_date: from, to_date: to });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    next = (await periods(page)).find((p) => p.from_date === from)!;
  }
  return next;
}

async function pickDate(page: Page, testId: string, iso: string) {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(dmy(iso));
  await input.press('Enter');
}

async function chooseOption(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: text }).first().click();
}

test('HR sets a FLEXIBLE policy from the next period; staff sees hour-based days there', async ({ page }) => {
  await signIn(page, 'hr');
  const period = await nextPeriod(page);
  const staff = (await apiGet<{ name: string; employeeId: number }>(page, '/tms/user/detail', { username: 'staff' })).data;

  await page.goto('/policy-settings/policy-management');
  await expect(page.getByRole('tab', { name: 'Current Staff Policy' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Current Department Policy' })).toBeVisible();

  // Find the staff through the filter and select their row.
  await pickStaff(page, page.locator('#staff-policy-filter_staff'), { name: staff.name, user_name: 'staff' });
  await page.keyboard.press('Escape');
  await page.getByTestId('filter-search').click();
  const row = page.getByTestId('staff-policy-table').locator(`tr[data-row-key="${staff.employeeId}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText('HCM');
  await expectNoSeriousA11yViolations(page, 'Policy Management');
  await row.locator('.ant-checkbox-input').check();

  // Set Policy, prefilled with the staff and their current terms; a bad duration gets the spec's message.
  await page.getByTestId('policy-set').click();
  const modal = page.getByTestId('policy-form');
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(`${staff.name} - staff`);
  await chooseOption(page, 'policy-form-schedule', 'FLEXIBLE -');
  await expect(modal.getByTestId('policy-form-rule-type')).toContainText('Hour');
  await modal.getByTestId('policy-form-refund_hours_per_explanation').fill('1.25');
  await page.getByTestId('policy-form-save').click();
  await expect(modal).toContainText('Invalid duration (ex: 0.1, 0.2, 1, 1.1, ...)');
  await modal.getByTestId('policy-form-refund_hours_per_explanation').fill('1.5');
  await pickDate(page, 'policy-form-apply', period.from_date);
  await page.getByTestId('policy-form-save').click();
  await expect(page.getByText('Set policy successfully').first()).toBeVisible();
  await expect(modal).toBeHidden();

  // The staff's history page lists the new policy and the trimmed old one.
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/policy-settings/policy-management-employee/${staff.employeeId}$`));
  await expect(page.getByTestId('staff-policy-title')).toHaveText(`Staff: ${staff.name}`);
  const history = page.getByTestId('staff-policy-history-table');
  await expect(history).toContainText('FLEXIBLE');
  await expect(history).toContainText(dmy(period.from_date));
  await expect(history).toContainText(dmy(plusDays(period.from_date, -1)));
  await expectNoSeriousA11yViolations(page, 'Staff policy history');

  // Staff (a fresh session): My Timesheet of that period is hour-based.
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await signIn(page, 'staff');
  await expect(page.getByRole('tab', { name: 'My Timesheet' })).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('my-ts-period').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText(period.name, { exact: false }).first().click();
  await expect(page.getByTestId('my-ts-view')).toHaveAttribute('data-rule-type', 'HOUR');
  await expect(page.getByTestId('my-ts-table')).toContainText('Absent time (Min)');
});
