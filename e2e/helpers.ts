import { expect, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Passw0rd!';

/** Signs in through the login form, as a person would, and waits to leave /login. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).not.toHaveURL(/\/login$/);
}

export type Envelope<T> = { code: number; message: string; data: T; page?: { total_element: number } };

async function sessionToken(page: Page): Promise<string> {
  return page.evaluate(() => (JSON.parse(localStorage.getItem('tms.session') ?? '{}') as { access_token?: string }).access_token ?? '');
}

/** GET an API path with the session the browser signed in with (spec 000 §7: bearer token of the stored session). */
export async function apiGet<T>(page: Page, path: string, params: Record<string, string | number> = {}): Promise<Envelope<T>> {
  const response = await page.request.get(`/api${path}`, { params, headers: { Authorization: `Bearer ${await sessionToken(page)}` } });
  expect(response.ok(), `${path} answers ${response.status()} ${response.ok() ? '' : await response.text()}`).toBe(true);
  return (await response.json()) as Envelope<T>;
}

/** PUT/POST JSON with the browser's session; returns status and body without asserting. */
export async function apiSend<T>(page: Page, method: 'POST' | 'PUT', path: string, data: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Envelope<T> }> {
  const response = await page.request.fetch(`/api${path}`, { method, data, headers: { Authorization: `Bearer ${await sessionToken(page)}`, ...headers } });
  return { status: response.status(), body: (await response.json()) as Envelope<T> };
}

/** The server's today as YYYY-MM-DD (company time zone), so dates never depend on the browser's zone. */
export async function serverToday(page: Page): Promise<string> {
  return (await apiGet<{ today: string }>(page, '/tms/filters/get-time')).data.today;
}

export function plusDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** Types 3+ characters into a remote staff search and picks the person (spec 000 §2: remote search, debounced 1 s). */
export async function pickStaff(page: Page, field: Locator, person: { name: string; user_name: string }) {
  await field.click();
  await field.fill('');
  await field.pressSequentially(person.user_name);
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText(`${person.name} - ${person.user_name}`, { exact: true });
  await option.click();
}
