import { sql, type SQL } from 'drizzle-orm';
import { TIMESHEET_IMPORT_MESSAGES as M } from '@tms/contracts/timesheet-export';
import { queryRows, type Db, type DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { companyToday, toDmy } from '../../lib/dates.ts';
import { getLockDate } from '../../lib/lock-date.ts';
import type { ImportRow } from '../../lib/xlsx.ts';
import { NIGHT_CUTOFF_MINUTES } from '../timesheet/day-engine.ts';
import { insertPunches, type AcceptedPunch, type EmployeeDay } from './punches.repository.ts';
import {
  accountDayKey,
  checkRow,
  duplicateRows,
  localInstants,
  missingColumns,
  rowFields,
  templateExampleRow,
  type AccountDay,
  type TimesheetLine,
} from './timesheet-import.validation.ts';

/**
 * The timesheet import (spec 001 §7.1, RULES.md §1 imports, §4 punches): each row is one attendance account's day,
 * stored as raw punches like the device intake's, all or nothing.
 *
 * decision: no history entry and no connection-history row. Punches are raw data, not business records (RULES.md §8
 * history is for business records; the device intake writes none either), and the timesheet days they change are
 * recomputed, not edited. Connection history lists errors of unattended integrations that nobody else sees
 * (RULES.md §8); a rejected import is answered to the person who uploaded it with the error report, and writes
 * nothing at all.
 */

/** punches.source of imported punches (the device intake's is 'device'). */
export const IMPORT_PUNCH_SOURCE = 'import';

export type ImportMode = 'overwrite' | 'append';
export type ImportOutcome = { count: number; affected: EmployeeDay[] } | { errors: Map<number, string[]> };

/** Employee-days of punches `(employee_id, punched_at)`: the local date, and the day before for one before 04:00 (RULES.md §4). */
const employeeDays = (punchRows: SQL, timeZone: string) => sql`
  select distinct n.employee_id, v.d
    from (select employee_id, punched_at at time zone ${timeZone} as lt from (${punchRows}) p where employee_id is not null) n
   cross join lateral (values (n.lt::date), (case when n.lt::time < make_time(${NIGHT_CUTOFF_MINUTES / 60}, 0, 0) then n.lt::date - 1 end)) v(d)
   where v.d is not null`;

const keysJson = (keys: readonly AccountDay[]) => JSON.stringify(keys.map((k) => ({ s: k.system, a: k.account, d: k.date })));

/**
 * The account-days no attendance-check config covers (spec 002 §3: configs map accounts to employees by date
 * range), in one statement for the whole file.
 */
async function unassignedAccountDays(tx: DbOrTx, keys: readonly AccountDay[]): Promise<AccountDay[]> {
  if (keys.length === 0) return [];
  const rows = await queryRows<{ s: string; a: string; d: string }>(
    tx,
    sql`select k.s, k.a, k.d::text as d
          from json_to_recordset(${keysJson(keys)}::json) as k(s text, a text, d date)
         where not exists (select 1 from attendance_check_configs c
                            where c.attendance_check_system = k.s and c.attendance_check_id = k.a
                              and c.start_date <= k.d and c.end_date >= k.d)`,
  );
  return rows.map((r) => ({ system: r.s, account: r.a, date: r.d }));
}

/**
 * Overwrite: removes the accounts' punches of each day, from 04:00 local of the day to 04:00 of the next (the
 * engine's night cut-off, RULES.md §4: what is after it belongs to the next day, what is before it may belong to
 * the night of the day before), whatever their source. One statement; answers the employee-days that lost punches.
 */
async function deleteAccountDays(tx: DbOrTx, keys: readonly AccountDay[], timeZone: string): Promise<EmployeeDay[]> {
  if (keys.length === 0) return [];
  const cutoff = sql`make_interval(mins => ${NIGHT_CUTOFF_MINUTES})`;
  const [row] = await queryRows<{ affected: EmployeeDay[] | null }>(
    tx,
    sql`
    with k as (
      select distinct r.s, r.a, r.d from json_to_recordset(${keysJson(keys)}::json) as r(s text, a text, d date)
    ),
    del as (
      delete from punches p using k
       where p.system = k.s and p.attendance_check_id = k.a
         and p.punched_at >= ((k.d + ${cutoff}) at time zone ${timeZone})
         and p.punched_at < ((k.d + 1 + ${cutoff}) at time zone ${timeZone})
      returning p.employee_id, p.punched_at
    ),
    days as (${employeeDays(sql`select employee_id, punched_at from del`, timeZone)})
    select json_agg(json_build_object('employeeId', employee_id, 'date', d::text)) as affected from days`,
  );
  return row?.affected ?? [];
}

function mergeDays(...lists: readonly EmployeeDay[][]): EmployeeDay[] {
  const seen = new Map<string, EmployeeDay>();
  for (const list of lists) for (const d of list) seen.set(`${d.employeeId}:${d.date}`, { employeeId: Number(d.employeeId), date: d.date });
  return [...seen.values()];
}

export function timesheetImportService(deps: { db: Db; timeZone: string; now?: () => Date }) {
  const { db, timeZone } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * All or nothing (RULES.md §1): every row is checked (its own rules, its account assigned to an employee on its
   * date, no repeat of an earlier row's account and date); any failure answers the messages per row number and
   * writes nothing. Otherwise, in one transaction, overwrite first removes the accounts' punches of those days, then
   * the file's check-in and check-out instants are inserted set-based (append: only inserted; an instant already
   * stored is kept once). The caller recomputes `affected` after the commit.
   */
  async function importRows(upload: { headers: string[]; rows: ImportRow[] }, mode: ImportMode): Promise<ImportOutcome> {
    const missing = missingColumns(upload.headers);
    if (missing.length > 0) throw badRequest(missing[0]!, missing);
    // readImportUpload has refused more than TIMESHEET_IMPORT_MAX_ROWS rows.
    if (upload.rows.length === 0) throw badRequest(M.noRows);
    const at = now();
    const instantOf = localInstants(timeZone);

    return db.transaction(async (tx) => {
      const ctx = { today: companyToday(timeZone, at), lockDate: await getLockDate(tx), nowMs: at.getTime(), instantOf };
      const checked = upload.rows.map((row) => ({ rowNumber: row.rowNumber, ...checkRow(rowFields(row), ctx) }));

      const keys = new Map<string, AccountDay>();
      for (const c of checked) if (c.key) keys.set(accountDayKey(c.key), c.key);
      const unassigned = new Set((await unassignedAccountDays(tx, [...keys.values()])).map(accountDayKey));
      const duplicates = duplicateRows(checked);

      const errors = new Map<number, string[]>();
      const lines: TimesheetLine[] = [];
      for (const c of checked) {
        const messages = [...c.messages];
        if (c.key && unassigned.has(accountDayKey(c.key))) messages.push(M.accountNotAssigned(c.key.system, c.key.account, toDmy(c.key.date)!));
        const first = duplicates.get(c.rowNumber);
        if (first !== undefined) messages.push(M.duplicateRow(first));
        if (messages.length > 0) errors.set(c.rowNumber, messages);
        else if (c.line) lines.push(c.line);
      }
      if (errors.size > 0) return { errors };

      const removed = mode === 'overwrite' ? await deleteAccountDays(tx, lines, timeZone) : [];
      const punches: AcceptedPunch[] = [];
      for (const line of lines) {
        for (const ms of [line.checkInMs, line.checkOutMs]) {
          if (ms !== null) punches.push({ s: line.system, a: line.account, t: new Date(ms).toISOString() });
        }
      }
      // The device intake's statement: each punch mapped to the employee whose config covers its local date,
      // stored once per (system, account, instant).
      const inserted = await insertPunches(tx, punches, { timeZone, source: IMPORT_PUNCH_SOURCE, sampleSize: 0 });
      return { count: lines.length, affected: mergeDays(removed, inserted.affected) };
    });
  }

  /** The template's example row (spec 001 §7.1 template download). */
  const templateRows = () => [templateExampleRow(companyToday(timeZone, now()))];

  return { importRows, templateRows };
}

export type TimesheetImportService = ReturnType<typeof timesheetImportService>;
