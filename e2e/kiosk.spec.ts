import { expect, test, type Page } from './fixtures.ts';
import { newContext } from './fixtures.ts';
import { apiGet, apiSend, expectNoSeriousA11yViolations, signIn } from './helpers.ts';
import { allowSelfCheckIn, createPlace, deactivatePlace } from './self-check-in-setup.ts';

/**
 * Issue 28 §3: an Admin turns a browser into a kiosk (the token shown once, opened in this browser); staff set a PIN
 * on their check-in page and check in on the kiosk with their staff ID and PIN; five wrong PINs lock only that ID.
 */
let undo: (() => Promise<void>)[] = [];
test.afterEach(async () => {
  for (const step of undo.reverse()) await step();
  undo = [];
});

async function setPinThroughPage(page: Page, pin: string) {
  await page.goto('/check-in');
  await page.getByTestId('check-in-pin-input').fill(pin);
  await page.getByTestId('check-in-pin-save').click();
  await expect(page.getByTestId('check-in-pin')).toContainText('Your PIN is saved.');
}

async function kioskTry(kiosk: Page, staffId: string, pin: string) {
  // The kiosk clears its fields once an answer is in; type only then.
  await expect(kiosk.getByTestId('kiosk-submit')).toBeEnabled();
  await expect(kiosk.getByTestId('kiosk-staff-id')).toHaveValue('');
  await kiosk.getByTestId('kiosk-staff-id').fill(staffId);
  await expect(kiosk.getByTestId('kiosk-staff-id')).toHaveValue(staffId);
  await kiosk.getByTestId('kiosk-pin').fill(pin);
  await expect(kiosk.getByTestId('kiosk-pin')).toHaveValue(pin);
  await kiosk.getByTestId('kiosk-submit').click();
}

test('Admin creates a kiosk; staff check in with ID and PIN; five wrong PINs lock only that ID', async ({ page, browser }) => {
  // HR: a place and the permission for three people (pm checks in, staff gets locked, dl shows others still work).
  const hrContext = await newContext(browser);
  undo.push(() => hrContext.close());
  const hr = await hrContext.newPage();
  await signIn(hr, 'hr');
  const place = await createPlace(hr, `Kiosk hall ${Date.now()}`, { latitude: 10.5 + Math.random() * 0.05, longitude: 107.1 }, 100);
  undo.push(() => deactivatePlace(hr, place.id));
  for (const user of ['pm', 'staff', 'dl']) undo.push(await allowSelfCheckIn(hr, user, [place.id]));

  // Admin: Settings → Kiosks → Create; the token is shown once with the link that opens the kiosk here.
  await signIn(page, 'admin');
  await page.goto('/settings/settings-config');
  await page.getByRole('tab', { name: 'Kiosks' }).click();
  await page.getByTestId('kiosk-add').click();
  const form = page.getByTestId('kiosk-form');
  const kioskName = `Front door ${Date.now()}`;
  await form.getByLabel('Name').fill(kioskName);
  await page.getByTestId('kiosk-place').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: place.name }).click();
  await page.getByTestId('form-modal-save').click();
  await expect(page.getByTestId('kiosk-token-value')).not.toHaveValue('');
  const token = await page.getByTestId('kiosk-token-value').inputValue();
  const kiosk = (await apiGet<{ id: number; name: string; active: boolean }[]>(page, '/tms/kiosks')).data.find((k) => k.name === kioskName && k.active)!;
  undo.push(async () => void (await apiSend(page, 'POST', `/tms/kiosks/${kiosk.id}/revoke`, {})));
  await page.getByTestId('kiosk-open-here').click();
  await expect(page).toHaveURL(/\/kiosk$/);
  await expect(page.getByTestId('kiosk-place')).toHaveText(place.name);
  expect(await page.evaluate(() => localStorage.getItem('tms.kiosk.token'))).toBe(token);
  await expectNoSeriousA11yViolations(page, 'Kiosk');

  // Staff set their PINs on their own check-in page.
  const pins: Record<string, string> = { pm: '4826', staff: '1357', dl: '908172' };
  for (const user of Object.keys(pins)) {
    const ctx = await newContext(browser);
    const p = await ctx.newPage();
    await signIn(p, user);
    await setPinThroughPage(p, pins[user]!);
    await ctx.close();
  }

  // pm checks in with ID and PIN: name and time for 3 s, then the kiosk clears.
  await kioskTry(page, 'pm', pins.pm!);
  const result = page.getByTestId('kiosk-result');
  await expect(result).toContainText(/: Checked (in|out) at \d{2}:\d{2}/);
  await expect(result).toBeEmpty({ timeout: 6000 });

  // Five wrong PINs for staff: the fifth locks staff on this kiosk; the right PIN is refused while locked.
  for (let i = 1; i <= 4; i++) {
    await kioskTry(page, 'staff', '0000');
    await expect(result).toContainText('Staff ID or PIN is wrong.');
  }
  await kioskTry(page, 'staff', '0000');
  await expect(result).toContainText('Too many wrong PINs for staff; try again after');
  await kioskTry(page, 'staff', pins.staff!);
  await expect(result).toContainText('Too many wrong PINs for staff');

  // Only that ID: dl still checks in on the same kiosk.
  await kioskTry(page, 'dl', pins.dl!);
  await expect(result).toContainText(/: Checked (in|out) at \d{2}:\d{2}/);
});
