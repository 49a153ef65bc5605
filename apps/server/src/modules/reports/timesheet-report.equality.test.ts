import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIMESHEET_GRID_PATHS } from '@tms/contracts/timesheet-grid';
import { TIMESHEET_REPORT_PATHS as P } from '@tms/contracts/timesheet-report';
import { buildApp, type App } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { prepareData } from '../../seed/prepare.ts';
import { sessions } from '../../db/schema/identity.ts';
import { companyToday } from '../../lib/dates.ts';
import { fixedClock } from '../../lib/clock.ts';
import { hashToken } from '../../plugins/auth.ts';
import { createTestDatabase } from '../../test/database.ts';
import { defaultTestNow } from '../../test/harness.ts';
import { otReportPage, type OtReportRow } from '../overtime-pay/ot-report.repository.ts';
import { readJson, type Json } from '../../test/json-body.ts';
import { silentLogger } from '../../test/silent-logger.ts';

/**
 * Issue 12 "Done when": for the demo company's last ended period, every employee's summary equals the grid (Σ of its
 * cells), My Timesheet's summary (working, leave and night figures), the stored days' night minutes (issue 27 §3) and
 * the OT pay engine's stored lines (the OT report's rows of approved OT), to the hundredth. The demo is seeded relative to the clock (TEST_NOW or today).
 */
const silent = silentLogger;

let database: Database;
let app: App;
let headers: { authorization: string };
let period: { id: number; from_date: string; to_date: string };
const hundredths = (n: number) => Math.round(n * 100);

beforeAll(async () => {
  const now = defaultTestNow();
  const config = { ...loadConfig({}), seedDemo: true };
  database = await createTestDatabase();
  await prepareData(database.db, config, silent, { now });
  app = await buildApp({ database, config: { ...config, seedDemo: false }, clock: fixedClock(now, config.companyTimeZone) });
  await app.ready();
  const [hr] = await queryRows<{ id: number }>(database.db, sql`select id from users where username = 'hr'`);
  const token = randomBytes(32).toString('base64url');
  await database.db.insert(sessions).values({ tokenHash: hashToken(token), userId: hr!.id });
  headers = { authorization: `Bearer ${token}` };
  const today = companyToday(config.companyTimeZone, now);
  const [last] = await queryRows<{ id: number; from_date: string; to_date: string }>(
    database.db,
    sql`select id, from_date::text as from_date, to_date::text as to_date from payroll_periods where to_date < ${today}::date order by to_date desc limit 1`,
  );
  if (!last) throw new Error('the demo company has no ended period');
  period = last;
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function getJson(url: string) {
  const res = await app.inject({ method: 'GET', url: `/api${url}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return readJson(res);
}

describe('Timesheets Summary equals the grid, My Timesheet, the stored days and the OT pay engine (demo company, last ended period)', () => {
  it('matches for every employee to the hundredth', async () => {
    const report = await getJson(`${P.summary}?timesheetId=${period.id}&size=500`);
    const grid = await getJson(`${TIMESHEET_GRID_PATHS.list}?timesheetId=${period.id}&size=500`);
    expect(report.page.total_element).toBe(grid.page.total_element);
    expect(report.data.length).toBeGreaterThan(10);
    const gridById = new Map<number, Json>(grid.data.map((r: Json) => [r.id, r]));

    // The OT report's rows of approved OT in the period, summed per staff (user name).
    const ot = new Map<string, { actual: number; final: number; nonTax: number; pay: number }>();
    let after = null;
    for (;;) {
      const rows: OtReportRow[] = await otReportPage(database.db, { from: period.from_date, to: period.to_date, after, limit: 1000 });
      for (const r of rows) {
        const s = ot.get(r.staff_id) ?? { actual: 0, final: 0, nonTax: 0, pay: 0 };
        s.actual += r.actual ?? 0;
        s.final += r.final ?? 0;
        s.nonTax += r.non_tax ?? 0;
        s.pay += r.pay ?? 0;
        ot.set(r.staff_id, s);
      }
      if (rows.length < 1000) break;
      const last = rows[rows.length - 1]!;
      after = { date: last.k_date, req: last.k_req, staff: last.k_staff };
    }
    let withOt = 0;
    const nightMinutes = new Map(
      (await queryRows<{ e: number; n: number }>(database.db, sql`select employee_id as e, sum(night_minutes)::int as n from timesheet_days
        where date between ${period.from_date}::date and ${period.to_date}::date group by employee_id`)).map((r) => [r.e, r.n]),
    );

    for (const row of report.data as Json[]) {
      const g = gridById.get(row.employee_id)!;
      expect(g, row.user_name).toBeDefined();
      const cells = (g.timesheets as Json[]).reduce((sum, d) => sum + hundredths(d.value ?? 0), 0);
      expect(hundredths(row.total_paid_days), `${row.user_name} paid days = Σ grid cells`).toBe(cells);
      expect(row.total_paid_days).toBe(g.total_workday);

      const my = (await getJson(`${TIMESHEET_GRID_PATHS.calculateMyTimesheet}?id=${period.id}&employmentID=${row.employee_id}`)).data;
      for (const key of ['total_working_days', 'total_paid_leave_days', 'total_public_holidays', 'total_unpaid_leave_days', 'total_onsite_days',
        'total_offset_leave_days', 'total_days_off_social_insurance_covers', 'total_paid_days', 'night_working_hours']) {
        expect(hundredths(row[key]), `${row.user_name} ${key}`).toBe(hundredths(my[key]));
      }

      // Labour Code Art. 98.2: the night column is the stored days' night minutes of the period, in hours.
      expect(hundredths(row.night_working_hours), `${row.user_name} night hours = Σ night minutes`).toBe(
        Math.round(((nightMinutes.get(row.employee_id) ?? 0) * 100) / 60),
      );

      const o = ot.get(row.user_name) ?? { actual: 0, final: 0, nonTax: 0, pay: 0 };
      if (o.final > 0) withOt += 1;
      expect(hundredths(row.original_total_ot_hours), `${row.user_name} original OT`).toBe(hundredths(o.actual));
      expect(hundredths(row.final_total_ot_hours), `${row.user_name} final OT`).toBe(hundredths(o.final));
      expect(hundredths(row.ot_without_tax), `${row.user_name} OT without tax`).toBe(hundredths(o.nonTax));
      expect(hundredths(row.ot_pay_hours), `${row.user_name} OT pay hours`).toBe(hundredths(o.pay));
      const split = ['weekday', 'weekend', 'holiday'].flatMap((k) => [`ot_${k}_day_hours`, `ot_${k}_night_hours`]).reduce((s, k) => s + hundredths(row[k]), 0);
      expect(split, `${row.user_name} OT split adds up`).toBe(hundredths(row.final_total_ot_hours));
    }
    // Every OT report employee is in the summary.
    const inReport = new Set((report.data as Json[]).map((r) => r.user_name));
    for (const name of ot.keys()) expect(inReport.has(name), name).toBe(true);
    console.info(`equality: ${report.data.length} employees, ${withOt} with OT, period ${period.from_date}..${period.to_date}`);
  }, 120_000);
});
