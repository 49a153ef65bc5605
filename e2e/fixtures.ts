import { test as base, type Browser, type BrowserContext, type BrowserContextOptions } from '@playwright/test';

export { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';

/**
 * The browser's clock on the journeys' business date (issue 22 §0). With E2E_NOW set, playwright.config.ts starts the
 * server with BUSINESS_CLOCK_START and records the offset from the real time in E2E_CLOCK_OFFSET_MS; every page then
 * sees `Date` shifted by that offset, running at the real pace, so the date pickers and "today" of the web app agree
 * with the server's. Timers are left alone (antd motion and TanStack Query keep their real pace).
 */
const offsetMs = Number(process.env.E2E_CLOCK_OFFSET_MS ?? 0);

/** Runs in every page before its own scripts: a `Date` whose "now" is shifted by `offset` milliseconds. */
function shiftDate(offset: number) {
  const RealDate = Date;
  class ShiftedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...(args as [string]));
    }
    static override now() {
      return RealDate.now() + offset;
    }
  }
  // `Date()` called without `new` gives the text of now.
  globalThis.Date = new Proxy(ShiftedDate, { apply: () => new ShiftedDate().toString() }) as DateConstructor;
}

/**
 * Runs in every page before its own scripts: counts the app's requests in flight (`window.__tmsFetches`), so a journey
 * can wait for a page's data after a move inside the app, where Playwright's 'networkidle' answers at once (it belongs
 * to the document's load, which a client-side navigation does not repeat).
 */
function countFetches() {
  const realFetch = window.fetch.bind(window);
  const state = { inFlight: 0 };
  Object.defineProperty(window, '__tmsFetches', { value: state });
  window.fetch = (...args: Parameters<typeof fetch>) => {
    state.inFlight += 1;
    return realFetch(...args).finally(() => {
      state.inFlight -= 1;
    });
  };
}

async function onBusinessDate(context: BrowserContext): Promise<BrowserContext> {
  if (offsetMs !== 0) await context.addInitScript(shiftDate, offsetMs);
  await context.addInitScript(countFetches);
  return context;
}

/** A second browser context (another person signed in beside the first) on the journeys' business date. */
export async function newContext(browser: Browser, options?: BrowserContextOptions): Promise<BrowserContext> {
  return onBusinessDate(await browser.newContext(options));
}

export const test = base.extend({
  context: async ({ context }, use) => {
    await use(await onBusinessDate(context));
  },
  // A failed journey prints what the page was saying (toasts, error alerts) and where it was: CI keeps only the
  // printed log, and a refused save is told there rather than only as "the success toast never came".
  page: async ({ page }, use, testInfo) => {
    // The API calls the page saw refused (kept only to be printed if the journey fails; a refusal may be what a step
    // expects).
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() < 400 || !response.url().includes('/api/')) return;
      void response.text().then(
        (body) => refused.push(`${response.request().method()} ${new URL(response.url()).pathname} ${response.status()} ${body.slice(0, 200)}`),
        () => undefined,
      );
    });
    await use(page);
    if (testInfo.status === testInfo.expectedStatus) return;
    if (refused.length > 0) console.log(`[${testInfo.title}] API calls refused during the journey (last 5): ${JSON.stringify(refused.slice(-5))}`);
    const said = await page
      .locator('.ant-message-notice, .ant-notification-notice, [role="alert"], .ant-form-item-explain-error')
      .allInnerTexts()
      .catch(() => [] as string[]);
    console.log(`[${testInfo.title}] failed at ${page.url()}; the page said: ${JSON.stringify(said.map((x) => x.trim()).filter(Boolean))}`);
  },
});
