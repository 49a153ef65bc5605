import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { dayTypesOf } from './day-type.repository.ts';

describe('dayTypesOf', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-23T10:00:00+07:00' });
    await queryRows(t.app.db, sql`insert into holidays (calendar_code, date, name) values ('VNM_NPH', '2026-12-01', 'Test holiday'), ('VNM_NPH', '2026-12-05', 'Weekend holiday')`);
  });
  afterAll(() => t.close());

  it('answers workday, day off and holiday, a holiday on a weekend staying a holiday', async () => {
    const staff = t.fixture.employeeIds.staff!;
    const rows = await dayTypesOf(t.app.db, [
      { employeeId: staff, date: '2026-11-30' },
      { employeeId: staff, date: '2026-12-01' },
      { employeeId: staff, date: '2026-12-05' },
      { employeeId: staff, date: '2026-12-06' },
    ]);
    expect(rows.map((r) => [r.date, r.dateType])).toEqual([
      ['2026-11-30', 'WORKDAY'],
      ['2026-12-01', 'HOLIDAY'],
      ['2026-12-05', 'HOLIDAY'],
      ['2026-12-06', 'DAY_OFF'],
    ]);
    expect(rows[0]!.workEnd).toBe('17:30');
    expect(rows[3]!.workEnd).toBeNull();
  });
});
