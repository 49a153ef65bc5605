import { expect, test } from './fixtures.ts';
import { FLEXIBLE_STATUS_TEXT } from '@tms/contracts/overtime';
import type { FixedListRow, FlexibleListRow } from '@tms/contracts/overtime-list';
import { apiGet, expectNoSeriousA11yViolations, signIn } from './helpers.ts';

/**
 * The overtime list page (issue 11, spec 001 §2.4, §6) on the demo data: the Fixed / Flexible switch, the
 * fixed tag's staff table, a flexible row opening its detail page, Export to Excel waiting for both dates, and the
 * buttons by role. Independent of the time of day (only seeded past and future requests are read).
 */
const PAGE = '/timesheet/overtime-management';

test('the PM switches between both lists, opens the tag popover and a flexible detail', async ({ page }) => {
  await signIn(page, 'pm');
  await page.goto(PAGE);
  const fixed = (await apiGet<FixedListRow[]>(page, '/tms/overtime-request', { keyword: 'Release 2.4', size: 50 })).data[0]!;
  await expect(page.getByTestId('ot-fixed-table')).toBeVisible();
  await expect(page.getByTestId(`ot-status-${fixed.id}`)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'overtime list (fixed)');
  await expect(page.getByTestId('ot-export')).toBeDisabled();
  await expect(page.getByTestId('ot-import')).toHaveCount(0);
  await expect(page.getByTestId('ot-report')).toHaveCount(0);
  // The tag reads as spec 001 §4.5 says and opens the staff with their statuses.
  await expect(page.getByTestId(`ot-status-${fixed.id}`)).toHaveText('3/3 DONE');
  await page.getByTestId(`ot-status-${fixed.id}`).click();
  const staffTable = page.getByTestId(`ot-status-staff-${fixed.id}`);
  await expect(staffTable.getByText('APPROVED')).toBeVisible();
  await expect(staffTable.getByText('REJECTED')).toBeVisible();
  await expect(staffTable.getByText('WITHDRAWN')).toBeVisible();
  await page.keyboard.press('Escape');

  // Flexible: the staff name typed without diacritics finds the demo request; its row opens the detail page.
  await page.getByTestId('ot-kind').getByText('Flexible').click();
  await expect(page.getByTestId('ot-flexible-table')).toBeVisible();
  const flex = (await apiGet<FlexibleListRow[]>(page, '/tms/overtime-request/get-list-request-ot-flexible', { keyword: 'dang van son', size: 50 })).data;
  const demo = flex.find((r) => r.title === 'Demo flexible OT to confirm')!;
  // The flexible journey may already have moved it on (the journeys share one database): read its index, not a state.
  expect(demo.statusText).toBe(FLEXIBLE_STATUS_TEXT[demo.status]);
  await page.getByTestId('filter-keyword').fill('dang van son');
  await page.getByTestId('filter-search').click();
  await expect(page.getByTestId('ot-flexible-table').getByText('Demo flexible OT to confirm')).toBeVisible();
  await page.getByTestId(`ot-open-${demo.id}`).click();
  await expect(page).toHaveURL(new RegExp(`${PAGE}/${demo.id}$`));
});

test('HR has the report and the import; staff only their own type', async ({ page }) => {
  await signIn(page, 'hr');
  await page.goto(PAGE);
  await expect(page.getByTestId('ot-report')).toBeDisabled();
  await expect(page.getByTestId('ot-import')).toBeVisible();
  await page.getByTestId('ot-import').click();
  await expect(page.getByText('Import Overtime').last()).toBeVisible();
});

test('staff (flexible OT) sees their flexible list first, and the fixed OT they filed with their own row’s status, read-only', async ({ page }) => {
  await signIn(page, 'staff');
  await page.goto(PAGE);
  await expect(page.getByTestId('ot-flexible-table')).toBeVisible();
  await expect(page.getByTestId('ot-add')).toBeVisible();
  await expect(page.getByTestId('ot-flexible-table').getByText('Demo flexible OT to confirm')).toBeVisible();
  // Issue 26: the fixed list is theirs too — 'Release 2.4 deployment' (staff filed it; their row is approved).
  await page.getByTestId('ot-kind').getByText('Fixed', { exact: true }).click();
  const fixed = (await apiGet<FixedListRow[]>(page, '/tms/overtime-request', { keyword: 'Release 2.4', size: 50 })).data[0]!;
  await page.getByTestId('filter-keyword').fill('Release 2.4');
  await page.getByTestId('filter-search').click();
  await expect(page.getByTestId(`ot-status-${fixed.id}`)).toHaveText('APPROVED');
  await page.getByTestId(`ot-open-${fixed.id}`).click();
  const drawer = page.getByTestId('fixed-ot-drawer');
  await expect(drawer.getByTestId('fixed-ot-staff-staff')).toContainText('APPROVED');
  await expect(drawer.getByTestId('fixed-ot-approve-all')).toHaveCount(0);
  await expect(drawer.getByTestId('fixed-ot-row-approve')).toHaveCount(0);
});
