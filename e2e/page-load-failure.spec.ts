import { expect, test } from './fixtures.ts';
import { signIn } from './helpers.ts';

/**
 * A page whose code cannot be fetched (a dropped connection, or a new version installed while the tab was open) says
 * so in place of the page, in the reader's language, while the menus stay usable; moving to another page works, and
 * Reload brings the page once its code can be fetched again. Before, React unmounted the whole app: a blank screen.
 */
test('a page whose code cannot be fetched says so, keeps the menus, and reloads into the page', async ({ page }) => {
  let blocked = true;
  // On the context: the app's service worker fetches the built files (public/sw.js), and a page's own routes do not
  // see a service worker's requests.
  await page.context().route('**/assets/request-management-page-*.js', (route) => (blocked ? route.abort() : route.continue()));
  await signIn(page, 'staff');
  await page.goto('/timesheet');
  await expect(page.getByTestId('my-ts-tab')).toBeVisible();

  const toRequests = page.locator('a[href="/timesheet/request-management"]').first();
  await toRequests.click();
  const failed = page.getByTestId('page-failed');
  await expect(failed).toBeVisible();
  await expect(failed).toHaveAttribute('role', 'alert');
  await expect(failed.getByRole('heading')).toHaveText(/^(This page could not be loaded|Không tải được trang này)$/);
  await expect(page.getByTestId('notification-bell')).toBeVisible();

  // Another page works without a reload: the failure belongs to the page, not to the app.
  await page.locator('a[href="/timesheet"]').first().click();
  await expect(page.getByTestId('my-ts-tab')).toBeVisible();
  await expect(failed).toHaveCount(0);

  // Reload brings the page once its code can be fetched again.
  await toRequests.click();
  await expect(failed).toBeVisible();
  blocked = false;
  await page.getByTestId('page-failed-reload').click();
  await expect(page.getByTestId('request-table')).toBeVisible();
  await expect(failed).toHaveCount(0);
});
