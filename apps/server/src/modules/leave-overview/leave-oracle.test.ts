import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { prepareData } from '../../db/seed/prepare.ts';
import { companyToday } from '../../lib/dates.ts';
import { createTestDatabase } from '../../test/database.ts';
import { explainPeriodFigure, periodFigures, PERIOD_FIGURES, PERIOD_FUND_TYPES } from '../leave/period-figures.ts';
import { loadOracleInputs, ORACLE_FUNDS, recompute, type OracleFigures } from './leave-oracle.ts';

/**
 * The demo company's Annual Leave Overview against an independent recomputation from RULES.md §7 (leave-oracle.ts):
 * every employee, every payroll period of the demo, every fund and the total, all six figures — on days that put the
 * clock at a period's start, inside a period and across the year end (the previous year settled, carryovers granted
 * back, last year's rows expired in T01). The demo is built by the seed itself, as a first start builds it.
 */
const silent = { info() {}, warn() {}, error() {}, debug() {}, fatal() {}, trace() {}, silent() {}, level: 'silent', child: () => silent } as unknown as FastifyBaseLogger;
const config = { ...loadConfig({}), seedDemo: true };

const DAYS = [
  { name: 'the 27th of November: T12 just started, T09 and T10 approved', now: '2026-11-27T10:00:00+07:00' },
  { name: 'the 28th of December: T01 open, last year’s rows expiring inside it (scheduled, not written yet)', now: '2026-12-28T10:00:00+07:00' },
  { name: 'the 5th of January: the previous year settled, carryovers back, T01 open', now: '2027-01-05T10:00:00+07:00' },
];

describe.each(DAYS)('the demo on $name', ({ now }) => {
  let database: Database;
  const today = companyToday(config.companyTimeZone, new Date(now));

  beforeAll(async () => {
    database = await createTestDatabase();
    await prepareData(database.db, config, silent, { now: new Date(now) });
  }, 180_000);
  afterAll(() => database.close());

  it('every overview figure equals the recomputation from the rules', async () => {
    const db = database.db;
    const inputs = await loadOracleInputs(db, today);
    const { figures, refused } = recompute(inputs);
    // Every leave taken in the demo fits the rules' allocation (no advance was needed).
    expect(refused).toEqual([]);
    const periods = await queryRows<{ from_date: string; to_date: string }>(db, sql`select from_date::text, to_date::text from payroll_periods order by from_date`);
    const ids = inputs.employees.map((e) => e.id);
    let compared = 0;
    const mismatches: string[] = [];
    for (const p of periods) {
      const shown = await periodFigures(db, { employeeIds: ids, from: p.from_date, to: p.to_date, today });
      for (const id of ids) {
        const expected = figures.get(`${id}|${p.from_date}`)!;
        const got = shown.get(id)!;
        for (const fund of [...ORACLE_FUNDS, 'total'] as const) {
          const actual = fund === 'total' ? got.total : got.byFund[fund];
          PERIOD_FIGURES.forEach((figure, i) => {
            compared += 1;
            const want = (expected as OracleFigures)[fund][i];
            if (actual[figure] !== want) mismatches.push(`employee ${id} ${p.from_date} ${fund} ${figure}: shown ${actual[figure]}, rules ${want}`);
          });
        }
      }
    }
    console.info(`leave oracle on ${today}: ${compared - mismatches.length} of ${compared} figures agree`);
    expect(mismatches.slice(0, 20)).toEqual([]);
    expect(compared).toBeGreaterThan(20_000);
  }, 120_000);

  it('every figure of the employees with the most movements is explained line by line', async () => {
    const db = database.db;
    const busiest = await queryRows<{ employee_id: number }>(db, sql`select employee_id from leave_ledger group by 1 order by count(*) desc, 1 limit 3`);
    const [period] = await queryRows<{ from_date: string; to_date: string }>(db, sql`select from_date::text, to_date::text from payroll_periods where from_date <= ${today}::date order by from_date desc limit 1`);
    for (const { employee_id: employeeId } of busiest) {
      const shown = (await periodFigures(db, { employeeIds: [employeeId], from: period!.from_date, to: period!.to_date, today })).get(employeeId)!;
      for (const fund of PERIOD_FUND_TYPES) {
        for (const figure of PERIOD_FIGURES) {
          const explained = await explainPeriodFigure(db, { employeeId, from: period!.from_date, to: period!.to_date, today, figure, fundTypes: [fund] });
          expect(explained.total, `${employeeId} ${fund} ${figure}`).toBe(shown.byFund[fund][figure]);
        }
      }
    }
  }, 120_000);
});
