import { expect, test } from './fixtures.ts';
import { PROJECT_LEAVE_MESSAGES as M, PROJECT_LEAVE_PATH, type ProjectLeaveDetail } from '@tms/contracts/project-leave';
import { apiGet, dmy, expectNoSeriousA11yViolations, plusDays, serverToday, signIn } from './helpers.ts';

/**
 * Project Leave journey (spec 000 §2 Project Leave list and detail, §4, §5, §8) on the demo company: HR grants
 * project leave to a member of a project with two attachments, downloads one, and removes the unused row.
 */

type Project = { project_id: number; project_code: string; project_name: string };
type Member = { id: number; name: string; user_name: string };

const PDF = Buffer.from('%PDF-1.4\n% e2e project leave approval\n%%EOF\n');
const TXT = Buffer.from('Customer sign-off for the weekend release\n');

test.describe('project leave', () => {
  test('HR adds project leave with two attachments, downloads one and removes the row', async ({ page }) => {
    await signIn(page, 'hr');
    const [project] = (await apiGet<Project[]>(page, '/tms/filters/get-all-projects', { key: 'Atlas', page: 1, size: 40 })).data;
    expect(project, 'the demo project Atlas').toBeDefined();
    const members = (await apiGet<Member[]>(page, '/tms/filters/get-all-employee-by-project', { projectId: project!.project_id })).data;
    const member = members.find((m) => m.user_name === 'staff') ?? members[0]!;
    const today = await serverToday(page);
    const stamp = Date.now();
    const files = [`approval-${stamp}.pdf`, `sign-off-${stamp}.txt`];

    // The list names the member once they hold project leave; start from their detail page.
    await page.goto(`/leave-management/project-leave/${member.id}`);
    await expect(page.getByRole('heading', { name: 'Project Leave Detail' })).toBeVisible();
    await expect(page.getByTestId('project-leave-detail-table')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'Project Leave Detail');

    await page.getByTestId('project-leave-add').click();
    const form = page.getByRole('dialog', { name: 'Add Project Leave' });
    await expect(form.getByTestId('project-leave-form')).toBeVisible();
    await expect(form.getByLabel('Staff')).toBeDisabled();

    const projectField = form.getByLabel('Project');
    await projectField.click();
    await projectField.pressSequentially('Atlas');
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .getByText(`${project!.project_code} - ${project!.project_name}`, { exact: true })
      .click();

    const staffField = form.getByLabel('Staff');
    await expect(staffField).toBeEnabled();
    await staffField.click();
    await staffField.pressSequentially(member.user_name);
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText(`${member.name} - ${member.user_name}`, { exact: true }).click();
    await form.getByLabel('Leave Day').fill('1.125');
    for (const [label, iso] of [
      ['Apply Date', plusDays(today, 1)],
      ['Expired Date', plusDays(today, 60)],
    ] as const) {
      const field = form.getByLabel(label);
      await field.click();
      await field.fill(dmy(iso));
      await field.press('Enter');
    }
    await form.getByTestId('project-leave-files').locator('input[type=file]').setInputFiles([
      { name: files[0]!, mimeType: 'application/pdf', buffer: PDF },
      { name: files[1]!, mimeType: 'text/plain', buffer: TXT },
    ]);
    await expect(form.getByText(files[1]!)).toBeVisible();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(M.created(member.user_name))).toBeVisible();
    await expect(form).toBeHidden();

    const detail = (await apiGet<ProjectLeaveDetail>(page, `${PROJECT_LEAVE_PATH}/employees`, { employeeId: member.id })).data;
    const created = detail.projectLeaves.find((r) => r.attachFilePaths.some((f) => f.fileName === files[0]));
    expect(created, 'the new row').toBeDefined();
    const row = page.getByTestId('project-leave-detail-table').locator('tbody tr.ant-table-row', { has: page.getByTestId(`project-leave-remove-${created!.id}`) });
    await expect(row).toContainText(project!.project_code);
    await expect(row).toContainText('1.125');
    await expect(row).toContainText(dmy(plusDays(today, 1)));

    const attachment = page.getByTestId(`project-leave-attachment-${created!.id}-0`);
    await expect(attachment).toHaveText(files[0]!);
    const downloading = page.waitForEvent('download');
    await attachment.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(files[0]);

    await page.getByTestId(`project-leave-remove-${created!.id}`).click();
    const confirm = page.getByRole('dialog', { name: 'Please Confirm' });
    await expect(confirm).toContainText(M.deleteConfirm);
    await confirm.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText(M.deleted)).toBeVisible();
    await expect(page.getByTestId(`project-leave-remove-${created!.id}`)).toHaveCount(0);
    await expect(page.getByTestId(`project-leave-attachment-${created!.id}-0`)).toHaveCount(0);

    await page.getByTestId('project-leave-back').click();
    await expect(page).toHaveURL(/\/leave-management\/project-leave$/);
    await expect(page.getByTestId('project-leave-table')).toBeVisible();
  });
});
