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

/**
 * The app's own code (the chunk behind the login page, or the login page's) that cannot be fetched: a message in place
 * of the app with Reload, where React Router showed its screen for developers ("Unexpected Application Error!") with
 * the file's address. Reload brings the app once its code can be fetched again.
 */
test("the app's or the login page's code that cannot be fetched says so, and Reload brings it back", async ({ page }) => {
  let blocked = 'login-page';
  await page.context().route(/\/assets\/(login-page|app-routes)-[^/]*\.js$/, (route) => (route.request().url().includes(`/${blocked}-`) ? route.abort() : route.continue()));
  const failed = page.getByTestId('app-failed');

  await page.goto('/login');
  await expect(failed).toBeVisible();
  await expect(failed.getByRole('heading', { level: 1 })).toHaveText(/^(TMS could not be loaded|Không tải được TMS)$/);
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
  blocked = 'app-routes';
  await page.getByTestId('app-failed-reload').click();
  await expect(page.getByTestId('login-username')).toBeVisible();

  // Signed in, the app's own chunk fails: the same message, not a blank or developer screen.
  await signIn(page, 'staff');
  await expect(failed).toBeVisible();
  await expect(page.getByTestId('my-ts-tab')).toHaveCount(0);
  blocked = 'none';
  await page.getByTestId('app-failed-reload').click();
  await expect(page.getByTestId('my-ts-tab')).toBeVisible();
  await expect(failed).toHaveCount(0);
});
