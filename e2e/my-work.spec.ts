import { expect, test, type Page } from './fixtures.ts';
import type { RequestRecord } from '@tms/contracts/requests';
import { apiGet, apiSend, dmy, plusDays, serverToday, signIn, signOut } from './helpers.ts';

/**
 * My Work journeys (issue 26 §2): an approver finds a staff member's pending request on /my-work (first in the menu,
 * counted by the header badge), approves it after the confirmation and sees the item's result; a staff member sees
 * their balances, today and their recent requests, on a 390 px phone without sideways scrolling.
 */

const isWeekday = (iso: string) => ![0, 6].includes(new Date(`${iso}T00:00:00Z`).getUTCDay());

/** A pending afternoon of annual leave filed by the signed-in user three weeks or more ahead, on a day no request of theirs covers. */
async function filePendingAfternoon(page: Page): Promise<{ id: number; date: string }> {
  const today = await serverToday(page);
  const mine = (await apiGet<RequestRecord[]>(page, '/tms/request-management', { status: '1,3,4,5,10', size: 100 })).data;
  const taken = new Set(mine.flatMap((r) => r.request_dates.map((d) => d.request_date)));
  let date = plusDays(today, 21);
  while (!isWeekday(date) || taken.has(date)) date = plusDays(date, 1);
  const created = await apiSend<{ id: number }>(page, 'POST', '/tms/request-management/create-request/', {
    request_type: 'LEAVE_REQUEST',
    reason_type: 'ANN_LEAVE_CORP',
    request_dates: [{ request_date: date, duration: 'AFTERNOON' }],
    description: 'My Work journey',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { id: created.body.data.id, date };
}

test('GL approves a staff request from My Work after the confirmation and sees its result', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'staff');
  const { id, date } = await filePendingAfternoon(page);
  await signOut(page);

  await signIn(page, 'gl');
  // Sign-in still lands on the timesheet; My Work is the first menu tab and the badge counts what waits.
  await expect(page).toHaveURL(/\/timesheet(\?.*)?$/);
  const badge = page.getByTestId('my-work-badge');
  await expect(badge).toHaveAccessibleName(/^My work, \d+ waiting$/);
  await expect(page.getByRole('menu', { name: 'Main menu' }).getByRole('menuitem').first()).toHaveText('My Work');
  await badge.click();
  await expect(page).toHaveURL(/\/my-work$/);

  const card = page.getByTestId(`my-work-item-REQUEST:${id}`);
  await expect(card).toContainText(dmy(date));
  await expect(card).toContainText('Annual leave');
  await expect(card).toContainText('4.00 h');
  await expect(card.getByTestId('my-work-balance-after')).toHaveText(/h$/);

  await card.getByTestId('my-work-approve').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Approve Request: Annual leave of');
  await dialog.getByTestId('confirm-ok').click();

  const result = page.getByTestId(`my-work-result-REQUEST:${id}`);
  await expect(result).toHaveAttribute('data-ok', 'true');
  await expect(result).toContainText('Done');
  await expect(card).toBeHidden();
  await signOut(page);
  await signIn(page, 'staff');
  const mine = (await apiGet<RequestRecord[]>(page, '/tms/request-management', { status: '3', size: 100 })).data;
  expect(mine.find((r) => r.id === id)?.status).toBe(3);
});

test('a staff member sees their balances, today and recent requests on a phone', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'staff');
  const { id, date } = await filePendingAfternoon(page);
  const today = await serverToday(page);
  await page.goto('/my-work');

  await expect(page.getByTestId('my-work-balance-annual')).toContainText(/\d\.\d\d h/);
  await expect(page.getByTestId('my-work-today')).toContainText(`Today, ${dmy(today)}`);
  const request = page.getByTestId(`my-work-request-${id}`);
  await expect(request).toContainText(dmy(date));
  await expect(request).toContainText('Pending');
  // A plain staff member has nothing to approve: no waiting list, no HR period block.
  await expect(page.getByTestId('my-work-waiting')).toHaveCount(0);
  await expect(page.getByTestId('my-work-period')).toHaveCount(0);

  // Stacked cards on a 390 px phone: the page's content never scrolls sideways.
  const overflow = await page.getByTestId('my-work-page').evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const box = await page.getByTestId('my-work-page').boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
});
