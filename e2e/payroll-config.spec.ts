import { expect, test, type Page } from './fixtures.ts';
import ExcelJS from 'exceljs';
import { apiGet, apiSend, serverToday, signIn } from './helpers.ts';

/**
 * Payroll Configuration (spec 002 "Payroll Configuration"; RULES.md §6; issue 11): HR saves without edits ('Update
 * Fail'), types a letter ('Value is not a number'), raises coefficient_workday 150 → 160, runs Recalculate Salary and
 * waits for it, and the OT report of the last ended payroll period shows the pay hours of a workday-only row changed
 * by 160/150. Then 150 is restored and recalculated (other journeys read the defaults).
 */
type Period = { from_date: string; to_date: string };
type Table = { id: number; table_code: string; table_config: { key: string; value: number }[]; version: number };
type ReportRow = Record<string, unknown>;

const WORKDAY = 'Workday (h)';
const SHIFT_HEADERS = ['Night workday (h)', 'Night workday after daytime OT (h)', 'Day off (h)', 'Night day off (h)', 'Holiday (h)', 'Night holiday (h)'];

async function lastEndedPeriod(page: Page): Promise<Period> {
  const today = await serverToday(page);
  const periods = (await apiGet<Period[]>(page, '/tms/filters/periods')).data.filter((p) => p.to_date < today);
  periods.sort((a, b) => (a.to_date < b.to_date ? 1 : -1));
  expect(periods.length, 'an ended payroll period').toBeGreaterThan(0);
  return periods[0]!;
}

async function report(page: Page, period: Period): Promise<ReportRow[]> {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('tms.session') ?? '{}') as { access_token?: string }).access_token ?? '');
  const res = await page.request.get('/api/tms/excel/report-ot', { params: { fromDate: period.from_date, toDate: period.to_date }, headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), 'report-ot answers 200 (the demo has approved OT in the last ended period)').toBe(200);
  expect(res.headers()['content-disposition']).toContain(`Report_OT_${period.from_date}-${period.to_date}.xlsx`);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await res.body()) as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const headers = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: ReportRow[] = [];
  for (let i = 2; i <= ws.rowCount; i++) {
    const values = (ws.getRow(i).values as unknown[]).slice(1);
    rows.push(Object.fromEntries(headers.map((h, k) => [h, values[k]])));
  }
  return rows;
}

const keyOf = (r: ReportRow) => `${String(r['Staff ID'])}|${String(r['OT Date'])}|${String(r['Start'])}`;
const workdayOnly = (r: ReportRow) => Number(r[WORKDAY]) > 0 && SHIFT_HEADERS.every((h) => Number(r[h] ?? 0) === 0) && r['Paid By Offset Day'] === 'No' && Number(r['OT Pay Hours']) > 0;

async function setWorkday(page: Page, value: number) {
  const tables = (await apiGet<Table[]>(page, '/payroll/config-table/all')).data;
  const ot = tables.find((t) => t.table_code === 'payroll_overtime')!;
  if (ot.table_config.find((c) => c.key === 'coefficient_workday')!.value === value) return;
  const res = await apiSend(page, 'POST', '/payroll/config-table/update', [{ id: ot.id, table_config: [{ key: 'coefficient_workday', value }] }]);
  expect(res.body.code).toBe(0);
}

async function recalculate(page: Page) {
  await page.getByTestId('recalculate-salary').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('recalculate-salary-progress')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(page.getByText('Recalculate Salary finished').first()).toBeVisible();
}

test('HR edits the OT coefficients, Recalculate Salary changes the OT report, and the defaults come back', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'hr');
  const period = await lastEndedPeriod(page);
  await setWorkday(page, 150);
  const before = await report(page, period);
  const candidates = before.filter(workdayOnly);
  expect(candidates.length, 'a workday-only approved OT row in the last ended period').toBeGreaterThan(0);

  await page.goto('/configuration');
  const workday = page.getByTestId('payroll-coefficient_workday');
  await expect(workday).toHaveValue('150');

  // Save without edits → 'Update Fail'.
  await page.getByTestId('payroll-config-save').click();
  await expect(page.getByText('Update Fail').first()).toBeVisible();

  // A letter → 'Value is not a number'.
  await workday.fill('15a');
  await page.getByTestId('payroll-config-save').click();
  await expect(page.getByText('Value is not a number').first()).toBeVisible();

  // 150 → 160, saved.
  await workday.fill('160');
  await page.getByTestId('payroll-config-save').click();
  await expect(page.getByText('Update successfully').first()).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('payroll-coefficient_workday')).toHaveValue('160');

  try {
    await recalculate(page);
    const after = new Map((await report(page, period)).map((r) => [keyOf(r), r]));
    for (const row of candidates) {
      const changed = after.get(keyOf(row));
      expect(changed, `row ${keyOf(row)} still in the report`).toBeTruthy();
      const final = Number(row['Final Total (h)']);
      expect(Number(row['OT Pay Hours'])).toBeCloseTo((final * 150) / 100, 2);
      expect(Number(changed!['OT Pay Hours'])).toBeCloseTo((final * 160) / 100, 2);
      expect(Number(changed!['OT Pay Hours']) / Number(row['OT Pay Hours'])).toBeCloseTo(160 / 150, 2);
      // The taxable part stays 100 %: hours without tax follow the coefficient too.
      expect(Number(changed!['OT Without Tax (h)'])).toBeCloseTo((final * 60) / 100, 2);
    }
  } finally {
    // Restore the default and recompute, through the page.
    await page.getByTestId('payroll-coefficient_workday').fill('150');
    await page.getByTestId('payroll-config-save').click();
    await expect(page.getByText('Update successfully').first()).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('payroll-coefficient_workday')).toHaveValue('150');
    await recalculate(page);
  }
  const restored = new Map((await report(page, period)).map((r) => [keyOf(r), r]));
  for (const row of candidates) expect(Number(restored.get(keyOf(row))!['OT Pay Hours'])).toBeCloseTo(Number(row['OT Pay Hours']), 2);
});

test('the page is for HR, HRM and ADMIN: staff lands on /404', async ({ page }) => {
  await signIn(page, 'staff');
  await page.goto('/configuration');
  await expect(page).toHaveURL(/\/404$/);
});
