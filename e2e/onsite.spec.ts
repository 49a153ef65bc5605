import { expect, test, type Page } from './fixtures.ts';
import type { ProjectOption } from '@tms/contracts/lookups';
import { ONSITE_MESSAGES as M, type OnsiteDetail, type OnsiteRow } from '@tms/contracts/onsite';
import type { MyTimesheet } from '@tms/contracts/timesheet-grid';
import { apiGet, apiSend, dmy, expectNoSeriousA11yViolations, pickStaff, plusDays, serverToday, signIn, signOut } from './helpers.ts';

/**
 * Onsite journey (issue 10, spec 002 §2 Onsite management): a division lead files an onsite request for the PM's
 * project with a staff member of their division; the PM approves the Department stage from the list, HR the C&B
 * stage; the two-stage tag reads Department A, C&B A and the staff member's day is credited (value 1).
 */
const PAGE = '/timesheet/onsite-management';
type Period = { timesheet_id: number; from_date: string; to_date: string };
const isWeekday = (iso: string) => ![0, 6].includes(new Date(`${iso}T00:00:00Z`).getUTCDay());

/** The staff member's day as My Timesheet reads it (HR reads anyone's). */
async function dayOf(page: Page, employeeId: number, iso: string) {
  const periods = (await apiGet<Period[]>(page, '/tms/filters/periods')).data;
  const period = periods.find((p) => p.from_date <= iso && iso <= p.to_date)!;
  return (await apiGet<MyTimesheet>(page, `/tms/timesheets/${period.timesheet_id}/employee/${employeeId}`)).data.days.find((d) => d.date_of_issue === iso)!;
}

async function onsiteRow(page: Page, title: string): Promise<OnsiteRow> {
  const rows = (await apiGet<OnsiteRow[]>(page, '/tms/request-onsite-management', { title, size: 50 })).data;
  const row = rows.find((r) => r.title === title);
  expect(row, `onsite request "${title}"`).toBeTruthy();
  return row!;
}

/** Opens the row menu of a request and picks an action, then confirms. */
async function rowAction(page: Page, id: number, action: 'approve') {
  await page.getByTestId(`onsite-actions-${id}`).click();
  await page.getByTestId(`onsite-action-${action}-${id}`).click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.locator('.ant-message-notice, .ant-notification-notice').getByText(M.approved)).toBeVisible();
}

test('a division lead files an onsite request, the PM and HR approve it, the staff member’s day is credited', async ({ page }) => {
  test.setTimeout(150_000);
  const title = `Atlas cut-over rehearsal ${Date.now() % 100000}`;

  // 0. HR picks a past working day of staff after the lock date, preferably one not yet worth 1.
  await signIn(page, 'hr');
  const today = await serverToday(page);
  const lock = (await apiGet<{ data: string | null }>(page, '/tms/timesheets/get-end-date-of-last-approved-timesheet')).data.data ?? '1900-01-01';
  const staff = (await apiGet<{ employeeId: number; name: string }>(page, '/tms/user/detail', { username: 'staff' })).data;
  let date: string | null = null;
  for (let d = plusDays(today, -1), n = 0; d > lock && n < 12; d = plusDays(d, -1)) {
    if (!isWeekday(d)) continue;
    n++;
    date ??= d;
    const day = await dayOf(page, staff.employeeId, d);
    if (day.day_type === 'WORKING' && day.value !== null && day.value < 1) {
      date = d;
      break;
    }
  }
  expect(date, `a working day after the lock date ${lock}`).not.toBeNull();
  const day = date!;
  await signOut(page);

  // 1. dl files the request for the PM's project (PRJ-ATLAS, run by pm in the demo) with staff of their division.
  await signIn(page, 'dl');
  const project = (await apiGet<ProjectOption[]>(page, '/tms/filters/projects', { key: 'Atlas' })).data.find((p) => p.project_code === 'PRJ-ATLAS');
  expect(project, 'the demo project PRJ-ATLAS').toBeTruthy();
  await page.goto(PAGE);
  await expect(page.getByTestId('onsite-table')).toBeVisible();
  await page.getByTestId('onsite-add').click();
  const form = page.getByTestId('onsite-form');
  // The spec's message for an empty title, then the form filled in.
  await page.getByTestId('onsite-form-save').click();
  await expect(form.getByText(M.titleRequired, { exact: true })).toBeVisible();
  await form.getByTestId('onsite-title').fill(title);
  const projectField = form.getByLabel('Project');
  await projectField.click();
  await projectField.pressSequentially('Atlas');
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText(`PRJ-ATLAS - ${project!.project_name}`, { exact: true }).click();
  const start = form.getByLabel('Range of dates');
  const end = form.locator('.ant-picker-range').getByRole('textbox', { name: 'End date' });
  await start.click();
  await start.fill(dmy(day));
  await start.press('Enter');
  await end.fill(dmy(day));
  await end.press('Enter');
  await form.getByTestId('onsite-location').fill('Vietcombank Tower, Hà Nội');
  await pickStaff(page, form.getByTestId('onsite-add-staff').locator('input'), { name: staff.name, user_name: 'staff' });
  const staffRow = form.getByTestId('onsite-staff-table').locator('tbody tr.ant-table-row');
  await expect(staffRow).toHaveCount(1);
  await expect(staffRow.getByLabel('Duration of staff')).toHaveValue('8');
  await page.getByTestId('onsite-form-save').click();
  await expect(page.locator('.ant-message-notice, .ant-notification-notice').getByText(M.created)).toBeVisible();
  const created = await onsiteRow(page, title);
  expect(created.approver?.user_name, 'the Department approver is the project PM').toBe('pm');
  const status = page.getByTestId(`onsite-status-${created.id}`);
  await expect(status).toHaveAttribute('data-department', 'P');
  await expect(status).toHaveAttribute('data-cb', 'P');
  await expect(status).toContainText('Department P');
  await expect(status).toContainText('C&B P');
  await expectNoSeriousA11yViolations(page, 'Onsite Management');
  await signOut(page);

  // 2. pm approves the Department stage from the list.
  await signIn(page, 'pm');
  await page.goto(PAGE);
  await page.getByTestId('filter-search').click();
  await rowAction(page, created.id, 'approve');
  await expect(page.getByTestId(`onsite-status-${created.id}`)).toHaveAttribute('data-department', 'A');
  await expect(page.getByTestId(`onsite-actions-${created.id}`)).toHaveCount(0);
  await signOut(page);

  // 3. hr approves the C&B stage; the tag reads A and A, the drawer names both deciders.
  await signIn(page, 'hr');
  await page.goto(PAGE);
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByTestId('filter-search').click();
  await expect(page.getByTestId('onsite-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
  await rowAction(page, created.id, 'approve');
  const final = page.getByTestId(`onsite-status-${created.id}`);
  await expect(final).toHaveAttribute('data-department', 'A');
  await expect(final).toHaveAttribute('data-cb', 'A');
  await final.hover();
  await expect(page.getByTestId(`onsite-staff-tooltip-${created.id}`)).toContainText(staff.name);
  await page.getByTestId(`onsite-open-${created.id}`).click();
  const drawer = page.getByTestId('onsite-drawer');
  await expect(drawer.getByTestId('onsite-drawer-stages')).toContainText('Department A');
  await expect(drawer.getByTestId('onsite-drawer-stages')).toContainText('C&B A');
  const detail = (await apiGet<OnsiteDetail>(page, `/tms/request-onsite-management/${created.id}`)).data;
  expect(detail.status_department.decidedBy?.user_name).toBe('pm');
  expect(detail.status_CB.decidedBy?.user_name).toBe('hr');

  // 4. The staff member's day is credited.
  await expect.poll(async () => (await dayOf(page, staff.employeeId, day)).value, { timeout: 20_000 }).toBe(1);
});

/**
 * Issue 26 #8, one onsite record on both pages: staff's demo onsite requests (filed on Request Management) are on
 * their Onsite Management; the record links to the staff member's row on Request Management and back; the PM approves
 * the row on Request Management (Department) and HR the record on Onsite Management (C&B); both pages then read Approved.
 */
test('an onsite request is one record: Onsite Management and Request Management link to each other and share its status', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, 'staff');
  const pending = await onsiteRow(page, 'Customer workshop at the client site.');
  expect(pending.status).toBe(1);
  expect((await onsiteRow(page, 'Go-live support at the client site.')).status).toBe(3);
  const requestId = pending.employeeList[0]!.requestId!;
  expect(requestId).toBeTruthy();

  // Onsite Management → the staff member's row on Request Management → back to the record.
  await page.goto(PAGE);
  await page.getByTestId(`onsite-open-${pending.id}`).click();
  await page.getByTestId('onsite-staff-request-staff').click();
  await expect(page).toHaveURL(/\/timesheet\/request-management/);
  const drawer = page.getByTestId('request-detail-drawer');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('request-detail-status')).toContainText(/Pending/i);
  await drawer.getByTestId('request-detail-onsite-link').click();
  await expect(page).toHaveURL(/\/timesheet\/onsite-management/);
  await expect(page.getByTestId(`onsite-status-${pending.id}`)).toHaveAttribute('data-department', 'P');
  await expect(page.getByText('Customer workshop at the client site.').last()).toBeVisible();
  await page.keyboard.press('Escape');
  await signOut(page);

  // The PM approves the row on Request Management: that is the record's Department stage.
  await signIn(page, 'pm');
  const dept = await apiSend(page, 'PUT', '/tms/request-management/update-status', { id: requestId, status_type: 3 });
  expect(dept.status, JSON.stringify(dept.body)).toBe(200);
  expect(await onsiteRow(page, 'Customer workshop at the client site.')).toMatchObject({ status: 1, status_department: { status: 'A' } });
  await signOut(page);

  // HR approves the record on Onsite Management (C&B): the row on Request Management reads Approved.
  await signIn(page, 'hr');
  await page.goto(PAGE);
  await page.locator('#onsite-filter_title').fill('Customer workshop at the client site.');
  await page.getByTestId('filter-search').click();
  await rowAction(page, pending.id, 'approve');
  await expect(page.getByTestId(`onsite-status-${pending.id}`)).toHaveAttribute('data-cb', 'A');
  await signOut(page);

  await signIn(page, 'staff');
  await page.goto(`/timesheet/request-management?id=${requestId}`);
  await expect(page.getByTestId('request-detail-drawer').getByTestId('request-detail-status')).toContainText(/Approved/i);
  // The request's history there reads what happened, by whom and when (it showed the bare code 'STATUS', no one, no time).
  const entries = page.getByTestId('request-detail-drawer').getByTestId('request-onsite-history-entry');
  await expect(entries.first()).toBeVisible();
  const texts = await entries.allInnerTexts();
  for (const text of texts) expect(text).toMatch(/^(Created|Updated|Status changed) · \S.*\n\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  // Newest first: HR's approval set the row Approved; the oldest is staff filing it.
  expect(texts[0], texts.join(' | ')).toMatch(/^Status changed · /);
  expect(texts.at(-1), texts.join(' | ')).toMatch(/^Created · /);
  await page.keyboard.press('Escape');
  await signOut(page);
});
