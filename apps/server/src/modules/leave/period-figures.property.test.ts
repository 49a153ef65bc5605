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
 * applied and expiring before, inside or after the period, entries of any cause on any date. The figures hold the
 * identities E = C − U − X and E = Σ entries dated ≤ to on rows live at `from`, and Explain sums to the figure.
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

describe('period figures over random ledgers', () => {
  it('match the model, hold the identities and are explained line by line', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(rowArb, { minLength: 1, maxLength: 6 }),
        fc.constantFrom(...PERIOD_FIGURES),
        fc.constantFrom(...PERIOD_FUND_TYPES),
        async (rows, figure, fund) => {
          const employeeId = await newEmployee();
          // Model: per fund, the parts of the definitions, in thousandths.
          const model = new Map<PeriodFundType, { begin: number; addition: number; used: number; expired: number; live: number }>(
            PERIOD_FUND_TYPES.map((f) => [f, { begin: 0, addition: 0, used: 0, expired: 0, live: 0 }]),
          );
          for (const r of rows) {
            const apply = day(r.applyOffset);
            const expire = day(r.applyOffset + r.length);
            const [inserted] = await queryRows<{ id: number }>(
              t.db,
              sql`insert into leave_fund_rows (employee_id, fund_type, amount, apply_date, expire_date)
                  values (${employeeId}, ${r.fund}, 1, ${apply}, ${expire}) returning id`,
            );
            for (const e of r.entries) {
              const date = day(e.offset);
              await t.db.execute(sql`insert into leave_ledger (employee_id, fund_row_id, amount, cause, entry_date)
                                     values (${employeeId}, ${inserted!.id}, ${e.milli / 1000}, ${e.cause}, ${date})`);
              const m = model.get(r.fund as PeriodFundType);
              if (!m || expire < FROM || date > TO) continue;
              m.live += e.milli;
              if (date < FROM) m.begin += e.milli;
              else if (['GRANT', 'CARRYOVER', 'ADJUST', 'REMOVE'].includes(e.cause)) m.addition += e.milli;
              else if (['USE', 'RETURN'].includes(e.cause)) m.used -= e.milli;
              else m.expired -= e.milli;
            }
          }
          const figures = (await periodFigures(t.db, { employeeIds: [employeeId], from: FROM, to: TO })).get(employeeId)!;
          let total = { begin: 0, addition: 0, used: 0, expired: 0 };
          for (const f of PERIOD_FUND_TYPES) {
            const m = model.get(f)!;
            expect(figures.byFund[f]).toEqual(figuresOf(m));
            expect(figures.byFund[f].leave_fund_availability_end_of_period).toBe(roundMilli(m.live));
            total = { begin: total.begin + m.begin, addition: total.addition + m.addition, used: total.used + m.used, expired: total.expired + m.expired };
          }
          expect(figures.total).toEqual(figuresOf(total));
          const liveTotal = [...model.values()].reduce((s, m) => s + m.live, 0);
          expect(figures.total.leave_fund_availability_end_of_period).toBe(roundMilli(liveTotal));

          for (const fundTypes of [[fund], PERIOD_FUND_TYPES] as const) {
            const explained = await explainPeriodFigure(t.db, { employeeId, from: FROM, to: TO, figure, fundTypes });
            const shown = fundTypes.length === 1 ? figures.byFund[fund][figure] : figures.total[figure];
            expect(explained.total).toBe(shown);
            expect(roundMilli(explained.lines.reduce((s, l) => s + Math.round(l.hours * 1000), 0))).toBe(shown);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('rounds once, half away from zero', () => {
    expect(roundMilli(1005)).toBe(1.01);
    expect(roundMilli(-1005)).toBe(-1.01);
    expect(roundMilli(4)).toBe(0);
    expect(roundMilli(-4)).toBe(0);
    expect(figuresOf({ begin: 1004, addition: 1004, used: 0, expired: 0 })).toMatchObject({
      availability_begin_period: 1,
      addition_leave: 1,
      current_leave_fund_availability: 2.01,
    });
  });
});
