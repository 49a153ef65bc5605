import { expect, test, type Page } from './fixtures.ts';
import type { RequestRecord } from '@tms/contracts/requests';
import { REQUEST_MESSAGES as M } from '@tms/contracts/requests';
import { apiGet, dmy, freeLeaveDate, openDropdown, plusDays, serverToday, signIn } from './helpers.ts';
import { explainableLateCase, punchLateDay } from './late-case.ts';

/**
 * The phone layout (issue 26 §3) at 390 × 844, as the demo staff member: the section menu in a drawer, lists as cards,
 * one day of Check In-Out at a time, filters behind a button, selects with their whole text — and nothing on any of
 * these pages wider than the screen.
 */

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

type Period = { timesheet_id: number; name: string; from_date: string; to_date: string };

/** Nothing scrolls sideways: the page is no wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  await expect.poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/**
 * Opens the menu drawer from its button and goes to a page; the drawer closes on the way. Retried: the drawer also
 * closes on any navigation, and right after signing in the app may still move on to the home page.
 */
async function openFromMenu(page: Page, routeName: string) {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  const link = menu.getByTestId(`phone-menu-page-${routeName}`);
  await expect(async () => {
    if (!(await link.isVisible())) await page.getByRole('button', { name: 'Open the menu' }).click();
    await link.click({ timeout: 5_000 });
    await expect(menu).toBeHidden({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

/** How many elements matching `selector` cut their text (content wider than the box, an antd '…'). */
const cutTexts = (page: Page, selector: string) =>
  page.evaluate((sel) => [...document.querySelectorAll(sel)].filter((e) => e.scrollWidth > e.clientWidth + 1).length, selector);

/** The select `testId` shows its whole value, and its open options their whole text. */
async function expectSelectTextWhole(page: Page, testId: string) {
  await expect.poll(() => cutTexts(page, `[data-testid="${testId}"] .ant-select-content`)).toBe(0);
  await page.getByTestId(testId).click();
  await expect(openDropdown(page)).toBeVisible();
  expect(await cutTexts(page, '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-content')).toBe(0);
  await page.keyboard.press('Escape');
  await expect(openDropdown(page)).toHaveCount(0);
}

test.describe('phone layout', () => {
  test('the menu drawer, My Timesheet as cards and Check In-Out one day at a time', async ({ page }) => {
    await signIn(page, 'staff');
    const today = await serverToday(page);
    // The desktop menus are gone; the drawer opens from the keyboard too and lists the tabs' pages. (On a page of its
    // own first: the drawer closes on navigation, and signing in still moves on to the home page.)
    await page.goto('/notifications');
    await expect(page.getByTestId('notifications-table')).toBeVisible();
    await expect(page.getByTestId('menu-tab-timesheet')).toHaveCount(0);
    const button = page.getByRole('button', { name: 'Open the menu' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('button', { name: 'Close the menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
    // The bell's list fits the screen: its filter, Mark all as read and every item inside 390 px.
    await page.getByTestId('notification-bell').click();
    const popover = page.getByTestId('notification-popover');
    await expect(popover).toBeVisible();
    const box = (await popover.boundingBox())!;
    expect(box.x, 'the bell list starts on screen').toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, 'the bell list ends on screen').toBeLessThanOrEqual(390);
    await page.keyboard.press('Escape');

    // My Timesheet: the days as cards with their date and working day, no table to scroll.
    await openFromMenu(page, 'timesheet');
    await expect(page).toHaveURL(/\/timesheet$/);
    const myTab = page.getByRole('tab', { name: 'My Timesheet' });
    if (await myTab.isVisible()) await myTab.click();
    const periods = (await apiGet<Period[]>(page, '/tms/filters/periods')).data;
    const current = periods.find((p) => p.from_date <= today && today <= p.to_date)!;
    const days = page.getByTestId('my-ts-table');
    await expect(days).toBeVisible();
    await expect(days.locator('table')).toHaveCount(0);
    const first = page.getByTestId(`my-ts-day-${current.from_date}`);
    await expect(first).toContainText(dmy(current.from_date));
    await expect(first).toContainText('Working day');
    await expectNoSidewaysScroll(page);
    // Today's card is marked, and one tap brings it into view (on the 25th it is the period's last card).
    const todayCard = page.getByTestId(`my-ts-day-${today}`);
    await expect(todayCard).toHaveAttribute('aria-current', 'date');
    await expect(todayCard).toContainText('Today');
    await expect(days.locator('[aria-current="date"]')).toHaveCount(1);
    await page.getByTestId('my-ts-go-today').click();
    // Its date and tag show below the sticky header, not under it.
    const headerBottom = await page.locator('header').first().evaluate((h) => h.getBoundingClientRect().bottom);
    await expect.poll(async () => {
      const at = (await todayCard.getByText('Today', { exact: true }).boundingBox())!;
      return at.y >= headerBottom && at.y + at.height <= PHONE.height;
    }, { message: "today's card is on screen, below the header" }).toBe(true);

    // Check In-Out: today alone, then the next day by the arrow and back by a swipe.
    await openFromMenu(page, 'checkin-checkout');
    const calendar = page.getByTestId('checkin-calendar');
    await expect(calendar.locator('[data-testid^="checkin-day-"]')).toHaveCount(1);
    await expect(page.getByTestId(`checkin-day-${today}`)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Next day' }).click();
    await expect(page.getByTestId(`checkin-day-${plusDays(today, 1)}`)).toBeVisible();
    await expect(page.getByTestId('checkin-week-label')).toHaveText(dmy(plusDays(today, 1)));
    await page.getByRole('button', { name: 'Previous day' }).click();
    await expect(page.getByTestId(`checkin-day-${today}`)).toBeVisible();
    // Its filters fold behind a button too, so today's punches are on the first screen; a range searched in the panel
    // closes it, counts on the button and opens the calendar on the range's first day.
    expect((await page.getByTestId(`checkin-day-${today}`).boundingBox())!.y).toBeLessThan(PHONE.height);
    const checkinFilters = page.getByTestId('filter-open');
    await expect(checkinFilters).toHaveAccessibleName('Filters');
    await expect(page.getByTestId('checkin-search')).toBeHidden();
    await checkinFilters.click();
    const rangeStart = page.getByLabel('Date range');
    await rangeStart.click();
    await rangeStart.fill(dmy(plusDays(today, -6)));
    await rangeStart.press('Enter');
    const rangeEnd = page.locator('.ant-picker-range').getByRole('textbox', { name: 'End date' });
    await rangeEnd.fill(dmy(today));
    await rangeEnd.press('Enter');
    await page.getByTestId('checkin-search').click();
    await expect(page.getByTestId('checkin-search')).toBeHidden();
    await expect(checkinFilters).toHaveAccessibleName('Filters, 1 in use');
    await expect(page.getByTestId('checkin-week-label')).toHaveText(dmy(plusDays(today, -6)));
    await expect(page.getByTestId('checkin-employee')).toContainText(`${dmy(plusDays(today, -6))} - ${dmy(today)}`);

    // Team Calendar: the days scroll in their own box, opened on today's column beside the names (not on the 1st).
    await openFromMenu(page, 'team-calendar');
    const grid = page.getByTestId('team-calendar-grid');
    await expect(grid).toBeVisible();
    await expectNoSidewaysScroll(page);
    const todayColumn = grid.locator('thead th.tc-today');
    await expect(todayColumn).toHaveCount(1);
    await expect.poll(async () => {
      const at = (await todayColumn.boundingBox())!;
      return at.x >= 0 && at.x + at.width <= PHONE.width;
    }, { message: "today's column is on screen" }).toBe(true);
    // Its filters fold behind a button as every list's do, so the calendar is on the first screen; a name typed in the
    // panel (without its marks) applies, and the button counts it.
    const calendarFilters = page.getByTestId('filter-open');
    await expect(calendarFilters).toHaveAccessibleName('Filters');
    await expect(page.getByTestId('team-calendar-keyword')).toBeHidden();
    expect((await grid.boundingBox())!.y, 'the calendar starts on the first screen').toBeLessThan(PHONE.height);
    await calendarFilters.click();
    const keyword = page.getByTestId('team-calendar-keyword').locator('input');
    await keyword.fill('Dang Van Son');
    await keyword.press('Enter');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('team-calendar-keyword')).toBeHidden();
    await expect(calendarFilters).toHaveAccessibleName('Filters, 1 in use');
    await expect(page.getByTestId('team-calendar-row-staff')).toBeVisible();
    await expect(grid.locator('tbody tr')).toHaveCount(1);
    await expectNoSidewaysScroll(page);

    // Overtime and Notifications: cards, or the empty text, never wider than the screen.
    await openFromMenu(page, 'overtime-management');
    await expect(page.getByTestId('ot-fixed-table').or(page.getByTestId('ot-flexible-table'))).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.goto('/notifications');
    await expect(page.getByTestId('notifications-table')).toBeVisible();
    await expect(page.getByTestId('notifications-table').locator('table')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
  });

  test('staff files a leave on a phone, sees it Pending on its card and withdraws it', async ({ page }) => {
    await signIn(page, 'staff');
    const date = await freeLeaveDate(page);

    await openFromMenu(page, 'request-management');
    // The filters fold behind a button that counts those in use (status: Pending); Search closes the panel.
    const filters = page.getByTestId('filter-open');
    await expect(filters).toHaveAccessibleName('Filters, 1 in use');
    await filters.click();
    await expect(page.getByTestId('filter-search')).toBeVisible();
    await page.getByTestId('filter-search').click();
    await expect(page.getByTestId('filter-search')).toBeHidden();
    await expectNoSidewaysScroll(page);

    await page.getByTestId('request-add').click();
    const modal = page.getByRole('dialog', { name: 'Create Request' });
    await expect(modal).toBeVisible();
    expect((await modal.locator('.ant-modal-container, .ant-modal-content').first().boundingBox())!.width).toBeLessThanOrEqual(PHONE.width);
    await expectSelectTextWhole(page, 'request-reason');
    const input = page.getByTestId('request-date-0');
    await input.click();
    await input.fill(dmy(date));
    await input.press('Enter');
    // Picked again if a click on the sliding dropdown missed (under load), so the request is the morning asked for.
    await expect(async () => {
      if (!(await openDropdown(page).isVisible())) await page.getByTestId('request-duration-0').click();
      await openDropdown(page).getByTitle('Morning', { exact: true }).click({ timeout: 3_000 });
      await expect(page.getByTestId('request-duration-0')).toContainText('Morning', { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await expectSelectTextWhole(page, 'request-duration-0');
    await modal.getByTestId('request-form-save').click();
    await expect(page.getByText(M.success).first()).toBeVisible();
    await expect(modal).toBeHidden();
    const created = (await apiGet<RequestRecord[]>(page, '/tms/request-management', { status: '1', size: 100 })).data.find((r) => r.start_date === date && r.reason_type === 'ANN_LEAVE_CORP');
    expect(created, 'the new pending request').toBeTruthy();

    // Its card: the date, the Pending status and the amount, and its action menu.
    const card = page.getByTestId('request-table').locator(`li[data-row-key="${created!.id}"]`);
    await expect(card).toContainText(dmy(date));
    await expect(card.locator('[data-status]')).toHaveText('Pending');
    await expect(card).toContainText('4h');
    await expectNoSidewaysScroll(page);

    // Withdrawn from the card's menu, so the days after this journey are as they were.
    await card.getByTestId(`request-actions-${created!.id}`).click();
    await page.getByTestId(`request-action-withdraw-${created!.id}`).click();
    await page.getByTestId('reason-input').fill('Plans changed');
    await page.getByTestId('reason-submit').click();
    await expect(card).toHaveCount(0);
  });

  test('staff explains an abnormal case from its card and finds the explanation', async ({ page, browser }) => {
    await signIn(page, 'staff');
    const me = (await apiGet<{ employeeId: number }>(page, '/tms/user/detail', { username: 'staff' })).data;
    const kase = (await explainableLateCase(page)) ?? (await punchLateDay(page, browser, me.employeeId));

    await openFromMenu(page, 'abnormal-case');
    await expect(page.getByTestId('abnormal-table')).toBeVisible();
    await expectNoSidewaysScroll(page);
    // The notification's link narrows the list to the case.
    await page.goto(`/timesheet/abnormal-case?id=${kase.id}`);
    const card = page.getByTestId('abnormal-table').locator(`li[data-row-key="${kase.id}"]`);
    await expect(card).toContainText(dmy(kase.abnormal_date));
    await expect(card).toContainText('Late coming');
    await expectNoSidewaysScroll(page);
    await card.click();
    const drawer = page.getByTestId('abnormal-drawer');
    await expect(drawer).toBeVisible();
    await drawer.getByTestId('abnormal-explain').click();
    const form = page.getByTestId('explain-form');
    await expect(form).toBeVisible();
    await page.getByTestId('explain-actual').click();
    await openDropdown(page).locator('.ant-select-item-option').first().click();
    await page.getByTestId('explain-description').fill('Stuck in traffic on the way to the office');
    await page.getByTestId('explain-save').click();
    await expect(page.getByText('Success', { exact: true })).toBeVisible();
    await expect(form).toBeHidden();
    await expect(card).toContainText('Pending approval');

    await openFromMenu(page, 'explanation-management');
    await expect(page.getByTestId('explanation-table')).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
