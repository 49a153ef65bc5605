import { expect, test, type Page } from './fixtures.ts';
import { isWeekendIso } from '@tms/contracts/api';
import type { ApprovalFlowRow } from '@tms/contracts/approval-flows';
import { REQUEST_MESSAGES as M, type RequestRecord } from '@tms/contracts/requests';
import type { MyTimesheet } from '@tms/contracts/timesheet-grid';
import { apiGet, chooseOption, dmy, expectNoSeriousA11yViolations, openMyTimesheetPeriod, openRequestFromBell, pickStaff, pickUntilShown, plusDays, serverToday, signIn, signOut } from './helpers.ts';

/**
 * Approval flows (issue 29 "Checks"): HR creates 'Leave over 2 days: GL then DL' and previews it for staff; staff
 * files 3 days of annual leave; gl approves from the bell and the drawer shows step 2 of 2 waiting for dl; dl
 * approves; staff sees Approved and the timeline; My Timesheet shows the leave. HR then switches the flow off, so the
 * journeys after this one meet the single step again.
 */

const PAGE = '/timesheet/request-management';
const FLOW = 'Leave over 2 days: GL then DL';
type Period = { timesheet_id: number; name: string; from_date: string; to_date: string };
type Person = { userName: string; name: string; employeeId: number };

const person = async (page: Page, username: string) => (await apiGet<Person>(page, '/tms/user/detail', { username })).data;

/**
 * Three working days after the lock date that staff's own requests leave free, inside a payroll period that exists (My
 * Timesheet shows them at the end): the latest within the next two weeks. On a period's last day no period holds a day
 * ahead yet, so the days are the open period's last ones, today's included.
 */
async function threeFreeDays(page: Page): Promise<string[]> {
  const today = await serverToday(page);
  const lock = (await apiGet<{ data: string | null }>(page, '/tms/timesheets/get-end-date-of-last-approved-timesheet')).data.data ?? '1900-01-01';
  const periods = (await apiGet<Period[]>(page, '/tms/filters/periods')).data;
  const lastPeriodEnd = periods.map((p) => p.to_date).sort().at(-1)!;
  const mine = (await apiGet<RequestRecord[]>(page, '/tms/request-management', { status: '1,3,4,5,10', size: 100 })).data;
  const taken = new Set(mine.flatMap((r) => (r.status === 1 || r.status === 3 ? r.request_dates.map((d) => d.request_date) : [])));
  // A past day with an open abnormal case or without a check-in is what the explanation journeys explain: left alone.
  const cases = (await apiGet<{ abnormal_date: string }[]>(page, '/tms/abnormal-case', { status: '0', size: 100 })).data;
  for (const c of cases) taken.add(c.abnormal_date);
  const current = periods.find((p) => p.from_date <= today && today <= p.to_date);
  if (current) {
    const me = await person(page, 'staff');
    const days = (await apiGet<MyTimesheet>(page, `/tms/timesheets/${current.timesheet_id}/employee/${me.employeeId}`)).data.days;
    for (const d of days) if (d.date_of_issue < today && !d.check_in_time) taken.add(d.date_of_issue);
  }
  const latest = [plusDays(today, 14), lastPeriodEnd].sort()[0]!;
  const days: string[] = [];
  for (let d = latest; d > lock && days.length < 3; d = plusDays(d, -1)) if (!isWeekendIso(d) && !taken.has(d)) days.push(d);
  expect(days, 'three free working days in an open period').toHaveLength(3);
  return days.sort();
}

async function openRequest(page: Page, id: number) {
  await page.goto(`${PAGE}?id=${id}`);
  const drawer = page.getByTestId('request-detail-drawer');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('request-approval-timeline')).toBeVisible();
  return drawer;
}

test('HR sets a two-step flow; staff files 3 days of leave; gl then dl approve; staff follows it to My Timesheet', async ({ page }) => {
  test.setTimeout(240_000);
  // 1. HR creates the flow and previews it for staff.
  await signIn(page, 'hr');
  const [staff, gl, dl] = [await person(page, 'staff'), await person(page, 'gl'), await person(page, 'dl')];
  await page.goto('/settings/approval-flows');
  await expect(page.getByRole('heading', { name: 'Approval flows' })).toBeVisible();
  await page.getByTestId('approval-flow-new').or(page.getByTestId('approval-flows-empty-create')).first().click();
  const form = page.getByRole('dialog', { name: 'New approval flow' });
  await expect(form).toBeVisible();
  await form.getByTestId('flow-name').fill(FLOW);
  await pickUntilShown(page, {
    open: () => form.getByTestId('flow-reason-types').click({ timeout: 3_000 }),
    option: (d) => d.getByTitle('Annual leave', { exact: true }),
    shows: form.getByTestId('flow-reason-types'),
    text: 'Annual leave',
  });
  await page.keyboard.press('Escape');
  await form.getByTestId('flow-amount-over').fill('2');
  await form.getByTestId('flow-priority').fill('1');
  // A new flow starts with one step, the group lead: add the division lead after it.
  await expect(form.getByTestId('flow-step-1')).toBeVisible();
  await form.getByTestId('flow-step-add').click();
  await chooseOption(page, form.getByTestId('flow-step-rule-2'), 'Division lead');
  await expectNoSeriousA11yViolations(page, 'New approval flow');
  await form.getByTestId('approval-flow-save').click();
  await expect(page.getByText('Approval flow saved').first()).toBeVisible();
  await expect(form).toBeHidden();
  const flow = (await apiGet<ApprovalFlowRow[]>(page, '/tms/approval-flows')).data.find((f) => f.name === FLOW)!;
  expect(flow, 'the saved flow').toBeTruthy();
  expect(flow).toMatchObject({ item_kind: 'LEAVE_REQUEST', reason_types: ['ANN_LEAVE_CORP'], amount_over: 2, priority: 1, active: true });
  await expect(page.getByTestId(`flow-steps-${flow.id}`)).toHaveText('Group lead → Division lead');

  const preview = page.getByTestId('flow-preview');
  await pickStaff(page, preview.getByTestId('flow-preview-employee').locator('input'), { name: staff.name, user_name: staff.userName });
  await chooseOption(page, preview.getByTestId('flow-preview-kind'), 'Leave Request');
  await chooseOption(page, preview.getByTestId('flow-preview-reason'), 'Annual leave');
  await preview.getByTestId('flow-preview-days').fill('3');
  await preview.getByTestId('flow-preview-run').click();
  await expect(preview.getByTestId('flow-preview-heading')).toContainText(FLOW);
  await expect(preview.getByTestId('flow-preview-step-1')).toContainText(gl.name);
  await expect(preview.getByTestId('flow-preview-step-2')).toContainText(dl.name);
  await expectNoSeriousA11yViolations(page, 'Approval flows');

  // 2. Staff files three days of annual leave.
  await signOut(page);
  await signIn(page, 'staff');
  const days = await threeFreeDays(page);
  await page.goto(PAGE);
  await page.getByTestId('request-add').click();
  const modal = page.getByRole('dialog', { name: 'Create Request' });
  await expect(modal).toBeVisible();
  for (const [i, date] of days.entries()) {
    if (i > 0) await modal.getByTestId('request-date-add').click();
    const input = page.getByTestId(`request-date-${i}`);
    await input.click();
    await input.fill(dmy(date));
    await input.press('Enter');
  }
  // The form names both steps' approvers, in order.
  await expect(modal.getByTestId('request-approver')).toHaveText(`${gl.name} - gl → ${dl.name} - dl`);
  await modal.getByTestId('request-form-save').click();
  await expect(page.getByText(M.success).first()).toBeVisible();
  await expect(modal).toBeHidden();
  const mine = (await apiGet<RequestRecord[]>(page, '/tms/request-management', { status: '1', size: 100 })).data;
  const request = mine.find((r) => r.start_date === days[0] && r.reason_type === 'ANN_LEAVE_CORP')!;
  expect(request, 'the new pending request').toBeTruthy();
  expect(request.request_dates).toHaveLength(3);
  expect(request.approval_step).toEqual({ step: 1, count: 2, flow_name: FLOW });
  await expect(page.getByTestId('request-table')).toContainText('Pending — step 1 of 2 (gl)');

  // 3. gl opens it from the bell and approves step 1 (with a confirmation).
  await signOut(page);
  await signIn(page, 'gl');
  const drawer = await openRequestFromBell(page, request.id);
  await expect(drawer.getByTestId('request-approval-decision-1')).toContainText('Current');
  await expect(drawer.getByTestId('request-approval-step-2')).toContainText(dl.name);
  await drawer.getByTestId('request-detail-approve').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText(M.updateStatusSuccess).first()).toBeVisible();
  // The drawer shows step 2 of 2 waiting for dl.
  const afterFirst = await openRequest(page, request.id);
  await expect(afterFirst.getByTestId('request-detail-status')).toContainText('Pending — step 2 of 2 (dl)');
  await expect(afterFirst.getByTestId('request-approval-decision-1')).toContainText(`Approved by ${gl.name}`);
  await expect(afterFirst.getByTestId('request-approval-decision-2')).toContainText(`Current — waiting for ${dl.name}`);
  await expect(afterFirst.getByTestId('request-detail-approve')).toHaveCount(0);

  // 4. dl approves the last step.
  await page.goto('/');
  await signOut(page);
  await signIn(page, 'dl');
  const dlDrawer = await openRequest(page, request.id);
  await dlDrawer.getByTestId('request-detail-approve').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText(M.updateStatusSuccess).first()).toBeVisible();

  // 5. Staff sees Approved, the timeline, and the leave on My Timesheet.
  await page.goto('/');
  await signOut(page);
  await signIn(page, 'staff');
  const done = await openRequest(page, request.id);
  await expect(done.getByTestId('request-detail-status')).toContainText('Approved');
  await expect(done.getByTestId('request-approval-flow')).toContainText(FLOW);
  await expect(done.getByTestId('request-approval-decision-1')).toContainText(`Approved by ${gl.name}`);
  await expect(done.getByTestId('request-approval-decision-2')).toContainText(`Approved by ${dl.name}`);
  await expectNoSeriousA11yViolations(page, 'Request detail with its approval timeline');
  const periods = (await apiGet<Period[]>(page, '/tms/filters/periods')).data;
  const period = periods.find((p) => p.from_date <= days[0]! && days[0]! <= p.to_date)!;
  const me = (await apiGet<{ employeeId: number }>(page, '/tms/user/detail', { username: 'staff' })).data;
  const day = (await apiGet<MyTimesheet>(page, `/tms/timesheets/${period.timesheet_id}/employee/${me.employeeId}`)).data.days.find((d) => d.date_of_issue === days[0])!;
  expect(day.requests.length, 'the day carries the approved leave').toBeGreaterThan(0);
  await openMyTimesheetPeriod(page, period.name);
  const row = page.getByTestId(`my-ts-day-${days[0]}`);
  await expect(row).toBeVisible();
  if (day.notation) await expect(row).toContainText(day.notation);

  // 6. HR switches the flow off (asked to confirm): new leave meets the single step again.
  await page.goto('/');
  await signOut(page);
  await signIn(page, 'hr');
  await page.goto('/settings/approval-flows');
  await expect(page.getByTestId(`flow-used-by-${flow.id}`)).toContainText('Used by 1 item');
  await page.getByTestId(`flow-active-${flow.id}`).click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText('Approval flow deactivated').first()).toBeVisible();
  expect((await apiGet<ApprovalFlowRow[]>(page, '/tms/approval-flows')).data.find((f) => f.id === flow.id)!.active).toBe(false);
});
