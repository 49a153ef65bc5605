import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { webCatalogues, webSrc } from './catalogues.ts';
import { expect, test, type Page } from './fixtures.ts';
import { apiGet, signIn } from './helpers.ts';
import type { UserDetail } from '@tms/contracts/auth';

/**
 * Issue 25 "Checks": every page every role may open, read in Vietnamese, shows no text of the English catalogues whose
 * Vietnamese differs, and its `lang` is right (axe-core's language rules, and <html lang="vi">). The language is
 * this device's (localStorage), not stored on the users, so the other journeys still read English.
 */
const ROLES = ['admin', 'hr', 'hrm', 'dl', 'gl', 'pm', 'staff', 'guest'] as const;
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

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function langViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe;
    const { violations } = await axe.run(document, { runOnly: ['html-has-lang', 'html-lang-valid', 'valid-lang', 'html-xml-lang-mismatch'] });
    return violations.map((v) => `${v.id} (${v.nodes.length})`);
  });
}

/** The pages a user may open from the menu, plus the ones every signed-in user has outside it. */
function pagesOf(user: UserDetail): string[] {
  const paths = user.menuTabs.flatMap((tab) => (tab.children.length > 0 ? tab.children.map((c) => c.path) : [tab.path]));
  const extra = ['/notifications', '/change-password', ...(user.permissions.includes('update-leave') ? ['/update-leave'] : [])];
  return [...new Set([...paths, ...extra])].filter((p) => !p.includes(':'));
}

/**
 * Data of the demo company that reads like a catalogue text: a position title ('Project Manager') and the HR
 * system's registration type names ('Working day', shown beside their Vietnamese definition), stored as the HR system
 * sends them. They are records, not the product's words.
 */
const DATA_TEXTS = new Set(['Project Manager', 'Working day']);

let english: Map<string, string>;
test.beforeAll(async () => {
  english = await englishOnlyTexts();
  expect(english.size, 'the English catalogues were read').toBeGreaterThan(500);
});

for (const role of ROLES) {
  test(`every page of ${role} reads Vietnamese`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.addInitScript(() => localStorage.setItem('tms.language', 'vi'));
    await signIn(page, role);
    const user = (await apiGet<UserDetail>(page, '/tms/user/detail', { username: role })).data;
    const pages = pagesOf(user);
    expect(pages.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const url of pages) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
      expect(await page.evaluate(() => document.documentElement.lang), `${url}: <html lang>`).toBe('vi');
      for (const text of new Set(await shownTexts(page))) {
        const source = DATA_TEXTS.has(text) ? undefined : english.get(text);
        if (source) problems.push(`${url}: '${text}' (${source})`);
      }
      for (const v of await langViolations(page)) problems.push(`${url}: axe ${v}`);
    }
    expect(problems, `English left on the Vietnamese pages of ${role}`).toEqual([]);
  });
}
