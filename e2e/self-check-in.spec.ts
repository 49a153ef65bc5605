import { expect, test, type Browser, type Page } from './fixtures.ts';
import { newContext } from './fixtures.ts';
import { chooseOption, expectNoSeriousA11yViolations, openMyTimesheetUntilDayShows, serverToday, signIn } from './helpers.ts';
import { allowSelfCheckIn, createPlace, deactivatePlace } from './self-check-in-setup.ts';

/**
 * Issue 28 §2: staff check in from a phone (390 × 844) with the browser's location. The fence is the server's: inside
 * the place's radius the punch is taken and reaches My Timesheet; outside, the page tells the server's refusal;
 * without a network the punch waits on the phone and is sent when the network returns.
 * Each test sets up its own place near a point of its own, and undoes it.
 */
const PHONE = { width: 390, height: 844 };

async function hrPage(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, 'hr');
  return { page, close: () => context.close() };
}

async function noHorizontalScroll(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

let undo: (() => Promise<void>)[] = [];
test.afterEach(async () => {
  for (const step of undo.reverse()) await step();
  undo = [];
});

test('staff checks in inside the fence and My Timesheet shows the time; outside, the refusal is explained', async ({ browser }) => {
  // A point of this journey's own (a random spot in the sea off Vung Tau), so no demo place is near.
  const centre = { latitude: 10.2 + Math.random() * 0.05, longitude: 107.3 + Math.random() * 0.05 };
  const hr = await hrPage(browser);
  undo.push(hr.close);
  const place = await createPlace(hr.page, `Journey site ${Date.now()}`, centre, 100);
  undo.push(() => deactivatePlace(hr.page, place.id));
  undo.push(await allowSelfCheckIn(hr.page, 'staff', [place.id]));

  // Outside first (a refusal is no punch and does not count for the one-a-minute rule): about 1.1 km north.
  const far = await newContext(browser, { viewport: PHONE, geolocation: { latitude: centre.latitude + 0.01, longitude: centre.longitude, accuracy: 10 }, permissions: ['geolocation'] });
  undo.push(() => far.close());
  const away = await far.newPage();
  await signIn(away, 'staff');
  await away.goto('/check-in');
  await expect(away.getByTestId('check-in-nearest')).toContainText(place.name);
  await expect(away.getByTestId('check-in-button')).toHaveText(/Check (in|out)/);
  await away.getByTestId('check-in-button').click();
  await expect(away.getByTestId('check-in-notice')).toContainText(`m from ${place.name}; check-in is allowed within 100 m.`);

  // HR finds the refusal in Logs → Check-in attempts, filtered by this journey's place.
  await hr.page.goto('/logs');
  await hr.page.getByRole('tab', { name: 'Check-in attempts' }).click();
  const attempts = hr.page.getByTestId('check-in-attempts-tab');
  await chooseOption(hr.page, attempts.getByTestId('filter-place_id'), place.name);
  await attempts.getByTestId('filter-search').click();
  const rows = attempts.getByTestId('check-in-attempts-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Refused');
  await expect(rows.first()).toContainText(`m from ${place.name}; check-in is allowed within 100 m.`);

  // Inside the fence, on a phone.
  const near = await newContext(browser, { viewport: PHONE, geolocation: { latitude: centre.latitude + 0.0003, longitude: centre.longitude, accuracy: 15 }, permissions: ['geolocation'] });
  undo.push(() => near.close());
  const page = await near.newPage();
  await signIn(page, 'staff');
  await page.goto('/check-in');
  await expect(page.getByTestId('check-in-clock')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  await expect(page.getByTestId('check-in-accuracy')).toContainText('±15 m');
  await expect(page.getByTestId('check-in-nearest')).toContainText(`${place.name}, 33 m away`);
  await noHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page, 'Check in (phone)');
  await page.getByTestId('check-in-button').click();
  const notice = page.getByTestId('check-in-notice');
  await expect(notice).toContainText(new RegExp(`Checked (in|out) at (\\d{2}:\\d{2}), ${place.name}`));
  const time = /at (\d{2}:\d{2})/.exec((await notice.textContent()) ?? '')![1]!;
  await expect(page.getByTestId('check-in-punches')).toContainText(time);
  await expect(page.getByTestId('check-in-punches')).toContainText('Web');

  // My Timesheet: the day's card shows the time once the intake has recalculated it (within seconds), and under it
  // where the punch came from (the web punch is the day's first or its last, so it is shown as the check-in or out).
  const today = await serverToday(page);
  await openMyTimesheetUntilDayShows(page, today, time);
  await expect(page.getByTestId(`my-ts-day-${today}`).getByTestId('my-ts-punch-source')).toContainText(new RegExp(`Web · ${place.name}, \\d+ m`));
});

test('a punch taken offline waits on the phone and is sent when the network returns', async ({ browser }) => {
  const centre = { latitude: 10.3 + Math.random() * 0.05, longitude: 107.4 + Math.random() * 0.05 };
  const hr = await hrPage(browser);
  undo.push(hr.close);
  const place = await createPlace(hr.page, `Offline site ${Date.now()}`, centre, 200);
  undo.push(() => deactivatePlace(hr.page, place.id));
  // Another person than the first journey's, so the one-punch-a-minute rule never meets it.
  undo.push(await allowSelfCheckIn(hr.page, 'gl', [place.id]));

  const context = await newContext(browser, { viewport: PHONE, geolocation: { latitude: centre.latitude, longitude: centre.longitude, accuracy: 20 }, permissions: ['geolocation'] });
  undo.push(() => context.close());
  const page = await context.newPage();
  await signIn(page, 'gl');
  await page.goto('/check-in');
  await expect(page.getByTestId('check-in-accuracy')).toBeVisible();
  const before = await page.getByTestId('check-in-punches').locator('li').count();

  await context.setOffline(true);
  await page.getByTestId('check-in-button').click();
  await expect(page.getByTestId('check-in-waiting')).toContainText('Waiting to send');
  await expect(page.getByTestId('check-in-notice')).toContainText('No network');
  // Still waiting after a reload of the page from the device (the shell is kept by the service worker or the cache).
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('tms.check-in.queue') ?? '[]').length)).toBe(1);

  await context.setOffline(false);
  await expect(page.getByTestId('check-in-waiting')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('check-in-notice')).toContainText('Your punch taken offline was sent');
  await expect(page.getByTestId('check-in-punches').locator('li')).toHaveCount(before + 1);
  expect(await page.evaluate(() => localStorage.getItem('tms.check-in.queue'))).toBeNull();
});
