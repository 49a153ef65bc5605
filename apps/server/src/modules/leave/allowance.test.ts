import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { allowanceLeft, returnAllowance, useAllowance } from './allowance.ts';

/** Offset and birthday allowances (RULES.md §5): atomic draws, never below zero, returns, history on the employee. */
let t: TestApp;
const by = { userId: 1, username: 'hr', name: 'Hoa Human' };
const emp = (u: string) => t.fixture.employeeIds[u]!;
const history = (id: number) =>
  queryRows<{ changes: { field: string; oldValue: number; newValue: number }[]; new_record: { cause: string; source: string } }>(
    t.db,
    sql`select changes, new_record from history where table_name = 'employees' and record_id = ${id} order by id`,
  );

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-05T10:00:00+07:00' });
}, 60_000);
afterAll(async () => t?.close());

describe('allowances', () => {
  it('birthday leave: 1 day a year by default; a draw beyond it is refused and writes nothing', async () => {
    expect(await allowanceLeft(t.db, emp('staff'), 'BIRTHDAY')).toBe(1);
    const first = await useAllowance(t.db, { employeeId: emp('staff'), kind: 'BIRTHDAY', amount: 1, sourceId: 'request:1', by });
    expect(first).toEqual({ ok: true, before: 1, after: 0 });
    const second = await useAllowance(t.db, { employeeId: emp('staff'), kind: 'BIRTHDAY', amount: 0.5, sourceId: 'request:2', by });
    expect(second).toEqual({ ok: false, reason: 'insufficient', available: 0 });
    await returnAllowance(t.db, { employeeId: emp('staff'), kind: 'BIRTHDAY', amount: 1, sourceId: 'request:1', by });
    expect(await allowanceLeft(t.db, emp('staff'), 'BIRTHDAY')).toBe(1);
    const h = await history(emp('staff'));
    expect(h.map((x) => [x.changes[0], x.new_record.cause, x.new_record.source])).toEqual([
      [{ field: 'remain_birthday_leave', oldValue: 1, newValue: 0 }, 'USE', 'request:1'],
      [{ field: 'remain_birthday_leave', oldValue: 0, newValue: 1 }, 'RETURN', 'request:1'],
    ]);
  });

  it('offset leave: 30 parallel draws of 1 h on 10 h leave exactly 10 through, never below zero', async () => {
    await t.db.execute(sql`update employees set remain_offset_leave = 10 where id = ${emp('staff2')}`);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => useAllowance(t.db, { employeeId: emp('staff2'), kind: 'OFFSET', amount: 1, sourceId: `request:${100 + i}`, by })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(await allowanceLeft(t.db, emp('staff2'), 'OFFSET')).toBe(0);
    expect(await history(emp('staff2'))).toHaveLength(10);
  });

  it('inside a caller transaction a later error rolls the draw back; amounts must be positive', async () => {
    await t.db.execute(sql`update employees set remain_offset_leave = 4 where id = ${emp('staff3')}`);
    await expect(
      t.db.transaction(async (tx) => {
        await useAllowance(tx, { employeeId: emp('staff3'), kind: 'OFFSET', amount: 4, sourceId: 'request:200', by });
        throw new Error('approval failed later');
      }),
    ).rejects.toThrow('approval failed later');
    expect(await allowanceLeft(t.db, emp('staff3'), 'OFFSET')).toBe(4);
    await expect(useAllowance(t.db, { employeeId: emp('staff3'), kind: 'OFFSET', amount: 0, sourceId: 'x', by })).rejects.toThrow(RangeError);
  });
});
