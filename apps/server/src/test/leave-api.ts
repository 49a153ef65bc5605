import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { loadConfig } from '../config.ts';
import { queryRows } from '../db/client.ts';
import { addDays, companyToday, toDmy } from '../lib/dates.ts';
import type { TestApp } from './harness.ts';
import { readJson, type Json } from './json-body.ts';

export type { Json };

/**
 * What the leave route tests (bonus leave, carryover, general configuration, project leave) share: the test clock's
 * dates, calls as a user, the list, xlsx uploads, and fund rows written as the accrual engine would have left them.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Today in the company time zone for the test clock `now` (RULES.md §1), and DD/MM/YYYY `days` from it. */
export function testDates(now: Date) {
  const today = companyToday(loadConfig({}).companyTimeZone, now);
  return { today, iso: (days: number) => addDays(today, days), day: (days: number) => toDmy(addDays(today, days))! };
}

/**
 * Calls under `base` (a url starting '/api' is taken as it is) as `user` (null: no session); a JSON answer is
 * parsed into `body`, anything else leaves it {}. `app` is read at call time, after `beforeAll` made it.
 */
export function leaveApi(app: () => TestApp, base: string) {
  async function call(user: string | null, method: Method, url: string, payload?: unknown) {
    const t = app();
    const headers = user ? await t.as(user) : {};
    const res = await t.app.inject({ method, url: url.startsWith('/api') ? url : `${base}${url}`, headers, payload: payload as Json });
    return { status: res.statusCode, body: String(res.headers['content-type']).includes('json') ? (readJson(res)) : {}, res };
  }

  /** One page of 500 rows as `user`, expecting 200. */
  async function list(user: string, query = '') {
    const { status, body } = await call(user, 'GET', `?size=500${query}`);
    expect(status, JSON.stringify(body)).toBe(200);
    return body as { data: Json[]; page: Json };
  }

  /** POST `${base}/import` with a multipart body. */
  async function importFile(payload: FormData, user = 'hr') {
    const t = app();
    return t.app.inject({ method: 'POST', url: `${base}/import`, headers: await t.as(user), payload });
  }

  return { call, list, importFile };
}

/** An xlsx file: one sheet, the header row, then `rows`. */
export async function xlsxFile(sheetName: string, headers: string[], rows: (string | number | Date | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow(headers);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A multipart body with one file in `field`. */
export function fileUpload(field: string, content: Buffer, name: string): FormData {
  const fd = new FormData();
  fd.append(field, new Blob([new Uint8Array(content)]), name);
  return fd;
}

/** A fund row with its ledger entry (GRANT, or CARRYOVER for reserve rows), as if written earlier: its dates may be past. */
export async function insertFundRow(
  t: TestApp,
  row: { username: string; fundType: string; hours: number; applyDate: string; expireDate: string; financialYear?: number | null },
): Promise<number> {
  const employeeId = t.fixture.employeeIds[row.username]!;
  const cause = row.fundType === 'reserve_leave' ? 'CARRYOVER' : 'GRANT';
  const [inserted] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into leave_fund_rows (employee_id, fund_type, amount, apply_date, expire_date, financial_year)
        values (${employeeId}, ${row.fundType}, ${row.hours}, ${row.applyDate}, ${row.expireDate}, ${row.financialYear ?? null}) returning id`,
  );
  await t.db.execute(
    sql`insert into leave_ledger (employee_id, fund_row_id, amount, cause, entry_date) values (${employeeId}, ${inserted!.id}, ${row.hours}, ${cause}, ${row.applyDate})`,
  );
  return inserted!.id;
}

/** A USE ledger entry of `hours` on the fund row, dated `date`. */
export const useFundHours = (t: TestApp, fundRowId: number, username: string, hours: number, date: string) =>
  t.db.execute(sql`insert into leave_ledger (employee_id, fund_row_id, amount, cause, entry_date)
                   values (${t.fixture.employeeIds[username]!}, ${fundRowId}, ${-hours}, 'USE', ${date})`);
