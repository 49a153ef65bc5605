import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { defaultPathFor, menuTabsFor, permissionsFor } from '@tms/contracts/routes';
import { addDays } from '../../lib/dates.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function detail(as: string, username?: string) {
  return t.app.inject({ method: 'GET', url: '/api/tms/user/detail', query: username === undefined ? {} : { username }, headers: await t.as(as) });
}

describe('GET /api/tms/user/detail', () => {
  it('answers the caller’s own detail without a username', async () => {
    const res = await detail('dl');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 200,
      data: {
        userName: 'dl',
        userId: t.fixture.userIds.dl,
        employeeId: t.fixture.employeeIds.dl,
        name: 'Dung Division',
        roles: ['DULEAD', 'STAFF'],
        roleCodes: ['TMS_DL_1', 'TMS_Staff_1'],
        isPm: false,
        requestType: 'day',
        explanationType: null,
        overtimeType: null,
      },
    });
  });

  it('lets anyone read their own and HR, HRM and Admin anyone’s; others get 404', async () => {
    expect((await detail('staff', 'staff')).statusCode).toBe(200);
    expect((await detail('staff', 'STAFF')).statusCode).toBe(200);
    expect((await detail('staff', 'hr')).statusCode).toBe(404);
    expect((await detail('gl', 'staff')).statusCode).toBe(404);
    expect((await detail('dl', 'staff')).statusCode).toBe(404);
    for (const privileged of ['hr', 'hrm', 'admin']) {
      const res = await detail(privileged, 'staff');
      expect(res.statusCode).toBe(200);
      expect(res.json().data.userName).toBe('staff');
    }
    expect((await detail('hr', 'no-such-user')).statusCode).toBe(404);
  });

  it('derives permissions, menu tabs and default path from the roles and the PM relation', async () => {
    const staff = (await detail('staff')).json().data;
    expect(staff.permissions).toEqual(permissionsFor(['STAFF']));
    expect(staff.permissions).toEqual(expect.arrayContaining(['timesheet', 'request-management', 'change-password']));
    expect(staff.permissions).not.toContain('annual-leave');
    expect(staff.permissions).not.toContain('employee-management');
    expect(staff.menuTabs).toEqual(menuTabsFor(staff.permissions));
    expect(staff.defaultPath).toBe(defaultPathFor(staff.permissions, false));

    const hr = (await detail('hr')).json().data;
    expect(hr.permissions).toEqual(permissionsFor(['HR']));
    expect(hr.permissions).toEqual(expect.arrayContaining(['annual-leave', 'employee-management', 'update-leave', 'logs']));
    expect(hr.menuTabs).toEqual(menuTabsFor(hr.permissions));
    expect(hr.menuTabs.map((tab: { key: string }) => tab.key)).toContain('leave-management');
    expect(staff.menuTabs.map((tab: { key: string }) => tab.key)).not.toContain('leave-management');

    const pm = (await detail('pm')).json().data;
    expect(pm.isPm).toBe(true);
    expect(pm.roles).toEqual(['STAFF']);
    expect(pm.permissions).toContain('project-leave');
    expect(staff.permissions).not.toContain('project-leave');

    const guest = (await detail('guest')).json().data;
    // Issue 30: a guest also has My profile (calendar feeds) and the Team Calendar (the owners of items assigned to them).
    expect(guest.permissions).toEqual(['change-password', 'notifications', 'profile', 'my-work', 'request-management', 'team-calendar']);
    expect(guest.defaultPath).toBe(defaultPathFor(guest.permissions, true));

    // Issue 26 §2: My Work is the first menu tab for every role, and never the landing page.
    for (const user of [staff, hr, pm, guest]) expect(user.menuTabs[0]).toMatchObject({ key: 'my-work', children: [{ name: 'my-work', path: '/my-work' }] });
    expect([staff.defaultPath, hr.defaultPath, pm.defaultPath, guest.defaultPath]).toEqual(['/timesheet', '/timesheet', '/timesheet', '/timesheet/request-management']);
  });

  it('answers requestType hour for a FLEXIBLE employee and the policy in force today', async () => {
    const today = t.clock.today();
    const employeeId = t.fixture.employeeIds.staff3!;
    await t.db.execute(sql`update employees set work_schedule_type = 'FLEXIBLE' where id = ${employeeId}`);
    await t.db.execute(sql`
      insert into staff_policies (employee_id, work_schedule_code, rule_type, ot_type, apply_date, expire_date)
      values (${employeeId}, 'FLEX', 'OLD_RULE', 'OT_FIXED', ${addDays(today, -400)}, ${addDays(today, -1)}),
             (${employeeId}, 'FLEX', 'FLEXIBLE_RULE', 'OT_FLEXIBLE', ${today}, '9999-12-30')`);
    const res = await detail('hr', 'staff3');
    expect(res.json().data).toMatchObject({ userName: 'staff3', requestType: 'hour', explanationType: 'FLEXIBLE_RULE', overtimeType: 'OT_FLEXIBLE' });
  });
});
