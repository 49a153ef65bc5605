import { expect, test } from './fixtures.ts';
import { DEMO_PASSWORD, expectNoSeriousA11yViolations, pickUserMenuItem, signIn } from './helpers.ts';

test.describe('sign-in', () => {
  test('a wrong password shows the server message, which clears on typing', async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('login-username').fill('hr');
    await page.getByTestId('login-password').fill('not-the-password');
    await page.getByTestId('login-submit').click();
    const alert = page.getByRole('alert').filter({ hasText: 'Username or password is incorrect' });
    await expect(alert).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await expect(alert).toBeHidden();
  });

  test('the login page has a favicon and no serious accessibility violation', async ({ page }) => {
    await page.goto('/login');
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(icon).toBe('/favicon.svg');
    const served = await page.request.get(icon!);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toContain('image/svg+xml');
    await expectNoSeriousA11yViolations(page, 'Login');
  });

  test('empty fields show the spec messages and send nothing', async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
  });

  test('an unauthenticated visit to a page goes to /login', async ({ page }) => {
    await page.goto('/leave-management/annual-leave');
    await expect(page).toHaveURL(/\/login$/);
  });
});

// RULES.md §2 pages by role: /timesheet (every role but GUEST) is the landing page; leads, HR and project managers
// (Project Leave) also see Leave Management; leads, HR, HRM and Admin the Report hub; HR, HRM and Admin the
// administration menus; a guest's Timesheet menu holds Request Management only, where they land.
type MenuExpectation = { username: string; leaveMenu: boolean; report: boolean; admin: boolean; landing: RegExp; updateLeave: boolean };
const MENU_BY_ROLE: MenuExpectation[] = [
  { username: 'admin', leaveMenu: true, report: true, admin: true, landing: /\/timesheet$/, updateLeave: true },
  { username: 'hr', leaveMenu: true, report: true, admin: true, landing: /\/timesheet$/, updateLeave: true },
  { username: 'hrm', leaveMenu: true, report: true, admin: true, landing: /\/timesheet$/, updateLeave: false },
  { username: 'dl', leaveMenu: true, report: true, admin: false, landing: /\/timesheet$/, updateLeave: false },
  { username: 'gl', leaveMenu: true, report: true, admin: false, landing: /\/timesheet$/, updateLeave: false },
  { username: 'pm', leaveMenu: true, report: false, admin: false, landing: /\/timesheet$/, updateLeave: false },
  { username: 'staff', leaveMenu: false, report: false, admin: false, landing: /\/timesheet$/, updateLeave: false },
  { username: 'guest', leaveMenu: false, report: false, admin: false, landing: /\/timesheet\/request-management$/, updateLeave: false },
];

for (const role of MENU_BY_ROLE) {
  test(`${role.username} signs in and sees only their menu`, async ({ page }) => {
    await signIn(page, role.username);
    const header = page.locator('header');
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await expect(header.getByText('Leave Management', { exact: true })).toHaveCount(role.leaveMenu ? 1 : 0);
    await expect(header.getByText('Timesheet', { exact: true })).toHaveCount(1);
    await expect(page).toHaveURL(role.landing);
    await expect(header.getByText('Report', { exact: true })).toHaveCount(role.report ? 1 : 0);
    for (const menu of ['Employee', 'Policy Settings', 'Configuration', 'Settings', 'Logs']) {
      await expect(header.getByText(menu, { exact: true })).toHaveCount(role.admin ? 1 : 0);
    }
    await page.getByTestId('user-menu').click();
    await expect(page.getByText('Log out', { exact: true })).toBeVisible();
    await expect(page.getByText('Update Leave', { exact: true })).toHaveCount(role.updateLeave ? 1 : 0);
  });
}

test('staff opening an HR-only path lands on /404', async ({ page }) => {
  await signIn(page, 'staff');
  await page.goto('/leave-management/annual-leave');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('Oops!')).toBeVisible();
  await expect(page.getByText('404 - PAGE NOT FOUND')).toBeVisible();
  await expect(page.getByRole('button', { name: 'GO TO HOMEPAGE' })).toBeVisible();
});

test('an unknown path lands on /404', async ({ page }) => {
  await signIn(page, 'hr');
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
});

test('log out ends the session', async ({ page }) => {
  await signIn(page, 'hr');
  await pickUserMenuItem(page, 'logout', /\/login$/);
  await page.goto('/leave-management/annual-leave');
  await expect(page).toHaveURL(/\/login$/);
});

test('a user changes their password and signs in with the new one', async ({ page }) => {
  await signIn(page, 'pm');
  await pickUserMenuItem(page, 'change-password', /\/change-password$/);
  await expectNoSeriousA11yViolations(page, 'Change Password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('New Password is required')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('New Password', { exact: true }).fill('Chang3d!pass');
  await page.getByLabel('Confirm Password', { exact: true }).fill('Chang3d!pass');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password changed successfully')).toBeVisible();
  await expect(page).not.toHaveURL(/\/change-password$/);

  // The old password no longer works; the new one does.
  await pickUserMenuItem(page, 'logout', /\/login$/);
  await page.getByTestId('login-username').fill('pm');
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Username or password is incorrect' })).toBeVisible();
  await signIn(page, 'pm', 'Chang3d!pass');
  // Put the demo password back for the other journeys.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('tms.session') ?? '{}').access_token as string);
  const res = await page.request.post('/api/auth/change-password', {
    headers: { authorization: `Bearer ${token}` },
    data: { password: 'Chang3d!pass', newPassword: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD },
  });
  expect(res.status()).toBe(200);
});
