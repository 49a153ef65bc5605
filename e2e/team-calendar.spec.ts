import { expect, test, type Page } from './fixtures.ts';
import type { RequestRecord } from '@tms/contracts/requests';
import { apiGet, dmy, freeLeaveDate, notices, serverToday, signIn, signOut } from './helpers.ts';

/**
 * Team Calendar and calendar feeds (issue 30 "Checks"): staff files a day of annual leave for a free working day
 * ahead (the Create Request modal tells how many of the department are away); gl opens Team Calendar, finds staff's
 * day hatched (pending), opens the request from the cell, approves it, and the calendar shows it solid; staff sees
 * it solid too, with only their own name linked to Request Management; staff then creates their own feed on My profile, copies its address, and the feed fetched from it holds the leave.
 */

const CALENDAR = '/timesheet/team-calendar';

/** The month view of the day's month, staff's row only (searched by user name). */
async function openCalendarOn(page: Page, date: string) {
  await page.goto(CALENDAR);
  await expect(page.getByTestId('team-calendar-grid').or(page.getByTestId('team-calendar-empty'))).toBeVisible({ timeout: 30_000 });
  const today = await serverToday(page);
  if (date.slice(0, 7) !== today.slice(0, 7)) await page.getByTestId('team-calendar-next').click();
  await expect(page.getByTestId('team-calendar-range')).toContainText(`/${date.slice(5, 7)}/${date.slice(0, 4)}`);
  const search = page.getByTestId('team-calendar-keyword').locator('input');
  await search.fill('staff');
  await search.press('Enter');
  const row = page.getByTestId('team-calendar-row-staff');
  await expect(row).toBeVisible();
  return row.getByTestId(`team-calendar-cell-${date}`);
}

test('gl sees staff’s pending leave hatched, approves it from the calendar, sees it solid; staff’s feed holds it', async ({ page }) => {
  test.setTimeout(240_000);

  // 1. staff files a full day of annual leave; the modal says how many of the department are away on it.
  await signIn(page, 'staff');
  const date = await freeLeaveDate(page);
  await page.goto('/timesheet/request-management');
  await page.getByTestId('request-add').click();
  const modal = page.getByRole('dialog', { name: 'Create Request' });
  await expect(modal).toBeVisible();
  const input = page.getByTestId('request-date-0');
  await input.click();
  await input.fill(dmy(date));
  await input.press('Enter');
  await expect(modal.getByTestId('request-away-hint')).toContainText(/away on these dates/);
  await modal.getByTestId('request-form-save').click();
  await expect(modal).toBeHidden();
  const mine = (await apiGet<RequestRecord[]>(page, '/tms/request-management', { status: '1', size: 100 })).data;
  const created = mine.find((r) => r.start_date === date && r.reason_type === 'ANN_LEAVE_CORP');
  expect(created, 'the new pending request').toBeTruthy();
  const id = created!.id;
  await signOut(page);

  // 2. gl finds it hatched (pending) on the calendar, with what it is in the cell's popover.
  await signIn(page, 'gl');
  let cell = await openCalendarOn(page, date);
  await expect(cell).toHaveAttribute('data-tone', 'pending');
  const block = cell.locator('.tc-block');
  await expect(block).toHaveClass(/tc-pending/);
  expect(await block.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('repeating-linear-gradient');
  await cell.click();
  const details = page.getByTestId('team-calendar-cell-details');
  await expect(details).toContainText(dmy(date));
  await expect(details).toContainText('Pending');

  // 3. From the cell to the request, approved there.
  await details.getByTestId(`team-calendar-open-${id}`).click();
  await expect(page).toHaveURL(/\/timesheet\/request-management/);
  const drawer = page.getByTestId('request-detail-drawer');
  await expect(drawer).toBeVisible();
  await drawer.getByTestId('request-detail-approve').click();
  await page.getByTestId('confirm-ok').click();
  await expect(drawer).toBeHidden();
  await expect(notices(page).first()).toBeVisible();

  // 4. The calendar now shows it solid.
  cell = await openCalendarOn(page, date);
  await expect(cell).toHaveAttribute('data-tone', 'approved');
  await expect(cell.locator('.tc-block')).toHaveClass(/tc-approved/);
  await signOut(page);

  // 5. staff sees it solid too. Their Request Management lists only their own requests: their name links there, a
  // colleague's (gl's) is plain text rather than a link to staff's own list.
  await signIn(page, 'staff');
  cell = await openCalendarOn(page, date);
  await expect(cell).toHaveAttribute('data-tone', 'approved');
  await expect(page.getByTestId('team-calendar-person-staff')).toHaveAttribute('href', /\/timesheet\/request-management\?employee=/);
  const search = page.getByTestId('team-calendar-keyword').locator('input');
  await search.fill('gl');
  await search.press('Enter');
  await expect(page.getByTestId('team-calendar-person-gl')).toBeVisible();
  await expect(page.getByTestId('team-calendar-person-gl')).not.toHaveAttribute('href');

  // 6. staff creates their feed on My profile, copies its address; the feed holds the approved leave.
  await page.goto('/profile');
  const card = page.getByTestId('calendar-feed-MINE');
  await expect(card).toBeVisible();
  await page.getByTestId('calendar-feed-create-MINE').click();
  if (await page.getByTestId('confirm-ok').isVisible().catch(() => false)) await page.getByTestId('confirm-ok').click();
  const address = page.getByTestId('calendar-feed-address-MINE');
  await expect(address).toHaveValue(/\.ics$/);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']).catch(() => undefined);
  await page.getByTestId('calendar-feed-copy-MINE').click();
  const url = await address.inputValue();
  // The address may name the public host; the journey fetches its path from the server under test.
  const feed = await page.request.get(new URL(url, page.url()).pathname);
  expect(feed.status()).toBe(200);
  const ics = await feed.text();
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain(date.replaceAll('-', ''));
  expect(ics).toMatch(/Approved/);
});
