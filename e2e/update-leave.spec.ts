import { expect, test } from './fixtures.ts';
import { signIn } from './helpers.ts';

/**
 * Update Leave (spec 000 §2 user menu, spec 002 §2, RULES.md §2: HR and Admin): a staff member has no menu item and
 * cannot open the page. HR's run with its progress bar is part of the leave accrual journey (leave-accrual.spec.ts).
 */

test('staff opening /update-leave lands on /404', async ({ page }) => {
  await signIn(page, 'staff');
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('user-menu-update-leave')).toHaveCount(0);
  await page.goto('/update-leave');
  await expect(page).toHaveURL(/\/404$/);
});
