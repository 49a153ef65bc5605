import { TIMESHEET_IMPORT_MESSAGES as M } from '@tms/contracts/timesheet-export';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { companyToday, toDmy } from '../../lib/dates.ts';
import type { ImportRow } from '../../lib/xlsx.ts';
import { getLockDate } from '../payroll-periods/payroll-periods.service.ts';
import { insertPunches, type AcceptedPunch, type EmployeeDay } from './punches.repository.ts';
import { queuePunchBatchEvent } from './punches-webhook-events.ts';
import { deleteAccountDays, unassignedAccountDays } from './timesheet-import.repository.ts';
import { queueRecalculation } from '../timesheet/recalc-queue.ts';
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

function mergeDays(...lists: readonly EmployeeDay[][]): EmployeeDay[] {
  const seen = new Map<string, EmployeeDay>();
  for (const list of lists) for (const d of list) seen.set(`${d.employeeId}:${d.date}`, { employeeId: Number(d.employeeId), date: d.date });
  return [...seen.values()];
}

export type TimesheetImportDeps = { db: Db; clock: Clock };

/**
 * All or nothing (RULES.md §1): every row is checked (its own rules, its account assigned to an employee on its
 * date, no repeat of an earlier row's account and date); any failure answers the messages per row number and
 * writes nothing. Otherwise, in one transaction, overwrite first removes the accounts' punches of those days, then
 * the file's check-in and check-out instants are inserted set-based (append: only inserted; an instant already
 * stored is kept once). The changed employee-days are queued for recalculation in the same transaction.
 */
export async function importRows({ db, clock }: TimesheetImportDeps, upload: { headers: string[]; rows: ImportRow[]; fileName?: string }, mode: ImportMode): Promise<ImportOutcome> {
  const missing = missingColumns(upload.headers);
  if (missing.length > 0) throw badRequest(missing[0]!, missing);
  // readImportUpload has refused more than TIMESHEET_IMPORT_MAX_ROWS rows.
  if (upload.rows.length === 0) throw badRequest(M.noRows);
  const { timeZone } = clock;
  const at = clock.now();
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
    await queuePunchBatchEvent(tx, { source: 'IMPORT', device: null, import: { file_name: upload.fileName ?? null }, received: punches.length }, punches, inserted);
    const affected = mergeDays(removed, inserted.affected);
    // RULES.md §4: the changed days are recomputed once the import has committed (by the job worker for a large file).
    await queueRecalculation(tx, affected);
    return { count: lines.length, affected };
  });
}

/** The template's example row (spec 001 §7.1 template download). */
export const templateRows = ({ clock }: Pick<TimesheetImportDeps, 'clock'>) => [templateExampleRow(companyToday(clock.timeZone, clock.now()))];
