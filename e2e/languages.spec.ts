import { webCatalogues } from './catalogues.ts';
import { expect, newContext, test, type Page } from './fixtures.ts';
import { REQUEST_MESSAGES as M, type RequestRecord } from '@tms/contracts/requests';
import type { UserDetail } from '@tms/contracts/auth';
import { apiGet, apiSend, chooseOption, DEMO_PASSWORD, dmy, freeLeaveDate, notices, signIn, signOut } from './helpers.ts';

/**
 * Issue 25 "Checks": a journey in Vietnamese. Staff switches to Tiếng Việt on the login page and signs in; files an
 * annual leave request, meeting a validation error first (in Vietnamese), and sees the balance with a decimal comma;
 * the lead, reading Vietnamese, approves from the bell (the notification in Vietnamese); the choice survives signing
 * out and in, and follows staff to another browser. The users' languages are set back to English at the end, so the
 * journeys after this one read English.
 */
/** English text → its Vietnamese, over every catalogue of the web (the journey names texts as the spec does); the first catalogue holding a text wins. */
async function vietnameseCatalogue(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const { en, vi } of await webCatalogues()) for (const [key, text] of en) if (!out.has(text)) out.set(text, vi.get(key)!);
  return out;
}

let vi: Map<string, string>;
const inVietnamese = (english: string) => {
  const text = vi.get(english);
  expect(text, `a Vietnamese text for '${english}'`).toBeTruthy();
  return text!;
};

/** 12.5 → '12,500': three decimals with a decimal comma and dots between thousands. */
const vietnameseLeave = (n: number) => {
  const [whole, decimals] = n.toFixed(3).split('.') as [string, string];
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${decimals}`;
};

/** The bell's latest items as the web asks for them: in the language on screen. */
async function notificationsOf(page: Page): Promise<{ id: number; link: string | null; title: string }[]> {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('tms.session') ?? '{}') as { access_token?: string }).access_token ?? '');
  const response = await page.request.get('/api/tms/notifications', { params: { page: 1, size: 5 }, headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'vi' } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { id: number; link: string | null; title: string }[] }).data;
}

/** Signs in on a page that may hold another session (the login page sends a signed-in user away). */
async function signInAfresh(page: Page, username: string) {
  await page.evaluate(() => localStorage.removeItem('tms.session'));
  await signIn(page, username);
}

async function setLanguageOf(page: Page, language: 'en' | 'vi') {
  expect((await apiSend(page, 'PUT', '/auth/language', { language })).status).toBe(200);
}

test.beforeAll(async () => {
  vi = await vietnameseCatalogue();
});

test('staff files annual leave in Vietnamese, the lead approves from a Vietnamese bell, the choice follows staff', async ({ page, browser }) => {
  test.setTimeout(180_000);
  // 1. The login page: English from the browser, Tiếng Việt chosen on the page.
  await page.goto('/login');
  await expect(page.locator('h1')).toHaveText('Sign in');
  await page.getByTestId('language-vi').click();
  await expect(page.locator('h1')).toHaveText(inVietnamese('Sign in'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText(inVietnamese('Username is required'))).toBeVisible();
  await page.getByTestId('login-username').fill('staff');
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).not.toHaveURL(/\/login$/);
  // The choice made before sign-in is now the user's.
  await expect.poll(async () => (await apiGet<UserDetail>(page, '/tms/user/detail', { username: 'staff' })).data.language).toBe('vi');
  await expect(page.getByTestId('menu-tab-timesheet')).toHaveText(inVietnamese('Timesheet'));

  try {
    // 2. Create Request: a validation error first, in Vietnamese; the balance with a decimal comma.
    const date = await freeLeaveDate(page);
    const balance = (await apiGet<{ remain_annual_leave: number }>(page, '/tms/filters/get-balance', { date })).data;

    await page.goto('/timesheet/request-management');
    await page.getByTestId('request-add').click();
    const modal = page.getByRole('dialog', { name: inVietnamese('Create Request') });
    await expect(modal).toBeVisible();
    await modal.getByTestId('request-form-save').click();
    await expect(modal.locator('.ant-form-item-explain-error').first()).toHaveText(inVietnamese(M.requestDateRequired));
    const input = page.getByTestId('request-date-0');
    await input.click();
    await input.fill(dmy(date));
    await input.press('Enter');
    await chooseOption(page, page.getByTestId('request-duration-0'), inVietnamese('Morning'));
    await expect(modal.getByTestId('request-balance')).toContainText(vietnameseLeave(balance.remain_annual_leave));
    await modal.getByTestId('request-form-save').click();
    await expect(modal).toBeHidden();
    const created = (await apiGet<RequestRecord[]>(page, '/tms/request-management', { status: '1', size: 100 })).data.find((r) => r.start_date === date && r.reason_type === 'ANN_LEAVE_CORP');
    expect(created, 'the new pending request').toBeTruthy();

    // 3. Signing out keeps the login page in Vietnamese.
    await signOut(page);
    await expect(page.locator('h1')).toHaveText(inVietnamese('Sign in'));

    // 4. The lead chooses Tiếng Việt in the user menu; the bell's notification reads Vietnamese; approve from it.
    await signIn(page, 'gl');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-language-vi').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
    await expect.poll(async () => (await apiGet<UserDetail>(page, '/tms/user/detail', { username: 'gl' })).data.language).toBe('vi');
    const notes = await notificationsOf(page);
    const note = notes.find((n) => n.link?.endsWith(`?id=${created!.id}`));
    expect(note, 'GL has a notification for the request').toBeTruthy();
    const drawer = page.getByTestId('request-detail-drawer');
    await expect(async () => {
      if (!(await page.getByTestId(`notification-item-${note!.id}`).isVisible())) await page.getByTestId('notification-bell').click();
      await expect(page.getByTestId(`notification-item-${note!.id}`)).toContainText(note!.title);
      await page.getByTestId(`notification-item-${note!.id}`).click({ timeout: 5_000 });
      await expect(drawer).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    expect(note!.title, 'the notification in Vietnamese').toMatch(/[àáảãạăâđèéêìíòóôơùúưỳýỵ]/i);
    await drawer.getByTestId('request-detail-approve').click();
    await page.getByTestId('confirm-ok').click();
    await expect(drawer).toBeHidden();
    await expect(notices(page).first()).toBeVisible();
    await expect(notices(page).first()).not.toContainText(M.updateStatusSuccess);

    // 5. Another browser, English by its language: staff signs in and reads Vietnamese, the choice stored on the user.
    const other = await newContext(browser, { locale: 'en-US' });
    const second = await other.newPage();
    await signIn(second, 'staff');
    await expect(second.getByTestId('menu-tab-timesheet')).toHaveText(inVietnamese('Timesheet'));
    await expect(second.locator('html')).toHaveAttribute('lang', 'vi');
    // Staff withdraws the request so the days after this journey are as they were.
    await second.goto(`/timesheet/request-management?id=${created!.id}`);
    await second.getByTestId('request-detail-drawer').getByTestId('request-detail-withdraw').click();
    await second.getByTestId('reason-input').fill('Đổi kế hoạch');
    await second.getByTestId('reason-submit').click();
    await expect(second.getByTestId('request-detail-drawer')).toBeHidden();
    await setLanguageOf(second, 'en');
    await other.close();
  } finally {
    // The other journeys read English: both users back to it whatever happened above.
    for (const username of ['gl', 'staff']) {
      await signInAfresh(page, username).catch(() => undefined);
      await setLanguageOf(page, 'en').catch(() => undefined);
    }
    await page.evaluate(() => localStorage.clear()).catch(() => undefined);
  }
});
