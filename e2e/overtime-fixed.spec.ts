import { expect, test, type Page } from './fixtures.ts';
import { OVERTIME_MESSAGES as M } from '@tms/contracts/overtime';
import { FIXED_MESSAGES as F, type FixedDetail } from '@tms/contracts/overtime-fixed';
import type { ProjectOption } from '@tms/contracts/lookups';
import { apiGet, dmy, expectNoSeriousA11yViolations, pickInField, plusDays, serverToday, signIn, signOut } from './helpers.ts';

/**
 * Fixed overtime (spec 001 §2.4, §4.5, §5.6): gl files a fixed OT for three members of pm's project (PRJ-ATLAS in the
 * demo) on the next weekday evening; pm approves one and rejects one with a reason from the drawer; gl withdraws the
 * third; the tag reads '3/3 DONE' in the list and in the drawer. Dates are computed from the server's today.
 */
const PAGE = '/timesheet/overtime-management';
type Member = { id: number; user_name: string; name: string };
const isWeekday = (iso: string) => ![0, 6].includes(new Date(`${iso}T00:00:00Z`).getUTCDay());

const notice = (page: Page, text: string) => page.locator('.ant-message-notice, .ant-notification-notice').getByText(text, { exact: true });

/** The list filtered to our title; opens the drawer of the row. */
async function openFromList(page: Page, title: string, id: number) {
  await page.goto(PAGE);
  const kind = page.getByTestId('ot-kind');
  if (await kind.isVisible()) await kind.getByText('Fixed', { exact: true }).click();
  await page.getByLabel('Keyword', { exact: true }).fill(title);
  await page.getByTestId('filter-search').click();
  await expect(page.getByTestId(`ot-open-${id}`)).toBeVisible();
  await page.getByTestId(`ot-open-${id}`).click();
  const drawer = page.getByTestId('fixed-ot-drawer');
  await expect(drawer.getByText('Overtime Detail')).toBeVisible();
  return drawer;
}

async function closeDrawer(page: Page) {
  const drawer = page.getByTestId('fixed-ot-drawer');
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
}

test('a fixed OT for three staff: one approved, one rejected, one withdrawn → 3/3 DONE', async ({ page }) => {
  // Three people sign in in turn (and an approval now asks first): on a loaded two-core machine this takes over a
  // minute, like the other journeys of several people.
  test.setTimeout(150_000);
  const title = `Fixed OT release ${Date.now()}`;
  await signIn(page, 'gl');
  const today = await serverToday(page);
  let day = plusDays(today, 1);
  while (!isWeekday(day)) day = plusDays(day, 1);
  const project = (await apiGet<ProjectOption[]>(page, '/tms/filters/projects', { key: 'Atlas' })).data.find((p) => p.project_code === 'PRJ-ATLAS');
  expect(project, 'the demo project PRJ-ATLAS').toBeTruthy();
  const members = (await apiGet<Member[]>(page, '/tms/overtime-request/project-members', { projectId: project!.project_id, size: 100 })).data
    .filter((m) => !['gl', 'pm', 'staff'].includes(m.user_name))
    .sort((a, b) => a.user_name.localeCompare(b.user_name));
  expect(members.length, 'pm’s project has at least three members besides gl and staff').toBeGreaterThanOrEqual(3);
  const [first, second, third] = members as [Member, Member, Member];

  // 1. gl files the request from Add New.
  await page.goto(PAGE);
  await page.getByTestId('ot-add').click();
  const form = page.getByTestId('fixed-ot-form');
  await page.getByTestId('fixed-ot-save').click();
  await expect(form.getByText(M.titleRequired, { exact: true })).toBeVisible();
  await form.getByTestId('fixed-ot-title').fill(title);
  const projectField = form.getByLabel('Project');
  await projectField.click();
  await projectField.pressSequentially('Atlas');
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText(`PRJ-ATLAS - ${project!.project_name}`, { exact: true }).click();
  const date = form.getByLabel('OT Date');
  await date.click();
  await date.fill(dmy(day));
  await date.press('Enter');
  for (const [label, value] of [
    ['Start time', '22:17'],
    ['End time', '23:43'],
  ] as const) {
    const field = form.getByLabel(label);
    await field.click();
    await field.fill(value);
    await field.press('Enter');
  }
  await pickInField(page, form, 'OT Type', 'OT at office');
  const staffField = form.getByTestId('fixed-ot-staff').locator('input');
  for (const m of [first, second, third]) {
    await staffField.click();
    await staffField.fill('');
    await staffField.pressSequentially(m.user_name);
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText(`${m.name} - ${m.user_name}`, { exact: true }).click();
  }
  await page.getByTestId('fixed-ot-save').click();
  await expect(notice(page, F.created)).toBeVisible();
  const rows = (await apiGet<{ id: number; title: string }[]>(page, '/tms/overtime-request', { keyword: title, size: 50 })).data;
  const id = rows.find((r) => r.title === title)!.id;
  expect(id).toBeTruthy();
  await expect(page.getByTestId(`ot-status-${id}`)).toContainText('3/3 PENDING');
  await signOut(page);

  // 2. pm approves the first and rejects the second with a reason, from the drawer.
  await signIn(page, 'pm');
  let drawer = await openFromList(page, title, id);
  await expectNoSeriousA11yViolations(page, 'Overtime Detail drawer');
  await drawer.getByTestId('overtime-comment-input').fill('Approved for the release window');
  await drawer.getByTestId('overtime-comment-send').click();
  await expect(drawer.getByTestId('overtime-comment')).toContainText('Approved for the release window');
  await drawer.getByTestId(`fixed-ot-staff-${first.user_name}`).getByTestId('fixed-ot-row-approve').click();
  // An approval asks first (issue 26).
  await expect(page.getByText(`Approve the overtime of ${first.name}?`)).toBeVisible();
  await page.getByTestId('confirm-ok').click();
  await expect(notice(page, M.updateStatusSuccess)).toBeVisible();
  await expect(drawer.getByTestId(`fixed-ot-staff-${first.user_name}`)).toContainText('APPROVED');
  await drawer.getByTestId(`fixed-ot-staff-${second.user_name}`).getByTestId('fixed-ot-row-reject').click();
  await page.getByTestId('fixed-ot-reason-save').click();
  await expect(page.getByText(M.rejectReasonRequired, { exact: true })).toBeVisible();
  await page.getByTestId('fixed-ot-reason-input').fill('Not needed for this release');
  await page.getByTestId('fixed-ot-reason-save').click();
  await expect(drawer.getByTestId(`fixed-ot-staff-${second.user_name}`)).toContainText('REJECTED');
  // Approve All is off once someone is rejected (spec 001 §4.5).
  await expect(drawer.getByTestId('fixed-ot-approve-all')).toBeDisabled();
  await expect(drawer).toContainText('1/3 PENDING');
  await closeDrawer(page);
  await signOut(page);

  // 3. gl withdraws the third; the tag reads 3/3 DONE in the drawer and in the list.
  await signIn(page, 'gl');
  drawer = await openFromList(page, title, id);
  await drawer.getByTestId(`fixed-ot-staff-${third.user_name}`).getByTestId('fixed-ot-row-withdraw').click();
  await page.getByTestId('confirm-ok').click();
  await expect(drawer.getByTestId(`fixed-ot-staff-${third.user_name}`)).toContainText('WITHDRAWN');
  await expect(drawer).toContainText('3/3 DONE');
  await expect(drawer.getByTestId('fixed-ot-edit')).toBeDisabled();
  await closeDrawer(page);
  await page.getByTestId('filter-search').click();
  await expect(page.getByTestId(`ot-status-${id}`)).toContainText('3/3 DONE');
  const detail = (await apiGet<FixedDetail>(page, `/tms/overtime-request/${id}`)).data;
  expect(detail.staff.map((s) => [s.employee.user_name, s.status])).toEqual([
    [first.user_name, 3],
    [second.user_name, 4],
    [third.user_name, 5],
  ]);
  expect(detail.staff[1]!.reject_reason).toBe('Not needed for this release');
});
