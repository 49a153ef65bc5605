import { expect, type Locator, type Page } from '@playwright/test';
import type { RequestRecord } from '@tms/contracts/requests';
import fs from 'node:fs';
import { createRequire } from 'node:module';

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

/** PUT/POST JSON (or DELETE) with the browser's session; returns status and body without asserting. */
export async function apiSend<T>(page: Page, method: 'POST' | 'PUT' | 'DELETE', path: string, data: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Envelope<T> }> {
  const response = await page.request.fetch(`/api${path}`, { method, data, headers: { Authorization: `Bearer ${await sessionToken(page)}`, ...headers } });
  return { status: response.status(), body: (await response.json()) as Envelope<T> };
}

/** The server's today as YYYY-MM-DD (company time zone), so dates never depend on the browser's zone. */
export async function serverToday(page: Page): Promise<string> {
  return (await apiGet<{ today: string }>(page, '/tms/filters/get-time')).data.today;
}

/** The server's business now (on another date when the run sets E2E_NOW): what a journey's own punches are timed by. */
export async function serverNow(page: Page): Promise<Date> {
  return new Date((await apiGet<{ dateTimeNow: string }>(page, '/tms/filters/get-time')).data.dateTimeNow);
}

export function plusDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * A working day within the next two weeks, after the lock date, that the signed-in user's pending or approved requests
 * leave free: the latest such day, so a journey's leave never meets the demo's own (the journeys run on any date).
 */
export async function freeLeaveDate(page: Page): Promise<string> {
  const today = await serverToday(page);
  const lock = (await apiGet<{ data: string | null }>(page, '/tms/timesheets/get-end-date-of-last-approved-timesheet')).data.data ?? '1900-01-01';
  const mine = (await apiGet<RequestRecord[]>(page, '/tms/request-management', { status: '1,3,4,5,10', size: 100 })).data;
  const taken = new Set(mine.flatMap((r) => (r.status === 1 || r.status === 3 ? r.request_dates.map((d) => d.request_date) : [])));
  const weekday = (iso: string) => ![0, 6].includes(new Date(`${iso}T00:00:00Z`).getUTCDay());
  let date = '';
  for (let d = plusDays(today, 14); d > lock && !date; d = plusDays(d, -1)) if (weekday(d) && !taken.has(d)) date = d;
  expect(date, 'a free working day after the lock date').not.toBe('');
  return date;
}

export const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * Opens My Timesheet on the payroll period named `periodName` (e.g. 'T11-2026'). The page opens today's period, so a
 * journey about a day of another period — the days before the 26th belong to the previous one — must choose it.
 */
export async function openMyTimesheetPeriod(page: Page, periodName: string) {
  await page.goto('/timesheet');
  const myTab = page.getByRole('tab', { name: 'My Timesheet' });
  if (await myTab.isVisible()) await myTab.click();
  const select = page.getByTestId('my-ts-period');
  await expect(select).toBeVisible();
  await expect(page.getByTestId('my-ts-view').or(page.getByTestId('my-ts-empty'))).toBeVisible();
  if (!(await select.textContent())?.includes(periodName)) {
    await select.click();
    await openDropdown(page).getByText(periodName).first().click();
  }
  await expect(select).toContainText(periodName);
}

/** Chooses a payroll period by name in a filter bar's period select (`filter-timesheetId`; it opens on today's). */
export async function chooseFilterPeriod(page: Page, periodName: string) {
  const select = page.getByTestId('filter-timesheetId');
  await select.click();
  await openDropdown(page).getByText(periodName).first().click();
  await expect(select).toContainText(periodName);
}

/**
 * Opens My Timesheet until the day `date` shows `text`. A punch's day is recalculated after the intake's commit, by the
 * job drain: on a busy run the page can open before it, and a loaded page does not refetch by itself, so the journey
 * reopens it as a user would.
 */
export async function openMyTimesheetUntilDayShows(page: Page, date: string, text: string) {
  await expect(async () => {
    await page.goto('/timesheet');
    await expect(page.getByTestId(`my-ts-day-${date}`)).toContainText(text, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** The select dropdown now open (antd keeps closed ones in the page, hidden). */
export const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

/**
 * Picks an option of an antd Select until `shows` holds `text`: a pick made while the dropdown is still opening (or a
 * date panel closing, or the form settling) can be lost, and the form then saves its default or answers "… is
 * required" (seen in full runs). `open` opens the dropdown (and types a search); `option` finds the choice in it.
 */
export async function pickUntilShown(page: Page, p: { open: () => Promise<unknown>; option: (dropdown: Locator) => Locator; shows: Locator; text: string | RegExp }) {
  await expect(async () => {
    if ((await openDropdown(page).count()) === 0) await p.open();
    await p.option(openDropdown(page)).first().click({ timeout: 3_000 });
    await expect(p.shows).toContainText(p.text, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** Opens a select and picks the option titled `title`, until the select shows it (pickUntilShown). */
export async function chooseOption(page: Page, select: Locator, title: string) {
  await pickUntilShown(page, { open: () => select.click({ timeout: 3_000 }), option: (d) => d.getByTitle(title, { exact: true }), shows: select, text: title });
}

/**
 * Picks `option` in the select labelled `label` inside `scope` (a form), until its form item shows it (pickUntilShown);
 * `search` is typed first when the select searches. Options are found by their title: by text, antd's hidden copy of
 * the options for screen readers matches too.
 */
export async function pickInField(page: Page, scope: Locator, label: string, option: string | RegExp, search?: string) {
  const input = scope.getByLabel(label, { exact: true });
  await pickUntilShown(page, {
    open: async () => {
      await input.click({ timeout: 3_000 });
      if (search !== undefined) await input.fill(search);
    },
    option: (d) => d.getByTitle(option, { exact: typeof option === 'string' }),
    shows: scope.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) }),
    text: option,
  });
}

/** Types 3+ characters into a remote staff search and picks the person (spec 000 §2: remote search, debounced 1 s). */
export async function pickStaff(page: Page, field: Locator, person: { name: string; user_name: string }) {
  await field.click();
  await field.fill('');
  await field.pressSequentially(person.user_name);
  const option = openDropdown(page).getByText(`${person.name} - ${person.user_name}`, { exact: true });
  await option.click();
}

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: unknown[]; html: string; failureSummary?: string }[] };
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core on the page as it is: by default every rule it has (WCAG 2 A/AA and best practices), or the rules
 * `runOnly` names. Evaluated through the DevTools protocol, not as a <script> tag: the app's Content-Security-Policy
 * (script-src 'self') rightly refuses inline scripts, and the journeys keep that policy on.
 */
export async function axeViolations(page: Page, runOnly?: string[]): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (rules) => {
    type Result = { violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; html: string; failureSummary?: string }[] }[] };
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<Result> } }).axe;
    const { violations } = await axe.run(document, rules ? { runOnly: rules, resultTypes: ['violations'] } : { resultTypes: ['violations'] });
    return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, failureSummary: n.failureSummary })) }));
  }, runOnly);
}

/** The serious and critical violations of the page as it is. */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  return (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * Waits until the app has no request in flight (fixtures.ts counts them) and React has painted what they brought: the
 * wait for a page's data that also holds after a move inside the app, unlike 'networkidle'.
 */
export async function requestsSettled(page: Page) {
  await page.waitForFunction(() => (window as unknown as { __tmsFetches?: { inFlight: number } }).__tmsFetches?.inFlight === 0, undefined, { timeout: 15_000 });
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * Fails on any serious or critical axe-core violation of the page as it is, naming the rule and the elements. Waits
 * for the page's requests to end first (antd has no motion to wait for: the journeys ask for reduced motion).
 */
export async function expectNoSeriousA11yViolations(page: Page, screen: string) {
  await page.waitForLoadState('networkidle');
  await requestsSettled(page);
  const report = (await seriousA11yViolations(page)).map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.slice(0, 5).map((n) => `  ${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`).join('\n')}`,
  );
  expect(report, `serious or critical accessibility violations on ${screen}`).toEqual([]);
}

/**
 * Opens the user menu and picks an item, until the page lands on `landsOn`. antd's dropdown slides in: a click that
 * lands while it moves can miss the item and only close the menu (seen once under CI load), so the pick is retried.
 */
export async function pickUserMenuItem(page: Page, item: 'logout' | 'change-password' | 'update-leave', landsOn: RegExp) {
  await expect(async () => {
    if (landsOn.test(page.url())) return;
    // Opened only when closed: a second click on the avatar would close a menu still open from the last try.
    const entry = page.getByTestId(`user-menu-${item}`);
    if (!(await entry.isVisible())) await page.getByTestId('user-menu').click();
    await entry.click({ timeout: 3_000 });
    await expect(page).toHaveURL(landsOn, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Opens request `id` from the bell as its approver does: finds the signed-in user's notification linking to it, then
 * clicks the bell and the item until the request's drawer opens. The bell's list refreshes when it opens, and a click
 * that lands while it re-renders is lost (seen under load), so both are clicked again until the drawer shows.
 */
export async function openRequestFromBell(page: Page, id: number): Promise<Locator> {
  const notes = (await apiGet<{ id: number; link: string | null }[]>(page, '/tms/notifications', { page: 1, size: 10 })).data;
  const note = notes.find((n) => n.link?.endsWith(`?id=${id}`));
  expect(note, `a notification for request ${id}`).toBeTruthy();
  const drawer = page.getByTestId('request-detail-drawer');
  await expect(async () => {
    if (!(await page.getByTestId(`notification-item-${note!.id}`).isVisible())) await page.getByTestId('notification-bell').click();
    await page.getByTestId(`notification-item-${note!.id}`).click({ timeout: 5_000 });
    await expect(drawer).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  return drawer;
}

/** The app's toasts and notices (antd message and notification). */
export const notices = (page: Page) => page.locator('.ant-message-notice, .ant-notification-notice');

/** Signs out through the user menu once the toasts and notices of the last action are gone (they sit over it). */
export async function signOut(page: Page) {
  await expect(notices(page)).toHaveCount(0, { timeout: 15_000 });
  await pickUserMenuItem(page, 'logout', /\/login$/);
}
