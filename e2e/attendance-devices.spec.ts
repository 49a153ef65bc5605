import { expect, test, type Page } from './fixtures.ts';
import { ATTENDANCE_DEVICES_PATH, DEVICE_MESSAGES as M, DEVICE_PAGE_TEXTS as T, deviceItemPath, type DeviceRow } from '@tms/contracts/attendance-devices';
import { DEVICE_KEYS_PATH, PUNCH_MESSAGES as PM, type DeviceKeyRow } from '@tms/contracts/punches';
import { apiGet, apiSend, expectNoSeriousA11yViolations, notices, pickInField, signIn } from './helpers.ts';

/**
 * Attendance Devices journey (issue 13): admin opens Settings → Attendance Devices, sees the seeded ZK-DEMO-0001,
 * registers a device (the empty serial number refused first), sees it "Never" in contact until the device's handshake
 * reaches /iclock, edits its time zone, queues a CHECK and sees it pending, deactivates it after the confirmation; then
 * creates a device key, sees it once, and deactivates it. The device and the key are left inactive: nothing another
 * journey reads.
 */
const PAGE = '/settings/attendance-devices';
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();
const SERIAL = `E2E-ZK-${suffix}`;
const KEY_DESCRIPTION = `E2E key ${suffix}`;

/** Deactivates what a failed run left active (the journey's own steps do it through the page). */
async function deactivateLeftovers(page: Page) {
  const devices = (await apiGet<DeviceRow[]>(page, ATTENDANCE_DEVICES_PATH, { keyword: SERIAL, active: 'true' })).data;
  for (const d of devices) {
    await apiSend(page, 'PUT', deviceItemPath(d.id), { name: d.name, system: d.system, time_zone: d.time_zone, active: false, version: d.version });
  }
  const keys = (await apiGet<DeviceKeyRow[]>(page, DEVICE_KEYS_PATH)).data.filter((k) => k.active && k.description === KEY_DESCRIPTION);
  for (const k of keys) await apiSend(page, 'DELETE', `${DEVICE_KEYS_PATH}/${k.id}`, undefined);
}

test('admin registers an attendance device, sees its contact, edits, commands and deactivates it; creates and deactivates a device key', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, 'admin');
  try {
    // 1. From the menu: the page and the seeded gate.
    await page.getByTestId('menu-tab-settings').click();
    await page.getByTestId('menu-item-attendance-devices').click();
    await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
    await expect(page.getByRole('heading', { name: T.title })).toBeVisible();
    const table = page.getByTestId('devices-table');
    await expect(table.getByTestId('device-row-ZK-DEMO-0001')).toBeVisible();
    await expect(page.getByTestId('device-iclock-address')).toContainText('/iclock');
    await expectNoSeriousA11yViolations(page, 'Attendance Devices');

    // 2. Register: the empty serial number is refused with the contracts' text, then a new device is registered.
    await page.getByTestId('device-register').click();
    const form = page.getByRole('dialog', { name: T.register });
    await expect(form).toBeVisible();
    await form.getByTestId('device-form-save').click();
    await expect(form.getByText(M.serialRequired, { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, T.register);
    await form.getByLabel('Serial number').fill(SERIAL);
    await form.getByLabel('Name').fill('E2E gate');
    await pickInField(page, form, 'Attendance check system', 'TMS');
    await form.getByTestId('device-form-save').click();
    await expect(notices(page).getByText(M.created, { exact: true })).toBeVisible();
    await expect(form).toBeHidden();
    const row = table.getByRole('row').filter({ has: page.getByTestId(`device-row-${SERIAL}`) });
    await expect(row).toBeVisible();
    await expect(row.getByText(T.never, { exact: true })).toBeVisible();
    await expect(row.getByText('Asia/Ho_Chi_Minh', { exact: true })).toBeVisible();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();

    // 3. The device's handshake reaches /iclock: after a reload the row shows a contact instead of "Never".
    const handshake = await page.request.get(`/iclock/cdata?SN=${SERIAL}&options=all`);
    expect(handshake.status()).toBe(200);
    expect(await handshake.text()).toContain(`GET OPTION FROM: ${SERIAL}`);
    await page.getByTestId('filter-search').click();
    await expect(row.getByText('just now', { exact: true })).toBeVisible();
    await expect(row.getByText(T.never, { exact: true })).toHaveCount(0);

    // 4. Edit its time zone.
    await page.getByTestId(`device-edit-${SERIAL}`).click();
    const edit = page.getByRole('dialog', { name: T.edit });
    await expect(edit.getByTestId('device-form-serial')).toHaveText(SERIAL);
    await pickInField(page, edit, 'Time zone', 'Asia/Bangkok', 'Asia/Bangkok');
    await edit.getByTestId('device-form-save').click();
    await expect(notices(page).getByText(M.updated, { exact: true })).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(row.getByText('Asia/Bangkok', { exact: true })).toBeVisible();

    // 5. Queue a CHECK: pending in the drawer and in the row.
    await page.getByTestId(`device-commands-${SERIAL}`).click();
    const drawer = page.getByRole('dialog', { name: `Commands: ${SERIAL}` });
    await expect(drawer).toBeVisible();
    await drawer.getByTestId('device-command-check').click();
    await expect(notices(page).getByText(M.commandQueued, { exact: true })).toBeVisible();
    const commands = drawer.getByTestId('device-commands-table');
    await expect(commands.getByText('CHECK', { exact: true })).toBeVisible();
    await expect(commands.getByText('PENDING', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'Device commands');
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
    await expect(row.locator('[data-status="1"]')).toBeVisible();

    // 6. Deactivate after the confirmation.
    await page.getByTestId(`device-toggle-${SERIAL}`).click();
    await expect(page.getByText(M.deactivateConfirm, { exact: true })).toBeVisible();
    await page.getByTestId('confirm-ok').click();
    await expect(notices(page).getByText(M.deactivated, { exact: true })).toBeVisible();
    await expect(row.getByText('Inactive', { exact: true })).toBeVisible();

    // 7. Its history: registration, the edit, the command and the deactivation, newest first.
    await page.getByTestId(`device-history-${SERIAL}`).click();
    const history = page.getByRole('dialog', { name: T.history });
    await expect(history.getByTestId('history-entry')).toHaveCount(4);
    await expect(history.getByText('Active', { exact: true }).first()).toBeVisible();
    await history.getByTestId('history-close').click();
    await expect(history).toBeHidden();

    // 8. Device keys: create one, shown once, then deactivate it.
    await page.getByRole('tab', { name: T.keysTab }).click();
    await page.getByTestId('device-key-create').click();
    const keyForm = page.getByRole('dialog', { name: T.keyCreate });
    await pickInField(page, keyForm, 'Attendance check system', 'SPEEDGATE');
    await keyForm.getByLabel('Description').fill(KEY_DESCRIPTION);
    await keyForm.getByTestId('device-key-save').click();
    await expect(notices(page).getByText(PM.keyCreated, { exact: true })).toBeVisible();
    const shown = page.getByRole('dialog', { name: 'Device key for SPEEDGATE' });
    await expect(shown.getByText(T.keyShownOnce, { exact: true })).toBeVisible();
    await expect(shown.getByTestId('device-key-value')).toHaveValue(/^[A-Za-z0-9_-]{43}$/);
    await expectNoSeriousA11yViolations(page, 'Device key shown once');
    await shown.getByTestId('device-key-close').click();
    await expect(shown).toBeHidden();
    const keyRow = page.getByTestId('device-keys-table').getByRole('row').filter({ hasText: KEY_DESCRIPTION });
    await expect(keyRow.getByText('Active', { exact: true })).toBeVisible();
    await expect(keyRow.getByText(T.never, { exact: true })).toBeVisible();
    await keyRow.getByRole('button', { name: `Deactivate key ${KEY_DESCRIPTION}` }).click();
    await expect(page.getByText(T.keyDeactivateConfirm, { exact: true })).toBeVisible();
    await page.getByTestId('confirm-ok').click();
    await expect(notices(page).getByText(PM.keyDeactivated, { exact: true })).toBeVisible();
    await expect(keyRow.getByText('Inactive', { exact: true })).toBeVisible();
  } finally {
    await deactivateLeftovers(page);
  }
});
