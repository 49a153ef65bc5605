import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Passw0rd!';

/** Signs in through the login form, as a person would, and waits to leave /login. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).not.toHaveURL(/\/login$/);
}
