import path from 'node:path';
import { webCatalogues, webSrc } from './catalogues.ts';
import { expect, test, type Page } from './fixtures.ts';
import { apiGet, apiSend, axeViolations, requestsSettled, seriousA11yViolations, signIn } from './helpers.ts';
import type { UserDetail } from '@tms/contracts/auth';
import { ROUTES } from '@tms/contracts/routes';

/**
 * One walk over every page (and every tab of a page) that each role may open, each visited once, read in Vietnamese:
 * - issue 25 "Checks": no text of the English catalogues whose Vietnamese differs, and the right `lang` (axe-core's
 *   language rules, and <html lang="vi">). The language is this device's (localStorage), not stored on the users, so
 *   the other journeys still read English.
 * - issue 26 §4 (WCAG 2.1 AA): no serious or critical axe-core violation at 1440 × 900, nor after the same page is
 *   narrowed to a phone's 390 × 844. The phone pass reads each page (and tab) once, for the first role that walks it:
 *   the phone layout is the same for every role, and the desktop pass still reads every role's own buttons and data
 *   (this keeps the walk within a few minutes on a two-core machine).
 * WALK_ROLES=admin,staff and WALK_PAGES=<regular expression of paths> restrict the walk while working on it; the suite
 * walks every page of all eight roles.
 */
const ALL_ROLES = ['admin', 'hr', 'hrm', 'dl', 'gl', 'pm', 'staff', 'guest'] as const;
const ROLES = process.env.WALK_ROLES ? ALL_ROLES.filter((r) => process.env.WALK_ROLES!.split(',').includes(r)) : ALL_ROLES;
const PAGES = process.env.WALK_PAGES ? new RegExp(process.env.WALK_PAGES) : null;
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

test.use({ viewport: DESKTOP });

/** English texts that a Vietnamese page must not show: fixed texts (no parameters) whose Vietnamese differs. */
async function englishOnlyTexts(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const { folder, en, vi } of await webCatalogues()) {
    for (const [key, text] of en) {
      const trimmed = text.trim();
      if (trimmed.includes('{{') || !/\p{Ll}/u.test(trimmed) || trimmed.length < 3 || vi.get(key)?.trim() === trimmed) continue;
      out.set(trimmed, `${path.relative(webSrc, folder)}:${key}`);
    }
  }
  return out;
}

/** The visible texts of the page: text nodes, and the placeholders, labels and titles a reader or a screen reader gets. */
async function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const visible = (el: Element | null) => !!el && (el as HTMLElement).checkVisibility?.({ checkOpacity: true, checkVisibilityCSS: true }) !== false;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (text && visible(node.parentElement)) texts.push(text);
    }
    for (const el of document.querySelectorAll('[placeholder], [aria-label], [title]')) {
      if (!visible(el)) continue;
      for (const name of ['placeholder', 'aria-label', 'title']) {
        const value = el.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

const LANG_RULES = ['html-has-lang', 'html-lang-valid', 'valid-lang', 'html-xml-lang-mismatch'];

/**
 * The pages the user may open: every built route their permissions unlock (the menu's pages, the report hub's
 * reports, Create work schedule, Notifications, Change Password, Update Leave), except those of one record (`:id`).
 */
function pagesOf(user: UserDetail): string[] {
  return ROUTES.filter((r) => r.built && r.access !== 'public' && user.permissions.includes(r.name) && !r.path.includes(':')).map((r) => r.path);
}

/**
 * Data of the demo company that reads like a catalogue text: position titles ('Project Manager', 'HR Manager' on My
 * Timesheet's staff card) and the HR
 * system's registration type names ('Working day', 'Annual leave', 'Public holiday', 'Offset leave', 'Birthday leave':
 * the settings' work types, shown beside their Vietnamese definition), stored as the HR system sends them. They are
 * records, not the product's words.
 */
const DATA_TEXTS = new Set(['Project Manager', 'HR Manager', 'Working day', 'Annual leave', 'Public holiday', 'Offset leave', 'Birthday leave']);

/**
 * Waits until any animation has ended: a fading element read mid-way has blended colours, which axe takes for poor
 * contrast. The journeys ask for reduced motion, which turns antd's motion off (providers.tsx), so this is a guard for
 * our own CSS. Endless animations (spinners) do not count; a motion still running after 10 s is read as it is.
 */
async function motionEnded(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 10_000 }).catch(() => undefined);
}

/** Waits until the page has its data and any motion has ended, so contrast is read on final colours. */
async function settle(page: Page) {
  await requestsSettled(page);
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
  await motionEnded(page);
}

/**
 * Opens `url` as the app's own links do, without reloading: the router follows the new history entry. Each page then
 * costs its own requests only, not the app's whole start again, and it is read as a user who moves through the menu
 * meets it, with the filters they left set on the pages before (a fresh load shows every filter empty, and hid an
 * English 'Clear' on the clear button of every Select holding a value).
 */
async function openInApp(page: Page, url: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  await page.waitForFunction((to) => window.location.pathname === to, url);
  // The router keeps the old page on screen while the new one's code loads: its title (guard.tsx) says it is shown.
  const title = ROUTES.find((r) => r.path === url)?.title;
  if (title) await page.waitForFunction((expected) => document.title === expected, `${title} | TMS`);
}

/** One line per serious or critical violation and element: where, the rule, and the element (its selector and tag). */
async function violationLines(page: Page, where: string): Promise<string[]> {
  return (await seriousA11yViolations(page)).flatMap((v) =>
    v.nodes.map((n) => `${where} ${v.id} (${v.impact}): ${n.target.join(' ')} ${n.html.slice(0, 160)}`),
  );
}

/**
 * The violations of the page once it is still. A page read while it was changing (a table's columns sized a frame
 * after its rows, which the scroll-region hook follows on the next frame) can show a violation no user meets; so a
 * page with violations is read again after it has settled, and the second reading counts. What only the first reading
 * saw is kept in the report as an annotation, so a state that lasts a frame stays visible without failing the walk.
 */
async function a11yProblems(page: Page, where: string): Promise<string[]> {
  const first = await violationLines(page, where);
  if (first.length === 0) return [];
  await settle(page);
  const settled = await violationLines(page, where);
  const passing = first.filter((line) => !settled.includes(line));
  if (passing.length) test.info().annotations.push({ type: 'a11y read while the page changed', description: passing.join('\n') });
  return settled;
}

/**
 * The layout's promises of issue 26 §4, checked on /notifications (every role has it; Change Password stands outside
 * the layout): the bell says what it is ('Thông báo, 13 chưa đọc'); the skip link is the first thing Tab reaches, is
 * shown when focused, and moves focus to the main content.
 */
async function checkLayout(page: Page) {
  await expect(page.getByTestId('notification-bell')).toHaveAccessibleName(/^Thông báo(, \d+ chưa đọc)?$/);
  const skip = page.getByTestId('skip-link');
  const firstStop = await page.evaluate(() => document.querySelector('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])')?.getAttribute('data-testid'));
  expect(firstStop, 'the first Tab stop').toBe('skip-link');
  await expect(skip).not.toBeInViewport();
  await skip.focus();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
}

let englishTexts: Map<string, string>;
/** The pages (and tabs) already read at phone width, by an earlier role of this walk. */
const walkedOnPhone = new Set<string>();
test.beforeAll(async () => {
  englishTexts = await englishOnlyTexts();
  expect(englishTexts.size, 'the English catalogues were read').toBeGreaterThan(500);
});

let restoreLanguage: (() => Promise<void>) | null = null;
test.afterEach(async () => {
  await restoreLanguage?.();
  restoreLanguage = null;
});

for (const role of ROLES) {
  test(`every page of ${role} reads Vietnamese and passes axe at desktop and phone width`, async ({ page }) => {
    test.setTimeout(600_000);
    await page.addInitScript(() => localStorage.setItem('tms.language', 'vi'));
    await signIn(page, role);
    const user = (await apiGet<UserDetail>(page, '/tms/user/detail', { username: role })).data;
    // A language stored on the user wins over the device's (languages.spec.ts leaves its users' choice stored): the walk
    // stores Vietnamese for the visit and gives the user their own choice back afterwards.
    if (user.language && user.language !== 'vi') {
      const own = user.language;
      expect((await apiSend(page, 'PUT', '/auth/language', { language: 'vi' })).status).toBe(200);
      restoreLanguage = async () => void (await apiSend(page, 'PUT', '/auth/language', { language: own }));
      await page.reload();
    }
    const pages = pagesOf(user).filter((url) => !PAGES || PAGES.test(url));
    expect(pages.length).toBeGreaterThan(0);
    const english: string[] = [];
    const a11y: string[] = [];

    /** The checks of what the page shows now, named `where` (its path and tab). */
    const check = async (where: string) => {
      expect(await page.evaluate(() => document.documentElement.lang), `${where}: <html lang>`).toBe('vi');
      for (const text of new Set(await shownTexts(page))) {
        const source = DATA_TEXTS.has(text) ? undefined : englishTexts.get(text);
        if (source) english.push(`${where}: '${text}' (${source})`);
      }
      for (const v of await axeViolations(page, LANG_RULES)) english.push(`${where}: axe ${v.id} (${v.nodes.length})`);
      a11y.push(...(await a11yProblems(page, `${where} [${role}, 1440×900]`)));
      if (walkedOnPhone.has(where)) return;
      walkedOnPhone.add(where);
      await page.setViewportSize(PHONE);
      // A phone mounts its own parts (cards for tables, the day list) that can fetch: the same settling as a page's.
      await settle(page);
      a11y.push(...(await a11yProblems(page, `${where} [${role}, 390×844]`)));
      await page.setViewportSize(DESKTOP);
    };

    for (const url of pages) {
      await openInApp(page, url);
      await settle(page);
      if (url === '/notifications') await checkLayout(page);
      // A page's tabs are pages of their own in the specification (Bonus Leave, Leave Carryover, the Logs tabs).
      const tabs = page.locator('#main-content .ant-tabs').first().locator(':scope > .ant-tabs-nav [role="tab"]');
      const count = await tabs.count();
      if (count === 0) await check(url);
      for (let i = 0; i < count; i++) {
        const tab = tabs.nth(i);
        const name = (await tab.textContent())?.trim() ?? String(i);
        if ((await tab.getAttribute('aria-selected')) !== 'true') {
          await tab.click();
          await settle(page);
        }
        await check(`${url} › ${name}`);
      }
    }
    expect.soft(english, `English left on the Vietnamese pages of ${role}`).toEqual([]);
    expect(a11y, `serious or critical accessibility violations on the pages of ${role}`).toEqual([]);
  });
}
