import type { FastifyBaseLogger } from 'fastify';
import type { Bilingual, HeaderTexts } from '@tms/contracts/file-headers';
import {
  REQUEST_IMPORT_MESSAGES as IM,
  REVOKE_IMPORT_COLUMNS as REVOKE,
  REVOKE_IMPORT_COLUMNS_VI,
  TIME_OFF_IMPORT_COLUMNS as TIME_OFF,
  TIME_OFF_IMPORT_COLUMNS_VI,
} from '@tms/contracts/request-list';
import { SHIFT_DURATIONS } from '@tms/contracts/requests';
import type { Db, Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { addDays, parseDmy, toDmy } from '../../lib/dates.ts';
import { AppError } from '../../lib/errors.ts';
import { cell, dateCell, importInputs, missingColumns, optionalTextCell, templateColumns, textCell } from '../../lib/import-cells.ts';
import type { CellValue, ImportRow, XlsxColumn } from '../../lib/xlsx.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { getLockDate } from '../payroll-periods/payroll-periods.service.ts';
import * as repo from './request-import.repository.ts';
import { refusal } from '../request-days/request-rules.ts';
import { withdrawByImporter } from './request-status.service.ts';
import { createRequests, type CreateItem } from './request.service.ts';

/**
 * Import Request TimeOff and Import Request TimeOff Revoke (spec 001 §2.3, §7.2; RULES.md §1 all or nothing):
 * every row is read and checked first; the time-off rows are then created APPROVED in one transaction through the
 * write side (`createRequests`, leave drawn), each in a savepoint so a refused row is named in the error report and
 * the whole file is rolled back. Revoke rows withdraw the matching approved requests through the write side
 * (`withdrawByImporter`) the same way: one transaction, a savepoint per row, one recalculation after the commit.
 */

/** The templates' headers in both languages: a template is written in the requester's, an import read in either. */
export const TIME_OFF_HEADERS: Bilingual<HeaderTexts<keyof typeof TIME_OFF>> = { en: TIME_OFF, vi: TIME_OFF_IMPORT_COLUMNS_VI };
export const REVOKE_HEADERS: Bilingual<HeaderTexts<keyof typeof REVOKE>> = { en: REVOKE, vi: REVOKE_IMPORT_COLUMNS_VI };

export const timeOffTemplate = (): XlsxColumn[] => templateColumns(TIME_OFF_HEADERS, [
  ['username', 20],
  ['reasonCode', 22],
  ['date', 14],
  ['duration', 14],
  ['hours', 10],
  ['description', 40],
]);
export const revokeTemplate = (): XlsxColumn[] => templateColumns(REVOKE_HEADERS, [
  ['username', 20],
  ['date', 14],
  ['reasonCode', 22],
]);

/** The next weekday after `today`: an example row that would pass as it stands. */
function exampleDate(today: string): string {
  let d = addDays(today, 1);
  while ([0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay())) d = addDays(d, 1);
  return toDmy(d)!;
}
export const timeOffExample = (today: string): Record<string, CellValue>[] => [
  { username: 'jane.doe', reasonCode: 'ANN_LEAVE_CORP', date: exampleDate(today), duration: 'FULL_DAY', hours: null, description: 'Family trip' },
  { username: 'jane.doe', reasonCode: 'UNPAID_LEAVE', date: exampleDate(addDays(today, 7)), duration: null, hours: 2, description: null },
];
export const revokeExample = (today: string): Record<string, CellValue>[] => [{ username: 'jane.doe', date: exampleDate(today), reasonCode: 'ANN_LEAVE_CORP' }];

type Errors = Map<number, string[]>;
export type ImportOutcome = { count: number } | { errors: Errors };

const addError = (errors: Errors, row: number, message: string) => errors.set(row, [...(errors.get(row) ?? []), message]);

type Base = { rowNumber: number; username: string; reasonCode: string; dateCell: unknown };
type TimeOffRow = Base & { duration: string; hours: CellValue | undefined; description: string | null };

function readDate(value: unknown): { date?: string; error?: string } {
  if (value === null || value === undefined || value === '') return { error: IM.dateRequired };
  const iso = typeof value === 'string' ? parseDmy(value) : undefined;
  return iso ? { date: iso } : { error: IM.dateInvalid };
}

function readHours(value: CellValue | undefined): { hours?: number; error?: string } {
  if (value === null || value === undefined || value === '') return {};
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isFinite(n) && n > 0 && n <= 24 ? { hours: n } : { error: IM.hoursInvalid };
}

class Rollback extends Error {}

type ImportDeps = { db: Db; clock: Clock; log?: FastifyBaseLogger };

/**
 * ONE transaction; each row in a savepoint so every refused row is reported (AppError texts), then everything is
 * rolled back. Each row's request write queues its days for recalculation in that transaction.
 */
async function applyAllOrNothing(
  db: Db,
  rows: { rowNumber: number; apply: (sp: Tx) => Promise<{ days: { employeeId: number; date: string }[] }> }[],
  errors: Errors,
): Promise<ImportOutcome> {
  try {
    await db.transaction(async (tx) => {
      for (const { rowNumber, apply } of rows) {
        try {
          await tx.transaction((sp) => apply(sp));
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          addError(errors, rowNumber, error.message);
        }
      }
      if (errors.size > 0) throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
    return { errors };
  }
  return { count: rows.length };
}

/** Usernames and reason codes of the file, each checked with one statement. */
async function lookups(db: Db, rows: readonly Base[]) {
  const [employees, reasons] = await Promise.all([repo.employeesByUsernames(db, [...new Set(rows.map((r) => r.username).filter(Boolean))]), repo.reasonCodes(db)]);
  return {
    employee: new Map(employees.map((e) => [e.user_name.toLowerCase(), e])),
    reason: new Map(reasons.map((r) => [r.code, r])),
  };
}

/** The checks both files share: username, reason code (a time-off reason), date. */
function checkBase(row: Base, look: Awaited<ReturnType<typeof lookups>>, errors: Errors) {
  const employee = row.username ? look.employee.get(row.username.toLowerCase()) : undefined;
  if (!row.username) addError(errors, row.rowNumber, IM.usernameRequired);
  else if (!employee) addError(errors, row.rowNumber, IM.usernameUnknown);
  const reason = row.reasonCode ? look.reason.get(row.reasonCode) : undefined;
  if (!row.reasonCode) addError(errors, row.rowNumber, IM.reasonRequired);
  else if (!reason) addError(errors, row.rowNumber, IM.reasonUnknown);
  else if (reason.request_type !== 'LEAVE_REQUEST' || reason.request_code !== 'TIME_OFF') addError(errors, row.rowNumber, IM.reasonNotTimeOff);
  const { date, error } = readDate(row.dateCell);
  if (error) addError(errors, row.rowNumber, error);
  return { employee, date };
}

export async function importTimeOff(deps: ImportDeps, user: SessionUser, upload: { headers: string[]; rows: ImportRow[] }): Promise<ImportOutcome> {
  const rows: TimeOffRow[] = importInputs(upload, {
    missingColumns: (headers) => missingColumns(headers, TIME_OFF_HEADERS, IM.missingColumn),
    noRowsMessage: IM.noRows,
    read: (r) => ({
      username: textCell(cell(r, TIME_OFF.username)),
      reasonCode: textCell(cell(r, TIME_OFF.reasonCode)).toUpperCase(),
      dateCell: dateCell(cell(r, TIME_OFF.date)),
      duration: textCell(cell(r, TIME_OFF.duration)).toUpperCase(),
      hours: cell(r, TIME_OFF.hours),
      description: optionalTextCell(cell(r, TIME_OFF.description)),
    }),
  });
  const look = await lookups(deps.db, rows);
  const errors: Errors = new Map();
  const items: { rowNumber: number; item: CreateItem }[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const { employee, date } = checkBase(row, look, errors);
    const hours = readHours(row.hours);
    if (hours.error) addError(errors, row.rowNumber, hours.error);
    if (row.duration && !(SHIFT_DURATIONS as readonly string[]).includes(row.duration)) addError(errors, row.rowNumber, IM.durationInvalid);
    else if (!hours.error && Boolean(row.duration) === (hours.hours !== undefined)) addError(errors, row.rowNumber, IM.durationOrHours);
    if (employee && date) {
      const key = `${employee.id}|${date}`;
      if (seen.has(key)) addError(errors, row.rowNumber, IM.duplicateRow);
      seen.add(key);
    }
    if (errors.has(row.rowNumber) || !employee || !date) continue;
    const when =
      hours.hours !== undefined
        ? { request_date: date, request_minutes: Math.round(hours.hours * 60) }
        : { request_date: date, duration: row.duration as (typeof SHIFT_DURATIONS)[number] };
    items.push({
      rowNumber: row.rowNumber,
      item: { employeeId: employee.id, request_type: 'LEAVE_REQUEST', reason_type: row.reasonCode, description: row.description, request_dates: [when] },
    });
  }
  if (errors.size > 0) return { errors };

  // All rows created in one transaction (see applyAllOrNothing).
  return applyAllOrNothing(
    deps.db,
    items.map(({ rowNumber, item }) => ({ rowNumber, apply: (sp: Tx) => createRequests({ ...deps, db: sp }, user, [item], { approved: true, mode: 'day' }) })),
    errors,
  );
}

/**
 * Every row must name an approved request of that reason covering that date, which its owner may withdraw now
 * (the write side's own rule, request-rules.ts); then all are withdrawn in one transaction by the importer.
 * Several rows of one request withdraw it once.
 */
export async function importRevoke(deps: ImportDeps, user: SessionUser, upload: { headers: string[]; rows: ImportRow[] }): Promise<ImportOutcome> {
  const rows: Base[] = importInputs(upload, {
    missingColumns: (headers) => missingColumns(headers, REVOKE_HEADERS, IM.missingColumn),
    noRowsMessage: IM.noRows,
    read: (r) => ({
      username: textCell(cell(r, REVOKE.username)),
      reasonCode: textCell(cell(r, REVOKE.reasonCode)).toUpperCase(),
      dateCell: dateCell(cell(r, REVOKE.date)),
    }),
  });
  const look = await lookups(deps.db, rows);
  const errors: Errors = new Map();
  const wanted: { rowNumber: number; employee: repo.ImportEmployee; date: string; reason: string }[] = [];
  for (const row of rows) {
    const { employee, date } = checkBase(row, look, errors);
    if (!errors.has(row.rowNumber) && employee && date) wanted.push({ rowNumber: row.rowNumber, employee, date, reason: row.reasonCode });
  }
  const matches = await repo.approvedCovering(deps.db, wanted.map((w) => ({ employeeId: w.employee.id, date: w.date, reason: w.reason })));
  const matchOf = new Map(matches.map((m) => [`${m.employee_id}|${m.date}|${m.reason_type}`, m]));
  const lockDates = new Map<number, string | null>();
  for (const companyId of new Set(matches.map((m) => Number(m.company_id)))) lockDates.set(companyId, await getLockDate(deps.db, companyId));
  const toWithdraw = new Map<number, { rowNumber: number }>();
  for (const w of wanted) {
    const m = matchOf.get(`${w.employee.id}|${w.date}|${w.reason}`);
    if (!m) {
      addError(errors, w.rowNumber, IM.noApprovedRequest);
      continue;
    }
    const refused = refusal(
      'withdraw',
      {
        status: Number(m.status),
        isExplanation: false,
        requestType: m.request_type,
        ownerEmployeeId: w.employee.id,
        assigneeUserId: m.assignee_user_id,
        createdByRole: m.created_by_role,
        startDate: m.start_date,
        endDate: m.end_date,
      },
      { caller: { userId: user.userId, employeeId: w.employee.id, actors: user.actors }, lockDate: lockDates.get(Number(m.company_id)) ?? null, today: deps.clock.today() },
    );
    if (refused) addError(errors, w.rowNumber, refused.message);
    else if (!toWithdraw.has(Number(m.id))) toWithdraw.set(Number(m.id), { rowNumber: w.rowNumber });
  }
  if (errors.size > 0) return { errors };

  // All withdrawals in ONE transaction, by the importer for each owner (history names the importer); each row in
  // a savepoint so every refused row is reported, then everything is rolled back. Recalculated once after commit.
  const reason = `Revoked by import (${user.username})`;
  return applyAllOrNothing(
    deps.db,
    [...toWithdraw].map(([id, { rowNumber }]) => ({ rowNumber, apply: (sp: Tx) => withdrawByImporter({ ...deps, tx: sp }, user, { id, reason }) })),
    errors,
  );
}
