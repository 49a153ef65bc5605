import { expect, test, type Page } from './fixtures.ts';
import { newContext } from './fixtures.ts';
import { apiGet, apiSend, expectNoSeriousA11yViolations, serverNow, signIn } from './helpers.ts';
import { qrVideoFile } from './fake-camera.ts';
import { allowSelfCheckIn, createPlace, deactivatePlace } from './self-check-in-setup.ts';

/**
 * Issue 28 §3: an Admin turns a browser into a kiosk (the token shown once, opened in this browser); staff set a PIN
 * on their check-in page and check in on the kiosk with their staff ID and PIN; five wrong PINs lock only that ID. A
 * kiosk's camera (Chromium's fake camera playing a video of a phone's QR code) checks a person in from their code.
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

test('the kiosk camera reads the QR code of a phone held up to it and checks that person in', async ({ page: admin, browser, playwright, launchOptions }) => {
  test.setTimeout(120_000);
  const user = { user_name: 'hrm', name: 'Lê Thu Hương' };
  await signIn(admin, 'admin');
  const place = await createPlace(admin, `Camera hall ${Date.now()}`, { latitude: 10.6 + Math.random() * 0.05, longitude: 107.2 }, 100);
  undo.push(() => deactivatePlace(admin, place.id));
  undo.push(await allowSelfCheckIn(admin, user.user_name, [place.id]));
  const created = await apiSend<{ id: number; token: string }>(admin, 'POST', '/tms/kiosks', { name: `Camera kiosk ${Date.now()}`, place_id: place.id });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  undo.push(async () => void (await apiSend(admin, 'POST', `/tms/kiosks/${created.body.data.id}/revoke`, {})));

  // The person's phone shows their rotating code (valid 30 s); the kiosk's camera sees it.
  const phoneContext = await newContext(browser);
  undo.push(() => phoneContext.close());
  const phone = await phoneContext.newPage();
  await signIn(phone, user.user_name);
  // A code is valid for its 30 s window (and 5 s of transit): one fresh from the start of a window leaves the camera
  // browser time to start, whatever second of the window the journey reaches this step.
  let qr = (await apiGet<{ code: string; expires_at: string }>(phone, '/tms/self-check-in/qr')).data;
  const left = Date.parse(qr.expires_at) - (await serverNow(phone)).getTime();
  if (left < 25_000) {
    await phone.waitForTimeout(Math.max(0, left) + 500);
    qr = (await apiGet<{ code: string; expires_at: string }>(phone, '/tms/self-check-in/qr')).data;
  }
  const code = qr.code;
  const camera = await playwright.chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${qrVideoFile(code)}`],
  });
  undo.push(() => camera.close());
  const kioskContext = await newContext(camera, { baseURL: test.info().project.use.baseURL, permissions: ['camera'] });
  const kiosk = await kioskContext.newPage();
  await kiosk.goto(`/kiosk#token=${encodeURIComponent(created.body.data.token)}`);
  await expect(kiosk.getByTestId('kiosk-place')).toHaveText(place.name);
  await kiosk.getByTestId('kiosk-camera-toggle').click();
  await expect(kiosk.getByTestId('kiosk-camera-video')).toBeVisible();
  await expect(kiosk.getByTestId('kiosk-result')).toContainText(new RegExp(`${user.name}: Checked (in|out) at \\d{2}:\\d{2}`));
  await expect(kiosk.getByTestId('kiosk-camera-toggle')).toHaveText('Stop the camera');
  await expectNoSeriousA11yViolations(kiosk, 'Kiosk with the camera on');
});
