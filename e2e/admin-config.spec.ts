import { expect, test, type Locator } from './fixtures.ts';
import { ATTENDANCE_CHECK_MESSAGES as A } from '@tms/contracts/attendance-check-config';
import { SETTINGS_MESSAGES as S, SETTINGS_WORK_PERIODS_PATH, type WorkPeriodRow } from '@tms/contracts/settings';
import { MAIL_OUTBOX_PATH, type MailOutboxRow } from '@tms/contracts/logs';
import { TIMESHEET_EXPORT_MESSAGES as E, TIMESHEET_EXPORT_PATHS } from '@tms/contracts/timesheet-export';
import { apiGet, apiSend, chooseOption, dmy, openDropdown, pickStaff, signIn } from './helpers.ts';

/**
 * Settings and Logs journeys (spec 002 §2 Settings and Logs; RULES.md §4, §8) on the demo company. Nothing they do
 * changes what other journeys read: the payroll period refused is never stored, the old period's lock is put back,
 * and the attendance-check mapping made for the Logs has an account with no punches and is deleted again.
 */

/** An attendance-check account no device uses. */
const ACCOUNT = 'E2E-LOGS-1';

async function fillDate(field: Locator, text: string) {
  await field.click();
  await field.fill(text);
  await field.press('Enter');
}

test('HR reads the working types and payroll periods, is refused an overlapping period and locks an old one with confirmation', async ({ page }) => {
  await signIn(page, 'hr');
  const periods = (await apiGet<WorkPeriodRow[]>(page, SETTINGS_WORK_PERIODS_PATH, { size: 500 })).data;
  const newest = periods[0]!;
  // The oldest approved period: its dates are locked by the approval anyway, so its checkbox moves no lock date
  // (RULES.md §4). It is toggled and put back as it was.
  const old = periods.filter((p) => p.status === 4).at(-1)!;

  await page.goto('/settings/settings-config');
  await expect(page.getByRole('tab', { name: 'Working Type' })).toHaveAttribute('aria-selected', 'true');
  const workTypes = page.getByTestId('work-types-table');
  await expect(workTypes.getByRole('columnheader', { name: 'Payroll notation' })).toBeVisible();
  await expect(workTypes.locator('tbody tr.ant-table-row').first()).toBeVisible();

  await page.getByRole('tab', { name: 'Payroll Period' }).click();
  const table = page.getByTestId('payroll-periods-table');
  const newestRow = table.locator('tr.ant-table-row', { hasText: newest.name });
  await expect(newestRow).toContainText(`${dmy(newest.from_date)} - ${dmy(newest.to_date)}`);
  await expect(table.locator('tr.ant-table-row').first()).toContainText(newest.name);

  // A period over the newest one is refused with the server's message and nothing is stored.
  await page.getByTestId('create-period').click();
  const dialog = page.getByRole('dialog', { name: S.createTitle });
  const start = dialog.getByLabel('Date range');
  const end = dialog.locator('.ant-picker-range').getByRole('textbox', { name: 'End date' });
  await start.click();
  await start.fill(dmy(newest.from_date));
  await start.press('Enter');
  await end.fill(dmy(newest.to_date));
  await end.press('Enter');
  await dialog.getByTestId('create-period-save').click();
  await expect(page.getByRole('alert').filter({ hasText: S.overlap(newest.name, dmy(newest.from_date), dmy(newest.to_date)) })).toBeVisible();
  await dialog.getByTestId('create-period-cancel').click();
  await expect(dialog).toBeHidden();
  expect((await apiGet<WorkPeriodRow[]>(page, SETTINGS_WORK_PERIODS_PATH)).page!.total_element).toBe(periods.length);

  // The checkbox asks first; Cancel leaves it, OK changes it; then it is put back.
  const lock = page.getByTestId(`period-lock-${old.name}`);
  const first = old.is_lock ? { ask: S.unlockConfirm(old.name), done: S.unlocked } : { ask: S.lockConfirm(old.name), done: S.locked };
  const back = old.is_lock ? { ask: S.lockConfirm(old.name), done: S.locked } : { ask: S.unlockConfirm(old.name), done: S.unlocked };
  await expect(lock).toBeChecked({ checked: old.is_lock });
  await lock.click();
  const confirm = page.getByRole('dialog').filter({ hasText: first.ask });
  await expect(confirm).toBeVisible();
  await confirm.getByTestId('confirm-cancel').click();
  await expect(lock).toBeChecked({ checked: old.is_lock });
  await lock.click();
  await page.getByRole('dialog').filter({ hasText: first.ask }).getByTestId('confirm-ok').click();
  await expect(page.getByText(first.done, { exact: true })).toBeVisible();
  await expect(lock).toBeChecked({ checked: !old.is_lock });
  await lock.click();
  await page.getByRole('dialog').filter({ hasText: back.ask }).getByTestId('confirm-ok').click();
  await expect(page.getByText(back.done, { exact: true })).toBeVisible();
  await expect(lock).toBeChecked({ checked: old.is_lock });
});

test('HR maps a device account in Employee Management, finds its Created and Updated rows in Logs and a refused device in Connection History', async ({ page }) => {
  await signIn(page, 'hr');
  const staff = (await apiGet<{ id: number; name: string; user_name: string }[]>(page, '/tms/filters/employee', { filter: 'staff', size: 100 })).data.find((e) => e.user_name === 'staff')!;
  // A device with a wrong key is refused and logged (RULES.md §8).
  expect((await page.request.post('/api/tms/check-in-out/punches', { headers: { 'x-device-key': 'e2e-wrong-key' }, data: { punches: [] } })).status()).toBe(401);

  // The mapping: an account nobody punches with, in a month long past, so no day changes.
  await page.goto('/employee/employee-management');
  await page.getByRole('tab', { name: 'Employee - Attendance Check System Config' }).click();
  await page.getByTestId('attendance-check-add').click();
  const add = page.getByRole('dialog', { name: A.addTitle });
  await pickStaff(page, add.getByTestId('attendance-check-employee').locator('input'), staff);
  await add.getByLabel('Attendance Check ID').fill(ACCOUNT);
  await add.getByLabel('Account Number').fill('9x');
  await expect(add.getByText(A.accountNumber, { exact: true })).toBeVisible();
  await add.getByLabel('Account Number').fill('9001');
  await chooseOption(page, add.getByTestId('attendance-check-system'), 'TMS');
  await fillDate(add.getByLabel('Start Date'), '02/01/2020');
  await fillDate(add.getByLabel('End Date'), '01/01/2020');
  await expect(add.getByText(A.endBeforeStart, { exact: true })).toBeVisible();
  await fillDate(add.getByLabel('End Date'), '31/01/2020');
  await add.getByTestId('attendance-check-save').click();
  await expect(page.getByText(A.created)).toBeVisible();
  await expect(add).toBeHidden();

  const filter = page.getByTestId('attendance-check-filter');
  await filter.getByTestId('attendance-check-filter-id').fill(ACCOUNT);
  await filter.getByTestId('filter-search').click();
  const mappings = page.getByTestId('attendance-check-table');
  const mapping = mappings.locator('tr.ant-table-row', { hasText: ACCOUNT });
  await expect(mapping).toHaveCount(1);
  await expect(mapping).toContainText(staff.name);
  await expect(mapping).toContainText('02/01/2020');
  await mapping.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: A.editTitle });
  await edit.getByLabel('Position').fill('Journey tester');
  await edit.getByTestId('attendance-check-save').click();
  await expect(page.getByText(A.updated)).toBeVisible();
  await expect(mapping).toContainText('Journey tester');

  await page.goto('/logs');
  await expect(page.getByRole('tab', { name: 'Logs List' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Mail Outbox' })).toHaveCount(0);
  const table = page.getByTestId('logs-table');
  await expect(table.getByRole('columnheader', { name: 'Workday Modified' })).toBeVisible();
  await page.getByTestId('filter-table').click();
  await openDropdown(page).getByTitle('Attendance Check System Config', { exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('filter-search').click();
  const createdRow = table.locator('tr.ant-table-row', { hasText: ACCOUNT }).filter({ hasText: 'Created' });
  const updatedRow = table.locator('tr.ant-table-row', { hasText: 'Journey tester' });
  await expect(createdRow.first()).toBeVisible();
  await expect(updatedRow).toContainText('Updated');
  await expect(updatedRow).toContainText(staff.name);
  // Green Created, orange Updated (spec 002 §2).
  await expect(createdRow.first().getByText('Created', { exact: true })).toHaveCSS('color', 'rgb(35, 120, 4)');
  await expect(updatedRow.getByText('Updated', { exact: true })).toHaveCSS('color', 'rgb(173, 78, 0)');
  // Only updates: the created rows go.
  await page.getByTestId('filter-action').click();
  await openDropdown(page).getByTitle('Updated', { exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('filter-search').click();
  await expect(updatedRow).toBeVisible();
  await expect(table.locator('tr.ant-table-row').filter({ hasText: 'Created' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Connection History' }).click();
  await page.getByTestId('filter-text').fill('INVALID_KEY');
  await page.getByTestId('filter-search').click();
  const connections = page.getByTestId('connection-history-table');
  await expect(connections.locator('tr.ant-table-row').first()).toContainText('INVALID_KEY');
  await expect(connections.locator('tr.ant-table-row').first()).toContainText('refused');

  // Back on the tab (its filter kept for the session) the mapping is deleted after a confirmation.
  await page.goto('/employee/employee-management');
  await expect(mapping).toHaveCount(1);
  await mapping.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').filter({ hasText: A.deleteConfirm }).getByTestId('confirm-ok').click();
  await expect(page.getByText(A.deleted)).toBeVisible();
  await expect(mapping).toHaveCount(0);
});

test('an admin sends a staff member their timesheet summary and reads the mail in the Mail Outbox tab of Logs', async ({ page }) => {
  await signIn(page, 'admin');
  // "Send email" of the Timesheet page writes the mail to the outbox (no SMTP in the journeys, RULES.md §8).
  const period = (await apiGet<WorkPeriodRow[]>(page, SETTINGS_WORK_PERIODS_PATH)).data[0]!;
  const staff = (await apiGet<{ employeeId: number }>(page, '/tms/user/detail', { username: 'staff' })).data;
  const subject = E.emailSubject(period.name);
  expect((await apiSend(page, 'POST', TIMESHEET_EXPORT_PATHS.sendEmail(period.id), { employee_id: [staff.employeeId] })).status).toBe(200);
  await expect.poll(async () => (await apiGet<MailOutboxRow[]>(page, MAIL_OUTBOX_PATH, { text: subject })).page!.total_element, { timeout: 20_000 }).toBeGreaterThan(0);
  const mail = (await apiGet<MailOutboxRow[]>(page, MAIL_OUTBOX_PATH, { text: subject })).data[0]!;

  await page.goto('/logs');
  await page.getByRole('tab', { name: 'Mail Outbox' }).click();
  await page.getByTestId('filter-text').fill(subject);
  await page.getByTestId('filter-search').click();
  const row = page.getByTestId('mail-outbox-table').locator('tr.ant-table-row', { hasText: mail.to }).first();
  await expect(row).toContainText(subject);
  await expect(row).toContainText('outbox');
  await row.click();
  const drawer = page.getByTestId('mail-drawer');
  await expect(drawer).toContainText(mail.to);
  await expect(drawer.getByTestId('mail-text')).toContainText(mail.text.split('\n')[0]!);
});
