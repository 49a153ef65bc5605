import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { projects } from '../../db/schema/organisation.ts';
import { insertVietnameseEmployee } from '../../test/fixture.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** Issue 7 §8: remote searches match with and without diacritics (Vietnamese users type without accents). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await insertVietnameseEmployee(t.db, t.fixture, { sf4cId: 'SFSONDV' });
  await t.db.insert(projects).values({ projectCode: 'ĐM-1', projectName: 'Dự án Đổi Mới', pmEmployeeId: t.fixture.employeeIds.pm! });
});
afterAll(() => t.close());

async function get(url: string, query: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url, query, headers: await t.as('hr') });
  expect(res.statusCode).toBe(200);
  return res.json().data as Record<string, unknown>[];
}

const STAFF_TEXTS = ['son', 'Sơn', 'SON', 'dang van', 'Dang Van Son', 'ĐẶNG', 'đặng', 'dặng văn', 'van s'];

describe('GET /api/tms/filters/employee?filter', () => {
  it.each(STAFF_TEXTS)("'%s' finds Đặng Văn Sơn", async (filter) => {
    const found = await get('/api/tms/filters/employee', { filter });
    expect(found.map((e) => e.name)).toContain('Đặng Văn Sơn');
  });

  it('still matches user names and SF4C ids, and nothing that only looks alike', async () => {
    expect((await get('/api/tms/filters/employee', { filter: 'SONDV' })).map((e) => e.user_name)).toEqual(['sondv']);
    expect((await get('/api/tms/filters/employee', { filter: 'sfsond' })).map((e) => e.user_name)).toEqual(['sondv']);
    expect(await get('/api/tms/filters/employee', { filter: 'dang van sun' })).toEqual([]);
    // Wildcards are literal: '%' and '_' match only themselves.
    expect(await get('/api/tms/filters/employee', { filter: 's_n' })).toEqual([]);
    expect(await get('/api/tms/filters/employee', { filter: 'd%n' })).toEqual([]);
  });

  it('department_code narrows the search to that department (the Check In-Out Time filter)', async () => {
    const codes = await queryRows<{ id: number; code: string }>(t.db, sql`select id, department_code as code from departments where id in (${t.fixture.departments.dep1}, ${t.fixture.departments.dep2})`);
    const code = (id: number) => codes.find((c) => c.id === id)!.code;
    expect((await get('/api/tms/filters/employee', { filter: 'son', department_code: code(t.fixture.departments.dep1) })).map((e) => e.user_name)).toContain('sondv');
    expect((await get('/api/tms/filters/employee', { filter: 'son', department_code: code(t.fixture.departments.dep2) })).map((e) => e.user_name)).not.toContain('sondv');
    expect(await get('/api/tms/filters/employee', { filter: 'son', department_code: 'NO-SUCH-DEPARTMENT' })).toEqual([]);
  });
});

describe('project searches', () => {
  it.each(['doi moi', 'ĐỔI MỚI', 'du an', 'dự án', 'dm-1', 'đm-1'])("'%s' finds Dự án Đổi Mới in get-all-projects and projects", async (key) => {
    expect((await get('/api/tms/filters/get-all-projects', { key })).map((p) => p.project_name)).toContain('Dự án Đổi Mới');
    expect((await get('/api/tms/filters/projects', { key })).map((p) => p.project_name)).toContain('Dự án Đổi Mới');
  });
});

describe('tms_fold', () => {
  it('folds Vietnamese letters to lower-case ASCII', async () => {
    const [row] = await queryRows<{ v: string }>(t.db, sql`select tms_fold('Đặng Văn Sơn ÀẢÃÁẠ ăắằẳẵặ ƯỨỪỬỮỰ ơớờởỡợ ÝỲỶỸỴ ĐđÊỆ') as v`);
    expect(row!.v).toBe('dang van son aaaaa aaaaaa uuuuuu oooooo yyyyy ddee');
  });

  it('is served by the expression indexes', async () => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return queryRows<Record<string, string>>(tx, sql`explain select id from employees e where tms_fold(e.name) like tms_fold('%son%')`);
    });
    expect(plan.map((r) => Object.values(r)[0]).join('\n')).toContain('employees_name_fold_trgm_idx');
  });
});
