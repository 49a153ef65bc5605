import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_LEAVE_PATH } from '@tms/contracts/project-leave';
import { loadConfig } from '../../config.ts';
import { queryRows } from '../../db/client.ts';
import { insertProjectLeave, planProjectLeave } from '../../seed/project-leave.ts';
import { companyToday } from '../../lib/dates.ts';
import { createTestApp, defaultTestNow, type TestApp } from '../../test/harness.ts';

/** The demo project leave (seed/project-leave.ts) on the fixture company, read back through the API. */
let t: TestApp;
const NOW = defaultTestNow();
const today = companyToday(loadConfig({}).companyTimeZone, NOW);

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
});
afterAll(() => t.close());

describe('demo project leave seed', () => {
  it('plans staff first with a used row and two files, one expired row, nobody twice', () => {
    const employees = Object.entries(t.fixture.employeeIds).map(([userName, id]) => ({ id, userName, roles: ['STAFF'], startWorkingDay: '2020-01-06' }));
    const plans = planProjectLeave(employees, [{ code: 'P1', memberUserNames: ['staff', 'staff4', 'gl'] }], today);
    expect(plans.map((p) => p.userName).sort()).toEqual(['gl', 'staff', 'staff4']);
    expect(plans[0]).toMatchObject({ userName: 'staff', kind: 'used' });
    expect(plans[0]!.attachments).toHaveLength(2);
    expect(plans.filter((p) => p.kind === 'expired')).toHaveLength(1);
    expect(new Set(plans.map((p) => p.userName)).size).toBe(plans.length);
    expect(planProjectLeave(employees, [{ code: 'P1', memberUserNames: ['staff', 'staff4', 'gl'] }], today)).toEqual(plans);
  });

  it('writes rows, uses, attachments and CREATE history the screens read', async () => {
    const employees = Object.entries(t.fixture.employeeIds).map(([userName, id]) => ({ id, userName, roles: ['STAFF'], startWorkingDay: '2020-01-06' }));
    const plans = planProjectLeave(employees, [{ code: 'P1', memberUserNames: ['staff', 'staff4'] }], today);
    await t.db.transaction((tx) => insertProjectLeave(tx, plans, { userId: t.fixture.userIds.hr!, username: 'hr', name: 'Hoa Human' }));

    const res = await t.app.inject({ method: 'GET', url: `/api${PROJECT_LEAVE_PATH}/employees?employeeId=${t.fixture.employeeIds.staff}`, headers: await t.as('hr') });
    const data = res.json().data;
    const plan = plans[0]!;
    expect(data.projectLeaves).toHaveLength(1);
    expect(data.projectLeaves[0]).toMatchObject({ leaveDay: plan.days, used: plan.use!.days, project: { projectCode: 'P1' } });
    expect(data.projectLeaves[0].attachFilePaths.map((f: { fileName: string }) => f.fileName)).toEqual(plan.attachments.map((a) => a.fileName));
    const file = await t.app.inject({ method: 'GET', url: `/api${PROJECT_LEAVE_PATH}/download-attach-file?id=${data.projectLeaves[0].attachFilePaths[0].id}`, headers: await t.as('hr') });
    expect(file.statusCode).toBe(200);
    const history = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from history where table_name = 'leave_fund_rows' and action = 'CREATE'`);
    expect(history[0]!.n).toBe(plans.length);
    const uses = await queryRows<{ cause_ref: string }>(t.db, sql`select cause_ref from leave_ledger where cause = 'USE'`);
    expect(uses.every((u) => u.cause_ref.startsWith('demo:project-leave:'))).toBe(true);
  });
});
