import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { addDays } from '../../lib/dates.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { explainPeriodFigure, figuresOf, periodFigures, PERIOD_FIGURES, PERIOD_FUND_TYPES, roundMilli, type PeriodFundType } from './period-figures.ts';
import { LEDGER_CAUSES } from '../../db/schema/leave.ts';

/**
 * The period figures (docs/leave-overview.md) against an independent model over random ledgers: rows of any fund
 * applied and expiring before, inside or after the period, entries of any cause on any date, and today before,
 * inside or after the period. Current is the balance on min(today, end), the end figure counts the expiries
 * scheduled in the period, an ended period's two balances are equal, and Explain sums to every figure.
 */
let t: TestApp;
const FROM = '2026-10-26';
const TO = '2026-11-25';
const day = (offset: number) => addDays(FROM, offset);

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-20T10:00:00+07:00' });
});
afterAll(() => t.close());

const entryArb = fc.record({
  cause: fc.constantFrom(...LEDGER_CAUSES),
  // Thousandths of an hour, either sign (the figures must not assume a cause's usual sign).
  milli: fc.integer({ min: -20_000, max: 20_000 }),
  offset: fc.integer({ min: -70, max: 70 }),
});
const rowArb = fc.record({
  fund: fc.constantFrom(...PERIOD_FUND_TYPES, 'project_leave' as const),
  applyOffset: fc.integer({ min: -90, max: 60 }),
  length: fc.integer({ min: 0, max: 120 }),
  entries: fc.array(entryArb, { minLength: 1, maxLength: 6 }),
});

let employeeSeq = 0;
async function newEmployee(): Promise<number> {
  employeeSeq += 1;
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into employees (name, email, user_name, company_id, department_id, division_id, start_working_day, contract_type, work_schedule_type, location)
        select 'Prop ' || ${employeeSeq}, 'prop' || ${employeeSeq} || '@x.test', 'prop' || ${employeeSeq}, company_id, department_id, division_id,
               start_working_day, contract_type, work_schedule_type, location
          from employees where id = ${t.fixture.employeeIds.staff!}
        returning id`,
  );
  return row!.id;
}

type Model = { begin: number; addition: number; used: number; nonExpireToDay: number; expiredToDay: number; expiredInPeriod: number };
const zeroModel = (): Model => ({ begin: 0, addition: 0, used: 0, nonExpireToDay: 0, expiredToDay: 0, expiredInPeriod: 0 });
const GRANTED = ['GRANT', 'CARRYOVER', 'ADJUST', 'REMOVE'];
const USED = ['USE', 'RETURN'];

/** The six figures of RULES.md §7 from the model's sums, rounded once. */
const figuresOfModel = (m: Model) => ({
  availability_begin_period: roundMilli(m.begin),
  addition_leave: roundMilli(m.addition),
  used_in_period: roundMilli(m.used),
  expired: roundMilli(m.expiredToDay),
  current_leave_fund_availability: roundMilli(m.begin + m.nonExpireToDay - m.expiredToDay),
  leave_fund_availability_end_of_period: roundMilli(m.begin + m.addition - m.used - m.expiredInPeriod),
});

describe('period figures over random ledgers', () => {
  it('match the model, hold the identities and are explained line by line', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(rowArb, { minLength: 1, maxLength: 6 }),
        fc.constantFrom(...PERIOD_FIGURES),
        fc.constantFrom(...PERIOD_FUND_TYPES),
        // today: before the period, inside it, on its last day, after it.
        fc.integer({ min: -5, max: 40 }),
        async (rows, figure, fund, todayOffset) => {
          const employeeId = await newEmployee();
          const today = day(todayOffset);
          const asOf = today < TO ? today : TO;
          // Model, straight from RULES.md §7: per fund, in thousandths; a row's expiry is its EXPIRE entries once it
          // has one, else (expiring inside the period) what it holds on its expire date, never below 0.
          const model = new Map<PeriodFundType, Model>(PERIOD_FUND_TYPES.map((f) => [f, zeroModel()]));
          for (const r of rows) {
            const apply = day(r.applyOffset);
            const expire = day(r.applyOffset + r.length);
            const [inserted] = await queryRows<{ id: number }>(
              t.db,
              sql`insert into leave_fund_rows (employee_id, fund_type, amount, apply_date, expire_date)
                  values (${employeeId}, ${r.fund}, 1, ${apply}, ${expire}) returning id`,
            );
            let settled = false;
            let held = 0;
            const m = model.get(r.fund as PeriodFundType);
            for (const e of r.entries) {
              const date = day(e.offset);
              await t.db.execute(sql`insert into leave_ledger (employee_id, fund_row_id, amount, cause, entry_date)
                                     values (${employeeId}, ${inserted!.id}, ${e.milli / 1000}, ${e.cause}, ${date})`);
              if (!m || expire < FROM || date > TO) continue;
              if (e.cause === 'EXPIRE') settled = true;
              else if (date <= expire) held += e.milli;
              if (date < FROM) {
                m.begin += e.milli;
                continue;
              }
              if (GRANTED.includes(e.cause)) m.addition += e.milli;
              else if (USED.includes(e.cause)) m.used -= e.milli;
              else {
                m.expiredInPeriod -= e.milli;
                if (date <= asOf) m.expiredToDay -= e.milli;
              }
              if (e.cause !== 'EXPIRE' && date <= asOf) m.nonExpireToDay += e.milli;
            }
            if (m && !settled && expire >= FROM && expire <= TO && held > 0) {
              m.expiredInPeriod += held;
              if (expire <= asOf) m.expiredToDay += held;
            }
          }
          const figures = (await periodFigures(t.db, { employeeIds: [employeeId], from: FROM, to: TO, today })).get(employeeId)!;
          const total = zeroModel();
          for (const f of PERIOD_FUND_TYPES) {
            const m = model.get(f)!;
            expect(figures.byFund[f]).toEqual(figuresOfModel(m));
            for (const k of Object.keys(total) as (keyof Model)[]) total[k] += m[k];
          }
          expect(figures.total).toEqual(figuresOfModel(total));
          // An ended period's balance on its last day is its end-of-period balance.
          if (today >= TO) expect(figures.total.current_leave_fund_availability).toBe(figures.total.leave_fund_availability_end_of_period);

          for (const fundTypes of [[fund], PERIOD_FUND_TYPES] as const) {
            const explained = await explainPeriodFigure(t.db, { employeeId, from: FROM, to: TO, today, figure, fundTypes });
            const shown = fundTypes.length === 1 ? figures.byFund[fund][figure] : figures.total[figure];
            expect(explained.total).toBe(shown);
            expect(roundMilli(explained.lines.reduce((s, l) => s + Math.round(l.hours * 1000), 0))).toBe(shown);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('rounds once, half away from zero', () => {
    expect(roundMilli(1005)).toBe(1.01);
    expect(roundMilli(-1005)).toBe(-1.01);
    expect(roundMilli(4)).toBe(0);
    expect(roundMilli(-4)).toBe(0);
    expect(figuresOf({ begin: 1004, addition: 1004, additionToDay: 1004, used: 0, usedToDay: 0, expiredToDay: 0, expiredInPeriod: 0 })).toMatchObject({
      availability_begin_period: 1,
      addition_leave: 1,
      current_leave_fund_availability: 2.01,
    });
  });
});
