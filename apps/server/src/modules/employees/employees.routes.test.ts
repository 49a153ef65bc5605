import { constants, publicEncrypt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { EMPLOYEE_MESSAGES as M } from '@tms/contracts/employees';
import { queryRows } from '../../db/client.ts';
import { insertWorkSchedules } from '../../seed/schedules.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { TEST_PASSWORD } from '../../test/fixture.ts';
import { verifyPassword } from '../auth/crypto.ts';
import { findLiveSession } from '../../plugins/session.repository.ts';
import { hashToken } from '../../plugins/auth.ts';
import { employeeBalance } from '../leave/leave.service.ts';
import { recalculateRanges } from '../timesheet/recalculate.ts';

let t: TestApp;
const NOW = '2026-11-23T10:00:00+07:00';
const TODAY = '2026-11-23';

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await insertWorkSchedules(t.db);
});
afterAll(() => t.close());

const LIST = '/api/tms/employee/get-all-employee';
const CREATE = '/api/tms/employee/create-employee';
const UPDATE = '/api/tms/employee/update-employee';

async function call(username: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, query?: Record<string, string>) {
  return t.app.inject({ method, url, payload: payload as object, query, headers: await t.as(username) });
}

const base = (over: Record<string, unknown> = {}) => ({
  name: 'Nguyễn Văn Bình',
  email: 'binh@cglobal.test',
  user_name: `binh${Math.random().toString(36).slice(2, 8)}`,
  employeeStatus: 'Active',
  start_working_day: '2026-11-02',
  department: 'DEP1',
  gender: 'M',
  location: 'CGLOBALHCM',
  jobLevel: 'Professional',
  contract_type: 'UNLIMTED',
  nationality: 'VNM',
  holidayCalendarCode: 'VNM_NPH',
  work_schedule_type: 'HCM',
  remain_birthday_leave: 1,
  ...over,
});

async function historyOf(table: string, id: number) {
  return queryRows<{ action: string; changes: { field: string; oldValue: unknown; newValue: unknown }[]; created_by_username: string }>(
    t.db,
    sql`select action, changes, created_by_username from history where table_name = ${table} and record_id = ${id} order by id`,
  );
}

describe('create-employee', () => {
  it('creates an employee without an account: code 489, the first staff policy, history', async () => {
    const res = await call('hr', 'POST', CREATE, base({ user_name: 'nva.noaccount' }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(489);
    expect(body.data.password).toBeNull();
    const id = body.data.id as number;

    const detail = await call('hr', 'GET', `/api/tms/employee/detail/${id}`);
    expect(detail.statusCode).toBe(200);
    const d = detail.json().data;
    expect(d).toMatchObject({ name: 'Nguyễn Văn Bình', user_name: 'nva.noaccount', department: 'DEP1', company: 'CGLOBAL', work_schedule_type: 'HCM', work_schedule_apply_date: '2026-11-02', account: null });
    expect(d.department_name.name).toBe('Department One');
    expect(d.division_name.name).toBe('Division One');

    const policies = await queryRows<{ work_schedule_code: string; apply_date: string; expire_date: string; rule_type: string; lack_of_time_allowed: number; id: number }>(
      t.db,
      sql`select id, work_schedule_code, apply_date::text as apply_date, expire_date::text as expire_date, rule_type, lack_of_time_allowed from staff_policies where employee_id = ${id}`,
    );
    expect(policies).toHaveLength(1);
    expect(policies[0]).toMatchObject({ work_schedule_code: 'HCM', apply_date: '2026-11-02', expire_date: '9999-12-30', rule_type: 'DAY', lack_of_time_allowed: 15 });

    const h = await historyOf('employees', id);
    expect(h).toHaveLength(1);
    expect(h[0]!.action).toBe('CREATE');
    expect(h[0]!.created_by_username).toBe('hr');
    expect(h[0]!.changes.find((c) => c.field === 'name')?.newValue).toBe('Nguyễn Văn Bình');
    expect(await historyOf('staff_policies', policies[0]!.id)).toHaveLength(1);
  });

  it('creates a user account with roles; the first password is answered once and signs in', async () => {
    const res = await call('hr', 'POST', CREATE, base({ user_name: 'with.account', createAccount: true, roles: ['STAFF', 'GROUP_LEAD'], work_schedule_type: 'FLEXIBLE', work_schedule_apply_date: '2026-11-10' }));
    expect(res.statusCode).toBe(200);
    const { id, password, username } = res.json().data;
    expect(username).toBe('with.account');
    expect(typeof password).toBe('string');
    expect(password.length).toBeGreaterThanOrEqual(8);
    const [u] = await queryRows<{ id: number; password_hash: string }>(t.db, sql`select id, password_hash from users where employee_id = ${id}`);
    expect(u!.password_hash).not.toContain(password);
    expect(await verifyPassword(u!.password_hash, password)).toBe(true);
    const detail = (await call('hr', 'GET', `/api/tms/employee/detail/${id}`)).json().data;
    expect(detail.account).toMatchObject({ username: 'with.account', roles: ['GROUP_LEAD', 'STAFF'] });
    const [policy] = await queryRows<{ work_schedule_code: string; apply_date: string; ot_type: string }>(
      t.db,
      sql`select work_schedule_code, apply_date::text as apply_date, ot_type from staff_policies where employee_id = ${id}`,
    );
    expect(policy).toMatchObject({ work_schedule_code: 'FLEXIBLE', apply_date: '2026-11-10', ot_type: 'OT_FLEXIBLE' });
    expect((await historyOf('users', u!.id))[0]!.action).toBe('CREATE');

    // POST /api/login with the first password (RSA-OAEP as the web sends it, RULES.md §2).
    const publicPem = (await t.app.inject({ method: 'GET', url: '/api/auth/public-key' })).json().data.publicKey;
    const enc = (text: string) => publicEncrypt({ key: publicPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(text)).toString('base64');
    const login = await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: '10.9.9.9', payload: { username: enc('with.account'), password: enc(password) } });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.userName).toBe('with.account');
  });

  it('only an ADMIN may grant the ADMIN role (403 otherwise)', async () => {
    const refused = await call('hr', 'POST', CREATE, base({ user_name: 'admin.by.hr', createAccount: true, roles: ['ADMIN'] }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(M.adminRoleOnlyAdmin);
    const [n] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from employees where user_name = 'admin.by.hr'`);
    expect(n!.n).toBe(0);
    const ok = await call('admin', 'POST', CREATE, base({ user_name: 'admin.by.admin', createAccount: true, roles: ['ADMIN'] }));
    expect(ok.statusCode).toBe(200);
  });

  it('answers every message of spec 002 §5 Employee with 400', async () => {
    const res = await call('hr', 'POST', CREATE, { department: 'DEP1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.nameRequired);
    expect(res.json().messages).toEqual([M.nameRequired, M.emailRequired, M.usernameRequired, M.statusRequired, M.startWorkingDayRequired]);

    const numbers = await call('hr', 'POST', CREATE, base({ remain_birthday_leave: 'abc', remain_unpaid_leave: 'x1', numberOfYear: 'two' }));
    expect(numbers.statusCode).toBe(400);
    expect(numbers.json().messages).toEqual(expect.arrayContaining(['Remain birthday leave must be number', 'Remain unpaid leave must be number', 'Number of year must be number']));

    const birthday = await call('hr', 'POST', CREATE, base({ remain_birthday_leave: 2 }));
    expect(birthday.json().messages).toEqual([M.birthdayRange]);
    const negative = await call('hr', 'POST', CREATE, base({ remain_annual_leave: -1 }));
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toBe('Remain Annual Leave must be positive number');
    const enumValue = await call('hr', 'POST', CREATE, base({ location: 'MARS' }));
    expect(enumValue.json().message).toBe(M.invalidOption('Location'));
  });

  it('refuses a user name in use (any case) and an unknown department', async () => {
    const dup = await call('hr', 'POST', CREATE, base({ user_name: 'STAFF' }));
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe(M.usernameTaken('STAFF'));
    const dep = await call('hr', 'POST', CREATE, base({ department: 'NOPE' }));
    expect(dep.statusCode).toBe(400);
    expect(dep.json().message).toBe(M.departmentNotFound);
    const division = await call('hr', 'POST', CREATE, base({ department: 'DIV1' }));
    expect(division.json().message).toBe(M.departmentNotFound);
  });

  it('is for HR, HRM and ADMIN only', async () => {
    for (const who of ['staff', 'gl', 'dl', 'guest']) {
      expect((await call(who, 'POST', CREATE, base())).statusCode).toBe(403);
      expect((await call(who, 'GET', LIST)).statusCode).toBe(403);
    }
    expect((await call('hrm', 'GET', LIST)).statusCode).toBe(200);
  });
});

describe('update-employee', () => {
  async function created(over: Record<string, unknown> = {}) {
    const res = await call('hr', 'POST', CREATE, base(over));
    expect(res.statusCode).toBe(200);
    const id = res.json().data.id as number;
    return (await call('hr', 'GET', `/api/tms/employee/detail/${id}`)).json().data;
  }

  it('saves with code 200, keeps the identity fields, and writes old and new values in history', async () => {
    const d = await created({ user_name: 'upd.one', sf4c_id: 'SF-UPD-1' });
    const res = await call('hrm', 'PUT', UPDATE, { ...d, department: 'DEP2', positionTitle: 'Engineer', user_name: 'changed', sf4c_id: 'CHANGED' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, data: { id: d.id, version: d.version + 1 } });
    const after = (await call('hr', 'GET', `/api/tms/employee/detail/${d.id}`)).json().data;
    expect(after).toMatchObject({ department: 'DEP2', positionTitle: 'Engineer', user_name: 'upd.one', sf4c_id: 'SF-UPD-1' });
    const h = await historyOf('employees', d.id);
    const update = h.find((e) => e.action === 'UPDATE')!;
    expect(update.created_by_username).toBe('hrm');
    expect(update.changes).toEqual(
      expect.arrayContaining([
        { field: 'department', oldValue: 'DEP1', newValue: 'DEP2' },
        { field: 'positionTitle', oldValue: null, newValue: 'Engineer' },
      ]),
    );
    expect(update.changes.some((c) => c.field === 'user_name')).toBe(false);
  });

  it('answers 409 for a stale version and 404 for an unknown id', async () => {
    const d = await created();
    expect((await call('hr', 'PUT', UPDATE, { ...d, name: 'First' })).statusCode).toBe(200);
    const stale = await call('hr', 'PUT', UPDATE, { ...d, name: 'Second' });
    expect(stale.statusCode).toBe(409);
    expect((await call('hr', 'PUT', UPDATE, { ...d, id: 999999 })).statusCode).toBe(404);
    expect((await call('hr', 'GET', '/api/tms/employee/detail/999999')).statusCode).toBe(404);
  });

  it('posts a changed remain annual leave on the leave ledger and moves the total by the difference', async () => {
    const d = await created();
    expect(d.remain_annual_leave).toBe(0);
    let res = await call('hr', 'PUT', UPDATE, { ...d, remain_annual_leave: 16 });
    expect(res.statusCode).toBe(200);
    let after = (await call('hr', 'GET', `/api/tms/employee/detail/${d.id}`)).json().data;
    expect(after).toMatchObject({ remain_annual_leave: 16, total_annual_leave: 16 });
    expect((await employeeBalance(t.db, { employeeId: d.id, date: TODAY })).totalHours).toBe(16);

    res = await call('hr', 'PUT', UPDATE, { ...after, remain_annual_leave: 10.5, total_annual_leave: 999 });
    expect(res.statusCode).toBe(200);
    after = (await call('hr', 'GET', `/api/tms/employee/detail/${d.id}`)).json().data;
    expect(after).toMatchObject({ remain_annual_leave: 10.5, total_annual_leave: 10.5 });
    expect((await employeeBalance(t.db, { employeeId: d.id, date: TODAY })).totalHours).toBe(10.5);
    const changes = (await historyOf('employees', d.id)).at(-1)!.changes;
    expect(changes).toEqual(expect.arrayContaining([{ field: 'remain_annual_leave', oldValue: 16, newValue: 10.5 }]));
  });

  it('refuses to lower remain annual leave below what the leave funds hold, writing nothing', async () => {
    const d = await created();
    await t.db.execute(sql`update employees set remain_annual_leave = 20, total_annual_leave = 20 where id = ${d.id}`);
    const res = await call('hr', 'PUT', UPDATE, { ...d, remain_annual_leave: 0, name: 'Changed Name' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Remain annual leave cannot be lowered');
    const after = (await call('hr', 'GET', `/api/tms/employee/detail/${d.id}`)).json().data;
    expect(after).toMatchObject({ name: d.name, version: d.version, remain_annual_leave: 20 });
  });

  it('lets roles of the linked user change; ADMIN only by an ADMIN', async () => {
    const res = await call('hr', 'POST', CREATE, base({ user_name: 'roles.one', createAccount: true, roles: ['STAFF'] }));
    const d = (await call('hr', 'GET', `/api/tms/employee/detail/${res.json().data.id}`)).json().data;
    expect((await call('hr', 'PUT', UPDATE, { ...d, roles: ['STAFF', 'ADMIN'] })).statusCode).toBe(403);
    const ok = await call('hr', 'PUT', UPDATE, { ...d, roles: ['STAFF', 'HR'] });
    expect(ok.statusCode).toBe(200);
    const after = (await call('hr', 'GET', `/api/tms/employee/detail/${d.id}`)).json().data;
    expect(after.account.roles).toEqual(['HR', 'STAFF']);
    expect((await historyOf('users', d.account.userId)).at(-1)!.changes).toEqual([{ field: 'roles', oldValue: ['STAFF'], newValue: ['HR', 'STAFF'] }]);
  });
});

describe('terminated employees', () => {
  it("ends the user's sessions after the last working day (company calendar)", async () => {
    const token = await t.tokenFor('staff2');
    const hash = hashToken(token);
    const opts = { idleHours: 24 * 365 * 100, touchEverySeconds: 60 };
    const d = (await call('hr', 'GET', `/api/tms/employee/detail/${t.fixture.employeeIds.staff2}`)).json().data;
    expect((await call('hr', 'PUT', UPDATE, { ...d, last_working_day: '2026-11-23', employeeStatus: 'Terminated' })).statusCode).toBe(200);
    expect(await findLiveSession(t.db, hash, { ...opts, today: '2026-11-23' })).toBeDefined();
    expect(await findLiveSession(t.db, hash, { ...opts, today: '2026-11-24' })).toBeUndefined();
  });

  it('a token of an employee whose last working day has passed answers 401', async () => {
    const d = (await call('hr', 'GET', `/api/tms/employee/detail/${t.fixture.employeeIds.staff3}`)).json().data;
    const headers = await t.as('staff3');
    expect((await t.app.inject({ method: 'GET', url: '/api/tms/user/detail', headers })).statusCode).toBe(200);
    expect((await call('hr', 'PUT', UPDATE, { ...d, last_working_day: d.start_working_day })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/tms/user/detail', headers })).statusCode).toBe(401);
    // Nor is a new session issued: signing in answers as for a wrong password.
    const publicPem = (await t.app.inject({ method: 'GET', url: '/api/auth/public-key' })).json().data.publicKey;
    const enc = (text: string) => publicEncrypt({ key: publicPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(text)).toString('base64');
    const login = await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: '10.9.9.8', payload: { username: enc('staff3'), password: enc(TEST_PASSWORD) } });
    expect(login.statusCode).toBe(401);
  });

  it('recalculation leaves no value after the last working day', async () => {
    const id = t.fixture.employeeIds.staff4!;
    await t.db.execute(sql`insert into staff_policies (employee_id, work_schedule_code, rule_type, lack_of_time_allowed, ot_type, apply_date, expire_date)
                           values (${id}, 'HCM', 'DAY', 15, 'OT_FIXED', '2020-01-06', '9999-12-30')`);
    await t.db.execute(sql`insert into payroll_periods (company_id, name, from_date, to_date, working_days, status) values (${t.fixture.companyId}, 'T11-2026', '2026-10-26', '2026-11-25', 22, 0)`);
    const valued = async () =>
      queryRows<{ date: string }>(
        t.db,
        sql`select date::text as date from timesheet_days
             where employee_id = ${id} and date between '2026-11-16' and '2026-11-20' and coalesce(value, computed_value) is not null`,
      );
    await recalculateRanges(t.db, [{ employeeId: id, from: '2026-11-02', to: '2026-11-25' }], { timeZone: t.clock.timeZone, now: t.clock.now() });
    expect((await valued()).length).toBe(5);
    const d = (await call('hr', 'GET', `/api/tms/employee/detail/${id}`)).json().data;
    expect((await call('hr', 'PUT', UPDATE, { ...d, last_working_day: '2026-11-13' })).statusCode).toBe(200);
    expect(await valued()).toEqual([]);
  });
});

describe('get-all-employee', () => {
  it('finds a name with and without Vietnamese diacritics, and filters', async () => {
    await call('hr', 'POST', CREATE, base({ name: 'Nguyễn Thị Hằng', user_name: 'nth.search', department: 'DEP3', jobLevel: 'Executive' }));
    for (const keyword of ['Nguyễn Thị', 'nguyen thi', 'NGUYEN THI HANG', 'hằng']) {
      const res = await call('hr', 'GET', LIST, undefined, { keyword });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((r: { user_name: string }) => r.user_name)).toContain('nth.search');
    }
    const byUser = await call('hr', 'GET', LIST, undefined, { keyword: 'nth.sea' });
    expect(byUser.json().data).toHaveLength(1);
    const byEmail = await call('hr', 'GET', LIST, undefined, { keyword: 'STAFF4@CGLOBAL' });
    expect(byEmail.json().data.map((r: { user_name: string }) => r.user_name)).toEqual(['staff4']);
    const byStaffId = await call('hr', 'GET', LIST, undefined, { keyword: 'sfstaff3' });
    expect(byStaffId.json().data.map((r: { user_name: string }) => r.user_name)).toEqual(['staff3']);
    const literal = await call('hr', 'GET', LIST, undefined, { keyword: '%' });
    expect(literal.json().data).toEqual([]);
    const filtered = await call('hr', 'GET', LIST, undefined, { keyword: 'nguyen', departmentId: String(t.fixture.departments.dep3), jobLevel: 'Executive' });
    expect(filtered.json().data.map((r: { user_name: string }) => r.user_name)).toEqual(['nth.search']);
    expect(filtered.json().data[0].division_name.name).toBe('Division Two');
    const none = await call('hr', 'GET', LIST, undefined, { keyword: 'hang', departmentId: String(t.fixture.departments.dep2) });
    expect(none.json().data).toEqual([]);
  });

  it('pages newest id first by default, with the total; a column sort and direction', async () => {
    const res = await call('hr', 'GET', LIST, undefined, { page: '1', size: '3' });
    const body = res.json();
    expect(body.data).toHaveLength(3);
    expect(body.page.total_element).toBeGreaterThan(12);
    const ids = body.data.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const byName = (await call('hr', 'GET', LIST, undefined, { sortField: 'name', sort: '1', size: '50' })).json().data.map((r: { name: string }) => r.name);
    expect(byName[0] <= byName[1]).toBe(true);
    const past = (await call('hr', 'GET', LIST, undefined, { page: '99', size: '10' })).json();
    expect(past.data).toEqual([]);
    expect(past.page.total_element).toBe(body.page.total_element);
  });
});
