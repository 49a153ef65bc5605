import fs from 'node:fs/promises';
import { expect, newContext, test, type Page } from './fixtures.ts';
import { BACKUP_PAGE_TEXTS as T, BACKUPS_PATH, type BackupList } from '@tms/contracts/backups';
import { apiGet, expectNoSeriousA11yViolations, notices, signIn } from './helpers.ts';

/**
 * Settings → Backups (issue 24; Admin): the admin opens the page from the menu, takes a backup now, watches its
 * progress to the end, sees the new file at the top of the list checked ("Verified") and downloads it without leaving
 * the page; on a phone the list keeps the columns that matter and its download. A staff member has no menu entry and
 * lands on /404. Nothing here depends on the date: the new file is told apart from the others by name.
 */
const PAGE = '/settings/backups';
const MANUAL_FILE = /^tms-.*-manual\.tmsbak$/;
/** A backup dumps and restores the whole demo database; on two busy cores that takes a while. */
const BACKUP_TIMEOUT = 90_000;

const backups = async (page: Page) => (await apiGet<BackupList>(page, BACKUPS_PATH)).data;
const rowOf = (page: Page, name: string) => page.getByTestId('backups-table').locator(`tr[data-row-key="${name}"]`);

/** The name of the backup that finished since `before`, read from the list once the page's own run has ended. */
async function newBackupName(page: Page, before: ReadonlySet<string>): Promise<string> {
  const added = (await backups(page)).items.filter((item) => !before.has(item.name));
  expect(added.map((item) => item.kind)).toEqual(['manual']);
  return added[0]!.name;
}

test('admin takes a backup now, follows it to the end, sees it verified and downloads it', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, 'admin');

  // 1. From the menu: the page, the schedule and the list as it is (empty on a fresh database, or earlier files).
  await page.getByTestId('menu-tab-settings').click();
  await page.getByTestId('menu-item-backups').click();
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await expect(page.getByRole('heading', { name: T.title })).toBeVisible();
  await expect(page.getByTestId('backup-schedule')).toHaveText(/^Nightly at \d{2}:00 \(company time\); the last \d+ daily and \d+ weekly backups are kept\.$/);
  const before = await backups(page);
  if (before.items.length === 0) await expect(page.getByTestId('backups-empty')).toContainText(T.emptyTitle);
  else await expect(rowOf(page, before.items[0]!.name)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Backups');

  // 2. Run one now (after any backup already running ends: the button waits for it) and follow its progress.
  const run = page.getByTestId('backup-run');
  await expect(run).toHaveText(T.run);
  await expect(run).toBeEnabled({ timeout: BACKUP_TIMEOUT });
  const known = new Set((await backups(page)).items.map((item) => item.name));
  await run.click();
  const progress = page.getByTestId('backup-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('data-status', 'done', { timeout: BACKUP_TIMEOUT });
  await expect(progress.getByTestId('backup-progress-label')).toHaveText(T.done);
  // The success message names the file (read before it fades: a toast stays 3 s).
  const toast = notices(page).getByText(/^Backup finished: tms-.*-manual\.tmsbak$/);
  await expect(toast).toBeVisible();
  const said = await toast.textContent();
  await expect(run).toBeEnabled();
  const name = await newBackupName(page, known);
  expect(name).toMatch(MANUAL_FILE);
  expect(said).toBe(`${T.done}: ${name}`);

  // 3. The new file is the newest row: manual, taken from the embedded database, its check passed.
  const table = page.getByTestId('backups-table');
  await expect(table.locator('tbody tr.ant-table-row').first()).toHaveAttribute('data-row-key', name);
  const row = rowOf(page, name);
  await expect(row.getByRole('cell', { name: 'Manual', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Embedded database', exact: true })).toBeVisible();
  await expect(row.getByRole('cell').first()).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  await expect(row.getByRole('cell').nth(2)).toHaveText(/^\d+(\.\d)? (B|KB|MB|GB)$/);
  await expect(page.getByTestId(`backup-verification-${name}`)).toHaveText('Verified', { timeout: BACKUP_TIMEOUT });

  // 4. Download it: a file of the same name and some size, and the page stays where it is (no new tab).
  const url = page.url();
  const downloaded = page.waitForEvent('download');
  await row.getByRole('button', { name: `${T.download} ${name}` }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(MANUAL_FILE);
  expect(download.suggestedFilename()).toBe(name);
  const file = await download.path();
  expect((await fs.stat(file)).size).toBeGreaterThan(0);
  expect(page.url()).toBe(url);
  expect(page.context().pages()).toHaveLength(1);
});

test('on a phone the backups list keeps time, kind, size, check and download within reach', async ({ browser }) => {
  const context = await newContext(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  try {
    await signIn(page, 'admin');
    await page.goto(PAGE);
    await expect(page.getByRole('heading', { name: T.title })).toBeVisible();
    await expect(page.getByTestId('backup-run')).toBeVisible();
    const table = page.getByTestId('backups-table');
    for (const column of ['Time', 'Kind', 'Size', 'Verification']) await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    // The technical columns are left out on a narrow screen.
    for (const column of ['Schema version', 'Source', 'Rows']) await expect(table.getByRole('columnheader', { name: column, exact: true })).toHaveCount(0);
    // The page itself never scrolls sideways; the table scrolls inside its own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const items = (await backups(page)).items;
    if (items.length > 0) {
      const download = page.getByRole('button', { name: `${T.download} ${items[0]!.name}` });
      await download.scrollIntoViewIfNeeded();
      await expect(download).toBeInViewport();
    } else {
      await expect(page.getByTestId('backups-empty')).toBeVisible();
    }
  } finally {
    await context.close();
  }
});

test('staff has no Backups entry and lands on /404 at /settings/backups', async ({ page }) => {
  await signIn(page, 'staff');
  await expect(page.getByTestId('menu-tab-settings')).toHaveCount(0);
  await expect(page.getByTestId('menu-item-backups')).toHaveCount(0);
  await page.goto(PAGE);
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('404 - PAGE NOT FOUND')).toBeVisible();
  await expect(page.getByTestId('backups-table')).toHaveCount(0);
});
