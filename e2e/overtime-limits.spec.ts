import { expect, test, type Page } from './fixtures.ts';
import { OVERTIME_MESSAGES as M } from '@tms/contracts/overtime';
import { FIXED_OT_BASE, type FixedDetail } from '@tms/contracts/overtime-fixed';
import type { ProjectOption } from '@tms/contracts/lookups';
import { apiGet, apiSend, notices, pickStaff, plusDays, serverToday, signIn, signOut } from './helpers.ts';

/**
 * Overtime limits (issue 27 §2, docs/overtime-limits.md): HR sets the monthly limit to 3 hours in Payroll
 * Configuration; gl files a fixed OT of 19:30–23:30 on the next weekday for a member of pm's project (4 counted hours:
 * within the daily limit of 12 with the 8 normal hours, over the month's 3). pm, the row's approver, approves and is
 * refused with the limit and the hours; HR approves it over the limit with a reason, which the row then shows; the
 * Overtime compliance report lists the member's month over the limit with one override. The limit goes back to 40 at
 * the end, whatever happened. Dates come from the server's today, so the journey runs on any day of the year.
 */
const PAGE = '/timesheet/overtime-management';
type Member = { id: number; user_name: string; name: string };
const isWeekday = (iso: string) => ![0, 6].includes(new Date(`${iso}T00:00:00Z`).getUTCDay());
type Table = { id: number; table_code: string; table_config: { key: string; value: number }[] };

/** As HR: the monthly overtime limit of Payroll Configuration. */
async function setMonthLimit(page: Page, hours: number) {
  const limits = (await apiGet<Table[]>(page, '/payroll/config-table/all')).data.find((t) => t.table_code === 'overtime_limits')!;
  const res = await apiSend(page, 'POST', '/payroll/config-table/update', [{ id: limits.id, table_config: [{ key: 'month_hours', value: hours }] }]);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

let limitLowered = false;
test.afterEach(async ({ page }) => {
  if (!limitLowered) return;
  await page.goto('/');
  await signIn(page, 'hr');
  await setMonthLimit(page, 40);
  limitLowered = false;
});

async function openDrawer(page: Page, title: string, id: number) {
  await page.goto(PAGE);
  const kind = page.getByTestId('ot-kind');
  if (await kind.isVisible()) await kind.getByText('Fixed', { exact: true }).click();
  await page.getByLabel('Keyword', { exact: true }).fill(title);
  await page.getByTestId('filter-search').click();
  await page.getByTestId(`ot-open-${id}`).click();
  const drawer = page.getByTestId('fixed-ot-drawer');
  await expect(drawer.getByText('Overtime Detail')).toBeVisible();
  return drawer;
}

test('over the monthly limit: the approver is refused, HR approves with a reason, the compliance report lists it', async ({ page }) => {
  test.setTimeout(150_000);
  const title = `Limit check ${Date.now()}`;
  await signIn(page, 'hr');
  await setMonthLimit(page, 3);
  limitLowered = true;
  await signOut(page);
  await signIn(page, 'gl');
  let day = plusDays(await serverToday(page), 1);
  while (!isWeekday(day)) day = plusDays(day, 1);
  const project = (await apiGet<ProjectOption[]>(page, '/tms/filters/projects', { key: 'Atlas' })).data.find((p) => p.project_code === 'PRJ-ATLAS');
  expect(project, 'the demo project PRJ-ATLAS').toBeTruthy();
  const members = (await apiGet<Member[]>(page, `${FIXED_OT_BASE}/project-members`, { projectId: project!.project_id, size: 100 })).data
    .filter((m) => !['gl', 'pm', 'staff'].includes(m.user_name))
    .sort((a, b) => a.user_name.localeCompare(b.user_name));
  // The last member: the fixed overtime journey decides the first three on the same day.
  const member = members.at(-1)!;
  expect(members.length, 'pm’s project has a fourth member besides gl and staff').toBeGreaterThanOrEqual(4);

  // 1. gl files it (the form's own journey is overtime-fixed.spec): the answer warns that it goes over a limit.
  const created = await apiSend<{ id: number }>(page, 'POST', FIXED_OT_BASE, {
    title,
    project_id: project!.project_id,
    ot_date: day,
    start_time: `${day} 19:30`,
    end_time: `${day} 23:30`,
    ot_type: 'OT_AT_OFFICE',
    staff: [{ employee_id: member.id }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.data.id;
  await signOut(page);

  // 2. pm approves after the confirmation and is refused with the month's limit and the hours already approved.
  await signIn(page, 'pm');
  let drawer = await openDrawer(page, title, id);
  await drawer.getByTestId(`fixed-ot-staff-${member.user_name}`).getByTestId('fixed-ot-row-approve').click();
  await page.getByTestId('confirm-ok').click();
  await expect(notices(page).getByText(/Overtime limit exceeded: [\d.]+ of 3 hours this month already approved/)).toBeVisible();
  await expect(drawer.getByTestId(`fixed-ot-staff-${member.user_name}`)).toContainText('PENDING');
  // No override for a project manager.
  await expect(drawer.getByTestId('fixed-ot-row-override')).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
  await signOut(page);

  // 3. HR approves over the limit with a reason; the row shows it.
  await signIn(page, 'hr');
  drawer = await openDrawer(page, title, id);
  await drawer.getByTestId(`fixed-ot-staff-${member.user_name}`).getByTestId('fixed-ot-row-override').click();
  await page.getByTestId('fixed-ot-reason-input').fill('Release night agreed with the employee');
  await page.getByTestId('fixed-ot-reason-save').click();
  await expect(notices(page).getByText(M.updateStatusSuccess, { exact: true })).toBeVisible();
  const row = drawer.getByTestId(`fixed-ot-staff-${member.user_name}`);
  await expect(row).toContainText('APPROVED');
  await expect(row.getByTestId('fixed-ot-row-override-reason')).toContainText('Release night agreed with the employee');
  const detail = (await apiGet<FixedDetail>(page, `${FIXED_OT_BASE}/${id}`)).data;
  expect(detail.staff.map((s) => [s.employee.user_name, s.status, s.limit_override_reason])).toEqual([[member.user_name, 3, 'Release night agreed with the employee']]);

  // 4. The compliance report, on the OT date's month, for that member.
  await page.goto('/report/overtime-compliance');
  const month = `${day.slice(5, 7)}/${day.slice(0, 4)}`;
  for (const name of ['Months', 'End month']) {
    const box = page.getByRole('textbox', { name, exact: true });
    await box.click();
    await box.fill(month);
    await box.press('Enter');
  }
  await pickStaff(page, page.getByRole('combobox', { name: 'Staff', exact: true }), member);
  await page.keyboard.press('Escape');
  await page.getByTestId('filter-search').click();
  const table = page.getByTestId('ot-compliance-table');
  const line = table.locator('tr.ant-table-row', { hasText: member.name });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(month);
  await expect(line).toContainText('Over a limit');
  // The overrides count: at least this one (the cell before the state).
  const texts = await line.locator('td').allInnerTexts();
  expect(Number(texts.at(-2)), `overrides in ${texts.join(' | ')}`).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('ot-compliance-chart')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByTestId('ot-compliance-export').click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  await setMonthLimit(page, 40);
  limitLowered = false;
});

test('flexible overtime over the monthly limit: the PM is refused on the detail page, HR approves it over the limit with a reason', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'hr');
  await setMonthLimit(page, 3);
  limitLowered = true;
  await signOut(page);

  // staff (flexible in the demo) files 4 hours on the second weekday ahead (the flexible journey uses the first).
  await signIn(page, 'staff');
  let day = plusDays(await serverToday(page), 1);
  while (!isWeekday(day)) day = plusDays(day, 1);
  day = plusDays(day, 1);
  while (!isWeekday(day)) day = plusDays(day, 1);
  const project = (await apiGet<ProjectOption[]>(page, '/tms/filters/projects', { key: 'Atlas' })).data.find((p) => p.project_code === 'PRJ-ATLAS')!;
  const filed = await apiSend<{ id: number }[]>(page, 'POST', `${FIXED_OT_BASE}/create`, {
    title: `Flexible limit check ${Date.now()}`,
    projectId: project.project_id,
    overtimeDate: `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`,
    requestType: 'OT_FLEXIBLE',
    startTime: '19:30',
    endTime: '23:30',
  });
  expect(filed.status, JSON.stringify(filed.body)).toBe(201);
  const id = filed.body.data[0]!.id;
  await signOut(page);

  // pm approves on the detail page and is refused; no over-limit approval for a PM.
  await signIn(page, 'pm');
  await page.goto(`${PAGE}/${id}`);
  await expect(page.getByTestId('flexible-override')).toHaveCount(0);
  await page.getByTestId('flexible-approve').click();
  await page.getByTestId('confirm-ok').click();
  const refusal = notices(page).filter({ hasText: /Overtime limit exceeded: [\d.]+ of 3 hours this month already approved/ });
  await expect(refusal).toBeVisible();
  await expect(page.getByTestId('flexible-info').getByTestId('flexible-status')).toHaveText('Pending PM approval');
  // Read: closed by its ×, as a user would, instead of waiting out its 5 seconds.
  await refusal.locator('.ant-notification-notice-close').click();
  await signOut(page);

  // HR approves the PM stage over the limit with a reason, shown on the request.
  await signIn(page, 'hr');
  await page.goto(`${PAGE}/${id}`);
  await page.getByTestId('flexible-override').click();
  await page.getByTestId('flexible-override-reason-input').fill('Go-live weekend agreed');
  await page.getByTestId('flexible-override-save').click();
  await expect(notices(page).getByText(M.updateStatusSuccess, { exact: true })).toBeVisible();
  await expect(page.getByTestId('flexible-info').getByTestId('flexible-status')).toHaveText('Approved by PM');
  await expect(page.getByTestId('flexible-override-reason')).toContainText('Go-live weekend agreed');
  await setMonthLimit(page, 40);
  limitLowered = false;
});
