import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { prepareData } from '../../seed/prepare.ts';
import { companyToday } from '../../lib/dates.ts';
import { createTestDatabase } from '../../test/database.ts';
import { explainPeriodFigure, periodFigures, PERIOD_FIGURES, PERIOD_FUND_TYPES } from '../leave/period-figures.ts';
import { milli, ORACLE_FUNDS, recompute, type Contract, type OracleFigures, type OracleFund, type OracleInputs, type Row } from './leave-oracle.test-support.ts';
import { silentLogger } from '../../test/silent-logger.ts';

/**
 * The demo company's Annual Leave Overview against an independent recomputation from RULES.md §7 (leave-oracle.ts):
 * every employee, every payroll period of the demo, every fund and the total, all six figures — on days that put the
 * clock at a period's start, inside a period and across the year end (the previous year settled, carryovers granted
 * back, last year's rows expired in T01). The demo is built by the seed itself, as a first start builds it.
 */
const silent = silentLogger;
const config = { ...loadConfig({}), seedDemo: true };

const DAYS = [
  { name: 'the 27th of November: T12 just started, T09 and T10 approved', now: '2026-11-27T10:00:00+07:00' },
  { name: 'the 28th of December: T01 open, last year’s rows expiring inside it (scheduled, not written yet)', now: '2026-12-28T10:00:00+07:00' },
  { name: 'the 5th of January: the previous year settled, carryovers back, T01 open', now: '2027-01-05T10:00:00+07:00' },
];

/** The recomputation's inputs, read straight from the tables that hold them (no figure of the leave core). */
async function loadOracleInputs(db: Database['db'], today: string): Promise<OracleInputs> {
  const employees = await queryRows<{ id: number; seniority_date: string | null; contract_type: string | null; contract_start_date: string | null; contract_end_date: string | null; start_working_day: string }>(
    db,
    sql`select id, seniority_date::text, contract_type, contract_start_date::text, contract_end_date::text, start_working_day::text from employees order by id`,
  );
  const history = await queryRows<{ employee_id: number; contract_type: string; start_date: string; end_date: string | null }>(
    db,
    sql`select employee_id, contract_type, start_date::text, end_date::text from employee_contracts order by employee_id, start_date`,
  );
  const configs = await queryRows<{ id: number; leave_hour_in_month: string; conditional_month: number; seniority_leave_hour: string; seniority_leave_year: string; apply_date: string; expire_date: string | null }>(
    db,
    sql`select id, leave_hour_in_month::text, conditional_month, seniority_leave_hour::text, seniority_leave_year::text, apply_date::text, expire_date::text from leave_general_configs where deleted_at is null`,
  );
  const periods = await queryRows<{ from_date: string; to_date: string; working_days: number }>(db, sql`select from_date::text, to_date::text, working_days from payroll_periods order by from_date`);
  const paid = await queryRows<{ employee_id: number; to_date: string; paid: string }>(
    db,
    sql`select d.employee_id, p.to_date::text, sum(d.value)::text as paid from timesheet_days d
          join payroll_periods p on d.date between p.from_date and p.to_date where d.value is not null group by 1, 2`,
  );
  // Granted by hand: HR's rows (no accrual key), their amount and dates.
  const hand = await queryRows<{ id: number; employee_id: number; fund_type: OracleFund; amount: string; apply_date: string; expire_date: string }>(
    db,
    sql`select id, employee_id, fund_type, amount::text, apply_date::text, expire_date::text from leave_fund_rows
         where source_key is null and deleted_at is null and fund_type <> 'project_leave' order by id`,
  );
  // Leave taken: approved annual leave requests, in the order they were approved, after the demo's past leave (taken
  // in date order before any request existed).
  const past = await queryRows<{ employee_id: number; date: string; hours: string }>(
    db,
    sql`select l.employee_id, l.entry_date::text as date, (-sum(l.amount))::text as hours from leave_ledger l
          join leave_fund_rows f on f.id = l.fund_row_id and f.fund_type <> 'project_leave'
         where l.cause = 'USE' and l.cause_ref like 'demo:%' group by l.employee_id, l.entry_date, l.cause_ref order by l.entry_date, l.cause_ref`,
  );
  const requested = await queryRows<{ employee_id: number; date: string; hours: string }>(
    db,
    sql`select d.employee_id, d.date::text as date, d.hours::text as hours from requests r
          join reason_types t on t.code = r.reason_type and t.effect = 'ANNUAL'
          join request_dates d on d.request_id = r.id
          join lateral (select min(h.id) as approved from history h where h.table_name = 'requests' and h.record_id = r.id
                          and (h.action = 'STATUS' or (h.action = 'CREATE' and (h.new_record ->> 'status')::int = 3))) a on true
         where r.status = 3 and d.hours > 0 order by a.approved, d.date`,
  );
  const contracts = new Map<number, Contract[]>();
  for (const c of history) contracts.set(c.employee_id, [...(contracts.get(c.employee_id) ?? []), { type: c.contract_type, from: c.start_date, to: c.end_date }]);
  const handRows = new Map<number, Row[]>();
  for (const r of hand) {
    const row: Row = { order: `h${String(r.id).padStart(9, '0')}`, fund: r.fund_type, grantDate: r.apply_date, usableFrom: r.apply_date, expire: r.expire_date, milli: milli(r.amount) };
    handRows.set(r.employee_id, [...(handRows.get(r.employee_id) ?? []), row]);
  }
  return {
    today,
    employees: employees.map((e) => ({
      id: e.id,
      seniority: e.seniority_date,
      // RULES.md §7: the form's contract is the history's from its start; without history, the form's alone.
      contracts:
        contracts.get(e.id) ??
        (e.contract_type === null ? [] : [{ type: e.contract_type, from: e.contract_start_date ?? e.start_working_day, to: e.contract_end_date }]),
    })),
    configs: configs.map((c) => ({
      id: c.id,
      leaveHour: Number(c.leave_hour_in_month),
      conditional: c.conditional_month,
      seniorityHour: Number(c.seniority_leave_hour),
      seniorityYear: Number(c.seniority_leave_year),
      apply: c.apply_date,
      expire: c.expire_date,
    })),
    periods: periods.map((p) => ({ from: p.from_date, to: p.to_date, working: p.working_days })),
    paid: new Map(paid.map((p) => [`${p.employee_id}|${p.to_date}`, Number(p.paid)])),
    handRows,
    uses: [...past, ...requested].map((u) => ({ employeeId: u.employee_id, date: u.date, milli: milli(u.hours) })),
  };
}

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
