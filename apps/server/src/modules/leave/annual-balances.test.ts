import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { prepareData } from '../../seed/prepare.ts';
import { createTestDatabase } from '../../test/database.ts';
import { silentLogger } from '../../test/silent-logger.ts';
import { advanceHours, advanceSlots } from './advance.ts';
import { allowanceLeft, allowancesLeft } from './allowance.ts';
import { annualBalances, hours2 } from './annual-balance.ts';
import { balanceKeyOf, type BalanceKey } from './balance-key.ts';
import { employeeBalance, usableHoursOfMany } from './leave.service.ts';
import { FUND_TYPE } from './leave.types.ts';

/**
 * The leave core's readers of many (a list of approvals reads every requester's fund at once) answer what the
 * one-employee readers answer: every employee of the demo company on dates before, inside and after the financial
 * year's end, annual (usable and advance), project leave and the allowances.
 */

let database: Database;
let queries: BalanceKey[];
const DATES = ['2026-11-02', '2026-11-27', '2026-12-10', '2026-12-31', '2027-01-05'];

beforeAll(async () => {
  database = await createTestDatabase();
  await prepareData(database.db, { ...loadConfig({}), seedDemo: true }, silentLogger, { now: new Date('2026-11-27T10:00:00+07:00') });
  const employees = await queryRows<{ id: number }>(database.db, sql`select id from employees order by id`);
  queries = employees.flatMap((e) => DATES.map((date) => ({ employeeId: e.id, date })));
}, 120_000);
afterAll(() => database.close());

describe('balances of many', () => {
  it('annual: usable and advance hours equal the one-employee figures for every employee and date', async () => {
    const many = await annualBalances(database.db, queries);
    let withUsable = 0;
    let withAdvance = 0;
    for (const q of queries) {
      const one = await employeeBalance(database.db, { ...q });
      const advance = advanceHours(await advanceSlots(database.db, q));
      const got = many.get(balanceKeyOf(q))!;
      expect({ q, usable: got.usableHours, advance: got.advanceHours }).toEqual({ q, usable: hours2(one.totalHours), advance: hours2(advance) });
      if (got.usableHours > 0) withUsable++;
      if (got.advanceHours > 0) withAdvance++;
    }
    // The comparison means something only where the demo holds hours of both kinds.
    expect(withUsable).toBeGreaterThan(10);
    expect(withAdvance).toBeGreaterThan(10);
  }, 120_000);

  it('project leave days and the offset and birthday allowances equal the one-employee figures', async () => {
    const project = await usableHoursOfMany(database.db, queries, [FUND_TYPE.project]);
    let withProject = 0;
    for (const q of queries) {
      const one = await employeeBalance(database.db, { ...q, fundTypes: [FUND_TYPE.project] });
      expect({ q, days: project.get(balanceKeyOf(q)) }).toEqual({ q, days: one.totalHours });
      if (one.totalHours > 0) withProject++;
    }
    expect(withProject).toBeGreaterThan(0);
    const ids = [...new Set(queries.map((q) => q.employeeId))];
    for (const kind of ['OFFSET', 'BIRTHDAY'] as const) {
      const many = await allowancesLeft(database.db, ids, kind);
      for (const id of ids) expect({ id, kind, left: many.get(id) }).toEqual({ id, kind, left: await allowanceLeft(database.db, id, kind) });
    }
  }, 120_000);
});
