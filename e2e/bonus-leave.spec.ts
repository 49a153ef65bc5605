import fs from 'node:fs';
import { expect, test, type Locator, type Page } from './fixtures.ts';
import ExcelJS from 'exceljs';
import {
  BONUS_LEAVE_IMPORT_COLUMNS as COLUMNS,
  BONUS_LEAVE_MESSAGES as M,
  BONUS_LEAVE_PATH,
  BONUS_LEAVE_RESULT_FILE,
} from '@tms/contracts/bonus-leave';
import { apiGet, dmy, expectNoSeriousA11yViolations, pickStaff, plusDays, serverToday, signIn } from './helpers.ts';

/**
 * Bonus Leave journeys (spec 000 §2 Bonus Leave, §4, §5, §8) on the demo company. Each journey picks its own staff
 * and reads the list total just before it acts, so the journeys do not depend on one another's order.
 */

const PAGE_PATH = '/leave-management/annual-leave';

type Employee = { id: number; user_name: string; name: string; division_name: { name: string } };
/**
 * Distinct staff who hold bonus leave in the demo data, by user name; `from` keeps each journey on its own people.
 * (The staff search itself answers only from 3 characters, like the screen.)
 */
async function someStaff(page: Page, from: number, count: number): Promise<Employee[]> {
  type Row = { employeeId: number; employee: { name: string; user_name: string; division_name: { name: string } } };
  const rows = (await apiGet<Row[]>(page, BONUS_LEAVE_PATH, { page: 1, size: 500 })).data;
  const byName = new Map<string, Employee>();
  for (const { employeeId, employee } of rows) byName.set(employee.user_name, { id: employeeId, ...employee });
  const people = [...byName.values()].filter((e) => e.user_name.length >= 3).sort((a, b) => a.user_name.localeCompare(b.user_name));
  expect(people.length, 'enough demo staff with bonus leave').toBeGreaterThanOrEqual(from + count);
  return people.slice(from, from + count);
}

async function listTotal(page: Page, query: Record<string, string | number> = {}): Promise<number> {
  return (await apiGet<unknown[]>(page, BONUS_LEAVE_PATH, { page: 1, size: 1, ...query })).page!.total_element;
}

async function openBonusLeave(page: Page, username: string) {
  await signIn(page, username);
  await page.goto(PAGE_PATH);
  // Annual Leave Overview is the first tab (spec 000 §2 order); Bonus Leave is opened by its tab.
  await page.getByRole('tab', { name: 'Bonus Leave' }).click();
  await expect(page.getByRole('tab', { name: 'Bonus Leave' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('bonus-leave-table')).toBeVisible();
}

/** The pager's 'x-y of n items' total as shown. */
async function shownTotal(page: Page): Promise<number> {
  const text = await page.getByText(/^\d+-\d+ of \d+ items$/).textContent();
  return Number(/of (\d+) items/.exec(text ?? '')?.[1]);
}

async function fillDate(field: Locator, iso: string) {
  await field.click();
  await field.fill(dmy(iso));
  await field.press('Enter');
}

function rowOf(page: Page, ...texts: string[]): Locator {
  let row = page.getByTestId('bonus-leave-table').locator('tbody tr.ant-table-row');
  for (const text of texts) row = row.filter({ hasText: text });
  return row;
}

async function writeImportFile(path: string, rows: (string | number)[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Bonus Leave');
  sheet.addRow([COLUMNS.username, COLUMNS.leaveHour, COLUMNS.description, COLUMNS.applyDate, COLUMNS.expireDate]);
  for (const row of rows) sheet.addRow(row);
  await workbook.xlsx.writeFile(path);
}

async function importFile(page: Page, path: string) {
  await page.getByTestId('bonus-leave-import').click();
  const dialog = page.getByRole('dialog', { name: 'Import File: Bonus Leave' });
  await expect(dialog).toBeVisible();
  await dialog.locator('input[type=file]').setInputFiles(path);
  await dialog.getByTestId('import-submit').click();
  return dialog;
}

test.describe('bonus leave', () => {
  test('HR adds bonus leave for two staff, edits one, reads its history and removes the other', async ({ page }) => {
    await openBonusLeave(page, 'hr');
    await expectNoSeriousA11yViolations(page, 'Bonus Leave');
    const [first, second] = await someStaff(page, 4, 2);
    const today = await serverToday(page);
    const note = `e2e grant ${Date.now()}`;

    await page.getByTestId('bonus-leave-add').click();
    const add = page.getByRole('dialog', { name: 'Add Bonus Leave' });
    await pickStaff(page, add.getByLabel('Staff'), first!);
    await pickStaff(page, add.getByLabel('Staff'), second!);
    await add.getByLabel('Leave Hour').fill('8');
    await fillDate(add.getByLabel('Date Applied'), today);
    await fillDate(add.getByLabel('Date Expired'), plusDays(today, 60));
    await add.getByLabel('Note').fill(note);
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(M.created)).toBeVisible();
    await expect(add).toBeHidden();

    const firstRow = rowOf(page, note, first!.user_name);
    const secondRow = rowOf(page, note, second!.user_name);
    await expect(firstRow).toHaveCount(1);
    await expect(secondRow).toHaveCount(1);
    await expect(firstRow).toContainText('8.00');
    await expect(firstRow).toContainText(dmy(today));

    await firstRow.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Bonus Leave' });
    await expect(edit.getByText(`${first!.name} - ${first!.user_name}`)).toBeVisible();
    await expect(edit.getByLabel('Staff')).toBeDisabled();
    // Hours with 2 decimals everywhere (issue 7 §8: the form showed 8.0).
    await expect(edit.getByLabel('Leave Hour')).toHaveValue('8.00');
    await edit.getByLabel('Leave Hour').fill('10');
    await edit.getByLabel('Note').fill(`${note} edited`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(M.updated)).toBeVisible();
    await expect(edit).toBeHidden();
    const editedRow = rowOf(page, `${note} edited`, first!.user_name);
    await expect(editedRow).toContainText('10.00');

    await editedRow.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'Bonus Leave History' });
    const entries = history.getByTestId('history-entry');
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText('Updated');
    await expect(entries.nth(1)).toContainText('Created');
    const detail = history.getByTestId('history-detail');
    await expect(detail.getByRole('row', { name: /Leave Hour/ }).getByRole('cell')).toHaveText(['Leave Hour', '8.00', '10.00']);
    await expect(detail.getByRole('row', { name: /Note/ }).getByRole('cell')).toHaveText(['Note', note, `${note} edited`]);
    await entries.nth(1).click();
    await expect(detail.getByRole('row', { name: /Leave Hour/ }).getByRole('cell')).toHaveText(['Leave Hour', '(empty)', '8.00']);
    await history.getByTestId('history-close').click();
    await expect(history).toBeHidden();

    await secondRow.getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('dialog', { name: 'Please Confirm' });
    await expect(confirm).toContainText(`Do you want to delete the bonus leave of ${second!.name}?`);
    await confirm.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText(M.deleted)).toBeVisible();
    await expect(secondRow).toHaveCount(0);
    await expect(rowOf(page, note, first!.user_name)).toHaveCount(1);
  });

  test('an import with a bad row downloads the error report and changes nothing', async ({ page }, testInfo) => {
    await openBonusLeave(page, 'hr');
    const [good, bad] = await someStaff(page, 12, 2);
    const today = await serverToday(page);
    const file = testInfo.outputPath('bonus-leave-bad.xlsx');
    await writeImportFile(file, [
      [good!.user_name, 8, 'e2e import good row', dmy(today), dmy(plusDays(today, 90))],
      [bad!.user_name, 250, 'e2e import bad row', dmy(today), dmy(plusDays(today, 90))],
    ]);
    const before = await listTotal(page);
    await expect.poll(() => shownTotal(page)).toBe(before);

    const downloading = page.waitForEvent('download');
    const dialog = await importFile(page, file);
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(BONUS_LEAVE_RESULT_FILE);

    const report = new ExcelJS.Workbook();
    await report.xlsx.readFile(await download.path());
    const sheet = report.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).map(String);
    const errorColumn = headers.indexOf('Error');
    expect(errorColumn, 'the report has an Error column').toBeGreaterThan(0);
    const errors = [2, 3].map((r) => String(sheet.getRow(r).getCell(errorColumn).value ?? ''));
    expect(errors[0]).toBe('');
    expect(errors[1]).toContain(M.leaveHourRange);

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('filter-reload').click();
    await expect.poll(() => shownTotal(page)).toBe(before);
    expect(await listTotal(page)).toBe(before);
  });

  test('a good import adds its rows', async ({ page }, testInfo) => {
    await openBonusLeave(page, 'hr');
    const people = await someStaff(page, 20, 3);
    const today = await serverToday(page);
    const file = testInfo.outputPath('bonus-leave-good.xlsx');
    await writeImportFile(
      file,
      people.map((p, i) => [p.user_name, 4 + i, `e2e import ${i}`, dmy(plusDays(today, 1)), dmy(plusDays(today, 120))]),
    );
    const before = await listTotal(page);
    await expect.poll(() => shownTotal(page)).toBe(before);

    const dialog = await importFile(page, file);
    await expect(page.getByText(M.imported)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect.poll(() => shownTotal(page)).toBe(before + people.length);
    await expect(rowOf(page, 'e2e import 0', people[0]!.user_name)).toHaveCount(1);
  });

  test('a corrupt workbook gets the server’s message in the dialog, which stays open', async ({ page }, testInfo) => {
    await openBonusLeave(page, 'hr');
    const file = testInfo.outputPath('bonus-leave-corrupt.xlsx');
    // Zip magic bytes (so the client's extension and size checks pass) and then nothing a workbook has.
    fs.writeFileSync(file, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(2048, 7)]));
    const dialog = await importFile(page, file);
    await expect(dialog.getByTestId('import-server-error')).toHaveText('File is wrong format');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('the form shows the spec texts and sends nothing while a rule fails', async ({ page }) => {
    await openBonusLeave(page, 'hr');
    const before = await listTotal(page);
    await page.getByTestId('bonus-leave-add').click();
    const add = page.getByRole('dialog', { name: 'Add Bonus Leave' });
    await add.getByRole('button', { name: 'Save' }).click();
    for (const message of [M.staffRequired, M.leaveHourRequired, M.applyDateRequired, M.expireDateRequired]) {
      await expect(add.getByText(message, { exact: true })).toBeVisible();
    }

    const hours = add.getByLabel('Leave Hour');
    await hours.fill('250');
    await expect(add.getByText(M.leaveHourRange, { exact: true })).toBeVisible();
    await hours.fill('1.555');
    await expect(add.getByText(M.leaveHourDecimals.trim(), { exact: true })).toBeVisible();
    // Letters typed over a number are judged as typed, not as the number before them (issue 26 #10).
    await hours.fill('abc');
    await expect(add.getByText(M.leaveHourInvalid, { exact: true })).toBeVisible();
    await expect(add.getByText(M.leaveHourDecimals.trim(), { exact: true })).toBeHidden();
    await hours.fill('1.5');
    await expect(add.getByText(M.leaveHourDecimals.trim(), { exact: true })).toBeHidden();

    // Dates typed in the wrong order stay as typed and the rule names the problem.
    const today = await serverToday(page);
    await fillDate(add.getByLabel('Date Applied'), plusDays(today, 10));
    await fillDate(add.getByLabel('Date Expired'), plusDays(today, 5));
    await expect(add.getByLabel('Date Expired')).toHaveValue(dmy(plusDays(today, 5)));
    await expect(add.getByText(M.applyAfterExpire, { exact: true })).toBeVisible();

    await add.getByRole('button', { name: 'Cancel' }).click();
    await expect(add).toBeHidden();
    expect(await listTotal(page)).toBe(before);
  });

  test('the filter bar narrows the list by staff and by date applied', async ({ page }) => {
    await openBonusLeave(page, 'hr');
    const [person] = await someStaff(page, 0, 1);
    const filters = page.getByRole('search');

    await pickStaff(page, filters.getByLabel('Staff'), person!);
    await page.keyboard.press('Escape');
    await filters.getByTestId('filter-search').click();
    const expected = await listTotal(page, { employee: person!.id });
    await expect.poll(() => shownTotal(page)).toBe(expected);
    const rows = page.getByTestId('bonus-leave-table').locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(Math.min(expected, 10));
    await expect(rows.filter({ hasNotText: person!.user_name })).toHaveCount(0);

    await filters.getByTestId('filter-reload').click();
    await expect.poll(() => shownTotal(page)).toBe(await listTotal(page));

    // A range that ends before any grant of the demo data (all applied within the last two years) finds nothing.
    const from = filters.getByLabel('Date Applied');
    const to = filters.locator('.ant-picker-range', { has: page.getByLabel('Date Applied') }).getByRole('textbox', { name: 'End date' });
    await from.click();
    await from.fill('01/01/2000');
    await to.click();
    await to.fill('31/12/2000');
    await to.press('Enter');
    await filters.getByTestId('filter-search').click();
    await expect(page.getByTestId('bonus-leave-table').locator('.ant-empty')).toBeVisible();
    await expect(rows).toHaveCount(0);
  });

  test('a division lead sees only their division’s rows, read-only', async ({ page }) => {
    await openBonusLeave(page, 'dl');
    const { name } = (await apiGet<{ name: string }>(page, '/tms/user/detail', { username: 'dl' })).data;
    const self = (await apiGet<Employee[]>(page, '/tms/filters/employee', { filter: name, size: 500 })).data.find((e) => e.user_name === 'dl');
    expect(self).toBeDefined();
    const division = self!.division_name.name;

    await expect(page.getByTestId('bonus-leave-add')).toHaveCount(0);
    await expect(page.getByTestId('bonus-leave-import')).toHaveCount(0);
    const rows = page.getByTestId('bonus-leave-table').locator('tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    const count = await rows.count();
    for (let i = 0; i < count; i++) {
      await expect(rows.nth(i).getByRole('cell').nth(3)).toHaveText(division);
    }
    // Spec 000 §4: row actions, History included, only for HR, HRM and Admin; the server refuses the history too.
    await expect(rows.getByRole('button', { name: 'History' })).toHaveCount(0);
    await expect(page.getByTestId('bonus-leave-table').getByRole('columnheader', { name: 'Action' })).toHaveCount(0);
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('tms.session') ?? '{}').access_token as string);
    const someRow = (await apiGet<{ id: number }[]>(page, BONUS_LEAVE_PATH, { page: 1, size: 1 })).data[0]!;
    const history = await page.request.get(`/api${BONUS_LEAVE_PATH}/history`, { params: { id: someRow.id }, headers: { Authorization: `Bearer ${token}` } });
    expect(history.status()).toBe(403);
    await expect(rows.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(rows.getByRole('button', { name: 'Remove' })).toHaveCount(0);
    expect(await shownTotal(page)).toBe(await listTotal(page));
  });
});
