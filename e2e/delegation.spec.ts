import { expect, test, type Page } from './fixtures.ts';
import { DELEGATION_MESSAGES as M, type DelegationRow } from '@tms/contracts/delegation';
import { REQUEST_MESSAGES as RM, type RequestRecord } from '@tms/contracts/requests';
import { apiGet, apiSend, chooseOption, dmy, expectNoSeriousA11yViolations, notices, plusDays, serverToday, signIn, signOut } from './helpers.ts';

/**
 * Delegation journey (issue 12 "Done when"; spec 001 §2.9, RULES.md §5): gl delegates staff to hrm for next week
 * (Monday–Friday, computed from the server's today) through the two-step wizard; staff files an unpaid-leave morning
 * dated next week and the form shows hrm as approver; hrm follows the bell notification and approves it; gl deletes
 * the delegation with the bulk delete and its confirmation, so later journeys route to gl again. hrm is nobody's
 * approver in the other journeys, and unpaid leave moves no balance they read.
 */
const PAGE = '/timesheet/delegation-management';
const DELEGATE = { user_name: 'hrm', name: 'Lê Thu Hương' };

/** Monday of the week after the server's today (ISO weekday: Monday 1 … Sunday 7). */
function nextMonday(today: string): string {
  const iso = new Date(`${today}T00:00:00Z`).getUTCDay() || 7;
  return plusDays(today, 8 - iso);
}

/** Removes a delegation of hrm left by a failed run (the UI deletion is the journey's own last step). */
async function removeLeftovers(page: Page) {
  const rows = (await apiGet<DelegationRow[]>(page, '/tms/delegate/get-all-delegate', { delegator: DELEGATE.user_name, size: 50 })).data;
  const ids = rows.filter((r) => r.delegator.user_name === DELEGATE.user_name).map((r) => r.id);
  if (ids.length > 0) await apiSend(page, 'PUT', '/tms/delegate/delete-delegator', { delegate_list_id: ids });
}

test('gl delegates staff to hrm for next week; staff’s leave goes to hrm, who approves it from the bell', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'gl');
  const today = await serverToday(page);
  const monday = nextMonday(today);
  const friday = plusDays(monday, 4);
  await removeLeftovers(page);
  let cleaned = false;

  try {
    // 1. gl: the wizard. Step 1 chooses hrm (Next disabled until then); step 2 adds next week and staff.
    await page.goto(PAGE);
    await expect(page.getByTestId('delegation-table')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'Delegation Management');
    await page.getByTestId('delegation-add').click();
    const wizard = page.getByRole('dialog', { name: 'Create Delegation' });
    await expect(wizard).toBeVisible();
    await expect(wizard.getByTestId('delegation-wizard-next')).toBeDisabled();
    await expect(wizard.getByTestId('delegator-list').getByRole('radio').first()).toBeAttached();
    await expectNoSeriousA11yViolations(page, 'Create Delegation');
    await wizard.getByLabel('Search delegator').fill(DELEGATE.user_name);
    await wizard.getByTestId(`delegator-option-${DELEGATE.user_name}`).click();
    await wizard.getByTestId('delegation-wizard-next').click();
    await expect(wizard.getByTestId('delegation-wizard-delegator')).toHaveText(DELEGATE.name);
    await expect(wizard.getByTestId('delegation-wizard-complete')).toBeDisabled();
    await wizard.getByTestId('delegation-add-range').click();
    await expect(notices(page).getByText(M.dateRangeFirst, { exact: true })).toBeVisible();
    const start = wizard.locator('.ant-picker-range').getByRole('textbox', { name: 'Start date' });
    const end = wizard.locator('.ant-picker-range').getByRole('textbox', { name: 'End date' });
    await start.click();
    await start.fill(dmy(monday));
    await start.press('Enter');
    await end.fill(dmy(friday));
    await end.press('Enter');
    await wizard.getByTestId('delegation-add-range').click();
    await expect(wizard.getByTestId(`delegation-range-${monday}_${friday}`)).toBeChecked();
    const members = wizard.getByLabel('Members');
    await members.click();
    await members.pressSequentially('staff');
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText('Đặng Văn Sơn - staff', { exact: true }).click();
    await wizard.getByTestId('delegation-wizard-delegator').click(); // closes the member dropdown
    await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
    await wizard.getByTestId('delegation-wizard-complete').click();
    await expect(notices(page).getByText(M.created, { exact: true })).toBeVisible();
    await expect(wizard).toBeHidden();
    await expect(page.getByTestId(`delegation-row-${DELEGATE.user_name}`)).toBeVisible();
    // The member panel lists staff with next week's range.
    await page.getByTestId(`delegation-row-${DELEGATE.user_name}`).click();
    const panel = page.getByTestId('delegation-member-panel');
    await expect(panel.getByText('Đặng Văn Sơn', { exact: true })).toBeVisible();
    await expect(panel.getByText(dmy(friday), { exact: true })).toBeVisible();
    await panel.getByRole('button', { name: 'Close' }).click();

    // 2. staff files an unpaid-leave morning on a free working day of next week: the form names hrm as approver.
    await signOut(page);
    await signIn(page, 'staff');
    const mine = (await apiGet<RequestRecord[]>(page, '/tms/request-management', { status: '1,3,4,5,10', size: 200 })).data;
    const taken = new Set(mine.filter((r) => r.status === 1 || r.status === 3).flatMap((r) => r.request_dates.map((d) => d.request_date)));
    let date: string | undefined;
    // Thursday, Wednesday, Tuesday first: never "the next weekday" another journey picks for its own items.
    for (const offset of [3, 2, 1, 4]) {
      const d = plusDays(monday, offset);
      const day = (await apiGet<{ is_working_day: boolean }>(page, '/tms/employee/check-working-type', { requestDate: d })).data;
      if (day.is_working_day && !taken.has(d)) {
        date = d;
        break;
      }
    }
    expect(date, 'a free working day next week').toBeTruthy();
    await page.goto('/timesheet/request-management');
    await page.getByTestId('request-add').click();
    const modal = page.getByRole('dialog', { name: 'Create Request' });
    await expect(modal).toBeVisible();
    await chooseOption(page, page.getByTestId('request-reason'), 'Unpaid leave');
    const dateField = page.getByTestId('request-date-0');
    // Typed until the picker holds it: a date typed while the picker's panel opens can be dropped, and the request
    // would then be filed on the default day instead (seen once in a full run).
    await expect(async () => {
      await dateField.click();
      await dateField.fill(dmy(date!));
      await dateField.press('Enter');
      await expect(dateField).toHaveValue(dmy(date!), { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await chooseOption(page, page.getByTestId('request-duration-0'), 'Morning');
    await expect(modal.getByTestId('request-approver')).toContainText(DELEGATE.user_name);
    await modal.getByTestId('request-form-save').click();
    await expect(page.getByText(RM.success).first()).toBeVisible();
    await expect(modal).toBeHidden();
    const pending = (await apiGet<RequestRecord[]>(page, '/tms/request-management', { status: '1', size: 200 })).data;
    const request = pending.find((r) => r.start_date === date && r.reason_type === 'UNPAID_LEAVE');
    expect(request, `the new pending request on ${date}; pending: ${JSON.stringify(pending.map((r) => [r.start_date, r.reason_type]))}`).toBeTruthy();
    expect(request!.approver?.user_name).toBe(DELEGATE.user_name);

    // 3. hrm follows the bell notification and approves.
    await signOut(page);
    await signIn(page, DELEGATE.user_name);
    const notes = (await apiGet<{ id: number; link: string | null }[]>(page, '/tms/notifications', { page: 1, size: 5 })).data;
    const note = notes.find((n) => n.link?.endsWith(`?id=${request!.id}`));
    expect(note, 'hrm has a notification for the request').toBeTruthy();
    await page.getByTestId('notification-bell').click();
    await page.getByTestId(`notification-item-${note!.id}`).click();
    const drawer = page.getByTestId('request-detail-drawer');
    await expect(drawer).toContainText(dmy(date!));
    // The drawer opened from the bell can be rendered again as the list behind it loads; a click on the replaced
    // drawer or on a confirmation still moving is lost (seen in a full run), so the approval is retried until the
    // toast shows.
    await expect(async () => {
      if (!(await page.getByTestId('confirm-ok').isVisible())) await drawer.getByTestId('request-detail-approve').click({ timeout: 3_000 });
      await page.getByTestId('confirm-ok').click({ timeout: 3_000 });
      await expect(page.getByText(RM.updateStatusSuccess).first()).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    await expect(drawer).toBeHidden();

    // 4. gl deletes the delegation: bulk delete with the confirmation.
    await signOut(page);
    await signIn(page, 'gl');
    await page.goto(PAGE);
    const row = page.getByTestId('delegation-table').locator('tr', { has: page.getByTestId(`delegation-row-${DELEGATE.user_name}`) });
    // Paused, the delegation routes nothing: staff's approver for that date is gl again.
    await row.getByRole('switch').click();
    await expect(notices(page).getByText(M.updated, { exact: true })).toBeVisible();
    await expect(row.getByRole('switch')).not.toBeChecked();
    const paused = (await apiGet<{ user_name: string }>(page, '/tms/filters/get-approver-for-user', { username: 'staff', date: date! })).data;
    expect(paused.user_name).toBe('gl');
    await row.getByRole('checkbox').check();
    await page.getByTestId('delegation-bulk-delete').click();
    await expect(page.getByText(M.confirmDelete, { exact: true })).toBeVisible();
    await page.getByTestId('confirm-ok').click();
    await expect(notices(page).getByText(M.deleted, { exact: true })).toBeVisible();
    await expect(page.getByTestId(`delegation-row-${DELEGATE.user_name}`)).toHaveCount(0);
    const approver = (await apiGet<{ user_name: string }>(page, '/tms/filters/get-approver-for-user', { username: 'staff', date: date! })).data;
    expect(approver.user_name).toBe('gl');
    cleaned = true;
  } finally {
    // A failed step must not leave staff routed to hrm for the journeys that follow.
    if (!cleaned) {
      await page.evaluate(() => localStorage.removeItem('tms.session')).catch(() => undefined);
      await signIn(page, 'gl');
      await removeLeftovers(page);
    }
  }
});
