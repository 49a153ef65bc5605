import { expect, test, type Page } from './fixtures.ts';
import ExcelJS from 'exceljs';
import { FLEXIBLE_STATUS_TEXT, OVERTIME_MESSAGES as M } from '@tms/contracts/overtime';
import { round2, type FlexibleDetail } from '@tms/contracts/overtime-flexible';
import type { FlexibleListRow } from '@tms/contracts/overtime-list';
import { coefficientKey, OT_REPORT_COLUMNS as C, OT_SHIFT_LABELS, taxCoefficientKey, type OtShiftKey, type PayrollConfigTable } from '@tms/contracts/overtime-pay';
import { apiGet, dmy, expectNoSeriousA11yViolations, pickInField, plusDays, serverToday, signIn, signOut } from './helpers.ts';

/**
 * Flexible overtime (spec 001 §2.4, §4.6, §5.6; RULES.md §6), the journey on a real clock: `staff` (flexible
 * in the demo) files OT for the next weekday evening from Add New and `pm` approves it (index 1). The seeded request
 * "Demo flexible OT to confirm" of `staff` — approved by the PM, its window past, with punches — is confirmed by `pm`
 * lower than the actual with a reason (→ 3), then approved by the manager of `staff` (`gl`, → 5); `hr` exports the OT
 * report for that date from the list, and its row shows the pay hours and the tax-free part computed from the
 * coefficients of `GET /api/payroll/config-table/all`. Nothing depends on today's weekday or time of day.
 */
const PAGE = '/timesheet/overtime-management';
const LIST = '/tms/overtime-request/get-list-request-ot-flexible';
const DETAIL = '/tms/overtime-request/detail-ot-flexible';
const isWeekday = (iso: string) => ![0, 6].includes(new Date(`${iso}T00:00:00Z`).getUTCDay());

const notice = (page: Page, text: string) => page.locator('.ant-message-notice, .ant-notification-notice').getByText(text, { exact: true });
const statusTag = (page: Page) => page.getByTestId('flexible-info').getByTestId('flexible-status');

async function pickTime(page: Page, label: string, value: string) {
  const field = page.getByTestId('flexible-ot-form').getByLabel(label);
  await field.click();
  await field.fill(value);
  await field.press('Enter');
}

async function approveOnPage(page: Page, id: number, expected: string) {
  await page.goto(`${PAGE}/${id}`);
  await expect(page.getByTestId('flexible-approve')).toBeEnabled();
  await page.getByTestId('flexible-approve').click();
  await page.getByTestId('confirm-ok').click();
  await expect(notice(page, M.updateStatusSuccess)).toBeVisible();
  await expect(statusTag(page)).toHaveText(expected);
}

test('flexible OT: filed and PM-approved; a past one confirmed lower with a reason, manager-approved, and in the OT report', async ({ page }) => {
  test.setTimeout(180_000);
  const title = `Flexible OT evening ${Date.now()}`;

  // 1. staff files OT for the next weekday evening from Add New.
  await signIn(page, 'staff');
  const today = await serverToday(page);
  let day = plusDays(today, 1);
  while (!isWeekday(day)) day = plusDays(day, 1);
  await page.goto(PAGE);
  await page.getByTestId('ot-add').click();
  const form = page.getByTestId('flexible-ot-form');
  await page.getByTestId('flexible-ot-save').click();
  await expect(form.getByText(M.titleRequired, { exact: true })).toBeVisible();
  await form.getByTestId('flexible-ot-title').fill(title);
  await pickInField(page, form, 'Project', /PRJ-ATLAS - /);
  const date = form.getByLabel('OT Date');
  await date.click();
  await date.fill(dmy(day));
  await date.press('Enter');
  await pickTime(page, 'Start time', '21:07');
  await pickTime(page, 'End time', '00:53');
  await expect(form.getByTestId('flexible-ot-overnight')).toBeVisible();
  await page.getByTestId('flexible-ot-save').click();
  await expect(notice(page, 'Success')).toBeVisible();
  await expect(form).toBeHidden();
  const filed = (await apiGet<FlexibleListRow[]>(page, LIST, { keyword: title })).data.find((r) => r.title === title);
  expect(filed, 'the new request is listed').toBeTruthy();
  const mine = (await apiGet<FlexibleDetail>(page, DETAIL, { id: filed!.id })).data;
  expect(mine).toMatchObject({ statusStored: 0, overtimeDate: dmy(day), startTime: '21:07', endTime: '00:53', pms: [{ username: 'pm' }] });
  await signOut(page);

  // 2. pm approves it from the detail page (index 1).
  await signIn(page, 'pm');
  await approveOnPage(page, filed!.id, FLEXIBLE_STATUS_TEXT[1]!);

  // 3. pm confirms the seeded past request lower than the actual, with a reason (→ 3, assigned to the manager).
  const seeded = (await apiGet<FlexibleListRow[]>(page, LIST, { keyword: 'Demo flexible OT to confirm' })).data.find((r) => r.title.startsWith('Demo flexible OT to confirm'));
  expect(seeded, 'the demo seeds "Demo flexible OT to confirm"').toBeTruthy();
  const before = (await apiGet<FlexibleDetail>(page, DETAIL, { id: seeded!.id })).data;
  expect(before.statusStored).toBe(1);
  expect(before.actions.confirm, 'its window has passed and it has OT pay').toBe(true);
  const line = before.overtimePayDetail.details[0]!;
  expect(line.duration_actual).toBeGreaterThan(0.5);
  const lower = round2(line.duration_actual - 0.5);
  await page.goto(`${PAGE}/${seeded!.id}`);
  await expect(page.getByTestId('flexible-pay-table')).toContainText(OT_SHIFT_LABELS[line.shift as OtShiftKey]);
  await expect(page.getByTestId('flexible-actual')).toContainText(before.startTime);
  await expectNoSeriousA11yViolations(page, 'the flexible overtime detail page');
  await page.getByTestId('flexible-confirm').click();
  const value = page.getByTestId(`flexible-confirm-value-${line.shift}`);
  await value.fill(String(line.duration_actual + 1));
  await page.getByTestId('flexible-confirm-save').click();
  await expect(page.getByTestId(`flexible-confirm-error-${line.shift}`)).toHaveText(M.confirmTooHigh(line.duration_actual.toFixed(2)));
  await value.fill(String(lower));
  await page.getByTestId(`flexible-confirm-reason-${line.shift}`).fill('Left half an hour early');
  await page.getByTestId('flexible-confirm-save').click();
  await expect(notice(page, M.updateStatusSuccess)).toBeVisible();
  await expect(statusTag(page)).toHaveText(FLEXIBLE_STATUS_TEXT[3]!);
  await expect(page.getByTestId('flexible-confirm')).toHaveText('Edit confirmation');
  await expect(page.getByTestId('flexible-pay-table')).toContainText('Left half an hour early');
  await signOut(page);

  // 4. The manager of staff (gl) approves (→ 5).
  await signIn(page, 'gl');
  await approveOnPage(page, seeded!.id, FLEXIBLE_STATUS_TEXT[5]!);
  await signOut(page);

  // 5. hr exports the OT report for that date: pay hours and the tax-free part from the coefficients.
  await signIn(page, 'hr');
  const approved = (await apiGet<FlexibleDetail>(page, DETAIL, { id: seeded!.id })).data;
  const tables = (await apiGet<PayrollConfigTable[]>(page, '/payroll/config-table/all')).data;
  const coefficients = new Map(tables.flatMap((tb) => tb.table_config.map((e) => [e.key, e.value] as const)));
  let pay = 0;
  let taxFree = 0;
  let final = 0;
  for (const l of approved.overtimePayDetail.details) {
    const hours = l.duration_confirm ?? l.duration_actual;
    const coefficient = coefficients.get(coefficientKey(l.shift as OtShiftKey))!;
    const tax = coefficients.get(taxCoefficientKey(l.shift as OtShiftKey))!;
    expect(coefficient, `coefficient of ${l.shift}`).toBeGreaterThan(0);
    final += hours;
    pay += (hours * coefficient) / 100;
    taxFree += (hours * (coefficient - tax)) / 100;
  }
  expect(round2(final)).toBe(round2(approved.overtimePayDetail.details.reduce((a, l) => a + (l.duration_confirm ?? l.duration_actual), 0)));

  await page.goto(PAGE);
  const from = page.getByLabel('OT Date', { exact: true });
  const to = page.locator('.ant-picker-range', { has: from }).getByRole('textbox', { name: 'End date' });
  await from.click();
  await from.fill(dmy(approved.otDate));
  await to.click();
  await to.fill(dmy(approved.otDate));
  await to.press('Enter');
  await page.getByTestId('filter-search').click();
  await expect(page.getByTestId('ot-report')).toBeEnabled();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('ot-report').click()]);
  expect(download.suggestedFilename()).toBe(`Report_OT_${approved.otDate}-${approved.otDate}.xlsx`);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const ws = wb.worksheets[0]!;
  const headers = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, unknown>[] = [];
  for (let i = 2; i <= ws.rowCount; i++) {
    const v = (ws.getRow(i).values as unknown[]).slice(1);
    rows.push(Object.fromEntries(headers.map((h, k) => [h, v[k]])));
  }
  const row = rows.find((r) => r[C.staffId] === 'staff' && r[C.kind] === 'Flexible' && String(r[C.start]).includes(approved.startTime));
  expect(row, `the report has the approved flexible OT of staff (${JSON.stringify(rows.map((r) => [r[C.staffId], r[C.kind], r[C.start]]))})`).toBeTruthy();
  expect(Number(row![C.finalTotal])).toBeCloseTo(round2(final), 2);
  expect(Number(row![C.payHours])).toBeCloseTo(round2(pay), 2);
  expect(Number(row![C.nonTaxHours])).toBeCloseTo(round2(taxFree), 2);
});
