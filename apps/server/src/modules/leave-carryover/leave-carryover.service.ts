import {
  LEAVE_CARRYOVER_MESSAGES as M,
  LEAVE_CARRYOVER_WRITERS,
  type LeaveCarryoverCreate,
  type LeaveCarryoverListQuery,
  type LeaveCarryoverRow,
  type LeaveCarryoverUpdate,
  type RemainFinancialLeaveQuery,
} from '@tms/contracts/leave-carryover';
import { hasAnyRole } from '@tms/contracts/roles';
import type { PageInfo } from '@tms/contracts/api';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { toDmy } from '../../lib/dates.ts';
import { getLockDate } from '../payroll-periods/payroll-periods.service.ts';
import { diffFields, recordHistories, recordHistory, type HistoryEntryDto } from '../../lib/history.ts';
import { importInputs } from '../../lib/import-cells.ts';
import type { ImportRow } from '../../lib/xlsx.ts';
import * as leave from '../leave/leave.service.ts';
import { lockEmployeeSet } from '../leave/leave.repository.ts';
import { remainFinancialLeave } from '../leave/accrual-engine.ts';
import { carriedHoursOf, financialYearBefore, remainFinancialLeaveOf, yearEndRowsOf } from '../leave/financial-year.ts';
import { settleYearEnd } from '../leave/year-end.ts';
import { FUND_TYPE, LEDGER_CAUSE } from '../leave/leave.types.ts';
import * as grantRows from '../leave/grant-rows.repository.ts';
import { fundRowHistory, grantBalance as balanceOf, listGrantPage, listHours, removeGrant } from '../leave/grant-rows.ts';
import { checkCarryover, checkStaff, normalizeUsernames, rowFlags, type Carryover, type CarryoverContext } from './leave-carryover.validation.ts';
import { importRowToInput, missingColumns, templateExampleRow } from './leave-carryover.import.ts';

/** Fields whose changes a history entry lists (RULES.md §8), as the form shows them. */
const HISTORY_FIELDS = ['username', 'financialYear', 'leaveHours', 'applyDate', 'expireDate', 'description'] as const;

type Snapshot = { id: number; employeeId: number; username: string; version: number } & Carryover;
type StaffCarryover = Carryover & { employeeId: number; username: string };

/** What history stores of a row: the form's values as the user sees them (DD/MM/YYYY dates). */
const historyRecord = (s: Snapshot) => ({
  id: s.id,
  employeeId: s.employeeId,
  username: s.username,
  financialYear: s.financialYear,
  leaveHours: s.leaveHours,
  applyDate: toDmy(s.applyDate),
  expireDate: toDmy(s.expireDate),
  description: s.description,
  version: s.version,
});

/** The sort of the contract → the leave core's sort column. */
const SORT = { createdDate: 'createdDate', applyDate: 'applyDate', expireDate: 'expireDate', leaveHours: 'amount', financialYear: 'financialYear', name: 'name' } as const;
const TABLE = grantRows.GRANT_ROWS_TABLE;
const FUND = FUND_TYPE.reserve;

const snapshotOf = (r: grantRows.GrantRecord): Snapshot => ({
  id: r.id,
  employeeId: r.employee_id,
  username: r.user_name,
  version: r.version,
  financialYear: r.financial_year ?? 0,
  leaveHours: Number(r.amount),
  applyDate: r.apply_date,
  expireDate: r.expire_date,
  description: r.description,
});

/**
 * The carryover caps of several employees for one year in four statements, by the same rule as
 * `remainFinancialLeaveOf` (leave/financial-year.ts): the year's unused default and seniority hours minus what is
 * already carried, never below 0.
 */
async function capsOf(tx: DbOrTx, employeeIds: readonly number[], financialYear: number): Promise<Map<number, number>> {
  if (employeeIds.length === 0) return new Map();
  const [rows, carried] = await Promise.all([
    yearEndRowsOf(tx, { employeeIds, financialYear }),
    carriedHoursOf(tx, { employeeIds, financialYear }),
  ]);
  return new Map(employeeIds.map((id) => [id, remainFinancialLeave(rows.filter((r) => r.employeeId === id), financialYear, carried.get(id) ?? 0)]));
}

export type LeaveCarryoverDeps = { db: Db; clock: Clock };

const scopeOf = grantRows.grantRowScope;
const findRow = (tx: DbOrTx, id: number, opts: { scope: ReturnType<typeof scopeOf>; includeDeleted?: boolean; forUpdate?: boolean }) =>
  grantRows.findGrantRow(tx, id, { fundType: FUND, ...opts });
const limits = async (tx: DbOrTx, clock: Clock) => {
  const today = clock.today();
  return { today, lockDate: await getLockDate(tx), financialYear: financialYearBefore(today) };
};

/**
 * The year-end settlement follows the carryover at once (RULES.md §7: what is not carried over expires), in the
 * same transaction, so the year's expired hours always match its carryover rows.
 */
const settle = (tx: DbOrTx, employeeIds: readonly number[], financialYear: number, user: SessionUser) =>
  settleYearEnd(tx, { employeeIds: [...new Set(employeeIds)], financialYear, byUserId: user.userId });

/** Inserts the rows, their CARRYOVER ledger entries and CREATE history entries: three statements for any number of rows. */
async function grantAll(tx: DbOrTx, grants: StaffCarryover[], user: SessionUser): Promise<number[]> {
  const rows = await leave.grantFundRows(
    tx,
    grants.map((g) => ({
      employeeId: g.employeeId,
      fundType: FUND,
      financialYear: g.financialYear,
      cause: LEDGER_CAUSE.carryover,
      hours: g.leaveHours,
      applyDate: g.applyDate,
      expireDate: g.expireDate,
      description: g.description,
    })),
    user.userId,
  );
  const entries = rows.map((r, i) => {
    const record = historyRecord({ ...grants[i]!, id: r.id, version: r.version });
    return { tableName: TABLE, recordId: r.id, employeeId: r.employeeId, action: 'CREATE' as const, changes: diffFields(null, record, HISTORY_FIELDS), newRecord: record };
  });
  await recordHistories(tx, entries, user);
  return rows.map((r) => r.id);
}

export async function listCarryover({ db, clock }: LeaveCarryoverDeps, user: SessionUser, q: LeaveCarryoverListQuery): Promise<{ data: LeaveCarryoverRow[]; page: PageInfo }> {
  const today = clock.today();
  const { items, lockDate, page } = await listGrantPage(db, { fundType: FUND, user, query: q, sort: SORT[q.sort], today });
  const mayWrite = hasAnyRole(user.roles, LEAVE_CARRYOVER_WRITERS);
  const data = items.map(({ row: r, balance, base }): LeaveCarryoverRow => ({
    ...base,
    username: r.user_name,
    fullName: r.name,
    division: r.division_name,
    department: r.department_name,
    financialYear: r.financial_year ?? 0,
    leaveHours: listHours(r.amount),
    applyDateFormat: base.applyDate,
    expireDateFormat: base.expireDate,
    ...rowFlags({ balance, applyDate: r.apply_date }, { today, lockDate, mayWrite }),
  }));
  return { data, page };
}

/**
 * One row per staff (duplicates collapsed), each within its own cap, all or none (spec 000 §7 create). The staff's
 * leave locks are taken before the caps are read, so two parallel carryovers cannot both fit under one cap.
 */
export async function createCarryover({ db, clock }: LeaveCarryoverDeps, user: SessionUser, body: LeaveCarryoverCreate): Promise<number[]> {
  const usernames = normalizeUsernames([body.username], body.usernames);
  return db.transaction(async (tx) => {
    const ctx = await limits(tx, clock);
    const employees = await grantRows.findEmployeesByUsernames(tx, usernames);
    const staffMessages = checkStaff(usernames, new Set(employees.keys()));
    const known = usernames.map((u) => employees.get(u.toLowerCase())).filter((e) => e !== undefined);
    await lockEmployeeSet(tx, known.map((e) => e.id));
    const caps = await capsOf(tx, known.map((e) => e.id), ctx.financialYear);
    const messages = [...staffMessages];
    const grants: StaffCarryover[] = [];
    // With no staff the form's other rules are still reported, the hours without a cap.
    for (const employee of known.length > 0 ? known : [null]) {
      const checked = checkCarryover(body, { ...ctx, cap: employee ? (caps.get(employee.id) ?? 0) : null });
      if (!checked.ok) messages.push(...checked.messages);
      else if (employee) grants.push({ ...checked.value, employeeId: employee.id, username: employee.userName });
    }
    const unique = [...new Set(messages)];
    if (unique.length > 0) throw badRequest(unique[0]!, unique);
    const ids = await grantAll(tx, grants, user);
    await settle(tx, grants.map((g) => g.employeeId), ctx.financialYear, user);
    return ids;
  });
}

/**
 * Reads the row in scope, takes its staff's leave lock, then locks the row: the same order as a leave use
 * (employee lock, then rows), so an edit beside a parallel use cannot deadlock.
 */
async function lockRow(tx: DbOrTx, user: SessionUser, id: number): Promise<grantRows.GrantRecord> {
  const seen = await findRow(tx, id, { scope: scopeOf(user) });
  if (!seen) throw notFound(M.notFound);
  await lockEmployeeSet(tx, [seen.employee_id]);
  const row = await findRow(tx, id, { scope: scopeOf(user), forUpdate: true });
  if (!row) throw notFound(M.notFound);
  return row;
}

/** The staff and financial year of a row never change; a stale version is 409 (RULES.md §1), an expired row too (spec 000 §4). */
export async function updateCarryover({ db, clock }: LeaveCarryoverDeps, user: SessionUser, body: LeaveCarryoverUpdate): Promise<{ id: number; version: number }> {
  return db.transaction(async (tx) => {
    const row = await lockRow(tx, user, body.id);
    if (row.version !== body.version) throw conflict();
    const { today, lockDate } = await limits(tx, clock);
    const balance = balanceOf(row, today);
    if (balance.isExpired) throw conflict(M.expired);
    const before = snapshotOf(row);
    const flags = rowFlags({ balance, applyDate: row.apply_date }, { today, lockDate, mayWrite: true });
    const cap = await remainFinancialLeaveOf(tx, { employeeId: row.employee_id, financialYear: before.financialYear, exceptFundRowId: row.id });
    const ctx: CarryoverContext = {
      today,
      lockDate,
      financialYear: before.financialYear,
      cap,
      current: { applyDate: before.applyDate, leaveHours: before.leaveHours, usedHours: balance.usedHours, ...flags },
    };
    const checked = checkCarryover(body, ctx);
    if (!checked.ok) throw badRequest(checked.messages[0]!, checked.messages);

    const after: Snapshot = { ...before, ...checked.value };
    const changes = diffFields(historyRecord(before), historyRecord(after), HISTORY_FIELDS);
    if (changes.length === 0) return { id: row.id, version: row.version };
    const { leaveHours, applyDate, expireDate, description } = checked.value;
    // The leave core writes the change of hours or apply date as ADJUST entries (RULES.md §7).
    const adjusted = await leave.adjustFundRow(tx, { fundRowId: row.id, version: body.version, hours: leaveHours, applyDate, expireDate, description }, user.userId);
    if (!adjusted.ok) throw conflict();
    await recordHistory(tx, {
      tableName: TABLE,
      recordId: row.id,
      employeeId: row.employee_id,
      action: 'UPDATE',
      changes,
      newRecord: historyRecord({ ...after, version: adjusted.version }),
      by: user,
    });
    await settle(tx, [row.employee_id], before.financialYear, user);
    return { id: row.id, version: adjusted.version };
  });
}

/** Removal keeps the row for its ledger and history; only an unused, unexpired, unlocked row goes (spec 000 §4). */
export async function removeCarryover({ db, clock }: LeaveCarryoverDeps, user: SessionUser, id: number, version: number | undefined): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockRow(tx, user, id);
    const { today, lockDate } = await limits(tx, clock);
    const balance = balanceOf(row, today);
    const before = snapshotOf(row);
    await removeGrant(tx, {
      row,
      version,
      state: { isExpired: balance.isExpired, used: balance.usedHours },
      lockDate,
      messages: M,
      user,
      record: (newVersion) => historyRecord({ ...before, version: newVersion }),
    });
    await settle(tx, [row.employee_id], before.financialYear, user);
  });
}

/** History of a row in the caller's scope, removed rows included (RULES.md §3: outside the scope is 404). */
export async function carryoverHistory({ db, clock }: LeaveCarryoverDeps, user: SessionUser, id: number): Promise<HistoryEntryDto[]> {
  return fundRowHistory(db, await findRow(db, id, { scope: scopeOf(user), includeDeleted: true }), M.notFound, clock.timeZone);
}

/**
 * All or nothing (RULES.md §1): every row is checked with the form's rules; the file's rows for one staff add up
 * against that staff's cap, in sheet order. With any error nothing is written and the errors per sheet row come
 * back for the error report.
 */
export async function importCarryover({ db, clock }: LeaveCarryoverDeps, user: SessionUser, upload: { headers: string[]; rows: ImportRow[] }): Promise<{ count: number } | { errors: Map<number, string[]> }> {
  const inputs = importInputs(upload, { missingColumns, noRowsMessage: M.importNoRows, read: importRowToInput });
  return db.transaction(async (tx) => {
    const ctx = await limits(tx, clock);
    const employees = await grantRows.findEmployeesByUsernames(tx, inputs.map((i) => i.username).filter(Boolean));
    const employeeIds = [...new Set([...employees.values()].map((e) => e.id))];
    await lockEmployeeSet(tx, employeeIds);
    const left = await capsOf(tx, employeeIds, ctx.financialYear);
    const known = new Set(employees.keys());
    const errors = new Map<number, string[]>();
    const grants: StaffCarryover[] = [];
    for (const input of inputs) {
      const employee = input.username ? employees.get(input.username.toLowerCase()) : undefined;
      const checked = checkCarryover(input.fields, { ...ctx, cap: employee ? (left.get(employee.id) ?? 0) : null });
      const messages = [...checkStaff(input.username ? [input.username] : [], known), ...(checked.ok ? [] : checked.messages)];
      if (!checked.ok || messages.length > 0 || !employee) {
        errors.set(input.rowNumber, messages);
        continue;
      }
      left.set(employee.id, Math.round(((left.get(employee.id) ?? 0) - checked.value.leaveHours) * 1000) / 1000);
      grants.push({ ...checked.value, employeeId: employee.id, username: employee.userName });
    }
    if (errors.size > 0) return { errors };
    const count = (await grantAll(tx, grants, user)).length;
    await settle(tx, grants.map((g) => g.employeeId), ctx.financialYear, user);
    return { count };
  });
}

/** `get-before-financial-year`: the year HR carries over from, the one before today's. */
export const beforeFinancialYear = (clock: Clock) => financialYearBefore(clock.today());

/** `remain-financial-leave`: what HR may still carry for the staff and year; `id` is the edited row, whose hours count as free. */
export async function remainingCarryover(db: Db, user: SessionUser, q: RemainFinancialLeaveQuery): Promise<number> {
  const employees = await grantRows.findEmployeesByUsernames(db, [q.username]);
  const employee = employees.get(q.username.toLowerCase());
  if (!employee) throw badRequest(M.staffNotFound(q.username));
  if (q.id !== undefined) {
    const row = await findRow(db, q.id, { scope: scopeOf(user) });
    if (!row || row.employee_id !== employee.id) throw notFound(M.notFound);
  }
  return remainFinancialLeaveOf(db, { employeeId: employee.id, financialYear: q.financialYear, exceptFundRowId: q.id ?? null });
}

/** The import template's example row (spec 000 §2 Download Template). */
export const carryoverTemplateRows = (clock: Clock) => {
  const today = clock.today();
  return [templateExampleRow(today, financialYearBefore(today))];
};
