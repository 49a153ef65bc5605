import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Db } from '../../db/client.ts';
import { createTestDatabase } from '../../test/database.ts';
import { seedFixture, type Fixture } from '../../test/fixture.ts';
import * as leave from './leave.service.ts';
import { ANNUAL_FUND_TYPES, FUND_TYPE, type LeaveFundType } from './leave.types.ts';

/**
 * The leave core against the database (PGlite, or the server with DATABASE_URL): every movement a ledger row, balances
 * and their explanation, allocation order, returns, and no overdraw under concurrent uses. Dates are explicit: the core
 * takes the day it works on and reads no clock.
 */

let database: Database;
let db: Db;
let fixture: Fixture;
let hr: number;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  fixture = await seedFixture(db);
  hr = fixture.userIds.hr!;
});
afterAll(() => database.close());

const emp = (username: string) => fixture.employeeIds[username]!;

/** A clean slate for one employee: the ledger tables have no history trigger. */
async function clear(employeeId: number) {
  await db.execute(sql`delete from leave_ledger where employee_id = ${employeeId}`);
  await db.execute(sql`delete from leave_fund_rows where employee_id = ${employeeId}`);
}

const grant = async (employeeId: number, fundType: LeaveFundType, hours: number, applyDate = '2026-01-01', expireDate = '2026-12-31') =>
  (await leave.grantFundRows(db, [{ employeeId, fundType, hours, applyDate, expireDate }], hr))[0]!.id;

const ledgerOf = (fundRowId: number) =>
  queryRows<{ amount: string; cause: string; entry_date: string; cause_ref: string | null; created_by: number | null }>(
    db,
    sql`select amount::text, cause, entry_date::text, cause_ref, created_by from leave_ledger where fund_row_id = ${fundRowId} order by id`,
  );

const total = async (employeeId: number, date: string, fundTypes?: readonly LeaveFundType[]) => (await leave.employeeBalance(db, { employeeId, date, fundTypes })).totalHours;

describe('fund rows', () => {
  it('grants: a row and its GRANT entry on the apply date, by whom', async () => {
    const staff = emp('staff');
    await clear(staff);
    const [row] = await leave.grantFundRows(db, [{ employeeId: staff, fundType: FUND_TYPE.reserve, hours: 12.5, applyDate: '2026-01-01', expireDate: '2026-03-31', financialYear: 2026 }], hr);
    expect(row).toMatchObject({ employeeId: staff, fundType: 'reserve_leave', amount: '12.500', applyDate: '2026-01-01', expireDate: '2026-03-31', version: 1 });
    expect(await ledgerOf(row!.id)).toEqual([{ amount: '12.500', cause: 'GRANT', entry_date: '2026-01-01', cause_ref: null, created_by: hr }]);
    const carried = await leave.grantFundRows(db, [{ employeeId: staff, fundType: FUND_TYPE.reserve, hours: 2, applyDate: '2026-01-01', expireDate: '2026-03-31', cause: 'CARRYOVER', sourceId: 'carryover:2025' }], null);
    expect(await ledgerOf(carried[0]!.id)).toEqual([{ amount: '2.000', cause: 'CARRYOVER', entry_date: '2026-01-01', cause_ref: 'carryover:2025', created_by: null }]);
  });

  it('adjusts: ADJUST entries for hours or a moved apply date; refuses below the used hours or a stale version', async () => {
    const staff = emp('staff');
    await clear(staff);
    const id = await grant(staff, FUND_TYPE.prioritize, 8, '2026-02-01');
    expect(await leave.adjustFundRow(db, { fundRowId: id, version: 1, hours: 10 }, hr)).toEqual({ ok: true, version: 2 });
    expect(await leave.adjustFundRow(db, { fundRowId: id, version: 2, hours: 10 }, hr)).toEqual({ ok: true, version: 2 });
    expect(await leave.adjustFundRow(db, { fundRowId: id, version: 2, applyDate: '2026-02-05', hours: 9 }, hr)).toEqual({ ok: true, version: 3 });
    expect((await ledgerOf(id)).map((l) => [l.amount, l.cause, l.entry_date])).toEqual([
      ['8.000', 'GRANT', '2026-02-01'],
      ['2.000', 'ADJUST', '2026-02-01'],
      ['-10.000', 'ADJUST', '2026-02-01'],
      ['9.000', 'ADJUST', '2026-02-05'],
    ]);
    expect(await leave.useLeave(db, { employeeId: staff, hours: 6, date: '2026-03-02', sourceId: 'req:adjust' })).toMatchObject({ ok: true });
    expect(await leave.adjustFundRow(db, { fundRowId: id, hours: 5.5 }, hr)).toEqual({ ok: false, reason: 'below-used' });
    expect(await leave.adjustFundRow(db, { fundRowId: id, version: 1, hours: 7 }, hr)).toEqual({ ok: false, reason: 'stale' });
    expect(await leave.adjustFundRow(db, { fundRowId: 999_999, hours: 7 }, hr)).toEqual({ ok: false, reason: 'not-found' });
    expect(await leave.adjustFundRow(db, { fundRowId: id, hours: 6, description: 'cut' }, hr)).toEqual({ ok: true, version: 4 });
    expect(await total(staff, '2026-03-02')).toBe(0);
  });

  it('removes: REMOVE of what is left on the apply date, the row kept but no longer counted', async () => {
    const staff = emp('staff');
    await clear(staff);
    const id = await grant(staff, FUND_TYPE.prioritize, 8, '2026-02-01');
    await leave.useLeave(db, { employeeId: staff, hours: 1.25, date: '2026-02-02', sourceId: 'req:remove' });
    expect(await leave.removeFundRow(db, { fundRowId: id, version: 2 }, hr)).toEqual({ ok: false, reason: 'stale' });
    expect(await leave.removeFundRow(db, { fundRowId: id, version: 1 }, hr)).toEqual({ ok: true, version: 2, removedHours: 6.75 });
    expect((await ledgerOf(id)).map((l) => [l.amount, l.cause, l.entry_date])).toEqual([
      ['8.000', 'GRANT', '2026-02-01'],
      ['-1.250', 'USE', '2026-02-02'],
      ['-6.750', 'REMOVE', '2026-02-01'],
    ]);
    expect(await total(staff, '2026-02-02')).toBe(0);
    expect(await leave.removeFundRow(db, { fundRowId: id }, hr)).toEqual({ ok: false, reason: 'not-found' });
  });
});

describe('balances', () => {
  it('count rows usable on the date, per fund and in total, and explain them line by line', async () => {
    const staff = emp('staff');
    await clear(staff);
    await grant(staff, FUND_TYPE.default, 8, '2026-01-01', '2026-12-31');
    await grant(staff, FUND_TYPE.seniority, 2, '2026-01-01', '2026-12-31');
    await grant(staff, FUND_TYPE.reserve, 5, '2026-01-01', '2026-03-31');
    await grant(staff, FUND_TYPE.prioritize, 4, '2026-06-01', '2026-12-31');
    await grant(staff, FUND_TYPE.project, 3, '2026-01-01', '2026-12-31');
    const b = await leave.employeeBalance(db, { employeeId: staff, date: '2026-03-31' });
    expect(b.totalHours).toBe(15);
    expect(b.byFundType).toEqual({ prioritize_leave: 0, reserve_leave: 5, reserve_probationary_leave: 0, seniority_leave: 2, default_leave: 8 });
    expect(b.rows.map((r) => r.fundType)).toEqual(['reserve_leave', 'seniority_leave', 'default_leave']);
    // Carryover gone after its expiry, bonus counted from its apply date.
    expect(await total(staff, '2026-04-01')).toBe(10);
    expect(await total(staff, '2026-06-01')).toBe(14);
    expect(await total(staff, '2026-06-01', [FUND_TYPE.project])).toBe(3);
    expect(await total(emp('staff4'), '2026-06-01')).toBe(0);

    await leave.useLeave(db, { employeeId: staff, hours: 6.5, date: '2026-03-10', sourceId: 'req:explain' });
    const explained = await leave.explainBalance(db, { employeeId: staff, date: '2026-03-10' });
    expect(explained.totalHours).toBe(await total(staff, '2026-03-10'));
    expect(explained.totalHours).toBe(8.5);
    expect(explained.lines.map((l) => [l.fundType, l.cause, l.hours, l.sourceId])).toEqual([
      ['default_leave', 'GRANT', 8, null],
      ['seniority_leave', 'GRANT', 2, null],
      ['reserve_leave', 'GRANT', 5, null],
      ['reserve_leave', 'USE', -5, 'req:explain'],
      ['seniority_leave', 'USE', -1.5, 'req:explain'],
    ]);
    expect(explained.lines[0]!.createdBy).toEqual({ userId: hr, username: 'hr' });
    expect(explained.lines[0]!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});

describe('useLeave and returnLeave', () => {
  it('draws earliest expiry first, then prioritize → reserve → reserve_probationary → seniority → default, one USE per row', async () => {
    const staff = emp('staff');
    await clear(staff);
    const def = await grant(staff, FUND_TYPE.default, 8);
    const sen = await grant(staff, FUND_TYPE.seniority, 1);
    const prob = await grant(staff, FUND_TYPE.reserveProbationary, 1);
    const res = await grant(staff, FUND_TYPE.reserve, 1);
    const pri = await grant(staff, FUND_TYPE.prioritize, 1);
    const soon = await grant(staff, FUND_TYPE.default, 1, '2026-01-01', '2026-02-28');
    const used = await leave.useLeave(db, { employeeId: staff, hours: 7, date: '2026-02-10', sourceId: 'req:1', byUserId: hr });
    expect(used).toEqual({
      ok: true,
      draws: [
        { fundRowId: soon, hours: 1 },
        { fundRowId: pri, hours: 1 },
        { fundRowId: res, hours: 1 },
        { fundRowId: prob, hours: 1 },
        { fundRowId: sen, hours: 1 },
        { fundRowId: def, hours: 2 },
      ],
    });
    expect(await ledgerOf(def)).toEqual([
      { amount: '8.000', cause: 'GRANT', entry_date: '2026-01-01', cause_ref: null, created_by: hr },
      { amount: '-2.000', cause: 'USE', entry_date: '2026-02-10', cause_ref: 'req:1', created_by: hr },
    ]);
    expect(await total(staff, '2026-02-10')).toBe(6);
  });

  it('refuses more than the balance and writes nothing', async () => {
    const staff = emp('staff');
    await clear(staff);
    const id = await grant(staff, FUND_TYPE.default, 3);
    expect(await leave.useLeave(db, { employeeId: staff, hours: 3.5, date: '2026-05-05', sourceId: 'req:big' })).toEqual({
      ok: false,
      reason: 'insufficient',
      requestedHours: 3.5,
      availableHours: 3,
    });
    expect(await ledgerOf(id)).toHaveLength(1);
  });

  it('joins the caller’s transaction: rolled back with it', async () => {
    const staff = emp('staff');
    await clear(staff);
    const id = await grant(staff, FUND_TYPE.default, 3);
    await expect(
      db.transaction(async (tx) => {
        expect((await leave.useLeave(tx, { employeeId: staff, hours: 2, date: '2026-05-05', sourceId: 'req:rolled-back' })).ok).toBe(true);
        throw new Error('approval failed later');
      }),
    ).rejects.toThrow('approval failed later');
    expect(await ledgerOf(id)).toHaveLength(1);
    expect(await total(staff, '2026-05-05')).toBe(3);
  });

  it('returns hours to exactly the rows and days they came from, once', async () => {
    const staff = emp('staff');
    await clear(staff);
    const a = await grant(staff, FUND_TYPE.prioritize, 4);
    const b = await grant(staff, FUND_TYPE.default, 8);
    await leave.useLeave(db, { employeeId: staff, hours: 6, date: '2026-04-01', sourceId: 'req:2' });
    await leave.useLeave(db, { employeeId: staff, hours: 1, date: '2026-04-02', sourceId: 'req:2' });
    await leave.useLeave(db, { employeeId: staff, hours: 1, date: '2026-04-02', sourceId: 'req:other' });
    expect(await total(staff, '2026-04-02')).toBe(4);
    const back = await leave.returnLeave(db, { sourceId: 'req:2', byUserId: hr });
    expect(back).toEqual({
      returnedHours: 7,
      returns: [
        { fundRowId: a, hours: 4, entryDate: '2026-04-01' },
        { fundRowId: b, hours: 2, entryDate: '2026-04-01' },
        { fundRowId: b, hours: 1, entryDate: '2026-04-02' },
      ],
    });
    expect(await total(staff, '2026-04-02')).toBe(11);
    expect(await leave.returnLeave(db, { sourceId: 'req:2' })).toEqual({ returnedHours: 0, returns: [] });
    expect(await leave.returnLeave(db, { sourceId: 'req:unknown' })).toEqual({ returnedHours: 0, returns: [] });
    expect((await ledgerOf(b)).map((l) => [l.amount, l.cause, l.cause_ref])).toEqual([
      ['8.000', 'GRANT', null],
      ['-2.000', 'USE', 'req:2'],
      ['-1.000', 'USE', 'req:2'],
      ['-1.000', 'USE', 'req:other'],
      ['2.000', 'RETURN', 'req:2'],
      ['1.000', 'RETURN', 'req:2'],
    ]);
  });

  it('a return to a row that has since expired stays expired', async () => {
    const staff = emp('staff');
    await clear(staff);
    const old = await grant(staff, FUND_TYPE.reserve, 4, '2026-01-01', '2026-03-31');
    await grant(staff, FUND_TYPE.default, 8);
    await leave.useLeave(db, { employeeId: staff, hours: 3, date: '2026-03-20', sourceId: 'req:3' });
    expect(await leave.returnLeave(db, { sourceId: 'req:3' })).toEqual({ returnedHours: 3, returns: [{ fundRowId: old, hours: 3, entryDate: '2026-03-20' }] });
    // After the expiry the row counts for nothing; on the leave day (withdrawn) its hours were there.
    expect(await total(staff, '2026-04-10')).toBe(8);
    expect(await total(staff, '2026-03-20')).toBe(12);
  });

  it('a return to a row whose expiry an EXPIRE entry settled expires the hours again', async () => {
    const staff = emp('staff');
    await clear(staff);
    const old = await grant(staff, FUND_TYPE.default, 4, '2026-01-01', '2026-03-31');
    await leave.useLeave(db, { employeeId: staff, hours: 3, date: '2026-03-20', sourceId: 'req:4' });
    await db.execute(sql`insert into leave_ledger (employee_id, fund_row_id, amount, cause, entry_date) values (${staff}, ${old}, -1, 'EXPIRE', '2026-04-01')`);
    await leave.returnLeave(db, { sourceId: 'req:4' });
    expect((await ledgerOf(old)).map((l) => [l.amount, l.cause, l.entry_date])).toEqual([
      ['4.000', 'GRANT', '2026-01-01'],
      ['-3.000', 'USE', '2026-03-20'],
      ['-1.000', 'EXPIRE', '2026-04-01'],
      ['3.000', 'RETURN', '2026-03-20'],
      ['-3.000', 'EXPIRE', '2026-04-01'],
    ]);
  });
});

describe('edge cases of RULES.md §7 (issue 22 §2)', () => {
  it('two rows with the same expiry: the fund order decides, then the earlier grant, then the older row', async () => {
    const staff = emp('staff');
    await clear(staff);
    const laterDefault = await grant(staff, FUND_TYPE.default, 2, '2026-02-25');
    const earlierDefault = await grant(staff, FUND_TYPE.default, 2, '2026-01-25');
    const bonus = await grant(staff, FUND_TYPE.prioritize, 1, '2026-03-01');
    const twinA = await grant(staff, FUND_TYPE.seniority, 1, '2026-01-25');
    const twinB = await grant(staff, FUND_TYPE.seniority, 1, '2026-01-25');
    const used = await leave.useLeave(db, { employeeId: staff, hours: 6, date: '2026-03-10', sourceId: 'req:ties' });
    expect(used).toEqual({
      ok: true,
      draws: [
        { fundRowId: bonus, hours: 1 },
        { fundRowId: twinA, hours: 1 },
        { fundRowId: twinB, hours: 1 },
        { fundRowId: earlierDefault, hours: 2 },
        { fundRowId: laterDefault, hours: 1 },
      ],
    });
  });

  it('withdrawal after a re-draw gives back exactly what the last draw took, to its rows', async () => {
    const staff = emp('staff');
    await clear(staff);
    const early = await grant(staff, FUND_TYPE.reserve, 2, '2026-01-01', '2026-03-31');
    const late = await grant(staff, FUND_TYPE.default, 8);
    await leave.useLeave(db, { employeeId: staff, hours: 3, date: '2026-03-02', sourceId: 'req:redraw' });
    // An edit: given back, then drawn again on another day (after the carryover expired), in one transaction.
    await db.transaction(async (tx) => {
      await leave.returnLeave(tx, { sourceId: 'req:redraw' });
      await leave.useLeave(tx, { employeeId: staff, hours: 4, date: '2026-04-06', sourceId: 'req:redraw' });
    });
    expect(await total(staff, '2026-03-02')).toBe(6);
    expect(await leave.returnLeave(db, { sourceId: 'req:redraw' })).toEqual({ returnedHours: 4, returns: [{ fundRowId: late, hours: 4, entryDate: '2026-04-06' }] });
    expect((await ledgerOf(early)).reduce((s, l) => s + Number(l.amount), 0)).toBe(2);
    expect((await ledgerOf(late)).reduce((s, l) => s + Number(l.amount), 0)).toBe(8);
    expect(await leave.returnLeave(db, { sourceId: 'req:redraw' })).toEqual({ returnedHours: 0, returns: [] });
  });

  it('a leave dated before a settled expiry draws on the row it had then, and the expiry gives those hours back', async () => {
    const staff = emp('staff');
    await clear(staff);
    // Last year's default row, settled by the year end (4 carried, 6 expired), and this year's bonus row.
    const lastYear = await grant(staff, FUND_TYPE.default, 10, '2025-01-25', '2025-12-31');
    const bonus = await grant(staff, FUND_TYPE.prioritize, 8, '2025-06-01', '2026-06-30');
    await db.execute(sql`insert into leave_ledger (employee_id, fund_row_id, amount, cause, cause_ref, entry_date)
                         values (${staff}, ${lastYear}, -4, 'EXPIRE', 'carryover:2025', '2025-12-31'), (${staff}, ${lastYear}, -6, 'EXPIRE', 'year-end:2025', '2025-12-31')`);
    // On 29 Dec the row still held its 10 hours: the balance of that day and the draw say so.
    expect(await total(staff, '2025-12-29')).toBe(18);
    expect(await leave.useLeave(db, { employeeId: staff, hours: 8, date: '2025-12-29', sourceId: 'req:late' })).toEqual({ ok: true, draws: [{ fundRowId: lastYear, hours: 8 }] });
    // The year end's own part gives the hours back first, then the carried part: the row sums to 0 again.
    expect((await ledgerOf(lastYear)).slice(-2).map((l) => [l.amount, l.cause, l.cause_ref, l.entry_date])).toEqual([
      ['6.000', 'EXPIRE', 'year-end:2025', '2025-12-31'],
      ['2.000', 'EXPIRE', 'carryover:2025', '2025-12-31'],
    ]);
    expect((await ledgerOf(lastYear)).reduce((s, l) => s + Number(l.amount), 0)).toBe(0);
    expect((await ledgerOf(bonus)).reduce((s, l) => s + Number(l.amount), 0)).toBe(8);
    // Withdrawn: back to the row, and expired again on its settled date.
    await leave.returnLeave(db, { sourceId: 'req:late' });
    expect((await ledgerOf(lastYear)).reduce((s, l) => s + Number(l.amount), 0)).toBe(0);
    expect(await total(staff, '2025-12-29')).toBe(18);
  });
});

describe('concurrency (RULES.md §5: never below zero)', () => {
  it('10 parallel uses on a balance that covers 7 of them: 7 succeed, the rest are refused, nothing overdrawn', async () => {
    const staff = emp('staff2');
    await clear(staff);
    await grant(staff, FUND_TYPE.prioritize, 10);
    await grant(staff, FUND_TYPE.default, 20);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => leave.useLeave(db, { employeeId: staff, hours: 4, date: '2026-06-01', sourceId: `req:par-${i}` })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(7);
    expect(results.filter((r) => !r.ok)).toHaveLength(3);
    const [sums] = await queryRows<{ used: string; negative_rows: number }>(
      db,
      sql`select (-sum(amount) filter (where cause = 'USE'))::text as used,
                 (select count(*)::int from (select fund_row_id from leave_ledger where employee_id = ${staff} group by fund_row_id having sum(amount) < 0) n) as negative_rows
            from leave_ledger where employee_id = ${staff}`,
    );
    expect(Number(sums!.used)).toBe(28);
    expect(sums!.negative_rows).toBe(0);
    expect(await total(staff, '2026-06-01')).toBe(2);
  });

  it('edits (return then use again, in one transaction) run beside parallel uses without deadlock or overdraw', async () => {
    const staff = emp('gl');
    await clear(staff);
    await grant(staff, FUND_TYPE.default, 6, '2026-01-01', '2026-12-31');
    await grant(staff, FUND_TYPE.prioritize, 6, '2026-01-01', '2026-06-30');
    await leave.useLeave(db, { employeeId: staff, hours: 4, date: '2026-06-01', sourceId: 'req:edited' });
    const edit = (hours: number) =>
      db.transaction(async (tx) => {
        await leave.returnLeave(tx, { sourceId: 'req:edited' });
        return leave.useLeave(tx, { employeeId: staff, hours, date: '2026-06-01', sourceId: 'req:edited' });
      });
    const results = await Promise.all([
      edit(5),
      leave.useLeave(db, { employeeId: staff, hours: 3, date: '2026-06-01', sourceId: 'req:a' }),
      edit(2),
      leave.useLeave(db, { employeeId: staff, hours: 3, date: '2026-06-01', sourceId: 'req:b' }),
      edit(4),
    ]);
    const used = await queryRows<{ cause_ref: string; hours: string }>(
      db,
      sql`select cause_ref, (-sum(amount))::text as hours from leave_ledger where employee_id = ${staff} and cause in ('USE', 'RETURN') group by cause_ref`,
    );
    const usedTotal = used.reduce((s, u) => s + Number(u.hours), 0);
    expect(usedTotal).toBeLessThanOrEqual(12);
    expect(await total(staff, '2026-06-01')).toBe(12 - usedTotal);
    // Each edit committed as a whole: the request holds what one edit asked for (or nothing, after a refused one).
    expect([0, 2, 4, 5]).toContain(Number(used.find((u) => u.cause_ref === 'req:edited')?.hours ?? 0));
    expect(results.filter((r) => r.ok).length).toBeGreaterThan(0);
  });

  it('parallel returns of one source give it back once', async () => {
    const staff = emp('staff3');
    await clear(staff);
    await grant(staff, FUND_TYPE.default, 8);
    await leave.useLeave(db, { employeeId: staff, hours: 5, date: '2026-06-01', sourceId: 'req:twice' });
    const results = await Promise.all(Array.from({ length: 5 }, () => leave.returnLeave(db, { sourceId: 'req:twice' })));
    expect(results.map((r) => r.returnedHours).sort()).toEqual([0, 0, 0, 0, 5]);
    expect(await total(staff, '2026-06-01')).toBe(8);
  });
});

describe('property: the database ledger for any sequence of grants, uses and returns', () => {
  const DATES = ['2026-01-15', '2026-03-15', '2026-05-15', '2026-07-15', '2026-09-15', '2026-11-15'];
  const commandArb = fc.oneof(
    fc.record({
      kind: fc.constant('grant' as const),
      fundType: fc.constantFrom(...ANNUAL_FUND_TYPES),
      milli: fc.integer({ min: 1, max: 16_000 }),
      apply: fc.integer({ min: 0, max: 5 }),
      span: fc.integer({ min: 0, max: 5 }),
    }),
    fc.record({ kind: fc.constant('use' as const), milli: fc.integer({ min: 1, max: 12_000 }), date: fc.integer({ min: 0, max: 5 }), source: fc.integer({ min: 1, max: 3 }) }),
    fc.record({ kind: fc.constant('return' as const), source: fc.integer({ min: 1, max: 3 }) }),
  );

  it('a balance equals the sum of its ledger rows and never goes negative', async () => {
    const staff = emp('staff4');
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(commandArb, { minLength: 1, maxLength: 12 }), async (commands) => {
        await clear(staff);
        run++;
        for (const c of commands) {
          if (c.kind === 'grant') {
            const apply = DATES[c.apply]!;
            const expire = DATES[Math.min(5, c.apply + c.span)]!;
            await leave.grantFundRows(db, [{ employeeId: staff, fundType: c.fundType, hours: c.milli / 1000, applyDate: apply, expireDate: expire }], hr);
          } else if (c.kind === 'use') {
            const date = DATES[c.date]!;
            const before = await total(staff, date);
            const used = await leave.useLeave(db, { employeeId: staff, hours: c.milli / 1000, date, sourceId: `prop:${run}:${c.source}` });
            expect(used.ok).toBe(Math.round(before * 1000) >= c.milli);
            const after = await total(staff, date);
            expect(Math.round(after * 1000)).toBe(Math.round(before * 1000) - (used.ok ? c.milli : 0));
          } else {
            await leave.returnLeave(db, { sourceId: `prop:${run}:${c.source}` });
          }
          const [negative] = await queryRows<{ n: number }>(
            db,
            sql`select count(*)::int as n from (select fund_row_id from leave_ledger where employee_id = ${staff} group by fund_row_id having sum(amount) < 0) r`,
          );
          expect(negative!.n).toBe(0);
          for (const date of DATES) {
            const balance = await leave.employeeBalance(db, { employeeId: staff, date });
            const explained = await leave.explainBalance(db, { employeeId: staff, date });
            expect(balance.totalHours).toBe(explained.totalHours);
            expect(balance.totalHours).toBeGreaterThanOrEqual(0);
          }
        }
      }),
      { numRuns: 15 },
    );
  }, 120_000);
});
